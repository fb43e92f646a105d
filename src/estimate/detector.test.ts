// model.detector: a ResNet / ResNeXt + FPN detector. Its parameter counts are those the published rounds
// computed from mmdetection's and detectron2's modules, and the activations it says autograd keeps are checked
// against the same network run by a real PyTorch 2.13 step on CPU (saved_tensors_hooks count every tensor
// saved for backward, by storage, parameters and buffers aside). RoIAlign (a torchvision / mmcv op that keeps
// only the boxes) is stood in for by an autograd Function that keeps nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { assignerPairs, detectorCounts, detectorSaved } from './detector.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'detector.yaml');
const detectorOf = (body: string, input = '[3, 800, 1344]') => {
  const detector = spec(`model:\n  detector:\n    input: ${input}\n    ${body}`).model.detector;
  assert.ok(detector);
  return detector;
};

test('parameters and the frozen part are those counted from the mmdetection and detectron2 modules', () => {
  const cases: [string, number, number][] = [
    // mmdet v2 (published-measured-round13.ts): trunk + FPN 3,344,384 + RPN 593,935 + box 14,306,705 + mask 2,643,280.
    [
      'backbone: { depth: 50 }\n    head: mask_rcnn',
      23_508_032 + 3_344_384 + 593_935 + 14_306_705 + 2_643_280,
      225_344,
    ],
    ['backbone: { depth: 101 }\n    head: faster_rcnn', 60_745_184, 225_344],
    [
      'backbone: { depth: 101, groups: 32, width_per_group: 4 }\n    head: rpn',
      42_128_704 + 3_344_384 + 593_935,
      215_360,
    ],
    [
      'backbone: { depth: 101, groups: 64, width_per_group: 4 }\n    head: rpn',
      81_406_272 + 3_344_384 + 593_935,
      402_752,
    ],
    // caffe style: every BatchNorm affine frozen too (ResNet-50's later stages: 50,176).
    [
      'backbone: { depth: 50, stride_in_1x1: true, norm_trained: false }\n    head: rpn',
      23_508_032 + 3_344_384 + 593_935,
      225_344 + 50_176,
    ],
    // RetinaNet (published-measured-round8.ts): R-18 trunk + FPN 3,770,368 + head 6,463,220; R-50 FPN 7,997,440.
    ['backbone: { depth: 18 }\n    head: retinanet', 11_176_512 + 3_770_368 + 6_463_220, 157_504],
    ['backbone: { depth: 50 }\n    head: retinanet', 23_508_032 + 7_997_440 + 6_463_220, 225_344],
    // detectron2 (published-measured-round6.ts): FrozenBN holds buffers, not parameters; stem and res2 frozen.
    [
      'backbone: { depth: 50, norm: frozen_batch_norm, stride_in_1x1: true }\n    head: faster_rcnn',
      41_699_936,
      222_400,
    ],
    [
      'backbone: { depth: 50, norm: frozen_batch_norm, stride_in_1x1: true }\n    head: retinanet',
      37_915_572,
      222_400,
    ],
    [
      'backbone: { depth: 50, norm: frozen_batch_norm, stride_in_1x1: true }\n    head: mask_rcnn',
      44_343_216,
      222_400,
    ],
    [
      'backbone: { depth: 101, norm: frozen_batch_norm, stride_in_1x1: true }\n    head: faster_rcnn',
      60_639_840,
      222_400,
    ],
  ];
  for (const [body, params, frozen] of cases) {
    const counts = detectorCounts(detectorOf(body));
    assert.equal(counts.params, params, body);
    assert.equal(counts.params - counts.trainable, frozen, body);
    const result = estimate(spec(`model:\n  detector:\n    input: [3, 800, 1344]\n    ${body}`));
    assert.equal(result.inputs.params, params, 'the spec counts them when params is absent');
    assert.equal(result.inputs.trainable, params - frozen, 'and the trainable part');
  }
});

