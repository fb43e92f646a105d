"""mmsegmentation's FCN, PSPNet and DeepLabV3 on ResNetV1c-D8, in plain torch: the real-CPU-step check of the
analytic rules in dilated-resnet.ts (saved bytes counted by storage, saved_bytes.py).

Built as mmsegmentation's configs/_base_/models/{fcn,pspnet,deeplabv3}_r50-d8.py (v0.x and 1.x) build them:
ResNetV1c (a deep stem of three 3x3 ConvModules 32, 32, 64 and a 3x3 max pool; style pytorch: the stride on
each bottleneck's 3x3), strides (1, 2, 1, 1), dilations (1, 1, 2, 4) with contract_dilation (the first block of
a dilated stage at half the dilation), BatchNorm (SyncBN keeps the same tensors); decode heads on stage 4:
FCNHead (num_convs 2, concat_input: the input and the last conv's output concatenated into a 3x3 conv_cat),
PSPHead (pool scales 1, 2, 3, 6, each an adaptive average pool and a 1x1 ConvModule, resized back and
concatenated with the input into a 3x3 bottleneck), ASPPHead (an image pool with a 1x1 ConvModule, a 1x1 and
three 3x3 ConvModules at dilations 12, 24, 36, concatenated into a 3x3 bottleneck), DepthwiseSeparableASPPHead (DeepLabV3+, below); each with Dropout2d(0.1)
and a 1x1 conv_seg; an auxiliary FCNHead on stage 3 (one 3x3 ConvModule, no concat_input). Every head's
logits are resized to the crop (bilinear) for CrossEntropyLoss(ignore_index=255); the auxiliary loss weighs 0.4.

    python dilated_resnet_torch.py '[{"depth": 50, "decoder": "psp", "classes": 19, "channels": 512,
                                      "aux_channels": 256, "crop": [64, 128], "batch": 2}]'
"""

import json
import os
import sys

import torch
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from saved_bytes import saved_bytes  # noqa: E402


# The backbone is the one `estimate --trace-module pspnet:...` traces (examples/trace/pspnet.py): one network, so
# the analytic rule is checked against exactly what the trace runs.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples", "trace"))
from pspnet import ResNetV1cD8  # noqa: E402
from pspnet import conv_bn_relu as conv_module  # noqa: E402


def resize(x, size):
    return F.interpolate(x, size=size, mode='bilinear', align_corners=False)


class FCNHead(nn.Module):
    def __init__(self, cin, channels, classes, convs, concat):
        super().__init__()
        self.convs = nn.Sequential(*[conv_module(cin if i == 0 else channels, channels) for i in range(convs)])
        self.concat = conv_module(cin + channels, channels) if concat else None
        self.seg = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))

    def forward(self, x):
        out = self.convs(x)
        if self.concat is not None:
            out = self.concat(torch.cat([x, out], 1))
        return self.seg(out)


class PSPHead(nn.Module):
    def __init__(self, cin, channels, classes):
        super().__init__()
        self.ppm = nn.ModuleList(nn.Sequential(nn.AdaptiveAvgPool2d(s), conv_module(cin, channels, 1)) for s in (1, 2, 3, 6))
        self.bottleneck = conv_module(cin + 4 * channels, channels)
        self.seg = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))

    def forward(self, x):
        size = x.shape[2:]
        return self.seg(self.bottleneck(torch.cat([x, *[resize(b(x), size) for b in self.ppm]], 1)))


class ASPPHead(nn.Module):
    def __init__(self, cin, channels, classes):
        super().__init__()
        self.image_pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), conv_module(cin, channels, 1))
        self.aspp = nn.ModuleList(
            conv_module(cin, channels, 1 if d == 1 else 3, dilation=d) for d in (1, 12, 24, 36)
        )
        self.bottleneck = conv_module(5 * channels, channels)
        self.seg = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))

    def forward(self, x):
        outs = [resize(self.image_pool(x), x.shape[2:])] + [m(x) for m in self.aspp]
        return self.seg(self.bottleneck(torch.cat(outs, 1)))


