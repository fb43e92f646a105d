"""mmsegmentation's PSPNet (ResNetV1c-D8 backbone, PSPHead, auxiliary FCNHead) for `estimate --trace-module`.

The spec's model.cnn is a sequential stack: it cannot say a residual block's downsample branch, the
pyramid-pooling branches concatenated into a 4096-channel map, the auxiliary head or the logits resized
to the crop for the loss. The trace runs the network itself, so every tensor autograd keeps is counted.

    headroom estimate --trace --trace-module pspnet:r50_512x1024 --batch-size 2 \\
        --optimizer sgd_momentum --params 48975494   # run from this directory

Architecture as mmsegmentation configs/_base_/models/pspnet_r50-d8.py (v0.x and 1.x) builds it:
ResNetV1c (deep stem of three 3x3 convs 32, 32, 64 and a 3x3 max pool), strides (1, 2, 1, 1) and
dilations (1, 1, 2, 4) with contract_dilation, BatchNorm (SyncBN on several GPUs keeps the same
tensors for backward), PSPHead(in 2048, channels 512, pool_scales (1, 2, 3, 6), dropout 0.1),
FCNHead on stage 3 (in 1024, channels 256, one conv, dropout 0.1, loss weight 0.4), 19 Cityscapes
classes; BaseDecodeHead.losses resizes each head's logits to the crop (bilinear, align_corners False)
before CrossEntropyLoss(ignore_index=255). ResNet-18 uses BasicBlock, PSPHead(512, 128), FCNHead(256, 64).
"""

import torch
from torch import nn
from torch.nn import functional as F


def conv_bn_relu(cin, cout, kernel=3, stride=1, dilation=1, relu=True):
    layers = [
        nn.Conv2d(cin, cout, kernel, stride, padding=dilation * (kernel // 2), dilation=dilation, bias=False),
        nn.BatchNorm2d(cout),
    ]
    if relu:
        layers.append(nn.ReLU(inplace=True))
    return nn.Sequential(*layers)


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, cin, width, stride, dilation, downsample):
        super().__init__()
        self.conv1 = conv_bn_relu(cin, width, 1)
        self.conv2 = conv_bn_relu(width, width, 3, stride, dilation)
        self.conv3 = conv_bn_relu(width, width * 4, 1, relu=False)
        self.downsample = downsample
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        return self.relu(self.conv3(self.conv2(self.conv1(x))) + identity)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, cin, width, stride, dilation, downsample):
        super().__init__()
        self.conv1 = conv_bn_relu(cin, width, 3, stride, dilation)
        self.conv2 = conv_bn_relu(width, width, 3, 1, dilation, relu=False)
        self.downsample = downsample
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        return self.relu(self.conv2(self.conv1(x)) + identity)


class ResNetV1cD8(nn.Module):
    def __init__(self, depth):
        super().__init__()
        block, counts = {18: (BasicBlock, (2, 2, 2, 2)), 50: (Bottleneck, (3, 4, 6, 3)), 101: (Bottleneck, (3, 4, 23, 3))}[depth]
        self.stem = nn.Sequential(conv_bn_relu(3, 32, 3, 2), conv_bn_relu(32, 32), conv_bn_relu(32, 64))
        self.pool = nn.MaxPool2d(3, 2, 1)
        cin = 64
        self.stages = nn.ModuleList()
        for i, (count, stride, dilation) in enumerate(zip(counts, (1, 2, 1, 1), (1, 1, 2, 4))):
            width = 64 * 2**i
            cout = width * block.expansion
            downsample = None
            if stride != 1 or cin != cout:
                downsample = conv_bn_relu(cin, cout, 1, stride, relu=False)
            # contract_dilation: the first block of a dilated stage uses half the dilation.
            first = dilation // 2 if dilation > 1 else 1
            blocks = [block(cin, width, stride, first, downsample)]
            blocks += [block(cout, width, 1, dilation, None) for _ in range(count - 1)]
            self.stages.append(nn.Sequential(*blocks))
            cin = cout
        self.channels = cin

    def forward(self, x):
        x = self.pool(self.stem(x))
        outs = []
        for stage in self.stages:
            x = stage(x)
            outs.append(x)
        return outs


class PSPNet(nn.Module):
    def __init__(self, depth=50, classes=19):
        super().__init__()
        self.backbone = ResNetV1cD8(depth)
        top = self.backbone.channels
        channels = 128 if depth == 18 else 512
        self.ppm = nn.ModuleList(
            nn.Sequential(nn.AdaptiveAvgPool2d(scale), conv_bn_relu(top, channels, 1)) for scale in (1, 2, 3, 6)
        )
        self.bottleneck = conv_bn_relu(top + 4 * channels, channels, 3)
        self.cls = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))
        aux_in, aux_channels = top // 2, (64 if depth == 18 else 256)
        self.aux = nn.Sequential(
            conv_bn_relu(aux_in, aux_channels, 3), nn.Dropout2d(0.1), nn.Conv2d(aux_channels, classes, 1)
        )

    def forward(self, image, label):
        c1, c2, c3, c4 = self.backbone(image)
        size = c4.shape[2:]
        pooled = [F.interpolate(branch(c4), size=size, mode="bilinear", align_corners=False) for branch in self.ppm]
        logits = self.cls(self.bottleneck(torch.cat([c4, *pooled], dim=1)))
        aux_logits = self.aux(c3)
        crop = label.shape[1:]
        loss = 0
        for weight, head in ((1.0, logits), (0.4, aux_logits)):
            resized = F.interpolate(head, size=crop, mode="bilinear", align_corners=False)
            loss = loss + weight * F.cross_entropy(resized, label, ignore_index=255)
        return loss


def _build(depth, height, width):
    def batch(n):
        return (torch.randn(n, 3, height, width), torch.randint(0, 19, (n, height, width)))

    return {"model": PSPNet(depth), "batch": batch, "loss": lambda output, _batch: output}


def r18_512x1024():
    return _build(18, 512, 1024)


def r50_512x1024():
    return _build(50, 512, 1024)


def r50_769x769():
    return _build(50, 769, 769)


def r101_512x1024():
    return _build(101, 512, 1024)


def r101_769x769():
    return _build(101, 769, 769)