const python = `
import json, sys, torch, torch.nn as nn, torch.nn.functional as F
o = json.loads(sys.argv[1])
torch.manual_seed(0)
basic = o['depth'] < 50
blocks = {18: [2, 2, 2, 2], 50: [3, 4, 6, 3]}[o['depth']]
frozen_bn = o['norm'] == 'frozen_batch_norm'
class FrozenBN(nn.Module):  # detectron2 FrozenBatchNorm2d (x * scale + bias, buffers only)
    def __init__(s, c):
        super().__init__()
        for n, v in (('weight', 1.0), ('bias', 0.0), ('running_mean', 0.0), ('running_var', 1.0)):
            s.register_buffer(n, torch.full((c,), v))
    def forward(s, x):
        scale = s.weight * (s.running_var + 1e-5).rsqrt()
        bias = s.bias - s.running_mean * scale
        return x * scale.reshape(1, -1, 1, 1) + bias.reshape(1, -1, 1, 1)
def norm(c):
    return FrozenBN(c) if frozen_bn else nn.BatchNorm2d(c)
class Block(nn.Module):
    def __init__(s, cin, planes, stride):
        super().__init__()
        out = planes if basic else 4 * planes
        if basic:
            s.convs = nn.ModuleList([nn.Conv2d(cin, planes, 3, stride, 1, bias=False), nn.Conv2d(planes, planes, 3, 1, 1, bias=False)])
        else:
            s1, s3 = (stride, 1) if o['stride_in_1x1'] else (1, stride)
            s.convs = nn.ModuleList([nn.Conv2d(cin, planes, 1, s1, bias=False), nn.Conv2d(planes, planes, 3, s3, 1, bias=False), nn.Conv2d(planes, out, 1, bias=False)])
        s.norms = nn.ModuleList([norm(c.out_channels) for c in s.convs])
        s.down = None
        if stride != 1 or cin != out:
            s.down = nn.Sequential(nn.Conv2d(cin, out, 1, stride, bias=False), norm(out))
    def forward(s, x):
        y = x
        for i, (c, n) in enumerate(zip(s.convs, s.norms)):
            y = n(c(y))
            if i < len(s.convs) - 1: y = F.relu(y, inplace=True)
        return F.relu_(y + (s.down(x) if s.down is not None else x))
stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), norm(64), nn.ReLU(inplace=True), nn.MaxPool2d(3, 2, 1))
stages, cin = nn.ModuleList(), 64
for i, n in enumerate(blocks):
    planes = 64 * 2 ** i
    stage = nn.Sequential(*[Block(cin if b == 0 else (planes if basic else 4 * planes), planes, 2 if (b == 0 and i > 0) else 1) for b in range(n)])
    stages.append(stage); cin = planes if basic else 4 * planes
for m in [stem, stages[0]]:
    for p in m.parameters(): p.requires_grad_(False)
for m in list(stem.modules()) + list(stages.modules()):
    if isinstance(m, nn.BatchNorm2d): m.eval()  # norm_eval
C = o['fpn']
outs = [64 * 2 ** i * (1 if basic else 4) for i in range(4)]
head = o['head']
retina = head in ('retinanet', 'rotated_retinanet')
rotated = head in ('rotated_retinanet', 'rotated_faster_rcnn', 'oriented_rcnn', 'roi_trans')
# mmrotate v0.3.4: angle deltas (5), the oriented RPN's midpoint offsets (6), SmoothL1Loss in its RPN and R-CNN.
D = 6 if head == 'oriented_rcnn' else 5 if head == 'rotated_retinanet' else 4
BD = 5 if rotated else 4
smooth = rotated and not retina
ins = outs[1:] if retina else outs
lat = nn.ModuleList([nn.Conv2d(c, C, 1) for c in ins]); fpnc = nn.ModuleList([nn.Conv2d(C, C, 3, 1, 1) for c in ins])
p6 = nn.Conv2d(outs[3], C, 3, 2, 1); p7 = nn.Conv2d(C, C, 3, 2, 1)
A, K = o['anchors'], o['classes']
if retina:
    towers = nn.ModuleList([nn.ModuleList([nn.Conv2d(C, C, 3, 1, 1) for _ in range(4)]) for _ in range(2)])
    cls = nn.Conv2d(C, A * K, 3, 1, 1); reg = nn.Conv2d(C, D * A, 3, 1, 1)
else:
    rpn = nn.Conv2d(C, C, 3, 1, 1); obj = nn.Conv2d(C, A, 1); dlt = nn.Conv2d(C, D * A, 1)
class Pool(torch.autograd.Function):  # RoIAlign: keeps only the boxes
    @staticmethod
    def forward(ctx, x, n, size):
        ctx.shape = x.shape
        return x[:1, :, :size, :size].repeat(n, 1, 1, 1).contiguous()
    @staticmethod
    def backward(ctx, g):
        return g.new_zeros(ctx.shape), None, None
class Focal(torch.autograd.Function):  # mmcv sigmoid_focal_loss: keeps its input, labels and weights
    @staticmethod
    def forward(ctx, x, labels, weight):
        ctx.save_for_backward(x, labels, weight)
        return x.sigmoid().sum()
    @staticmethod
    def backward(ctx, g):
        x, labels, weight = ctx.saved_tensors
        return g * torch.ones_like(x), None, None
stages_n = 2 if head == 'roi_trans' else 1
def box_out(i):  # class-agnostic in every rotated config but RoI Transformer's second stage
    agnostic = head in ('rotated_faster_rcnn', 'oriented_rcnn') or (head == 'roi_trans' and i == 0)
    return BD * (1 if agnostic else K)
boxes = nn.ModuleList([nn.ModuleList([nn.Linear(C * 49, 1024), nn.Linear(1024, 1024), nn.Linear(1024, K + 1), nn.Linear(1024, box_out(i))]) for i in range(stages_n)])
mconvs = nn.ModuleList([nn.Conv2d(C, C, 3, 1, 1) for _ in range(4)]); up = nn.ConvTranspose2d(C, C, 2, 2); mlog = nn.Conv2d(C, K, 1)
mods = [stem, stages, lat, fpnc] + ([p6, p7, towers, cls, reg] if retina else [rpn, obj, dlt])
if not retina and head != 'rpn': mods.append(boxes)
if head == 'mask_rcnn': mods += [mconvs, up, mlog]
params = sum(p.numel() for m in mods for p in m.parameters())
trainable = sum(p.numel() for m in mods for p in m.parameters() if p.requires_grad)
own = set()
for m in mods:
    own |= {t.untyped_storage().data_ptr() for t in list(m.parameters()) + list(m.buffers())}
seen = {}
def pack(t):
    p = t.untyped_storage().data_ptr()
    if p not in own and t.numel() > 64: seen[p] = t.untyped_storage().nbytes()
    return t
B = o['batch']
x = torch.randn(B, *o['input'])
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = stem(x); cs = []
    for st in stages:
        y = st(y); cs.append(y)
    cs_in = cs[1:] if retina else cs
    lats = [l(c) for l, c in zip(lat, cs_in)]
    for i in range(len(lats) - 1, 0, -1):
        lats[i - 1] += F.interpolate(lats[i], size=lats[i - 1].shape[2:], mode='nearest')
    ps = [f(l) for f, l in zip(fpnc, lats)]
    if retina:
        ps.append(p6(cs[3])); ps.append(p7(F.relu(ps[-1])))
    else:
        ps.append(F.max_pool2d(ps[-1], 1, stride=2))
    loss = 0
    def l1(d, is_smooth=False):  # mmdet L1Loss / SmoothL1Loss with box weights
        diff = (d - torch.zeros_like(d)).abs()
        if is_smooth: diff = torch.where(diff < 1.0, 0.5 * diff * diff / 1.0, diff - 0.5)
        return (diff * torch.ones_like(d)).sum()
    for p in ps:
        if retina:
            h = p
            for c in towers[0]: h = F.relu(c(h), inplace=True)
            z = cls(h).permute(0, 2, 3, 1).reshape(-1, K)
            loss = loss + Focal.apply(z, torch.zeros(z.shape[0], dtype=torch.long), torch.ones(z.shape[0]))
            h = p
            for c in towers[1]: h = F.relu(c(h), inplace=True)
            loss = loss + l1(reg(h).permute(0, 2, 3, 1).reshape(-1, D))
        else:
            h = F.relu(rpn(p), inplace=True)
            a = obj(h).permute(0, 2, 3, 1).reshape(-1); d = dlt(h).permute(0, 2, 3, 1).reshape(-1, D)
            loss = loss + F.binary_cross_entropy_with_logits(a, torch.zeros_like(a), torch.ones_like(a)) + l1(d, smooth)
    R, P = o.get('rois', 512) * B, int(o.get('rois', 512) * 0.25) * B
    if not retina and head != 'rpn':
        for i, (fc1, fc2, clsh, regh) in enumerate(boxes):
            f = Pool.apply(ps[0], R, 7).flatten(1)
            h = F.relu(fc2(F.relu(fc1(f), inplace=True)), inplace=True)
            r = regh(h)
            picked = r if r.shape[1] == BD else r.view(R, K, BD)[torch.arange(R), torch.zeros(R, dtype=torch.long)]
            loss = loss + F.cross_entropy(clsh(h), torch.zeros(R, dtype=torch.long)) + l1(picked, smooth)
    if head == 'mask_rcnn':
        m = Pool.apply(ps[0], P, 14)
        for c in mconvs: m = F.relu(c(m), inplace=True)
        m = mlog(F.relu(up(m), inplace=True))
        pick = m[torch.arange(P), torch.zeros(P, dtype=torch.long)]
        loss = loss + F.binary_cross_entropy_with_logits(pick, torch.zeros_like(pick))
print(json.dumps({'saved': sum(seen.values()), 'params': params, 'trainable': trainable}))
`;

