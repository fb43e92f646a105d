"""Plain-torch YOLO detectors for checking model.yolo (yolo.test.ts): YOLOv5 v6.x (P5 and P6, anchor-based),
YOLOv5u, YOLOv8 and YOLO11 (anchor-free, DFL) as the published architectures lay them out, written from their
descriptions (ultralytics cfg/models/v5/yolov5.yaml, v8/yolov8.yaml, 11/yolo11.yaml, ultralytics/yolov5
models/yolov5*.yaml and models/common.py; mmyolo's YOLOv5 is the same network). Nothing here imports ultralytics.

  python yolo_torch.py '{"version": "v8", "scale": "s", "classes": 1, "input": [3, 128, 160], "batch": 2}'
  (or a list of such objects: one result each, in one process)

prints the parameter and buffer counts and, for a real training step on CPU in fp32, the bytes autograd keeps
for backward (saved_tensors_hooks, counted once per storage, parameters and buffers aside, tensors of more than
64 elements: BatchNorm's per-channel statistics left out) with the loss's grad-carrying part as the trainers
compute it (ultralytics v8DetectionLoss: the scores' BCE and the DFL decode; yolov5 ComputeLoss: the objectness
BCE over every position).
"""

import json
import math
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
from saved_bytes import saved_bytes


def divisible(x, d=8):
    return math.ceil(x / d) * d


