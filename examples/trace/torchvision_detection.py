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


def _msra_stride(backbone):
    """detectron2's MSRA ResNet (STRIDE_IN_1X1): each stage's first block strides on its 1x1 conv, where
    torchvision's (and pytorch-style) strides on the 3x3."""
    for layer in (backbone.layer2, backbone.layer3, backbone.layer4):
        block = layer[0]
        block.conv1.stride, block.conv2.stride = block.conv2.stride, (1, 1)


def _detectron2(kind, depth):
    """detectron2's COCO baselines (configs/Base-RCNN-FPN.yaml, Base-RetinaNet.yaml) on torchvision's
    detectors: the MSRA trunk with FrozenBN, FREEZE_AT 2 (stem and res2), 80 classes; Faster R-CNN's RPN
    keeps 2000 proposals a level before NMS and 1000 an image after (POST_NMS_TOPK_TRAIN), 256 anchors and
    512 RoIs an image sampled; RetinaNet's P6 and P7 from res5. Two images of 800 x 1333 a GPU."""
    from torchvision.models import resnet
    from torchvision.models.detection import FasterRCNN, RetinaNet
    from torchvision.models.detection.backbone_utils import _resnet_fpn_extractor
    from torchvision.ops.feature_pyramid_network import LastLevelP6P7
    from torchvision.ops.misc import FrozenBatchNorm2d

    trunk = getattr(resnet, f"resnet{depth}")(weights=None, norm_layer=FrozenBatchNorm2d)
    _msra_stride(trunk)
    if kind == "retinanet":
        backbone = _resnet_fpn_extractor(trunk, 3, returned_layers=[2, 3, 4], extra_blocks=LastLevelP6P7(2048, 256))
        model = RetinaNet(backbone, num_classes=80, min_size=800, max_size=1333)
    else:
        backbone = _resnet_fpn_extractor(trunk, 3)
        model = FasterRCNN(
            backbone, num_classes=81, min_size=800, max_size=1333,
            rpn_pre_nms_top_n_train=2000, rpn_post_nms_top_n_train=1000,
        )
    return {"model": model, "batch": _batch(800, 1333, 80), "loss": _losses}


def detectron2_faster_rcnn_r50_fpn():
    return _detectron2("faster_rcnn", 50)


def detectron2_faster_rcnn_r101_fpn():
    return _detectron2("faster_rcnn", 101)


def detectron2_retinanet_r50_fpn():
    return _detectron2("retinanet", 50)


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
    return _build("retinanet_resnet50_fpn", 96, 128, 5, min_size=96, max_size=128)