const realStep = (options: Record<string, unknown>): { saved: number; params: number; trainable: number } => {
  const run = spawnSync(
    ...cpuBounded(120, frameworksPython() as string, ['-c', python, JSON.stringify(options)]),
    { encoding: 'utf8', timeout: hangBackstopMs },
  );
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim());
};

test('activations kept for backward match a real PyTorch 2.13 step on CPU within 3%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const input = [3, 160, 224];
  const runs: [string, Record<string, unknown>][] = [
    [
      'backbone: { depth: 50 }\n    head: mask_rcnn\n    rois: 16',
      { depth: 50, norm: 'batch_norm', stride_in_1x1: false, head: 'mask_rcnn', rois: 16 },
    ],
    [
      'backbone: { depth: 50, norm: frozen_batch_norm, stride_in_1x1: true }\n    head: faster_rcnn\n    rois: 16',
      { depth: 50, norm: 'frozen_batch_norm', stride_in_1x1: true, head: 'faster_rcnn', rois: 16 },
    ],
    [
      'backbone: { depth: 18 }\n    head: retinanet\n    classes: 8',
      { depth: 18, norm: 'batch_norm', stride_in_1x1: false, head: 'retinanet', classes: 8, anchors: 9 },
    ],
    // mmrotate v0.3.4's DOTA configs (15 classes): the angle's deltas, the oriented RPN, RoI Transformer's two stages.
    [
      'backbone: { depth: 18 }\n    head: rotated_retinanet\n    classes: 15',
      {
        depth: 18,
        norm: 'batch_norm',
        stride_in_1x1: false,
        head: 'rotated_retinanet',
        classes: 15,
        anchors: 9,
      },
    ],
    ...(['rotated_faster_rcnn', 'oriented_rcnn', 'roi_trans'] as const).map(
      (head): [string, Record<string, unknown>] => [
        `backbone: { depth: 50 }\n    head: ${head}\n    classes: 15\n    rois: 16`,
        { depth: 50, norm: 'batch_norm', stride_in_1x1: false, head, classes: 15, rois: 16 },
      ],
    ),
  ];
  for (const [body, options] of runs) {
    const detector = detectorOf(body, `[${input.join(', ')}]`);
    const real = realStep({ fpn: 256, anchors: 3, classes: 80, batch: 2, input, ...options });
    const torchBytes = real.saved;
    const counts = detectorCounts(detector);
    assert.equal(counts.params, real.params, `${body}: parameters as the modules hold them`);
    assert.equal(counts.trainable, real.trainable, `${body}: trainable parameters`);
    const saved = detectorSaved(detector);
    const ruleBytes = 2 * (4 * (saved.backbone + saved.fpn + saved.head + saved.roi) + saved.indexBytes);
    t.diagnostic(`${body.split('\n')[1]?.trim()}: torch saved ${torchBytes} B, the rule ${ruleBytes} B`);
    assert.ok(
      Math.abs(ruleBytes - torchBytes) / torchBytes <= 0.03,
      `${body}: ${ruleBytes} vs ${torchBytes}`,
    );
  }
});

