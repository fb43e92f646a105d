// model.yolo: YOLOv5 (P5, P6), YOLOv5u, YOLOv8 and YOLO11. Parameters are checked against the counts the
// projects publish and the training logs print; the activations the walk says autograd keeps are checked against
// the same networks built in plain torch (test-helpers/yolo_torch.py) and run by a real PyTorch 2.13 step on CPU
// (saved_tensors_hooks count every tensor saved for backward, once per storage, parameters and buffers aside).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../errors.js';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import type { YoloSpec } from './types.js';
import { assignerBytes, assignerBytesPerPair, walkYolo, yoloLossBytes } from './yolo.js';

const yolo = (fields: Partial<YoloSpec> & Pick<YoloSpec, 'version' | 'scale'>): YoloSpec => ({
  classes: 80,
  input: [3, 640, 640],
  isP6: false,
  maxObjects: 0,
  assigner: 'count',
  isEma: true,
  ...fields,
});

test('parameters are the published counts of every scale, and those the training logs print', () => {
  const cases: [YoloSpec, number, 'params' | 'fusedParams'][] = [
    // ultralytics/yolov5 v6.x model summaries (train.py, before fusing): n, s.
    [yolo({ version: 'v5', scale: 'n' }), 1_872_157, 'params'],
    [yolo({ version: 'v5', scale: 's' }), 7_235_389, 'params'],
    // … and val.py's after fusing each conv with its BatchNorm (one bias for the two affine vectors): m, l, x.
    [yolo({ version: 'v5', scale: 'm' }), 21_172_173, 'fusedParams'],
    [yolo({ version: 'v5', scale: 'l' }), 46_533_693, 'fusedParams'],
    [yolo({ version: 'v5', scale: 'x' }), 86_705_005, 'fusedParams'],
    [yolo({ version: 'v5', scale: 's' }), 7_225_885, 'fusedParams'],
    // ultralytics docs (models/yolov8, models/yolo11; the model summaries): 80 classes.
    [yolo({ version: 'v8', scale: 'n' }), 3_157_200, 'params'],
    [yolo({ version: 'v8', scale: 's' }), 11_166_560, 'params'],
    [yolo({ version: 'v8', scale: 'm' }), 25_902_640, 'params'],
    [yolo({ version: 'v8', scale: 'l' }), 43_691_520, 'params'],
    [yolo({ version: 'v8', scale: 'x' }), 68_229_648, 'params'],
    [yolo({ version: 'v11', scale: 'n' }), 2_624_080, 'params'],
    [yolo({ version: 'v11', scale: 's' }), 9_458_752, 'params'],
    [yolo({ version: 'v11', scale: 'm' }), 20_114_688, 'params'],
    [yolo({ version: 'v11', scale: 'l' }), 25_372_160, 'params'],
    [yolo({ version: 'v11', scale: 'x' }), 56_966_176, 'params'],
    [yolo({ version: 'v5u', scale: 'n' }), 2_654_816, 'params'],
    [yolo({ version: 'v5u', scale: 's' }), 9_153_152, 'params'],
    // One class, as round 25's training logs print them (published-measured-round25.ts S6, S7).
    [yolo({ version: 'v5', scale: 'n', isP6: true, classes: 1 }), 3_094_312, 'params'],
    [yolo({ version: 'v8', scale: 's', classes: 1 }), 11_135_987, 'params'],
    [yolo({ version: 'v11', scale: 's', classes: 1 }), 9_428_179, 'params'],
    [yolo({ version: 'v5u', scale: 's', classes: 1 }), 9_122_579, 'params'],
    [yolo({ version: 'v5u', scale: 'n', classes: 1 }), 2_508_659, 'params'],
  ];
  for (const [spec, published, field] of cases) {
    const label = `${spec.version}${spec.scale}${spec.isP6 ? '6' : ''} ${spec.classes} classes (${field})`;
    assert.equal(walkYolo(spec)[field], published, label);
  }
});

const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'yolo_torch.py');

