// Cards by name: every recorded total is the one in the nvidia-smi output it cites, `--gpu MODEL` and
// `gpus: [{ model }]` plan with it, and a card in decimal GB warns the same on the command line and in YAML.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runHeadroom } from '../cli/test-helpers/run-in-process.js';
import { parseSpec } from '../config/load.js';
import { noSharedMessage, repoRoot, sharedDir } from '../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../test-helpers/scratch.js';
import { cardModels, findCardModel } from './cards.js';
import { plan } from './plan.js';

const MiB = 1024 ** 2;
const seed = path.join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

// The recording each nvidia-smi total comes from (the comments in cards.ts cite the same files).
const recordedIn: Record<string, string> = {
  'h100-80gb': 'table/h100-x2_570.133.20_idle.txt',
  'h100-nvl': 'csv/query-gpu-loop-truncated_h100-nvl.csv',
  gh200: 'table/gh200-x4_590.48.01_idle.txt',
  'a100-40gb': 'table/a100-sxm4-40gb_550.144.03_idle.txt',
  'a100-80gb': 'csv/query-gpu-noheader_a100-sxm4-80gb.csv',
  l40s: 'table/l40s-x8_560.35.05_idle.txt',
  a10g: 'xml/a10g_515.105.01.xml',
  'rtx-a6000': 'csv/query-gpu-loop_rtx-a6000-x2.csv',
  'rtx-pro-6000': 'xml/rtx-pro-6000-blackwell-maxq_590.44.01.xml',
  'rtx-4090': 'xml/rtx-4090_535.86.05.xml',
  'rtx-4080-super': 'table/rtx-4080-super_595.71.05_load.txt',
  'rtx-3090': 'xml/rtx-3090_525.147.05.xml',
  'rtx-3080': 'xml/rtx-3080_595.58.03.xml',
  'rtx-3060': 'xml/rtx-3060_570.124.04.xml',
  'rtx-2080-ti': 'table/rtx-2080-ti-x8_590.48.01_err.txt',
  t4: 'xml/tesla-t4_515.105.01.xml',
  'p100-16gb': 'xml/tesla-p100-pcie-16gb_510.47.03.xml',
};

test('every nvidia-smi total is the one its recording shows', {
  skip: sharedDir() ? false : noSharedMessage,
}, () => {
  const fixtures = path.join(sharedDir()!, 'fixtures', 'nvidia-smi');
  for (const model of cardModels.filter((c) => c.source === 'nvidia-smi')) {
    const file = recordedIn[model.id];
    assert.ok(file, `${model.id}: no recording named`);
    const text = readFileSync(path.join(fixtures, file), 'utf8');
    const mib = model.totalBytes / MiB;
    assert.ok(Number.isInteger(mib), `${model.id}: a whole number of MiB`);
    assert.match(text, new RegExp(`\\b${mib}\\s*MiB`), `${model.id}: ${mib} MiB in ${file}`);
    const words = model.name.replace(/^NVIDIA /, '').split(/[\s-]+/)[0]!;
    assert.ok(text.includes(words), `${model.id}: ${file} names ${words}`);
  }
});

// The recordings with the Reserved line beside the total: the model's total is total − reserved.
const reservedIn: Record<string, string> = {
  'h100-80gb': 'other/h100-mig_590.48.01_load_q.txt',
  'a100-40gb': 'xml/a100-sxm4-40gb-mig_510.47.03.xml',
  'a100-80gb': 'xml/a100-sxm4-80gb-mig_535.54.03.xml',
  a10g: 'xml/a10g_515.105.01.xml',
  'rtx-pro-6000': 'xml/rtx-pro-6000-blackwell-maxq_590.44.01.xml',
  'rtx-4090': 'xml/rtx-4090_535.86.05.xml',
  'rtx-3090': 'xml/rtx-3090_525.147.05.xml',
  'rtx-3080': 'xml/rtx-3080_595.58.03.xml',
  'rtx-3060': 'xml/rtx-3060_570.124.04.xml',
  t4: 'xml/tesla-t4_515.105.01.xml',
  'p100-16gb': 'xml/tesla-p100-pcie-16gb_510.47.03.xml',
};

/** Every (total, reserved) pair of fb_memory_usage / FB Memory Usage in an nvidia-smi -q output, MiB. */
function totalsLessReserved(text: string): number[] {
  const xml = [...text.matchAll(/<total>(\d+) MiB<\/total>\s*<reserved>(\d+) MiB<\/reserved>/g)];
  const plain = [...text.matchAll(/Total\s*:\s*(\d+) MiB\s*\n\s*Reserved\s*:\s*(\d+) MiB/g)];
  return [...xml, ...plain].map((m) => Number(m[1]) - Number(m[2]));
}

test('a total less its Reserved line is what its recording shows', {
  skip: sharedDir() ? false : noSharedMessage,
}, () => {
  const fixtures = path.join(sharedDir()!, 'fixtures', 'nvidia-smi');
  const derived = cardModels.filter((c) => c.source === 'nvidia-smi-less-reserved');
  assert.deepEqual(derived.map((c) => c.id).sort(), Object.keys(reservedIn).sort());
  for (const model of derived) {
    const text = readFileSync(path.join(fixtures, reservedIn[model.id]!), 'utf8');
    assert.ok(totalsLessReserved(text).includes(model.totalBytes / MiB), `${model.id}: total − reserved`);
  }
});