test('a detector spec: activations grow with the batch; bad input is refused with the field named', () => {
  const at = (batch: number) =>
    estimate(
      spec(
        `model:\n  detector: { input: [3, 800, 1344], backbone: { depth: 50 }, head: mask_rcnn }\ntraining: { batch_size: ${batch} }`,
      ),
    ).gpu.components.find((part) => part.name === 'activations (backbone)')?.bytes ?? 0;
  assert.ok(at(4) > 0 && Math.abs(at(4) - 2 * at(2)) <= 2);
  assert.throws(
    () => spec('model:\n  detector: { input: [3, 800, 1344], backbone: { depth: 50 }, head: yolo }'),
    /model\.detector\.head.*expected one of rpn, faster_rcnn/s,
  );
  assert.throws(
    () => spec('model:\n  detector: { input: [3, 800, 1344], backbone: { depth: 42 }, head: rpn }'),
    /model\.detector\.backbone\.depth.*expected one of 18, 34, 50, 101, 152/s,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  detector: { input: [3, 800, 1344], backbone: { depth: 50 }, head: rpn }\n  transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 8 }',
      ),
    /give detector alone/,
  );
});

test("mmrotate's rotated heads: the README's example runs; a misspelt head is refused at its line", () => {
  const result = estimate(
    spec(
      'model:\n  detector: { input: [3, 1024, 1024], backbone: { depth: 50 }, head: oriented_rcnn, classes: 15 }\ntraining: { batch_size: 2 }',
    ),
  );
  const part = (name: string) => result.gpu.components.find((c) => c.name === name);
  assert.match(part('activations (FPN and dense head)')?.formula ?? '', /oriented RPN head/);
  assert.match(part('activations (RoI heads)')?.formula ?? '', /1 box head on 512 sampled RoIs/);
  // RoI Transformer: two box stages; the second regresses 5 deltas per class (reg_class_agnostic False).
  const oriented = detectorCounts(
    detectorOf('backbone: { depth: 50 }\n    head: oriented_rcnn\n    classes: 15'),
  );
  const roiTrans = detectorCounts(
    detectorOf('backbone: { depth: 50 }\n    head: roi_trans\n    classes: 15'),
  );
  const boxStage = 256 * 49 * 1024 + 1024 + 1024 * 1024 + 1024 + 1025 * 16;
  // oriented RPN's regressor 6 × 3 deltas against the horizontal 4 × 3: 257 × 6 more.
  assert.equal(roiTrans.params - oriented.params, boxStage + 1025 * 75 - 257 * 6);
  assert.throws(
    () =>
      spec(
        'model:\n  detector:\n    input: [3, 1024, 1024]\n    backbone: { depth: 50 }\n    head: rotated_fcos\n',
      ),
    /detector\.yaml:5:11: model\.detector\.head.*rotated_retinanet, rotated_faster_rcnn, oriented_rcnn, roi_trans/s,
  );
});