const realSteps = (
  options: Record<string, unknown>[],
): { params: number; buffersBytes: number; saved: number }[] => {
  const run = spawnSync(...cpuBounded(300, frameworksPython() as string, [helper, JSON.stringify(options)]), {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim());
};

test('activations kept for backward match a real PyTorch 2.13 step of the same network on CPU within 2%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const input: [number, number, number] = [3, 96, 128];
  const specs = [
    yolo({ version: 'v5', scale: 'n', input }),
    yolo({ version: 'v5', scale: 'n', isP6: true, classes: 1, input: [3, 128, 192] }),
    yolo({ version: 'v5u', scale: 'n', classes: 1, input }),
    yolo({ version: 'v8', scale: 's', classes: 1, input }),
    yolo({ version: 'v11', scale: 'm', classes: 3, input }),
    // Pose heads (ultralytics Pose): WIDER FACE's 5 landmarks × 3, COCO's 17 × 3.
    yolo({ version: 'v8', scale: 's', classes: 1, input, keypointShape: [5, 3] }),
    yolo({ version: 'v11', scale: 's', classes: 1, input, keypointShape: [17, 3] }),
  ];
  const reals = realSteps(
    specs.map((spec) => ({
      version: spec.version,
      scale: spec.scale,
      classes: spec.classes,
      p6: spec.isP6,
      keypoints: spec.keypointShape,
      input: spec.input,
      batch: 2,
    })),
  );
  specs.forEach((spec, i) => {
    const real = reals[i] ?? { params: 0, buffersBytes: 0, saved: 1 };
    const walk = walkYolo(spec);
    const label = `${spec.version}${spec.scale}${spec.isP6 ? '6' : ''}`;
    assert.equal(walk.params, real.params, `${label}: parameters as the modules hold them`);
    assert.equal(walk.buffersBytes, real.buffersBytes, `${label}: buffers`);
    // fp32 on CPU: every kept value is 4 bytes; the loss keeps what it keeps without autocast.
    const ruleBytes = 2 * (4 * walk.savedValues + walk.indexBytes + yoloLossBytes(spec, walk, false));
    t.diagnostic(`${label}: torch saved ${real.saved} B, the rule ${ruleBytes} B`);
    assert.ok(
      Math.abs(ruleBytes - real.saved) / real.saved <= 0.02,
      `${label}: ${ruleBytes} vs ${real.saved}`,
    );
  });
});

test("the assigner's working set is what ultralytics PR #25240 measured within 10%", () => {
  // Batch 16 at 640 px (8,400 anchor points), 365 classes (Objects365), 300 boxes per image: 1.52 GB before the PR.
  const bytes = assignerBytes({ batch: 16, boxes: 300, anchors: 8400, classes: 365, bytesPerValue: 2 });
  assert.ok(Math.abs(bytes - 1.52e9) / 1.52e9 <= 0.1, `${bytes}`);
  assert.equal(
    walkYolo(yolo({ version: 'v8', scale: 'n' })).levels.reduce((a, l) => a + l.positions, 0),
    8400,
  );
});

test("the one-hot assigner (mmyolo's, ultralytics' before PR #2481) holds 104 B per image × box × anchor point", () => {
  // F.one_hot of the top 10 indices, int64 (80 B), its sum (8 B), beside four fp32 maps (16 B): measured with
  // real torch 2.13 on CPU as 88.0 B of new storages per pair beside the four maps (b 4, n 20, A 8,400).
  assert.equal(assignerBytesPerPair('one_hot'), 104);
  assert.equal(assignerBytesPerPair('count'), 32);
  // mmyolo's YOLOv8 at 16 images of 640 px and 29 boxes: the one-hot top-k dominates the target scores.
  const options = { batch: 16, boxes: 29, anchors: 8400, classes: 80, bytesPerValue: 2 };
  const scores = 16 * 8400 * 80;
  assert.equal(assignerBytes({ ...options, assigner: 'one_hot' }), 104 * 16 * 29 * 8400 + 2 * scores);
  assert.equal(assignerBytes(options), 12 * 16 * 29 * 8400 + 17 * scores + 2 * scores);
});

const spec = (yaml: string) => parseEstimateSpec(yaml, 'yolo.yaml');

