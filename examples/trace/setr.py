"""mmsegmentation's SETR (a ViT-L/16 with the naive, PUP or MLA decoder) for `estimate --trace-module`.

model.transformer says the ViT blocks; the decoders' upsampling convolutions at 1/4 of the crop and
above, the four heads' logits and their resizing to the crop are outside it, so the trace runs the
whole network:

    headroom estimate --trace --trace-module setr:pup_cityscapes --batch-size 1 --params 318467148

Architecture as mmsegmentation configs/_base_/models/setr_{naive,pup,mla}.py (v0.13 to 1.x) build it:
VisionTransformer (patch 16, 1024 wide, 24 layers, 16 heads, MLP ratio 4, pre-norm LayerNorm eps 1e-6,
dropout after the position embedding, no drop path, no final norm; the class token for naive and PUP, none
for MLA), outputs after layers 10, 15, 20, 24 (naive, PUP) or 6, 12, 18, 24 (MLA) as NCHW maps at 1/16;
SyncBN in the heads (BatchNorm in one process: the same tensors for backward). Each head's logits are
resized to the crop before CrossEntropyLoss(ignore_index=255), weight 1 for the decoder and 0.4 for each
auxiliary head (BaseDecodeHead.losses).
- naive: SETRUPHead(channels 256, num_convs 1, up_scale 4, kernel 1) and three auxiliary SETRUPHeads
  (num_convs 2, kernel 1) on the other outputs.
- PUP: SETRUPHead(channels 256, num_convs 4, up_scale 2, kernel 3), auxiliaries num_convs 2, kernel 3.
- MLA: MLANeck (per output a LayerNorm, a 1x1 ConvModule to 256, top-down adds, a 3x3 ConvModule) into
  SETRMLAHead (per level two 3x3 ConvModules to 128 and a x4 upsample, concatenated, 1x1 to the classes)
  and four FCNHeads (num_convs 0: a 1x1 classifier on each neck output).
SETRUPHead (mmseg/models/decode_heads/setr_up_head.py) normalises its input with a LayerNorm over the
channels first, then runs ConvModule (conv, BN, ReLU) and nn.Upsample(bilinear) num_convs times.
"""

import torch
from torch import nn
from torch.nn import functional as F


def conv_bn_relu(cin, cout, kernel):
    return nn.Sequential(nn.Conv2d(cin, cout, kernel, padding=kernel // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Layer(nn.Module):
    """mmseg TransformerEncoderLayer: pre-norm attention and a GELU FFN, each added to the residual."""

    def __init__(self, dim, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim, eps=1e-6)
        self.ffn = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ffn(self.ln2(x))


class ViT(nn.Module):
    def __init__(self, size, dim, depth, heads, outs, cls_token, drop):
        super().__init__()
        self.grid, self.outs, self.has_cls = size // 16, outs, cls_token
        self.patch_embed = nn.Conv2d(3, dim, 16, 16)
        tokens = self.grid * self.grid + (1 if cls_token else 0)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim)) if cls_token else None
        self.pos_embed = nn.Parameter(torch.zeros(1, tokens, dim))
        self.drop = nn.Dropout(drop)
        self.layers = nn.ModuleList(Layer(dim, heads) for _ in range(depth))

    def forward(self, image):
        x = self.patch_embed(image).flatten(2).transpose(1, 2)
        if self.cls_token is not None:
            x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        x = self.drop(x + self.pos_embed)
        outs = []
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i in self.outs:
                tokens = x[:, 1:] if self.has_cls else x
                outs.append(tokens.reshape(x.shape[0], self.grid, self.grid, -1).permute(0, 3, 1, 2).contiguous())
        return outs


class UpHead(nn.Module):
    """SETRUPHead: LayerNorm over the channels, then (ConvModule, bilinear upsample) num_convs times, 1x1 classifier."""

    def __init__(self, dim, channels, convs, scale, kernel, classes):
        super().__init__()
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.ups = nn.ModuleList(
            nn.Sequential(conv_bn_relu(dim if i == 0 else channels, channels, kernel), nn.Upsample(scale_factor=scale, mode="bilinear", align_corners=False))
            for i in range(convs)
        )
        self.cls = nn.Conv2d(channels, classes, 1)

    def forward(self, x):
        n, c, h, w = x.shape
        x = self.norm(x.reshape(n, c, h * w).transpose(2, 1)).transpose(1, 2).reshape(n, c, h, w)
        for up in self.ups:
            x = up(x)
        return self.cls(x)


