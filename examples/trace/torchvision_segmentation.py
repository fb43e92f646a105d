"""torchvision's own segmenters for `estimate --trace-module`: DeepLabV3 and FCN (ResNet-50 / ResNet-101,
output stride 8) with the auxiliary FCN head, as torchvision's references/segmentation/train.py trains
them: `torchvision.models.get_model(name, weights=None, weights_backbone=..., num_classes=21,
aux_loss=True)`, a cross-entropy on the logits (upsampled to the crop by the model) plus 0.5 of the
auxiliary head's, ignore_index 255, SGD momentum 0.9, crops of 480 x 480 (COCO-VOC subset, 21 classes).

    headroom estimate --trace --trace-module torchvision_segmentation:deeplabv3_resnet50 \\
        --batch-size 4 --optimizer sgd_momentum --params 42004074   # run from this directory
"""

import torch
import torchvision
from torch.nn import functional as F

CROP = 480


def _build(name, classes=21, crop=CROP, **kwargs):
    model = torchvision.models.get_model(name, weights=None, weights_backbone=None, num_classes=classes, aux_loss=True, **kwargs)

    def batch(n):
        return torch.randn(n, 3, crop, crop)

    def loss(output, _batch):
        # references/segmentation/train.py criterion: out's loss + 0.5 × aux's, ignore_index 255.
        target = torch.zeros(output["out"].shape[0], crop, crop, dtype=torch.long, device=output["out"].device)
        total = F.cross_entropy(output["out"], target, ignore_index=255)
        return total + 0.5 * F.cross_entropy(output["aux"], target, ignore_index=255)

    return {"model": model, "batch": batch, "loss": loss}


def deeplabv3_resnet50():
    return _build("deeplabv3_resnet50")


def deeplabv3_resnet101():
    return _build("deeplabv3_resnet101")


def fcn_resnet50():
    return _build("fcn_resnet50")


def fcn_resnet101():
    return _build("fcn_resnet101")


def tiny_deeplabv3():
    """DeepLabV3 R-50 on 64 x 64 crops, 3 classes, for the real CPU check."""
    return _build("deeplabv3_resnet50", classes=3, crop=64)
