"""torchvision's own detectors for `estimate --trace-module`: Faster R-CNN and RetinaNet (ResNet-50 + FPN),
built by torchvision.models.detection exactly as its reference scripts train them
(references/detection/train.py: `torchvision.models.get_model(name, weights=None, weights_backbone=...)`,
trainable_backbone_layers 3, FrozenBatchNorm2d in the backbone, min_size 800, max_size 1333).

    headroom estimate --trace --trace-module torchvision_detection:fasterrcnn_resnet50_fpn_coco \\
        --batch-size 2 --optimizer sgd_momentum --params 41755286   # run from this directory

The whole model runs: GeneralizedRCNNTransform (normalise, resize, pad to 32), the backbone, the FPN, the
RPN and its losses, the RoI heads with MultiScaleRoIAlign and theirs (RetinaNet: its heads and focal
loss over every anchor). Each image arrives at the size the transform keeps (800 x 1333, COCO's largest
resize; the transform's own copy is counted), with 8 ground-truth boxes (COCO train2017 averages 7.3
instances an image). The box bookkeeping whose sizes depend on values (NMS, the samplers) is taken at
its upper bound by the trace helper (python/headroom_trace/fixed_sizes.py).
"""

import torch
import torchvision

GT_PER_IMAGE = 8


def _batch(height, width, classes):
    def batch(n):
        corner = torch.rand(n, GT_PER_IMAGE, 2) * torch.tensor([width / 2, height / 2])
        size = 16 + torch.rand(n, GT_PER_IMAGE, 2) * torch.tensor([width / 2, height / 2])
        boxes = torch.cat([corner, corner + size], dim=-1)
        labels = torch.randint(1, classes, (n, GT_PER_IMAGE))
        images = [torch.rand(3, height, width) for _ in range(n)]
        return (images, [{"boxes": boxes[i], "labels": labels[i]} for i in range(n)])

    return batch


def _losses(output, _batch):
    """The reference script's loss: the sum of the model's loss dict (references/detection/engine.py)."""
    return sum(output.values())


def _build(name, height, width, classes, **kwargs):
    # weights_backbone set (no download: the meta build never loads it) is what makes torchvision freeze the
    # stem and layer1 and use FrozenBatchNorm2d (trainable_backbone_layers 3), as the reference scripts train.
    model = torchvision.models.get_model(
        name, weights=None, weights_backbone=None, num_classes=classes, **kwargs
    )
    _freeze_like_pretrained(model)
    return {"model": model, "batch": _batch(height, width, classes), "loss": _losses}


def _freeze_like_pretrained(model):
    """What torchvision does when weights_backbone is given (resnet_fpn_backbone: `norm_layer =
    FrozenBatchNorm2d if is_trained else nn.BatchNorm2d`, and only layer2-4 trainable with 3 trainable
    layers): the reference scripts always start from ImageNet weights, which cannot be downloaded here."""
    from torchvision.ops.misc import FrozenBatchNorm2d

    backbone = model.backbone.body

    def swap(module):
        for name, child in module.named_children():
            if isinstance(child, torch.nn.BatchNorm2d):
                frozen = FrozenBatchNorm2d(child.num_features, eps=child.eps)
                setattr(module, name, frozen)
            else:
                swap(child)

    swap(backbone)
    for name, parameter in backbone.named_parameters():
        if not any(name.startswith(layer) for layer in ("layer2", "layer3", "layer4")):
            parameter.requires_grad_(False)


def fasterrcnn_resnet50_fpn_coco():
    return _build("fasterrcnn_resnet50_fpn", 800, 1333, 91)


def retinanet_resnet50_fpn_coco():
    return _build("retinanet_resnet50_fpn", 800, 1333, 91)


def fasterrcnn_tiny():
    """A small Faster R-CNN for the real CPU check: the same code on 96 x 128 images, 32 RoIs an image
    (RoIAlign's pure-Python CPU kernel is slow over hundreds)."""
    return _build(
        "fasterrcnn_resnet50_fpn", 96, 128, 5, min_size=96, max_size=128, box_batch_size_per_image=32,
        rpn_pre_nms_top_n_train=100, rpn_post_nms_top_n_train=100,
    )


def retinanet_tiny():
    return _build("retinanet_resnet50_fpn", 160, 224, 5, min_size=160, max_size=224)