class MLANeck(nn.Module):
    """MLANeck: per input a LayerNorm and a 1x1 ConvModule, top-down adds, a 3x3 ConvModule each."""

    def __init__(self, dim, out=256):
        super().__init__()
        self.norms = nn.ModuleList(nn.LayerNorm(dim, eps=1e-6) for _ in range(4))
        self.laterals = nn.ModuleList(conv_bn_relu(dim, out, 1) for _ in range(4))
        self.convs = nn.ModuleList(conv_bn_relu(out, out, 3) for _ in range(4))

    def forward(self, inputs):
        outs = []
        for norm, x in zip(self.norms, inputs):
            n, c, h, w = x.shape
            # mla_neck.py MLANeck.forward: each transposed copy made contiguous.
            tokens = norm(x.reshape(n, c, h * w).transpose(2, 1).contiguous())
            outs.append(tokens.transpose(1, 2).reshape(n, c, h, w).contiguous())
        laterals = [conv(x) for conv, x in zip(self.laterals, outs)]
        for i in range(1, 4):
            laterals[i] = laterals[i] + laterals[i - 1]
        return [conv(x) for conv, x in zip(self.convs, laterals)]


class MLAHead(nn.Module):
    """SETRMLAHead: per level two 3x3 ConvModules to mla_channels and a x4 upsample, concatenated, classified."""

    def __init__(self, classes, width=256, mla=128):
        super().__init__()
        self.ups = nn.ModuleList(
            nn.Sequential(conv_bn_relu(width, mla, 3), conv_bn_relu(mla, mla, 3), nn.Upsample(scale_factor=4, mode="bilinear", align_corners=False))
            for _ in range(4)
        )
        self.cls = nn.Conv2d(4 * mla, classes, 1)

    def forward(self, inputs):
        return self.cls(torch.cat([up(x) for up, x in zip(self.ups, inputs)], dim=1))


class SETR(nn.Module):
    def __init__(self, decoder, size, classes, drop, dim=1024, depth=24, heads=16):
        super().__init__()
        is_mla = decoder == "mla"
        outs = (5, 11, 17, 23) if is_mla else (9, 14, 19, 23)
        self.backbone = ViT(size, dim, depth, heads, outs, cls_token=not is_mla, drop=drop)
        if is_mla:
            self.neck = MLANeck(dim)
            self.head = MLAHead(classes)
            self.aux = nn.ModuleList(nn.Conv2d(256, classes, 1) for _ in range(4))
        else:
            self.neck = None
            convs, scale, kernel, aux_convs = (1, 4, 1, 2) if decoder == "naive" else (4, 2, 3, 2)
            self.head = UpHead(dim, 256, convs, scale, kernel, classes)
            self.aux = nn.ModuleList(UpHead(dim, 256, aux_convs, 4, kernel, classes) for _ in range(3))

    def forward(self, image, label):
        features = self.backbone(image)
        if self.neck is not None:
            features = self.neck(features)
            heads = [(1.0, self.head(features))] + [(0.4, aux(x)) for aux, x in zip(self.aux, features)]
        else:
            heads = [(1.0, self.head(features[3]))] + [(0.4, aux(x)) for aux, x in zip(self.aux, features[:3])]
        loss = 0
        for weight, logits in heads:
            resized = F.interpolate(logits, size=label.shape[1:], mode="bilinear", align_corners=False)
            loss = loss + weight * F.cross_entropy(resized, label, ignore_index=255)
        return loss


def _build(decoder, size, classes, drop, **shape):
    def batch(n):
        return (torch.randn(n, 3, size, size), torch.randint(0, classes, (n, size, size)))

    return {"model": SETR(decoder, size, classes, drop, **shape), "batch": batch, "loss": lambda output, _batch: output}


# Cityscapes: 768 x 768 crops, 19 classes, dropout 0.1 after the position embedding (the base configs);
# ADE20K: 512 x 512, 150 classes, drop_rate 0 (setr_vit-large_*_512x512_160k_ade20k).
def naive_cityscapes():
    return _build("naive", 768, 19, 0.1)


def pup_cityscapes():
    return _build("pup", 768, 19, 0.1)


def mla_cityscapes():
    return _build("mla", 768, 19, 0.1)


def naive_ade20k():
    return _build("naive", 512, 150, 0.0)


def pup_ade20k():
    return _build("pup", 512, 150, 0.0)


def mla_ade20k():
    return _build("mla", 512, 150, 0.0)


def tiny():
    """A 64-wide PUP SETR at 64 x 64, 5 classes, for checking the trace against a real CPU step."""
    return _build("pup", 64, 5, 0.1, dim=64, heads=4)


def tiny_mla():
    return _build("mla", 64, 5, 0.1, dim=64, heads=4)