class Conv(nn.Module):
    """conv (no bias) -> BatchNorm -> SiLU (not in place), or no activation."""

    def __init__(s, c1, c2, k=1, st=1, p=None, g=1, act=True):
        super().__init__()
        s.conv = nn.Conv2d(c1, c2, k, st, k // 2 if p is None else p, groups=g, bias=False)
        s.bn = nn.BatchNorm2d(c2)
        s.act = nn.SiLU() if act else nn.Identity()

    def forward(s, x):
        return s.act(s.bn(s.conv(x)))


class Bottleneck(nn.Module):
    def __init__(s, c1, c2, shortcut=True, k=(3, 3), e=0.5):
        super().__init__()
        c = int(c2 * e)
        s.cv1 = Conv(c1, c, k[0])
        s.cv2 = Conv(c, c2, k[1])
        s.add = shortcut and c1 == c2

    def forward(s, x):
        return x + s.cv2(s.cv1(x)) if s.add else s.cv2(s.cv1(x))


class C3(nn.Module):
    def __init__(s, c1, c2, n=1, shortcut=True, e=0.5, k=(1, 3)):
        super().__init__()
        c = int(c2 * e)
        s.cv1, s.cv2, s.cv3 = Conv(c1, c), Conv(c1, c), Conv(2 * c, c2)
        s.m = nn.Sequential(*(Bottleneck(c, c, shortcut, k, 1.0) for _ in range(n)))

    def forward(s, x):
        return s.cv3(torch.cat((s.m(s.cv1(x)), s.cv2(x)), 1))


class C2f(nn.Module):
    def __init__(s, c1, c2, n=1, shortcut=False, e=0.5, inner=None):
        super().__init__()
        s.c = int(c2 * e)
        s.cv1 = Conv(c1, 2 * s.c)
        s.cv2 = Conv((2 + n) * s.c, c2)
        s.m = nn.ModuleList(inner(s.c) if inner else Bottleneck(s.c, s.c, shortcut, (3, 3), 1.0) for _ in range(n))

    def forward(s, x):
        y = list(s.cv1(x).chunk(2, 1))
        y.extend(m(y[-1]) for m in s.m)
        return s.cv2(torch.cat(y, 1))


def c3k2(c1, c2, n, c3k, e=0.5):
    # C2f with C3k (a C3 of two 3x3 bottlenecks) or a Bottleneck of expansion 0.5 inside, shortcut on.
    inner = (lambda c: C3(c, c, 2, True, 0.5, (3, 3))) if c3k else (lambda c: Bottleneck(c, c, True, (3, 3), 0.5))
    return C2f(c1, c2, n, True, e, inner)


class SPPF(nn.Module):
    def __init__(s, c1, c2):
        super().__init__()
        c = c1 // 2
        s.cv1, s.cv2 = Conv(c1, c), Conv(4 * c, c2)
        s.m = nn.MaxPool2d(5, 1, 2)

    def forward(s, x):
        y = [s.cv1(x)]
        y.extend(s.m(y[-1]) for _ in range(3))
        return s.cv2(torch.cat(y, 1))


class Attention(nn.Module):
    def __init__(s, dim, heads):
        super().__init__()
        s.heads, s.hd = heads, dim // heads
        s.kd = int(s.hd * 0.5)
        s.scale = s.kd**-0.5
        s.qkv = Conv(dim, dim + 2 * s.kd * heads, act=False)
        s.proj = Conv(dim, dim, act=False)
        s.pe = Conv(dim, dim, 3, 1, g=dim, act=False)

    def forward(s, x):
        B, C, H, W = x.shape
        q, k, v = s.qkv(x).view(B, s.heads, 2 * s.kd + s.hd, H * W).split([s.kd, s.kd, s.hd], dim=2)
        a = ((q.transpose(-2, -1) @ k) * s.scale).softmax(dim=-1)
        return s.proj((v @ a.transpose(-2, -1)).view(B, C, H, W) + s.pe(v.reshape(B, C, H, W)))


class PSABlock(nn.Module):
    def __init__(s, c):
        super().__init__()
        s.attn = Attention(c, c // 64)
        s.ffn = nn.Sequential(Conv(c, 2 * c), Conv(2 * c, c, act=False))

    def forward(s, x):
        x = x + s.attn(x)
        return x + s.ffn(x)


class C2PSA(nn.Module):
    def __init__(s, c1, n=1):
        super().__init__()
        s.c = c1 // 2
        s.cv1, s.cv2 = Conv(c1, 2 * s.c), Conv(2 * s.c, c1)
        s.m = nn.Sequential(*(PSABlock(s.c) for _ in range(n)))

    def forward(s, x):
        a, b = s.cv1(x).split((s.c, s.c), dim=1)
        return s.cv2(torch.cat((a, s.m(b)), 1))


class DetectFree(nn.Module):
    """The anchor-free head: per level a box branch (64 = 4 x 16 DFL bins) and a class branch; YOLO11's class
    branch starts with depth-wise convs. The DFL's fixed 1x1 conv (16 weights, no gradient) is a parameter."""

    def __init__(s, nc, ch, dw, nk=0):
        super().__init__()
        c2, c3 = max(16, ch[0] // 4, 64), max(ch[0], min(nc, 100))
        # Pose (ultralytics head.py Pose): a keypoint branch per level, c4 = max(ch[0] // 4, nk).
        c4 = max(ch[0] // 4, nk)
        s.cv4 = nn.ModuleList(nn.Sequential(Conv(x, c4, 3), Conv(c4, c4, 3), nn.Conv2d(c4, nk, 1)) for x in ch) if nk else None
        s.cv2 = nn.ModuleList(nn.Sequential(Conv(x, c2, 3), Conv(c2, c2, 3), nn.Conv2d(c2, 64, 1)) for x in ch)
        if dw:
            s.cv3 = nn.ModuleList(
                nn.Sequential(
                    nn.Sequential(Conv(x, x, 3, g=x), Conv(x, c3, 1)),
                    nn.Sequential(Conv(c3, c3, 3, g=c3), Conv(c3, c3, 1)),
                    nn.Conv2d(c3, nc, 1),
                )
                for x in ch
            )
        else:
            s.cv3 = nn.ModuleList(nn.Sequential(Conv(x, c3, 3), Conv(c3, c3, 3), nn.Conv2d(c3, nc, 1)) for x in ch)
        s.dfl = nn.Conv2d(16, 1, 1, bias=False).requires_grad_(False)

    def forward(s, xs):
        out = [torch.cat((a(x), b(x)), 1) for a, b, x in zip(s.cv2, s.cv3, xs)]
        if s.cv4 is None:
            return out
        b = xs[0].shape[0]
        kpt = torch.cat([c(x).view(b, c[-1].out_channels, -1) for c, x in zip(s.cv4, xs)], -1)
        return out, kpt


class DetectAnchor(nn.Module):
    """YOLOv5's head: a 1x1 conv with bias to 3 anchors x (5 + classes) per level, made (b, 3, h, w, 5 + nc)."""

    def __init__(s, nc, ch):
        super().__init__()
        s.no = nc + 5
        s.m = nn.ModuleList(nn.Conv2d(x, 3 * s.no, 1) for x in ch)
        s.register_buffer('anchors', torch.zeros(len(ch), 3, 2))

    def forward(s, xs):
        out = []
        for m, x in zip(s.m, xs):
            y = m(x)
            b, _, h, w = y.shape
            out.append(y.view(b, 3, s.no, h, w).permute(0, 1, 3, 4, 2).contiguous())
        return out


SCALES = {
    # depth, width, max channels (the yaml's `scales`; YOLOv5 and v5u have no cap below 1024).
    'v5': {'n': (0.33, 0.25, 1024), 's': (0.33, 0.5, 1024), 'm': (0.67, 0.75, 1024), 'l': (1, 1, 1024), 'x': (1.33, 1.25, 1024)},
    'v8': {'n': (0.33, 0.25, 1024), 's': (0.33, 0.5, 1024), 'm': (0.67, 0.75, 768), 'l': (1, 1, 512), 'x': (1, 1.25, 512)},
    'v11': {'n': (0.5, 0.25, 1024), 's': (0.5, 0.5, 1024), 'm': (0.5, 1, 512), 'l': (1, 1, 512), 'x': (1, 1.5, 512)},
}


class Yolo(nn.Module):
    def __init__(s, version, scale, nc, p6=False, nk=0):
        super().__init__()
        gd, gw, cap = SCALES['v5' if version == 'v5u' else version][scale]
        W = lambda c: divisible(min(c, cap) * gw)
        D = lambda n: max(round(n * gd), 1) if n > 1 else n
        s.version, s.p6 = version, p6
        if version in ('v5', 'v5u'):
            widths = [64, 128, 256, 512, 768, 1024] if p6 else [64, 128, 256, 512, 1024]
            reps = [3, 6, 9, 3, 3] if p6 else [3, 6, 9, 3]
            block = lambda c1, c2, n, sc=True: C3(c1, c2, D(n), sc)
            s.stem = Conv(3, W(64), 6, 2, 2)
        else:
            widths = [64, 128, 256, 512, 1024]
            reps = [3, 6, 6, 3] if version == 'v8' else [2, 2, 2, 2]
            if version == 'v8':
                block = lambda c1, c2, n, sc=True: C2f(c1, c2, D(n), sc)
            s.stem = Conv(3, W(64), 3, 2)
        if version == 'v11':
            big = scale in 'mlx'
            # Per stage a 3x3 stride-2 conv to 128, 256, 512, 1024 and a C3k2 to 256 (e 0.25), 512 (e 0.25), 512,
            # 1024; C3k (c3k) in the last two, and in every C3k2 of the m, l and x scales.
            stages, cin = [], W(64)
            for i, (conv, out, c3k, e) in enumerate([(128, 256, False, 0.25), (256, 512, False, 0.25), (512, 512, True, 0.5), (1024, 1024, True, 0.5)]):
                stages.append(nn.Sequential(Conv(cin, W(conv), 3, 2), c3k2(W(conv), W(out), D(2), c3k or big, e)))
                cin = W(out)
            widths_out = [W(64), W(256), W(512), W(512), W(1024)]
        else:
            stages = []
            for i in range(len(reps)):
                cin, cout = W(widths[i]), W(widths[i + 1])
                stages.append(nn.Sequential(Conv(cin, cout, 3, 2), block(cout, cout, reps[i])))
            widths_out = [W(c) for c in widths]
        s.stages = nn.ModuleList(stages)
        top = widths_out[-1]
        s.sppf = SPPF(top, W(1024))
        s.psa = C2PSA(W(1024), D(2)) if version == 'v11' else None
        # The PAFPN neck: top-down from the top level to P3, then bottom-up back to the top.
        levels = widths_out[2:]  # P3 .. P5 (or P6)
        L = len(levels)
        s.reduce, s.td, s.down, s.bu = nn.ModuleList(), nn.ModuleList(), nn.ModuleList(), nn.ModuleList()
        if version in ('v5', 'v5u'):
            # Conv 1x1 to the lower level's width, upsample, concat, C3 (no shortcut) at that width.
            c = W(1024)
            for i in range(L - 1, 0, -1):
                lower = levels[i - 1]
                s.reduce.append(Conv(c, lower))
                s.td.append(C3(2 * lower, lower, D(3), False))
                c = lower
            outs = [levels[0]]
            for i in range(1, L):
                # down conv 3x3 s2 at the current width, concat with the reduce output of that level, C3.
                s.down.append(Conv(outs[-1], outs[-1], 3, 2))
                s.bu.append(C3(outs[-1] + levels[i - 1], levels[i], D(3), False))
                outs.append(levels[i])
        else:
            mk = (lambda c1, c2, c3k=False: c3k2(c1, c2, D(2), c3k or scale in 'mlx')) if version == 'v11' else (lambda c1, c2, c3k=False: C2f(c1, c2, D(3), False))
            td_out = [W(512), W(256)]
            c = W(1024)
            for i in range(2):
                s.td.append(mk(c + levels[1 - i], td_out[i]))
                c = td_out[i]
            outs = [W(256)]
            bu_out = [W(512), W(1024)]
            skip = [W(512), W(1024)]
            for i in range(2):
                s.down.append(Conv(outs[-1], outs[-1], 3, 2))
                s.bu.append(mk(outs[-1] + skip[i], bu_out[i], i == 1))
                outs.append(bu_out[i])
        s.outs = outs
        s.head = DetectAnchor(nc, outs) if version == 'v5' else DetectFree(nc, outs, version == 'v11', nk)

    def forward(s, x):
        x = s.stem(x)
        feats = []
        for st in s.stages:
            x = st(x)
            feats.append(x)
        x = s.sppf(x)
        if s.psa is not None:
            x = s.psa(x)
        levels = feats[1:]  # P3 .. top
        L = len(levels) if s.version in ('v5', 'v5u') else 3
        up = lambda t: F.interpolate(t, scale_factor=2, mode='nearest')
        if s.version in ('v5', 'v5u'):
            laterals = []
            for j, i in enumerate(range(L - 1, 0, -1)):
                x = s.reduce[j](x)
                laterals.append(x)
                x = s.td[j](torch.cat((up(x), levels[i - 1]), 1))
            outs = [x]
            for j in range(L - 1):
                x = s.bu[j](torch.cat((s.down[j](x), laterals[L - 2 - j]), 1))
                outs.append(x)
        else:
            p4, p3 = levels[-2], levels[-3]
            t4 = s.td[0](torch.cat((up(x), p4), 1))
            t3 = s.td[1](torch.cat((up(t4), p3), 1))
            b4 = s.bu[0](torch.cat((s.down[0](t3), t4), 1))
            b5 = s.bu[1](torch.cat((s.down[1](b4), x), 1))
            outs = [t3, b4, b5]
        return s.head(outs)


def loss_of(model, preds, nc):
    """The grad-carrying part of the trainers' losses over every position (fp32, as on CPU)."""
    if model.version == 'v5':
        loss = 0
        for p in preds:
            tobj = torch.zeros(p.shape[:4])
            loss = loss + F.binary_cross_entropy_with_logits(p[..., 4], tobj)
        return loss
    kpt_loss = 0
    if isinstance(preds, tuple):
        # v8PoseLoss: the keypoints decoded from a permuted copy and scored on the positives only.
        preds, kpt = preds
        kpt_loss = kpt.permute(0, 2, 1).contiguous().sum()
    b = preds[0].shape[0]
    cat = torch.cat([p.view(b, 64 + nc, -1) for p in preds], 2)
    distri, scores = cat.split((64, nc), 1)
    scores = scores.permute(0, 2, 1).contiguous()
    distri = distri.permute(0, 2, 1).contiguous()
    boxes = distri.view(b, -1, 4, 16).softmax(3).matmul(torch.arange(16, dtype=torch.float32))
    target = torch.zeros_like(scores)
    return F.binary_cross_entropy_with_logits(scores, target, reduction='none').sum() + boxes.sum() + kpt_loss


def measure(o):
    torch.manual_seed(0)
    kpt = o.get('keypoints') or [0, 0]
    model = Yolo(o['version'], o['scale'], o['classes'], o.get('p6', False), kpt[0] * kpt[1])
    params = sum(p.numel() for p in model.parameters())
    buffers = sum(t.numel() * t.element_size() for t in model.buffers())
    result = {'params': params, 'buffersBytes': buffers}
    if 'input' in o:
        x = torch.randn(o['batch'], *o['input'])
        result['saved'] = saved_bytes(model, lambda: loss_of(model, model(x), o['classes']))
    return result


def main():
    # One options object, or a list of them measured in one process (torch imports once).
    o = json.loads(sys.argv[1])
    print(json.dumps([measure(x) for x in o] if isinstance(o, list) else measure(o)))


if __name__ == '__main__':
    main()
