"""YOLOv5 (v6.x, anchor-based, P5 and P6) and YOLOv8 / YOLOv5u (anchor-free) for `estimate --trace-module`,
built in plain torch from their published architectures (ultralytics is not in the local package index).

    headroom estimate --trace --trace-module yolo:yolov5l_coco --batch-size 16 --precision amp_fp16 \\
        --optimizer sgd_momentum --params 46533693   # run from this directory

The layer tables are ultralytics' model YAMLs (yolov5 v6.0 models/yolov5s.yaml and models/hub/yolov5s6.yaml;
ultralytics 8.x cfg/models/v8/yolov8.yaml and v5/yolov5.yaml for the anchor-free "u" models), scaled as
their parse_model scales them: repeats max(round(n x depth), 1), channels make_divisible(min(c,
max_channels) x width, 8). Modules as models/common.py (v5) and nn/modules (8.x) define them: Conv =
conv (no bias) + BatchNorm + SiLU, C3, C2f, Bottleneck, SPPF, nearest Upsample, Concat, Detect (v5: one
1x1 conv a level to 3 anchors x (5 + classes); 8.x: the two 3x3-conv branches a level, box (4 x 16 DFL
bins) and classes). Every parameter count is checked against the published one (tests).

The losses keep what theirs keep: v5's ComputeLoss (objectness BCE over every grid cell, CIoU box and
class BCE over the targets' anchor matches: 3 anchors x 3 cells per target a level, the most build_targets
can keep), v8's v8DetectionLoss (class BCE over every anchor point and class, the TaskAlignedAssigner's
batch x boxes x anchors metrics under no_grad, DFL and IoU over the assigned points). Targets: `boxes`
per image (COCO averages 7.3). Not modelled: the EMA copy of the model (a second set of weights,
parameters' size, no gradients: add it as a tensor if the run keeps it on the GPU) and mosaic on the GPU
(it is done by the data loader on the CPU).
"""

import math
import re

import torch
from torch import nn
from torch.nn import functional as F


def _divisible(x, divisor=8):
    return math.ceil(x / divisor) * divisor


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1, p=None, g=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2 if p is None else p, groups=g, bias=False)
        self.bn = nn.BatchNorm2d(c2, eps=1e-3, momentum=0.03)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class Bottleneck(nn.Module):
    def __init__(self, c1, c2, shortcut=True, e=0.5, k=(1, 3)):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1 = Conv(c1, c_, k[0])
        self.cv2 = Conv(c_, c2, k[1])
        self.add = shortcut and c1 == c2

    def forward(self, x):
        y = self.cv2(self.cv1(x))
        return x + y if self.add else y


class C3(nn.Module):
    def __init__(self, c1, c2, n=1, shortcut=True, e=0.5):
        super().__init__()
        c_ = int(c2 * e)
        self.cv1, self.cv2, self.cv3 = Conv(c1, c_), Conv(c1, c_), Conv(2 * c_, c2)
        self.m = nn.Sequential(*(Bottleneck(c_, c_, shortcut, e=1.0) for _ in range(n)))

    def forward(self, x):
        return self.cv3(torch.cat((self.m(self.cv1(x)), self.cv2(x)), 1))


