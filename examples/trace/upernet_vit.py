"""mmsegmentation's UPerNet on a plain ViT (configs/vit, v0.14) for `estimate --trace-module`.

model.transformer says the ViT blocks; the multi-level neck, UPerHead's feature pyramid, the auxiliary
FCNHead and the two heads' logits resized to the crop for their losses are outside it, so the trace runs
the whole network:

    headroom estimate --trace --trace-module upernet_vit:deit_s --batch-size 2 --params 52093868

Architecture as upernet_vit-b16_mln_512x512_80k_ade20k.py builds it: VisionTransformer(img_size 512,
patch 16, 1024 patches and a class token, 12 blocks of pre-norm multi-head attention (nn.MultiheadAttention
through mmcv, need_weights left on) and a GELU MLP of ratio 4, drop path 0.1, outputs after blocks 3, 6, 9,
12 as 32 x 32 maps, final_norm off), MultiLevelNeck (1x1 lateral and 3x3 convs after rescaling by 4,
2, 1, 0.5) where the row says MLN, UPerHead (channels 512, pool scales 1, 2, 3, 6, BatchNorm), FCNHead on
the fourth map (256 wide, loss weight 0.4), 150 ADE20K classes, each head's logits resized to the crop
before CrossEntropyLoss(ignore_index=255). DeiT rows: the same without the neck.
"""

import torch
from torch import nn
from torch.nn import functional as F


def conv_bn_relu(cin, cout, kernel):
    return nn.Sequential(nn.Conv2d(cin, cout, kernel, padding=kernel // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class DropPath(nn.Module):
    """mmcv's drop_path: x.div(keep) * floor(keep + rand) per sample."""

    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        if not self.training or self.p == 0:
            return x
        keep = 1 - self.p
        mask = (keep + torch.rand((x.shape[0],) + (1,) * (x.ndim - 1), dtype=x.dtype, device=x.device)).floor()
        return x.div(keep) * mask


class Block(nn.Module):
    def __init__(self, dim, heads, drop_path):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, dropout=0.0, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Dropout(0.0), nn.Linear(4 * dim, dim), nn.Dropout(0.0))
        self.drop_path = DropPath(drop_path)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.drop_path(self.attn(h, h, h)[0])
        return x + self.drop_path(self.mlp(self.norm2(x)))


class ViT(nn.Module):
    def __init__(self, dim, heads, size=512, patch=16):
        super().__init__()
        self.grid = size // patch
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, self.grid * self.grid + 1, dim))
        rates = [0.1 * i / 11 for i in range(12)]  # torch.linspace(0, 0.1, 12), without a tensor (built on meta)
        self.blocks = nn.ModuleList(Block(dim, heads, rate) for rate in rates)

    def forward(self, image):
        x = self.patch_embed(image).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1) + self.pos_embed
        outs = []
        for i, block in enumerate(self.blocks):
            x = block(x)
            if i in (2, 5, 8, 11):
                tokens = x[:, 1:]
                outs.append(tokens.transpose(1, 2).reshape(x.shape[0], -1, self.grid, self.grid))
        return outs


class MultiLevelNeck(nn.Module):
    def __init__(self, dim, scales=(4, 2, 1, 0.5)):
        super().__init__()
        self.scales = scales
        self.lateral = nn.ModuleList(nn.Conv2d(dim, dim, 1) for _ in scales)
        self.convs = nn.ModuleList(nn.Conv2d(dim, dim, 3, padding=1) for _ in scales)

    def forward(self, inputs):
        laterals = [conv(x) for conv, x in zip(self.lateral, inputs)]
        return [
            conv(F.interpolate(x, scale_factor=scale, mode="bilinear"))
            for conv, x, scale in zip(self.convs, laterals, self.scales)
        ]


class UPerHead(nn.Module):
    def __init__(self, dim, channels=512, classes=150):
        super().__init__()
        self.ppm = nn.ModuleList(nn.Sequential(nn.AdaptiveAvgPool2d(s), conv_bn_relu(dim, channels, 1)) for s in (1, 2, 3, 6))
        self.bottleneck = conv_bn_relu(dim + 4 * channels, channels, 3)
        self.laterals = nn.ModuleList(conv_bn_relu(dim, channels, 1) for _ in range(3))
        self.fpn_convs = nn.ModuleList(conv_bn_relu(channels, channels, 3) for _ in range(3))
        self.fpn_bottleneck = conv_bn_relu(4 * channels, channels, 3)
        self.cls = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))

    def forward(self, inputs):
        top = inputs[3]
        pooled = [F.interpolate(b(top), size=top.shape[2:], mode="bilinear", align_corners=False) for b in self.ppm]
        laterals = [conv(x) for conv, x in zip(self.laterals, inputs[:3])]
        laterals.append(self.bottleneck(torch.cat([top, *pooled], dim=1)))
        for i in range(3, 0, -1):
            laterals[i - 1] = laterals[i - 1] + F.interpolate(
                laterals[i], size=laterals[i - 1].shape[2:], mode="bilinear", align_corners=False
            )
        outs = [conv(x) for conv, x in zip(self.fpn_convs, laterals[:3])] + [laterals[3]]
        size = outs[0].shape[2:]
        outs = [outs[0]] + [F.interpolate(x, size=size, mode="bilinear", align_corners=False) for x in outs[1:]]
        return self.cls(self.fpn_bottleneck(torch.cat(outs, dim=1)))


class UPerNetViT(nn.Module):
    def __init__(self, dim, heads, neck):
        super().__init__()
        self.backbone = ViT(dim, heads)
        self.neck = MultiLevelNeck(dim) if neck else None
        self.head = UPerHead(dim)
        self.aux = nn.Sequential(conv_bn_relu(dim, 256, 3), nn.Dropout2d(0.1), nn.Conv2d(256, 150, 1))

    def forward(self, image, label):
        features = self.backbone(image)
        if self.neck is not None:
            features = self.neck(features)
        loss = 0
        for weight, logits in ((1.0, self.head(features)), (0.4, self.aux(features[3]))):
            resized = F.interpolate(logits, size=label.shape[1:], mode="bilinear", align_corners=False)
            loss = loss + weight * F.cross_entropy(resized, label, ignore_index=255)
        return loss


def _build(dim, heads, neck):
    def batch(n):
        return (torch.randn(n, 3, 512, 512), torch.randint(0, 150, (n, 512, 512)))

    return {"model": UPerNetViT(dim, heads, neck), "batch": batch, "loss": lambda output, _batch: output}


def deit_s():
    return _build(384, 6, False)


def deit_b():
    return _build(768, 12, False)


def vit_b_mln():
    return _build(768, 12, True)