def separable(cin, cout, dilation=1):
    """mmcv's DepthwiseSeparableConvModule: a depthwise 3x3 ConvModule (groups = channels), then a 1x1 one."""
    depthwise = conv_module(cin, cin, 3, dilation=dilation)
    depthwise[0] = nn.Conv2d(cin, cin, 3, padding=dilation, dilation=dilation, groups=cin, bias=False)
    return nn.Sequential(depthwise, conv_module(cin, cout, 1))


class SepASPPHead(nn.Module):
    """mmseg's DepthwiseSeparableASPPHead (DeepLabV3+, decode_heads/sep_aspp_head.py): ASPPHead with its 3x3
    branches depthwise-separable, then the output resized to stage 1's map, concatenated with c1_bottleneck's
    projection of stage 1 and run through two separable 3x3 convs."""

    def __init__(self, cin, channels, classes, c1_in, c1_channels):
        super().__init__()
        self.image_pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), conv_module(cin, channels, 1))
        self.aspp = nn.ModuleList(
            conv_module(cin, channels, 1) if d == 1 else separable(cin, channels, d) for d in (1, 12, 24, 36)
        )
        self.bottleneck = conv_module(5 * channels, channels)
        self.c1_bottleneck = conv_module(c1_in, c1_channels, 1)
        self.sep_bottleneck = nn.Sequential(separable(channels + c1_channels, channels), separable(channels, channels))
        self.seg = nn.Sequential(nn.Dropout2d(0.1), nn.Conv2d(channels, classes, 1))

    def forward(self, c1, x):
        outs = [resize(self.image_pool(x), x.shape[2:])] + [m(x) for m in self.aspp]
        out = self.bottleneck(torch.cat(outs, 1))
        c1_out = self.c1_bottleneck(c1)
        out = torch.cat([resize(out, c1_out.shape[2:]), c1_out], 1)
        return self.seg(self.sep_bottleneck(out))


class Segmenter(nn.Module):
    def __init__(self, depth, decoder, classes, channels, aux_channels, aux_heads):
        super().__init__()
        self.backbone = ResNetV1cD8(depth)
        top = self.backbone.channels
        if decoder == 'fcn':
            self.decode = FCNHead(top, channels, classes, 2, True)
        elif decoder == 'psp':
            self.decode = PSPHead(top, channels, classes)
        elif decoder == 'aspp':
            self.decode = ASPPHead(top, channels, classes)
        else:
            # deeplabv3plus_r50-d8.py: c1_in_channels 256, c1_channels 48 (R-18: 64 and 12).
            self.decode = SepASPPHead(top, channels, classes, top // 8, 12 if depth == 18 else 48)
        self.decoder = decoder
        self.aux = nn.ModuleList(FCNHead(top // 2, aux_channels, classes, 1, False) for _ in range(aux_heads))

    def forward(self, image, label):
        c1, c2, c3, c4 = self.backbone(image)
        crop = label.shape[1:]
        logits = self.decode(c1, c4) if self.decoder == 'sep_aspp' else self.decode(c4)
        loss = F.cross_entropy(resize(logits, crop), label, ignore_index=255)
        for aux in self.aux:
            loss = loss + 0.4 * F.cross_entropy(resize(aux(c3), crop), label, ignore_index=255)
        return loss


def measure(o):
    torch.manual_seed(0)
    model = Segmenter(o['depth'], o['decoder'], o['classes'], o['channels'], o['aux_channels'], o.get('aux_heads', 1))
    result = {
        'params': sum(p.numel() for p in model.parameters()),
        'buffersBytes': sum(t.numel() * t.element_size() for t in model.buffers()),
    }
    if 'crop' in o:
        x = torch.randn(o['batch'], 3, *o['crop'])
        labels = torch.randint(0, o['classes'], (o['batch'], *o['crop']))
        result['saved'] = saved_bytes(model, lambda: model(x, labels))
    return result


def main():
    o = json.loads(sys.argv[1])
    print(json.dumps([measure(x) for x in o] if isinstance(o, list) else measure(o)))


if __name__ == '__main__':
    main()