test('a yolo spec: its parts, the EMA copy and the assigner; bad input refused with file, line and field', () => {
  const result = (extra: string) =>
    estimate(
      spec(
        `model:\n  yolo: { version: v8, scale: s, classes: 1, input: [3, 800, 800]${extra} }\ntraining: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 8 }`,
      ),
    );
  const plain = result('');
  const part = (name: string, r = plain) => r.gpu.components.find((c) => c.name === name);
  assert.ok((part('activations (YOLO backbone, neck and head)')?.bytes ?? 0) > 1e9);
  assert.equal(part('EMA copy of the model')?.bytes, 11_135_987 * 4 + 80_584);
  // Unsaid, the boxes are COCO's 100, as model.detector's (to-spec-model.ts defaultMaxObjects); 0 leaves it out.
  assert.equal(part('task-aligned assigner working set')?.bytes, 32 * 8 * 100 * 13_125 + 8 * 13_125 * 2);
  assert.equal(part('task-aligned assigner working set', result(', max_objects: 0')), undefined);
  const notes = spec('model:\n  yolo: { version: v8, scale: s, input: [3, 640, 640] }').model.notes;
  assert.ok(notes.some((note) => note.includes('max_objects, default: COCO')));
  const crowded = result(', max_objects: 1000');
  assert.equal(
    part('task-aligned assigner working set', crowded)?.bytes,
    32 * 8 * 1000 * 13_125 + 8 * 13_125 * 2,
  );
  assert.equal(
    part('task-aligned assigner working set', result(', max_objects: 1000, assigner: one_hot'))?.bytes,
    104 * 8 * 1000 * 13_125 + 8 * 13_125 * 2,
  );
  assert.throws(
    () => spec('model:\n  yolo: { version: v8, scale: s, input: [3, 640, 640], assigner: onehot }\n'),
    /model\.yolo\.assigner: expected one of count, one_hot/,
  );
  assert.equal(part('EMA copy of the model', result(', ema: false')), undefined);
  assert.throws(
    () => spec('model:\n  yolo:\n    version: v9\n    scale: s\n    input: [3, 640, 640]\n'),
    /yolo\.yaml:3:14: model\.yolo\.version: expected one of v5, v5u, v8, v11/,
  );
  assert.throws(
    () => spec('model:\n  yolo:\n    version: v8\n    scale: s\n    input: 640\n'),
    /yolo\.yaml:5:12: model\.yolo\.input: expected an array, got 640/,
  );
  assert.throws(
    () => spec('model:\n  yolo: { version: v8, scale: s, p6: true, input: [3, 640, 640] }\n'),
    /model\.yolo\.p6: is a YOLOv5 layout: needs version v5/,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  yolo: { version: v8, scale: s, input: [3, 640, 640] }\n  transformer: { layers: 2, hidden: 64, heads: 2, seq_len: 8 }',
      ),
    /give yolo alone/,
  );
});

test("the Pose head (model.yolo.keypoints): ultralytics' parameter counts, and its errors located (exit 2)", () => {
  const pose = (
    version: 'v8' | 'v11',
    scale: 'n' | 's' | 'm',
    classes: number,
    keypointShape: [number, number],
  ) => walkYolo(yolo({ version, scale, classes, input: [3, 800, 800], keypointShape }));
  // The training logs' model summaries, before fusing (yolo11face's pose_train.py, published-measured-round31/32.ts):
  // YOLOv8s-pose and YOLO11s-pose, one class, kpt_shape [5, 3].
  assert.equal(pose('v8', 's', 1, [5, 3]).params, 11_423_552);
  assert.equal(pose('v11', 's', 1, [5, 3]).params, 9_715_744);
  // ultralytics' pose docs (COCO kpt_shape [17, 3], one class; the fused counts): YOLOv8n/s/m-pose 3.3M, 11.6M, 26.4M;
  // YOLO11n/s/m-pose 2.9M, 9.9M, 20.9M.
  for (const [version, scale, millions] of [
    ['v8', 'n', 3.3],
    ['v8', 's', 11.6],
    ['v8', 'm', 26.4],
    ['v11', 'n', 2.9],
    ['v11', 's', 9.9],
    ['v11', 'm', 20.9],
  ] as const)
    assert.equal(
      Math.round(pose(version, scale, 1, [17, 3]).fusedParams / 1e5) / 10,
      millions,
      `${version}${scale}-pose`,
    );
  assert.throws(
    () => spec('model:\n  yolo: { version: v5, scale: s, input: [3, 640, 640], keypoints: [17, 3] }\n'),
    (error: unknown) =>
      error instanceof ConfigError &&
      error.exitCode === 2 &&
      /yolo\.yaml:2:\d+: model\.yolo\.keypoints: .*anchor-free/.test(error.message),
  );
  assert.throws(
    () => spec('model:\n  yolo: { version: v8, scale: s, input: [3, 640, 640], keypoints: [17] }\n'),
    /yolo\.yaml:2:\d+: model\.yolo\.keypoints: expected \[keypoints, values per keypoint\]/,
  );
});
