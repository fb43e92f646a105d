"""mmdetection's Faster R-CNN (ResNet + FPN, RPN, Shared2FC box head) for `estimate --trace-module`.

model.detector says the trunk, the FPN and the heads by their sizes; the trace runs the network itself:
the frozen first stage, the FPN's in-place top-down adds, the RPN's losses over every anchor, the
proposals, the RoIAlign features of the sampled RoIs and the box head, so every tensor autograd keeps is
counted.

    headroom estimate --trace --trace-module faster_rcnn:r50_coco --batch-size 2 \\
        --optimizer sgd_momentum --params 41753056   # run from this directory

Architecture as mmdetection v2 configs/_base_/models/faster_rcnn_r50_fpn.py builds it: ResNet (style
pytorch: the stride on the 3x3 conv; frozen_stages 1: the stem and the first stage frozen and in eval
mode; norm_eval: every BatchNorm in eval mode), FPN (in 256/512/1024/2048, out 256, 5 levels: 1x1
laterals, nearest top-down upsampling added in place, 3x3 outputs, a stride-2 max pool for the fifth),
RPNHead (3x3 conv 256, 3 anchors a position: scales 8, ratios 0.5/1/2, strides 4-64; sigmoid
cross-entropy and L1 over every anchor, 256 sampled an image; 2000 top scores a level before NMS, 1000
proposals kept), StandardRoIHead (SingleRoIExtractor: RoIAlign 7x7 on the four finest levels;
RandomSampler 512 RoIs an image with the ground truths added as proposals; Shared2FCBBoxHead: two FC
1024, class-specific boxes, cross-entropy and L1). What depends on the data is taken at its fixed size:
NMS keeps the 1000 proposals max_per_img allows, the samplers fill their 256 and 512, the RoIs are spread
evenly over the four levels (the level only picks which map a RoI reads; their features are allocated
together), and each image has 100 ground-truth boxes: the running max_memory_allocated keeps the most crowded image's
IoU matrix (MaxIoUAssigner), and "popular object detection datasets usually annotate less than 100 gts"
(open-mmlab/mmdetection issue #188; model.detector.max_objects' default, src/estimate/detector.ts).
mmcv's RoIAlign CUDA kernel keeps only the RoIs for backward and writes into a zero gradient of the
whole map (mmcv/ops/roi_align.py RoIAlignFunction): RoIAlign below allocates the same, computing no
values (the trace counts memory, not numbers).
"""

import torch
from torch import nn
from torch.nn import functional as F

ANCHORS = 3  # scales (8,) x ratios (0.5, 1.0, 2.0)
STRIDES = (4, 8, 16, 32, 64)
GT_PER_IMAGE = 100


def conv_bn(cin, cout, kernel, stride=1):
    return nn.Sequential(nn.Conv2d(cin, cout, kernel, stride, padding=kernel // 2, bias=False), nn.BatchNorm2d(cout))


class Bottleneck(nn.Module):
    def __init__(self, cin, width, stride):
        super().__init__()
        cout = width * 4
        self.conv1 = conv_bn(cin, width, 1)
        self.conv2 = conv_bn(width, width, 3, stride)  # style pytorch: the stride on the 3x3 conv
        self.conv3 = conv_bn(width, cout, 1)
        self.downsample = conv_bn(cin, cout, 1, stride) if stride != 1 or cin != cout else None

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = F.relu(self.conv1(x), inplace=True)
        out = F.relu(self.conv2(out), inplace=True)
        return F.relu(self.conv3(out) + identity, inplace=True)


class ResNet(nn.Module):
    def __init__(self, depth):
        super().__init__()
        counts = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3)}[depth]
        self.stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, 1))
        cin, self.stages = 64, nn.ModuleList()
        for i, count in enumerate(counts):
            width = 64 * 2**i
            blocks = [Bottleneck(cin, width, 1 if i == 0 else 2)]
            blocks += [Bottleneck(width * 4, width, 1) for _ in range(count - 1)]
            self.stages.append(nn.Sequential(*blocks))
            cin = width * 4
        # frozen_stages 1: the stem and the first stage train nothing.
        for module in (self.stem, self.stages[0]):
            module.requires_grad_(False)

    def forward(self, x):
        x = self.stem(x)
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        return outs


