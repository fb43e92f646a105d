"""A plain-torch SegFormer (Mix Transformer encoder and SegformerHead) for checking model.segmenter's segformer
decoder (segformer.test.ts), written from mmsegmentation v0.x's description of it (configs/_base_/models/
segformer_mit-b0.py, mmseg/models/backbones/mit.py, decode_heads/segformer_head.py); nothing here imports mmseg.

  python segformer_torch.py '{"variant": "mit_b0", "crop": [128, 160], "classes": 19, "channels": 256, "batch": 2}'

prints the parameter and buffer counts and the bytes autograd keeps for backward over one fp32 CPU training step
(saved_tensors_hooks, once per storage, parameters and buffers aside, tensors of more than 64 elements), the
labels' cross-entropy at the crop included.
"""

import json
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
from saved_bytes import saved_bytes

VARIANTS = {
    'mit_b0': (32, [2, 2, 2, 2]),
    'mit_b1': (64, [2, 2, 2, 2]),
    'mit_b2': (64, [3, 4, 6, 3]),
    'mit_b3': (64, [3, 4, 18, 3]),
    'mit_b4': (64, [3, 8, 27, 3]),
    'mit_b5': (64, [3, 6, 40, 3]),
}


class DropPath(nn.Module):
    def __init__(s, p):
        super().__init__()
        s.p = p

    def forward(s, x):
        if s.p == 0.0 or not s.training:
            return x
        keep = 1 - s.p
        mask = (keep + torch.rand((x.shape[0],) + (1,) * (x.ndim - 1))).floor_()
        return x.div(keep) * mask


class Block(nn.Module):
    def __init__(s, c, heads, sr, dp):
        super().__init__()
        s.norm1, s.norm2 = nn.LayerNorm(c), nn.LayerNorm(c)
        s.sr = nn.Conv2d(c, c, sr, sr) if sr > 1 else None
        s.srnorm = nn.LayerNorm(c) if sr > 1 else None
        s.attn = nn.MultiheadAttention(c, heads)
        s.fc1, s.pe, s.fc2 = nn.Conv2d(c, 4 * c, 1), nn.Conv2d(4 * c, 4 * c, 3, 1, 1, groups=4 * c), nn.Conv2d(4 * c, c, 1)
        s.drop = DropPath(dp)

    def forward(s, x, hw):
        B, N, C = x.shape
        h = s.norm1(x)
        kv = h
        if s.sr is not None:
            kv = s.srnorm(s.sr(h.transpose(1, 2).reshape(B, C, *hw)).flatten(2).transpose(1, 2))
        kv = kv.transpose(0, 1)  # one tensor for key and value, as mmseg passes it: MHA's packed kv projection
        out = s.attn(h.transpose(0, 1), kv, kv)[0].transpose(0, 1)
        x = x + s.drop(out)
        f = s.norm2(x).transpose(1, 2).reshape(B, C, *hw)
        f = s.fc2(F.gelu(s.pe(s.fc1(f)))).flatten(2).transpose(1, 2)
        return x + s.drop(f)


class SegFormer(nn.Module):
    def __init__(s, variant, classes, channels):
        super().__init__()
        embed, layers = VARIANTS[variant]
        dpr = torch.linspace(0, 0.1, sum(layers)).tolist()
        s.patch, s.pnorm, s.blocks, s.norms = nn.ModuleList(), nn.ModuleList(), nn.ModuleList(), nn.ModuleList()
        cin, k, widths = 3, 0, []
        for i, n in enumerate(layers):
            c = embed * [1, 2, 5, 8][i]
            p, st = [7, 3, 3, 3][i], [4, 2, 2, 2][i]
            s.patch.append(nn.Conv2d(cin, c, p, st, p // 2))
            s.pnorm.append(nn.LayerNorm(c))
            s.blocks.append(nn.ModuleList(Block(c, [1, 2, 5, 8][i], [8, 4, 2, 1][i], dpr[k + j]) for j in range(n)))
            s.norms.append(nn.LayerNorm(c))
            k += n
            cin = c
            widths.append(c)
        conv = lambda a, b: nn.Sequential(nn.Conv2d(a, b, 1, bias=False), nn.BatchNorm2d(b), nn.ReLU(inplace=True))
        s.convs = nn.ModuleList(conv(c, channels) for c in widths)
        s.fusion = conv(4 * channels, channels)
        s.dropout = nn.Dropout2d(0.1)
        s.seg = nn.Conv2d(channels, classes, 1)

    def forward(s, x):
        feats = []
        for patch, pnorm, blocks, norm in zip(s.patch, s.pnorm, s.blocks, s.norms):
            x = patch(x)
            B, C, H, W = x.shape
            x = pnorm(x.flatten(2).transpose(1, 2))
            for b in blocks:
                x = b(x, (H, W))
            x = norm(x).transpose(1, 2).reshape(B, C, H, W)
            feats.append(x)
        size = feats[0].shape[2:]
        outs = [F.interpolate(c(f), size=size, mode='bilinear', align_corners=False) for c, f in zip(s.convs, feats)]
        return s.seg(s.dropout(s.fusion(torch.cat(outs, 1))))


def measure(o):
    torch.manual_seed(0)
    model = SegFormer(o['variant'], o['classes'], o['channels'])
    result = {
        'params': sum(p.numel() for p in model.parameters()),
        'buffersBytes': sum(t.numel() * t.element_size() for t in model.buffers()),
    }
    if 'crop' in o:
        x = torch.randn(o['batch'], 3, *o['crop'])
        labels = torch.randint(0, o['classes'], (o['batch'], *o['crop']))

        def step():
            logits = F.interpolate(model(x), size=tuple(o['crop']), mode='bilinear', align_corners=False)
            return F.cross_entropy(logits, labels, ignore_index=255)

        result['saved'] = saved_bytes(model, step)
    return result


def main():
    o = json.loads(sys.argv[1])
    print(json.dumps([measure(x) for x in o] if isinstance(o, list) else measure(o)))


if __name__ == '__main__':
    main()
