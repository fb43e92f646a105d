"""SegFormer for `estimate --trace-module`: the Mix Transformer encoder from transformers (SegformerModel,
built from a SegformerConfig: real library code), under either decoder.

    headroom estimate --trace --trace-module segformer:mmseg_b2_ade20k --batch-size 2 \\
        --params 24770000   # run from this directory

- `mmseg_*`: the encoder with eager attention (mmseg's nn.MultiheadAttention keeps the softmax scores),
  under mmsegmentation's SegformerHead (decode_heads/segformer_head.py, v0.x and 1.x): each stage's
  output through a 1x1 ConvModule (conv, BatchNorm, ReLU) to 256 channels, resized to 1/4 (bilinear,
  align_corners False), concatenated, fused by a 1x1 ConvModule to 256, Dropout2d 0.1, conv_seg; mmseg
  keeps the _base_ head's 256 channels for every MiT size. The loss as BaseDecodeHead.losses: the logits
  resized to the crop, cross-entropy with ignore_index 255. Configs:
  segformer_mit-b*_512x512_160k_ade20k (150 classes, 512 crops) and
  segformer_mit-b*_8x1_1024x1024_160k_cityscapes (19 classes, 1024 crops); drop_path_rate 0.1.
- `hf_*`: transformers' SegformerForSemanticSegmentation whole (its all-MLP head: Linear projections,
  the fused conv, BatchNorm; the loss on the logits upsampled to the labels), as a user fine-tuning it
  with the Trainer runs it.
MiT sizes as the paper's Table 1 (Xie et al. 2021) and transformers' nvidia/mit-b* configs: widths 32-256
(B0) or 64-512 (B1-B5), depths B0 2,2,2,2, B2 3,4,6,3, B3 3,4,18,3; heads 1,2,5,8; spatial reduction
8,4,2,1; Mix-FFN ratio 4.
"""

import torch
from torch import nn
from torch.nn import functional as F
from transformers import SegformerConfig, SegformerForSemanticSegmentation, SegformerModel

DEPTHS = {"b0": [2, 2, 2, 2], "b1": [2, 2, 2, 2], "b2": [3, 4, 6, 3], "b3": [3, 4, 18, 3], "b4": [3, 8, 27, 3], "b5": [3, 6, 40, 3]}
DATASETS = {"ade20k": (512, 150), "cityscapes": (1024, 19)}


def _config(size, classes, decoder=256):
    widths = [32, 64, 160, 256] if size == "b0" else [64, 128, 320, 512]
    return SegformerConfig(
        hidden_sizes=widths, depths=DEPTHS[size], num_attention_heads=[1, 2, 5, 8], sr_ratios=[8, 4, 2, 1],
        decoder_hidden_size=decoder, num_labels=classes, drop_path_rate=0.1, semantic_loss_ignore_index=255,
    )


def conv_module(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class MmsegSegformer(nn.Module):
    def __init__(self, config, channels=256):
        super().__init__()
        # mmseg's EfficientMultiheadAttention runs torch's nn.MultiheadAttention: the explicit scores and
        # softmax, kept for backward (transformers' eager path); transformers' own default is SDPA.
        config._attn_implementation = "eager"
        self.encoder = SegformerModel(config)
        self.convs = nn.ModuleList(conv_module(c, channels) for c in config.hidden_sizes)
        self.fusion_conv = conv_module(channels * len(config.hidden_sizes), channels)
        self.dropout = nn.Dropout2d(0.1)
        self.conv_seg = nn.Conv2d(channels, config.num_labels, 1)

    def forward(self, pixel_values, labels):
        stages = self.encoder(pixel_values, output_hidden_states=True).hidden_states
        size = stages[0].shape[2:]
        outs = [F.interpolate(conv(x), size=size, mode="bilinear", align_corners=False) for conv, x in zip(self.convs, stages)]
        logits = self.conv_seg(self.dropout(self.fusion_conv(torch.cat(outs, dim=1))))
        logits = F.interpolate(logits, size=labels.shape[1:], mode="bilinear", align_corners=False)
        return F.cross_entropy(logits, labels, ignore_index=255)


def _batch(crop, classes):
    def batch(n):
        return (torch.randn(n, 3, crop, crop), torch.randint(0, classes, (n, crop, crop)))

    return batch


def mmseg(size, dataset, crop=None):
    side, classes = DATASETS[dataset]
    side = crop or side
    model = MmsegSegformer(_config(size, classes))
    return {"model": model, "batch": _batch(side, classes), "loss": lambda output, _batch: output}


def hf(size, dataset, crop=None):
    side, classes = DATASETS[dataset]
    side = crop or side
    model = SegformerForSemanticSegmentation(_config(size, classes, decoder=256 if size in ("b0", "b1") else 768))

    def batch(n):
        pixel_values, labels = _batch(side, classes)(n)
        return {"pixel_values": pixel_values, "labels": labels}

    return {"model": model, "batch": batch}


def mmseg_b0_ade20k():
    return mmseg("b0", "ade20k")


def mmseg_b2_ade20k():
    return mmseg("b2", "ade20k")


def mmseg_b0_cityscapes():
    return mmseg("b0", "cityscapes")


def mmseg_b2_cityscapes():
    return mmseg("b2", "cityscapes")


def mmseg_b3_cityscapes():
    return mmseg("b3", "cityscapes")


def hf_b0_ade20k():
    return hf("b0", "ade20k")


def hf_b2_ade20k():
    return hf("b2", "ade20k")


def tiny_mmseg():
    """MiT-B0 under mmseg's head on 64 x 64 crops, for the real CPU check."""
    return mmseg("b0", "cityscapes", crop=64)


def tiny_hf():
    return hf("b0", "ade20k", crop=64)
