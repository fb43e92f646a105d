"""torchvision's image classifiers for `estimate --trace-module` (torchvision.models.get_model, no weights
needed), trained with cross-entropy on one label an image. Named `{arch}_{H}x{W}_c{classes}`:

    headroom estimate --trace --trace-module torchvision_classifiers:resnet50_224x224_c1000 \\
        --batch-size 32 --optimizer sgd_momentum --params 25557032   # run from this directory

`arch` is any torchvision classification model (resnet50, resnet18, vit_b_16, convnext_tiny, ...); the
input is H x W (a ViT needs its own image_size); mmengine's MMResNet50, DeepSpeedExamples' imagenet
main.py and mmpretrain's ResNet-50 (style pytorch) are torchvision's resnet50.
"""

import re

import torch
import torchvision
from torch.nn import functional as F


def build(arch, height, width, classes):
    model = torchvision.models.get_model(arch, weights=None, num_classes=classes)

    def batch(n):
        return torch.randn(n, 3, height, width)

    def loss(logits, _batch):
        return F.cross_entropy(logits, torch.zeros(logits.shape[0], dtype=torch.long, device=logits.device))

    return {"model": model, "batch": batch, "loss": loss}


def __getattr__(name):
    match = re.fullmatch(r"(\w+?)_(\d+)x(\d+)_c(\d+)", name)
    if match is None:
        raise AttributeError(name)
    arch, height, width, classes = match.groups()

    def factory():
        return build(arch, int(height), int(width), int(classes))

    factory.__name__ = name
    return factory