class C2f(nn.Module):
    def __init__(self, c1, c2, n=1, shortcut=False, e=0.5):
        super().__init__()
        self.c = int(c2 * e)
        self.cv1 = Conv(c1, 2 * self.c)
        self.cv2 = Conv((2 + n) * self.c, c2)
        self.m = nn.ModuleList(Bottleneck(self.c, self.c, shortcut, e=1.0, k=(3, 3)) for _ in range(n))

    def forward(self, x):
        y = list(self.cv1(x).chunk(2, 1))
        y.extend(m(y[-1]) for m in self.m)
        return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
    def __init__(self, c1, c2, k=5):
        super().__init__()
        c_ = c1 // 2
        self.cv1, self.cv2 = Conv(c1, c_), Conv(c_ * 4, c2)
        self.m = nn.MaxPool2d(k, 1, k // 2)

    def forward(self, x):
        y = [self.cv1(x)]
        y.extend(self.m(y[-1]) for _ in range(3))
        return self.cv2(torch.cat(y, 1))


class Concat(nn.Module):
    def forward(self, xs):
        return torch.cat(xs, 1)


class DetectV5(nn.Module):
    """models/yolo.py Detect in training: each level's 1x1 conv, viewed as (b, 3, ny, nx, 5 + classes)."""

    def __init__(self, nc, ch, anchors=3):
        super().__init__()
        self.no, self.na = nc + 5, anchors
        self.m = nn.ModuleList(nn.Conv2d(c, self.no * self.na, 1) for c in ch)

    def forward(self, xs):
        out = []
        for conv, x in zip(self.m, xs):
            y = conv(x)
            b, _, ny, nx = y.shape
            out.append(y.view(b, self.na, self.no, ny, nx).permute(0, 1, 3, 4, 2).contiguous())
        return out


class DetectV8(nn.Module):
    """ultralytics nn/modules/head.py Detect (legacy heads, as v5u / v8 build them) in training."""

    def __init__(self, nc, ch, reg_max=16):
        super().__init__()
        self.nc, self.reg_max = nc, reg_max
        c2, c3 = max(16, ch[0] // 4, reg_max * 4), max(ch[0], min(nc, 100))
        self.cv2 = nn.ModuleList(nn.Sequential(Conv(x, c2, 3), Conv(c2, c2, 3), nn.Conv2d(c2, 4 * reg_max, 1)) for x in ch)
        self.cv3 = nn.ModuleList(nn.Sequential(Conv(x, c3, 3), Conv(c3, c3, 3), nn.Conv2d(c3, nc, 1)) for x in ch)
        # DFL: a fixed 1x1 conv over the bins (a parameter that trains nothing).
        self.dfl = nn.Conv2d(reg_max, 1, 1, bias=False).requires_grad_(False)

    def forward(self, xs):
        return [torch.cat((box(x), cls(x)), 1) for box, cls, x in zip(self.cv2, self.cv3, xs)]


# ultralytics' YAMLs: [from, repeats, module, args]; "nc" is the class count.
V5_P5 = {
    "backbone": [
        [-1, 1, "Conv", [64, 6, 2, 2]], [-1, 1, "Conv", [128, 3, 2]], [-1, 3, "C3", [128]],
        [-1, 1, "Conv", [256, 3, 2]], [-1, 6, "C3", [256]], [-1, 1, "Conv", [512, 3, 2]], [-1, 9, "C3", [512]],
        [-1, 1, "Conv", [1024, 3, 2]], [-1, 3, "C3", [1024]], [-1, 1, "SPPF", [1024, 5]],
    ],
    "head": [
        [-1, 1, "Conv", [512, 1, 1]], [-1, 1, "Upsample", []], [[-1, 6], 1, "Concat", []], [-1, 3, "C3", [512, False]],
        [-1, 1, "Conv", [256, 1, 1]], [-1, 1, "Upsample", []], [[-1, 4], 1, "Concat", []], [-1, 3, "C3", [256, False]],
        [-1, 1, "Conv", [256, 3, 2]], [[-1, 14], 1, "Concat", []], [-1, 3, "C3", [512, False]],
        [-1, 1, "Conv", [512, 3, 2]], [[-1, 10], 1, "Concat", []], [-1, 3, "C3", [1024, False]],
        [[17, 20, 23], 1, "Detect", []],
    ],
}
V5_P6 = {
    "backbone": [
        [-1, 1, "Conv", [64, 6, 2, 2]], [-1, 1, "Conv", [128, 3, 2]], [-1, 3, "C3", [128]],
        [-1, 1, "Conv", [256, 3, 2]], [-1, 6, "C3", [256]], [-1, 1, "Conv", [512, 3, 2]], [-1, 9, "C3", [512]],
        [-1, 1, "Conv", [768, 3, 2]], [-1, 3, "C3", [768]], [-1, 1, "Conv", [1024, 3, 2]], [-1, 3, "C3", [1024]],
        [-1, 1, "SPPF", [1024, 5]],
    ],
    "head": [
        [-1, 1, "Conv", [768, 1, 1]], [-1, 1, "Upsample", []], [[-1, 8], 1, "Concat", []], [-1, 3, "C3", [768, False]],
        [-1, 1, "Conv", [512, 1, 1]], [-1, 1, "Upsample", []], [[-1, 6], 1, "Concat", []], [-1, 3, "C3", [512, False]],
        [-1, 1, "Conv", [256, 1, 1]], [-1, 1, "Upsample", []], [[-1, 4], 1, "Concat", []], [-1, 3, "C3", [256, False]],
        [-1, 1, "Conv", [256, 3, 2]], [[-1, 20], 1, "Concat", []], [-1, 3, "C3", [512, False]],
        [-1, 1, "Conv", [512, 3, 2]], [[-1, 16], 1, "Concat", []], [-1, 3, "C3", [768, False]],
        [-1, 1, "Conv", [768, 3, 2]], [[-1, 12], 1, "Concat", []], [-1, 3, "C3", [1024, False]],
        [[23, 26, 29, 32], 1, "Detect", []],
    ],
}
V8 = {
    "backbone": [
        [-1, 1, "Conv", [64, 3, 2]], [-1, 1, "Conv", [128, 3, 2]], [-1, 3, "C2f", [128, True]],
        [-1, 1, "Conv", [256, 3, 2]], [-1, 6, "C2f", [256, True]], [-1, 1, "Conv", [512, 3, 2]],
        [-1, 6, "C2f", [512, True]], [-1, 1, "Conv", [1024, 3, 2]], [-1, 3, "C2f", [1024, True]],
        [-1, 1, "SPPF", [1024, 5]],
    ],
    "head": [
        [-1, 1, "Upsample", []], [[-1, 6], 1, "Concat", []], [-1, 3, "C2f", [512]],
        [-1, 1, "Upsample", []], [[-1, 4], 1, "Concat", []], [-1, 3, "C2f", [256]],
        [-1, 1, "Conv", [256, 3, 2]], [[-1, 12], 1, "Concat", []], [-1, 3, "C2f", [512]],
        [-1, 1, "Conv", [512, 3, 2]], [[-1, 9], 1, "Concat", []], [-1, 3, "C2f", [1024]],
        [[15, 18, 21], 1, "Detect", []],
    ],
}
# ultralytics 8.x cfg/models/v5/yolov5.yaml: v6.0's backbone and head with the anchor-free Detect.
V5U = {"backbone": V5_P5["backbone"], "head": V5_P5["head"]}

# (depth, width, max_channels): yolov5 v6 models/yolov5{n,s,m,l,x}.yaml; ultralytics 8.x "scales".
V5_SCALES = {"n": (0.33, 0.25, 1e9), "s": (0.33, 0.50, 1e9), "m": (0.67, 0.75, 1e9), "l": (1.0, 1.0, 1e9), "x": (1.33, 1.25, 1e9)}
V8_SCALES = {"n": (0.33, 0.25, 1024), "s": (0.33, 0.50, 1024), "m": (0.67, 0.75, 768), "l": (1.0, 1.0, 512), "x": (1.0, 1.25, 512)}
V5U_SCALES = {k: (d, w, 1024) for k, (d, w, _) in V5_SCALES.items()}


class Yolo(nn.Module):
    def __init__(self, table, scale, nc, anchor_free):
        super().__init__()
        depth, width, max_channels = scale
        self.anchor_free, self.nc = anchor_free, nc
        # How the v8 assigner marks each box's top-k anchor points: an int8 count (ultralytics from PR #2481)
        # or an int64 one-hot (`_onehot` factories: mmyolo, ultralytics before it).
        self.assigner = "count"
        channels, layers, self.sources = [3], [], []
        for source, repeats, kind, args in table["backbone"] + table["head"]:
            n = max(round(repeats * depth), 1) if repeats > 1 else repeats
            c1 = channels[source] if isinstance(source, int) else None
            if kind in ("Conv", "C3", "C2f", "SPPF"):
                c2 = _divisible(min(args[0], max_channels) * width)
                rest = list(args[1:])
                if kind == "Conv":
                    module = Conv(c1, c2, *rest)
                elif kind == "SPPF":
                    module = SPPF(c1, c2, *rest)
                else:
                    shortcut = rest[0] if rest else kind == "C3"
                    module = (C3 if kind == "C3" else C2f)(c1, c2, n, shortcut)
            elif kind == "Upsample":
                module, c2 = nn.Upsample(scale_factor=2, mode="nearest"), c1
            elif kind == "Concat":
                module, c2 = Concat(), sum(channels[s] for s in source)
            else:
                ch = [channels[s] for s in source]
                module, c2 = (DetectV8(nc, ch) if anchor_free else DetectV5(nc, ch)), None
            layers.append(module)
            self.sources.append(source)
            # parse_model: the input's 3 channels until the first layer, then one entry a layer.
            channels = ([] if len(layers) == 1 else channels) + [c2]
        self.model = nn.ModuleList(layers)

    def forward(self, images, targets):
        outputs, x = [], images
        for module, source in zip(self.model, self.sources):
            if isinstance(source, list):
                x = [x if s == -1 else outputs[s] for s in source]
            x = module(x)
            outputs.append(x)
        return (v8_loss if self.anchor_free else v5_loss)(x, targets, self)


def v5_loss(levels, targets, model):
    """utils/loss.py ComputeLoss: objectness BCE over every cell of every anchor, box (CIoU) and class BCE
    over each target's matches: 3 anchors x 3 neighbouring cells a level (build_targets' upper bound)."""
    boxes = targets.shape[1]
    total = levels[0].new_zeros(())
    for pi in levels:
        b, na, ny, nx, no = pi.shape
        tobj = torch.zeros(pi.shape[:4], dtype=pi.dtype, device=pi.device)
        count = b * boxes * na * 3
        bi = torch.randint(0, b, (count,), device=pi.device)
        ai = torch.randint(0, na, (count,), device=pi.device)
        gj = torch.randint(0, ny, (count,), device=pi.device)
        gi = torch.randint(0, nx, (count,), device=pi.device)
        ps = pi[bi, ai, gj, gi]
        pxy = ps[:, :2].sigmoid() * 2 - 0.5
        pwh = (ps[:, 2:4].sigmoid() * 2) ** 2
        iou = _ciou(torch.cat((pxy, pwh), 1), torch.rand(count, 4, device=pi.device, dtype=pxy.dtype))
        total = total + (1.0 - iou).mean()
        tobj[bi, ai, gj, gi] = iou.detach().clamp(0).type(tobj.dtype)
        if no > 6:
            tcls = torch.zeros_like(ps[:, 5:])
            total = total + F.binary_cross_entropy_with_logits(ps[:, 5:], tcls)
        total = total + F.binary_cross_entropy_with_logits(pi[..., 4], tobj)
    return total * b


def _ciou(box1, box2, eps=1e-7):
    """utils/metrics.py bbox_iou(xywh, CIoU=True)."""
    (x1, y1, w1, h1), (x2, y2, w2, h2) = box1.chunk(4, -1), box2.chunk(4, -1)
    b1_x1, b1_x2, b1_y1, b1_y2 = x1 - w1 / 2, x1 + w1 / 2, y1 - h1 / 2, y1 + h1 / 2
    b2_x1, b2_x2, b2_y1, b2_y2 = x2 - w2 / 2, x2 + w2 / 2, y2 - h2 / 2, y2 + h2 / 2
    inter = (b1_x2.minimum(b2_x2) - b1_x1.maximum(b2_x1)).clamp(0) * (b1_y2.minimum(b2_y2) - b1_y1.maximum(b2_y1)).clamp(0)
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = inter / union
    cw = b1_x2.maximum(b2_x2) - b1_x1.minimum(b2_x1)
    ch = b1_y2.maximum(b2_y2) - b1_y1.minimum(b2_y1)
    c2 = cw**2 + ch**2 + eps
    rho2 = ((b2_x1 + b2_x2 - b1_x1 - b1_x2) ** 2 + (b2_y1 + b2_y2 - b1_y1 - b1_y2) ** 2) / 4
    v = (4 / math.pi**2) * (torch.atan(w2 / (h2 + eps)) - torch.atan(w1 / (h1 + eps))).pow(2)
    with torch.no_grad():
        alpha = v / (v - iou + (1 + eps))
    return (iou - (rho2 / c2 + v * alpha)).squeeze(-1)


def v8_loss(levels, targets, model):
    """ultralytics utils/loss.py v8DetectionLoss: class BCE over every anchor point, the
    TaskAlignedAssigner's (batch, boxes, anchors) metrics under no_grad (topk 10), then DFL and CIoU over
    the assigned points (taken at 10 a box: the assigner's topk)."""
    b, boxes = targets.shape[0], targets.shape[1]
    reg = 4 * 16
    feats = torch.cat([x.view(b, reg + model.nc, -1) for x in levels], 2)
    pred_distri, pred_scores = feats.split((reg, model.nc), 1)
    pred_scores = pred_scores.permute(0, 2, 1).contiguous()
    pred_distri = pred_distri.permute(0, 2, 1).contiguous()
    anchors = pred_scores.shape[1]
    # bbox_decode: softmax over the 16 bins, their expectation: (b, anchors, 4).
    pred_bboxes = pred_distri.view(b, anchors, 4, 16).softmax(3).matmul(torch.arange(16, dtype=pred_distri.dtype, device=pred_distri.device))
    with torch.no_grad():
        # TaskAlignedAssigner.get_box_metrics / select_candidates_in_gts / select_topk_candidates.
        gt_boxes = targets
        overlaps = _ciou(gt_boxes[:, :, None, :].expand(-1, -1, anchors, -1), pred_bboxes.detach()[:, None, :, :].expand(-1, boxes, -1, -1)).clamp_(0)
        bbox_scores = pred_scores.detach().sigmoid()[:, None, :, 0].expand(-1, boxes, -1)
        align_metric = bbox_scores.pow(0.5) * overlaps.pow(6.0)
        mask_in_gts = torch.ones(b, boxes, anchors, dtype=torch.bool, device=feats.device)
        topk_idxs = torch.topk(align_metric, 10, dim=-1)[1]
        if model.assigner == "one_hot":
            # mmyolo's BatchTaskAlignedAssigner and ultralytics' tal.py before PR #2481 (2023-05-08) mark the
            # top k with an int64 F.one_hot over every anchor point, summed over k (select_topk_candidates).
            count = F.one_hot(topk_idxs, anchors).sum(-2)
        else:
            count = torch.zeros(align_metric.shape, dtype=torch.int8, device=feats.device)
            count.scatter_add_(-1, topk_idxs, torch.ones_like(topk_idxs, dtype=torch.int8))
        mask_pos = count * mask_in_gts
        target_scores = torch.zeros(b, anchors, model.nc, dtype=pred_scores.dtype, device=feats.device)
        del overlaps, bbox_scores, align_metric, mask_in_gts, count, mask_pos
    loss = F.binary_cross_entropy_with_logits(pred_scores, target_scores, reduction="sum") / max(b * boxes, 1)
    picked = torch.randint(0, anchors, (b * boxes * 10,), device=feats.device)
    batch_of = torch.randint(0, b, (b * boxes * 10,), device=feats.device)
    fg_boxes = pred_bboxes[batch_of, picked]
    loss = loss + (1.0 - _ciou(fg_boxes, torch.rand_like(fg_boxes))).mean()
    fg_distri = pred_distri[batch_of, picked].view(-1, 16)
    target = torch.randint(0, 15, (fg_distri.shape[0],), device=feats.device)
    loss = loss + F.cross_entropy(fg_distri, target) + F.cross_entropy(fg_distri, target + 1)
    return loss * b


def _build(table, scale, nc, height, width, anchor_free, boxes):
    def batch(n):
        images = torch.rand(n, 3, height, width)
        xy = torch.rand(n, boxes, 2) * torch.tensor([width, height])
        wh = 8 + torch.rand(n, boxes, 2) * 64
        return (images, torch.cat((xy, wh), -1))

    return {"model": Yolo(table, scale, nc, anchor_free), "batch": batch, "loss": lambda output, _batch: output}


COCO_BOXES = 8  # COCO train2017 averages 7.3 instances an image


def yolov5(size, nc=80, height=640, width=640, is_p6=False, boxes=COCO_BOXES):
    return _build(V5_P6 if is_p6 else V5_P5, V5_SCALES[size], nc, height, width, False, boxes)


def yolov5u(size, nc=80, height=640, width=640, boxes=COCO_BOXES):
    return _build(V5U, V5U_SCALES[size], nc, height, width, True, boxes)


def yolov8(size, nc=80, height=640, width=640, boxes=COCO_BOXES):
    return _build(V8, V8_SCALES[size], nc, height, width, True, boxes)


def __getattr__(name):
    """Factories named `{v5|v5p6|v5u|v8}_{n|s|m|l|x}_{H}x{W}_c{classes}_b{boxes}[_onehot][_ema]`: the family, its
    size, the input, the classes and the most target boxes an image of a batch has (the v8 assigner's
    padding; v5's matches scale with it); `_onehot` marks the v8 assigner's top k with an int64 one-hot
    (mmyolo, ultralytics before PR #2481); `_ema` keeps the EMA copy of the weights the trainers hold on the
    GPU (ultralytics ModelEMA, mmyolo's EMAHook: every parameter and buffer again, no gradients)."""
    match = re.fullmatch(r"(v5|v5p6|v5u|v8)_([nsmlx])_(\d+)x(\d+)_c(\d+)_b(\d+)(_onehot)?(_ema)?", name)
    if match is None:
        raise AttributeError(name)
    family, size, height, width, nc, boxes, one_hot, ema = match.groups()
    sizes = {"height": int(height), "width": int(width), "nc": int(nc), "boxes": int(boxes)}

    def factory():
        if family in ("v5", "v5p6"):
            built = yolov5(size, is_p6=family == "v5p6", **sizes)
        else:
            built = (yolov5u if family == "v5u" else yolov8)(size, **sizes)
        if one_hot:
            built["model"].assigner = "one_hot"
        if ema:
            built["model"].ema = EmaCopy(built["model"])
        return built

    factory.__name__ = name
    return factory


class EmaCopy(nn.Module):
    """The EMA model the trainers keep on the GPU: every parameter and buffer copied, none trained."""

    def __init__(self, model):
        super().__init__()
        for i, tensor in enumerate(list(model.parameters()) + list(model.buffers())):
            self.register_buffer(f"t{i}", torch.empty_like(tensor))


def yolov5n_coco():
    return yolov5("n")


def yolov5s_coco():
    return yolov5("s")


def yolov5m_coco():
    return yolov5("m")


def yolov5l_coco():
    return yolov5("l")


def yolov5l6_coco():
    return yolov5("l", height=1280, width=1280, is_p6=True)


def yolov8s_coco():
    return yolov8("s")


def tiny_v5():
    """YOLOv5n at 128 x 160, 3 classes, for the real CPU check."""
    return yolov5("n", nc=3, height=128, width=160)


def tiny_v8():
    return yolov8("n", nc=3, height=128, width=160)


def tiny_v8_onehot():
    """tiny_v8 with the one-hot assigner (mmyolo, ultralytics before PR #2481)."""
    built = tiny_v8()
    built["model"].assigner = "one_hot"
    return built