test("the dense head's anchor assigner: every anchor of P2-P6 against the most boxes in one image", () => {
  // 800 × 1344: P2 200 × 336, P3 100 × 168, P4 50 × 84, P5 25 × 42, the max-pooled P6 13 × 21; 3 anchors each.
  const positions = 200 * 336 + 100 * 168 + 50 * 84 + 25 * 42 + 13 * 21;
  assert.equal(assignerPairs(detectorOf('backbone: { depth: 50 }\n    head: rpn')), 100 * 3 * positions);
  assert.equal(
    assignerPairs(detectorOf('backbone: { depth: 50 }\n    head: faster_rcnn\n    max_objects: 40')),
    40 * 3 * positions,
  );
  assert.equal(assignerPairs(detectorOf('backbone: { depth: 50 }\n    head: rpn\n    max_objects: 0')), 0);
  const parts = estimate(
    spec(`model:
  detector:
    input: [3, 800, 1344]
    backbone: { depth: 50 }
    head: rpn
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }`),
  ).gpu.components;
  const assigner = parts.find((part) => part.name === 'anchor assigner working set');
  assert.equal(assigner?.bytes, 36 * 100 * 3 * positions);
  assert.equal(assigner?.isLossOnly, true);
});

// mmrotate v0.3.4: the two-stage detectors' RPNs assign the boxes made horizontal (obb2xyxy) with mmdet's
// bbox_overlaps; rotated RetinaNet's RBboxOverlaps2D (mmcv box_iou_rotated) keeps only the fp32 ious.
test("the rotated detectors' assigners: horizontal RPNs at 36 B a pair, rotated RetinaNet's rotated IoU at 4 B", () => {
  const assignerOf = (head: string): number =>
    estimate(
      spec(`model:
  detector:
    input: [3, 800, 1344]
    backbone: { depth: 50 }
    head: ${head}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }`),
    ).gpu.components.find((part) => part.name === 'anchor assigner working set')?.bytes ?? 0;
  const rpnPositions = 200 * 336 + 100 * 168 + 50 * 84 + 25 * 42 + 13 * 21;
  for (const head of ['rotated_faster_rcnn', 'oriented_rcnn', 'roi_trans'])
    assert.equal(assignerOf(head), 36 * 100 * 3 * rpnPositions, head);
  // RetinaNet's P3-P7 (P7 7 × 11), 9 anchors a position.
  const retinaPositions = 100 * 168 + 50 * 84 + 25 * 42 + 13 * 21 + 7 * 11;
  assert.equal(assignerOf('rotated_retinanet'), 4 * 100 * 9 * retinaPositions);
  assert.equal(assignerOf('retinanet'), 36 * 100 * 9 * retinaPositions);
});