class FPN(nn.Module):
    def __init__(self, channels=(256, 512, 1024, 2048), out=256):
        super().__init__()
        self.lateral = nn.ModuleList(nn.Conv2d(c, out, 1) for c in channels)
        self.output = nn.ModuleList(nn.Conv2d(out, out, 3, padding=1) for _ in channels)

    def forward(self, feats):
        laterals = [conv(f) for conv, f in zip(self.lateral, feats)]
        for i in range(len(laterals) - 1, 0, -1):
            # mmdet v2 FPN.forward: `laterals[i - 1] += F.interpolate(laterals[i], size=prev_shape, mode='nearest')`
            laterals[i - 1] += F.interpolate(laterals[i], size=laterals[i - 1].shape[2:], mode="nearest")
        outs = [conv(x) for conv, x in zip(self.output, laterals)]
        outs.append(F.max_pool2d(outs[-1], 1, stride=2))
        return outs


class RoIAlign(torch.autograd.Function):
    """mmcv's roi_align as memory: the output (RoIs x C x 7 x 7), the RoIs kept, a zero map gradient."""

    @staticmethod
    def forward(ctx, feat, rois):
        ctx.save_for_backward(rois)
        ctx.shape = feat.shape
        return feat.new_zeros(rois.shape[0], feat.shape[1], 7, 7)

    @staticmethod
    def backward(ctx, grad):
        return grad.new_zeros(ctx.shape), None


def anchors_of(feat, stride):
    """AnchorGenerator.grid_priors: 3 base anchors shifted to every position of the level (x1, y1, x2, y2)."""
    height, width = feat.shape[-2:]
    side = 8.0 * stride
    ratios = torch.tensor([0.5, 1.0, 2.0], device=feat.device)
    h_ratios = ratios.sqrt()
    w, h = side / h_ratios, side * h_ratios
    base = torch.stack([-0.5 * w, -0.5 * h, 0.5 * w, 0.5 * h], dim=-1)
    xs = torch.arange(0, width, device=feat.device) * stride
    ys = torch.arange(0, height, device=feat.device) * stride
    yy, xx = torch.meshgrid(ys, xs, indexing="ij")
    shifts = torch.stack([xx.reshape(-1), yy.reshape(-1), xx.reshape(-1), yy.reshape(-1)], dim=-1).float()
    return (base[None] + shifts[:, None]).reshape(-1, 4)


def overlaps(a, b):
    """bbox_overlaps(a, b): IoU of every pair, (len(a), len(b))."""
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    area_a = (a[:, 2] - a[:, 0]) * (a[:, 3] - a[:, 1])
    area_b = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    return inter / (area_a[:, None] + area_b[None] - inter).clamp(min=1e-6)


def encode(boxes, gts):
    """DeltaXYWHBBoxCoder.encode: (dx, dy, dw, dh) of each box to its ground truth."""
    pw, ph = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    gw, gh = gts[:, 2] - gts[:, 0], gts[:, 3] - gts[:, 1]
    dx = ((gts[:, 0] + gts[:, 2]) - (boxes[:, 0] + boxes[:, 2])) * 0.5 / pw
    dy = ((gts[:, 1] + gts[:, 3]) - (boxes[:, 1] + boxes[:, 3])) * 0.5 / ph
    return torch.stack([dx, dy, torch.log(gw / pw), torch.log(gh / ph)], dim=-1)


def decode(boxes, deltas):
    """DeltaXYWHBBoxCoder.decode."""
    pw, ph = boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]
    cx, cy = (boxes[:, 0] + boxes[:, 2]) * 0.5 + deltas[:, 0] * pw, (boxes[:, 1] + boxes[:, 3]) * 0.5 + deltas[:, 1] * ph
    w, h = pw * deltas[:, 2].clamp(max=4.135).exp(), ph * deltas[:, 3].clamp(max=4.135).exp()
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h], dim=-1)