test("on the H200 measured, nvidia-smi total − Reserved is CUDA's total (within nvidia-smi's 1 MiB rounding)", () => {
  const xml = readFileSync(
    path.join(repoRoot, 'test', 'framework-logs', 'gpu-h200', 'nvidia-smi-q-x.xml'),
    'utf8',
  );
  assert.deepEqual(totalsLessReserved(xml), [143_155]);
  const cudaMiB = findCardModel('h200')!.totalBytes / MiB; // 143155.94: nvidia-smi prints whole MiB
  assert.ok(Math.abs(cudaMiB - 143_155) < 1, `${cudaMiB} MiB`);
});

test('the H200 total is what CUDA reported on a real H200 (test/gpu/check.py)', () => {
  const h200 = findCardModel('H200')!;
  assert.equal(h200.source, 'cuda');
  assert.equal(h200.totalBytes, 150_109_880_320);
  // nvidia-smi shows 143771 MiB for the same card: more than CUDA gives a process.
  assert.ok(143_771 * MiB > h200.totalBytes);
});

test('names are read case- and separator-insensitively; unknown ones are undefined', () => {
  assert.equal(findCardModel('A100-40GB')?.id, 'a100-40gb');
  assert.equal(findCardModel('rtx_4090')?.id, 'rtx-4090');
  assert.equal(findCardModel('a100'), undefined);
});

test('--gpu a100-40gb plans with the recorded total and says where it comes from', async () => {
  const { code, stdout } = await runHeadroom(['plan', '-c', seed, '--gpu', 'a100-40gb', '--json'], {
    cwd: scratchDir('cards'),
  });
  assert.equal(code, 0);
  const planned = JSON.parse(stdout);
  assert.equal(planned.devices[0].totalBytes, (40_960 - 605) * MiB);
  assert.equal(planned.devices[0].model, 'a100-40gb');
  const note = planned.findings.find((f: { code: string }) => f.code === 'gpu-model-total');
  assert.match(note.message, /nvidia-smi's memory\.total less its Reserved line: what CUDA reports/);
});

test('--gpu 40GB warns as gpus: [{ memory: 40GB }] does, naming what such cards report', async () => {
  const { stdout } = await runHeadroom(['plan', '-c', seed, '--gpu', '40GB', '--json'], {
    cwd: scratchDir('cards'),
  });
  const fromFlag = JSON.parse(stdout).findings.find((f: { code: string }) => f.code === 'gpu-size-decimal');
  assert.match(
    fromFlag.message,
    /^--gpu: 40GB is read as 37\.25 GiB .*a100-40gb 39\.41 GiB.*name the card \(a100-40gb\) or write 40GiB$/,
  );
  const spec = parseSpec(
    'gpus:\n  - memory: 40GB\nprocesses:\n  p: { framework: jax, gpu_memory: 30% }\n',
    'h.yaml',
  );
  const fromYaml = plan(spec, { devices: spec.gpus, inheritedEnv: {} }).findings.find(
    (f) => f.code === 'gpu-size-decimal',
  );
  assert.equal(fromYaml?.severity, fromFlag.severity);
  assert.equal(fromYaml?.message.replace(/^gpus\[0\]\.memory/, '--gpu'), fromFlag.message);
});

test('gpus: [{ model }] in YAML, and an unknown model is a config error with a suggestion', () => {
  const spec = parseSpec(
    'gpus:\n  - model: h100-80gb\nprocesses:\n  p: { framework: jax, gpu_memory: 30% }\n',
    'h.yaml',
  );
  assert.equal(spec.gpus[0]?.totalBytes, (81_559 - 479) * MiB);
  assert.equal(spec.gpus[0]?.name, 'NVIDIA H100 80GB HBM3');
  assert.throws(
    () => parseSpec('gpus:\n  - model: h100-80g\nprocesses:\n  p: { framework: jax }\n', 'h.yaml'),
    /h\.yaml:2:\d+: gpus\[0\]\.model: unknown card model "h100-80g"; did you mean "h100-80gb"\?/,
  );
  assert.throws(
    () => parseSpec('gpus:\n  - name: x\nprocesses:\n  p: { framework: jax }\n', 'h.yaml'),
    /gpus\[0\]: give memory \(24GiB\) or model \(a100-40gb\)/,
  );
});

test('a decimal budget (gpu_memory: 8G) warns, as a decimal flag does', () => {
  const spec = parseSpec(
    'gpus:\n  - memory: 24GiB\nprocesses:\n  p: { framework: jax, gpu_memory: 8G }\n',
    'h.yaml',
  );
  const finding = plan(spec, { devices: spec.gpus, inheritedEnv: {} }).findings.find(
    (f) => f.code === 'size-decimal',
  );
  assert.equal(finding?.severity, 'warning');
  assert.equal(
    finding?.message,
    'processes.p.gpu_memory: 8G is read as 7.45 GiB (decimal, 1 GB = 10^9 B); write 8GiB if you meant 8 GiB',
  );
});