test("torchvision's fasterrcnn_resnet50_fpn_v2 (head faster_rcnn_v2): its parameters, and the BatchNorm FPN, two-conv RPN and conv box head it keeps", () => {
  const v2 = detectorOf(
    'backbone: { depth: 50, norm: batch_norm }\n    head: faster_rcnn_v2\n    classes: 5',
    '[3, 800, 800]',
  );
  const v1 = detectorOf(
    'backbone: { depth: 50, norm: batch_norm }\n    head: faster_rcnn\n    classes: 5',
    '[3, 800, 800]',
  );
  // The torchinfo summary the lettuce notebook of round 36 prints for torchvision's model with 5 classes and
  // background, the stem and layer1 frozen: "Total params: 43,276,653 ... Non-trainable params: 225,344".
  const counts = detectorCounts(v2);
  assert.equal(counts.params, 43_276_653);
  assert.equal(counts.params - counts.trainable, 225_344);
  const saved2 = detectorSaved(v2);
  const saved1 = detectorSaved(v1);
  const c = 256;
  // Per RoI, counted on a real PyTorch 2.13 step of FastRCNNConvFCHead's layers (saved_bytes.py: 113,952 values, the
  // rule 113,920 with BatchNorm's per-channel statistics aside): the pooled features, BatchNorm's input and the ReLU
  // result of each of the four convs, one FC's ReLU result, where v1 keeps the features and two FC results.
  assert.equal(saved2.roi - saved1.roi, 512 * (8 * c * 49 - 1024));
  // Per FPN position: each BatchNorm's input (the lateral's and the output conv's) and the RPN's second ReLU result
  // (a real step of the lateral, output and two RPN convs: 1,537 values a position beside the lateral's input, the
  // rule 6 × 256 = 1,536).
  const levels = [200 * 200, 100 * 100, 50 * 50, 25 * 25];
  const p6 = 13 * 13;
  assert.equal(saved2.fpn - saved1.fpn, 2 * c * levels.reduce((a, b) => a + b, 0));
  assert.equal(saved2.head - saved1.head, c * (levels.reduce((a, b) => a + b, 0) + p6));
});