def assign_and_sample(boxes, gts, count):
    """MaxIoUAssigner then RandomSampler at its fixed size: the IoU matrix, each box's best ground truth,
    `count` sampled boxes (the first quarter or half positive) with their ground truth's box."""
    iou = overlaps(gts, boxes)
    best, which = iou.max(dim=0)
    del iou
    picked = torch.randperm(boxes.shape[0], device=boxes.device)[:count]
    return picked, which[picked], best


class FasterRCNN(nn.Module):
    def __init__(self, depth=50, classes=80):
        super().__init__()
        self.classes = classes
        self.backbone = ResNet(depth)
        self.neck = FPN()
        self.rpn_conv = nn.Conv2d(256, 256, 3, padding=1)
        self.rpn_cls = nn.Conv2d(256, ANCHORS, 1)
        self.rpn_reg = nn.Conv2d(256, ANCHORS * 4, 1)
        self.fc1 = nn.Linear(256 * 7 * 7, 1024)
        self.fc2 = nn.Linear(1024, 1024)
        self.fc_cls = nn.Linear(1024, classes + 1)
        self.fc_reg = nn.Linear(1024, classes * 4)
        self.train()

    def train(self, mode=True):
        # mmdet ResNet.train: norm_eval keeps every BatchNorm in eval mode; the frozen stages stay in eval.
        super().train(mode)
        for module in self.backbone.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.eval()
        return self

    def forward(self, images, gt_boxes, gt_labels):
        feats = self.neck(self.backbone(images))
        n = images.shape[0]
        # RPNHead.forward_single on each level.
        scores, deltas = [], []
        for feat in feats:
            x = F.relu(self.rpn_conv(feat), inplace=True)
            scores.append(self.rpn_cls(x))
            deltas.append(self.rpn_reg(x))
        anchors = torch.cat([anchors_of(f, s) for f, s in zip(feats, STRIDES)])
        loss = self.rpn_loss(scores, deltas, anchors, gt_boxes)
        proposals = self.proposals(scores, deltas, feats)
        # StandardRoIHead: the ground truths added as proposals, 512 RoIs sampled an image.
        rois, targets, labels = [], [], []
        with torch.no_grad():
            for i in range(n):
                boxes = torch.cat([proposals[i], gt_boxes[i]])
                picked, gt_index, _ = assign_and_sample(boxes, gt_boxes[i], 512)
                rois.append(torch.cat([boxes.new_full((picked.shape[0], 1), i), boxes[picked]], dim=1))
                targets.append(encode(boxes[picked], gt_boxes[i][gt_index]))
                labels.append(gt_labels[i][gt_index])
        rois, targets, labels = torch.cat(rois), torch.cat(targets), torch.cat(labels)
        # SingleRoIExtractor: a zero map of every RoI's features, each level's RoIAlign written into it.
        roi_feats = feats[0].new_zeros(rois.shape[0], 256, 7, 7)
        for level, chunk in enumerate(torch.arange(rois.shape[0], device=rois.device).chunk(4)):
            roi_feats[chunk] = RoIAlign.apply(feats[level], rois[chunk])
        x = F.relu(self.fc1(roi_feats.flatten(1)), inplace=True)
        x = F.relu(self.fc2(x), inplace=True)
        cls_score, bbox_pred = self.fc_cls(x), self.fc_reg(x)
        loss = loss + F.cross_entropy(cls_score, labels)
        # Class-specific boxes: each positive RoI's prediction for its class (the first quarter: pos_fraction 0.25).
        pos = torch.arange(rois.shape[0] // 4, device=rois.device)
        picked = bbox_pred.view(rois.shape[0], -1, 4)[pos, labels[pos]]
        return loss + (picked - targets[pos]).abs().mean()

    def rpn_loss(self, scores, deltas, anchors, gt_boxes):
        """AnchorHead.loss: every anchor's targets and weights, then a sigmoid cross-entropy and an L1 loss
        per level over every anchor, the unsampled ones weighted 0."""
        n, total = gt_boxes.shape[0], anchors.shape[0]
        with torch.no_grad():
            labels = anchors.new_zeros(n, total)
            label_weights = anchors.new_zeros(n, total)
            box_targets = anchors.new_zeros(n, total, 4)
            box_weights = anchors.new_zeros(n, total, 4)
            for i in range(n):
                picked, gt_index, _ = assign_and_sample(anchors, gt_boxes[i], 256)
                positive = picked[:128]
                label_weights[i, picked] = 1.0
                labels[i, positive] = 1.0
                box_targets[i, positive] = encode(anchors[positive], gt_boxes[i][gt_index[:128]])
                box_weights[i, positive] = 1.0
        loss, start = 0, 0
        for score, delta in zip(scores, deltas):
            count = score.shape[1] * score.shape[2] * score.shape[3]
            end = start + count
            score = score.permute(0, 2, 3, 1).reshape(n, -1)
            delta = delta.permute(0, 2, 3, 1).reshape(n, -1, 4)
            cls = F.binary_cross_entropy_with_logits(score, labels[:, start:end], reduction="none")
            loss = loss + (cls * label_weights[:, start:end]).sum() / 256
            reg = torch.abs(delta - box_targets[:, start:end]) * box_weights[:, start:end]
            loss = loss + reg.sum() / 256
            start = end
        return loss

    def proposals(self, scores, deltas, feats):
        """RPNHead._get_bboxes: 2000 top anchors a level by score, decoded; NMS's 1000 kept an image."""
        out = []
        with torch.no_grad():
            for i in range(scores[0].shape[0]):
                boxes, kept = [], []
                for score, delta, feat, stride in zip(scores, deltas, feats, STRIDES):
                    s = score[i].permute(1, 2, 0).reshape(-1).sigmoid()
                    d = delta[i].permute(1, 2, 0).reshape(-1, 4)
                    top = min(2000, s.shape[0])
                    value, index = s.topk(top)
                    boxes.append(decode(anchors_of(feat, stride)[index], d[index]))
                    kept.append(value)
                boxes, values = torch.cat(boxes), torch.cat(kept)
                order = values.argsort(descending=True)[:1000]
                out.append(boxes[order])
        return out


def _build(depth, height, width, classes):
    def batch(n):
        corner = torch.rand(n, GT_PER_IMAGE, 2) * torch.tensor([width / 2, height / 2])
        size = 16 + torch.rand(n, GT_PER_IMAGE, 2) * torch.tensor([width / 2, height / 2])
        boxes = torch.cat([corner, corner + size], dim=-1)
        return (torch.randn(n, 3, height, width), boxes, torch.randint(0, classes, (n, GT_PER_IMAGE)))

    return {"model": FasterRCNN(depth, classes), "batch": batch, "loss": lambda output, _batch: output}


# Each dataset's largest input as its mmdet config resizes and pads it, and its classes: COCO 1333 x 800
# padded to 800 x 1344 (faster_rcnn_r50_fpn_1x_coco), VOC 1000 x 600 padded to 608 x 1024
# (faster_rcnn_r50_fpn_1x_voc0712), Cityscapes 2048 x 1024 (faster_rcnn_r50_fpn_1x_cityscapes).
DATASETS = {"coco": (800, 1344, 80), "voc": (608, 1024, 20), "cityscapes": (1024, 2048, 8)}


def r50_coco():
    return _build(50, *DATASETS["coco"])


def r101_coco():
    return _build(101, *DATASETS["coco"])


def r50_voc():
    return _build(50, *DATASETS["voc"])


def r101_voc():
    return _build(101, *DATASETS["voc"])


def r50_cityscapes():
    return _build(50, *DATASETS["cityscapes"])


def r101_cityscapes():
    return _build(101, *DATASETS["cityscapes"])


def tiny():
    """A small R-50 detector for checking the trace against a real CPU step."""
    return _build(50, 128, 192, 4)
