"""timm's image classifiers for `estimate --trace-module`: ResNet-50, ConvNeXt, ViT-B/16 and Swin, built by
`timm.create_model` as timm's train.py builds them (no pretrained weights needed: the trace builds on
`meta` and runs on fake tensors), trained with cross-entropy on ImageNet's 1000 classes.

    headroom estimate --trace --trace-module timm_classifiers:vit_base_patch16_224 \\
        --batch-size 64 --precision amp_bf16 --params 86567656   # run from this directory

Each factory takes the model's own input size (pretrained_cfg input_size: 224 x 224, 384 for the *_384
models). Stochastic depth (drop_path_rate) and dropout keep what timm keeps; train.py's --drop-path is
set where timm's own recipes set it (ConvNeXt 0.1, Swin 0.1 as in their configs; ResNet and ViT none).
"""

import timm
import torch
from torch.nn import functional as F


def _build(name, classes=1000, **kwargs):
    model = timm.create_model(name, pretrained=False, num_classes=classes, **kwargs)
    side = kwargs.get("img_size")
    height, width = (side, side) if side else model.pretrained_cfg["input_size"][1:]

    def batch(n):
        return torch.randn(n, 3, height, width)

    def loss(logits, _batch):
        # train.py's default criterion: cross-entropy on the labels (one int64 per image).
        return F.cross_entropy(logits, torch.zeros(logits.shape[0], dtype=torch.long, device=logits.device))

    return {"model": model, "batch": batch, "loss": loss}


def resnet50():
    return _build("resnet50")


def convnext_tiny():
    return _build("convnext_tiny", drop_path_rate=0.1)


def convnext_base():
    return _build("convnext_base", drop_path_rate=0.1)


def vit_base_patch16_224():
    return _build("vit_base_patch16_224")


def vit_large_patch16_224():
    return _build("vit_large_patch16_224")


def swin_tiny_patch4_window7_224():
    return _build("swin_tiny_patch4_window7_224", drop_path_rate=0.1)


def swin_base_patch4_window7_224():
    return _build("swin_base_patch4_window7_224", drop_path_rate=0.1)


def tiny_vit():
    """Small models of each family, for the real CPU check."""
    return _build("vit_tiny_patch16_224", classes=10, img_size=64)


def tiny_convnext():
    return _build("convnext_atto", classes=10, drop_path_rate=0.1)


def tiny_swin():
    return _build("swin_tiny_patch4_window7_224", classes=10, img_size=64, window_size=4, embed_dim=32, depths=(1, 1, 2, 1), num_heads=(1, 2, 4, 8))


def tiny_resnet():
    return _build("resnet18", classes=10)
