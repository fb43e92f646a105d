// `headroom estimate`, run in-process through the CLI's dispatcher (test/e2e: the built CLI's streams).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { writeConfig } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const grpo = join(repoRoot, 'examples', 'grpo', 'estimate.yaml');
const act = join(repoRoot, 'examples', 'act-imitation', 'estimate.yaml');
const GiB = 1024 ** 3;

describe('headroom estimate', () => {
  test('seed 003 --json keeps the contract; the trajectories are 82,476,800 bytes', async () => {
    const { code, stdout, stderr } = await runHeadroom(['estimate', '-c', grpo, '--json']);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    assert.equal(typeof report.gpu.peakBytes, 'number');
    assert.equal(typeof report.host.peakBytes, 'number');
    for (const part of [...report.gpu.components, ...report.host.components]) {
      assert.equal(typeof part.name, 'string');
      assert.equal(typeof part.bytes, 'number');
    }
    const trajectories = report.gpu.components.find((p: { name: string }) => p.name === 'trajectories');
    assert.equal(trajectories.bytes, 82_476_800);
    assert.deepEqual(
      report.fits.map((row: { deviceBytes: number }) => row.deviceBytes / GiB),
      [8, 12, 16, 24, 40, 48, 80, 141],
    );
    assert.deepEqual(Object.keys(report.fits[0]), ['deviceBytes', 'var', 'max']);
    assert.equal(report.fits[0].var, 'B');
    assert.equal(report.solve, undefined);
  });

  test('the text report: GPU then host parts with formulas, the peak, and a fits table', async () => {
    const { code, stdout } = await runHeadroom(['estimate', '-c', grpo]);
    assert.equal(code, 0);
    assert.match(
      stdout,
      /^GPU: torch, fp32, adamw \(hf convention, foreach\); batch 8 \(B=2, G=4, T=50, K=3, S=1\)/,
    );
    assert.match(stdout, /trajectories\s+78\.7 MiB\s+50 × \[8, 263, 1, 196\] float32/);
    assert.match(stdout, /activations\s+307\.8 MiB\s+forward→backward\s+8 layers × 38\.5 MiB \(s 197 × b 8/);
    assert.match(stdout, /gradients\s+68\.7 MiB\s+backward→step/);
    assert.match(stdout, /\npeak\s+1\.49 GiB/);
    assert.match(stdout, /\nHost\n/);
    assert.match(stdout, /Fits on \(largest B whose peak/);
    assert.match(stdout, /8\.00 GiB\s+30\n/);
    assert.doesNotMatch(stdout, /\u001b\[/, 'no colour when not on a TTY');
  });

  test('--solve answers the largest value and the first failing one; nothing fitting exits 1', async () => {
    const solved = await runHeadroom([
      'estimate',
      '-c',
      grpo,
      '--var',
      'S=50',
      '--budget',
      '24GiB',
      '--solve',
      'B',
      '--json',
    ]);
    assert.equal(solved.code, 0, solved.stderr);
    const { solve } = JSON.parse(solved.stdout);
    assert.deepEqual([solve.var, solve.value, solve.firstFailing, solve.budgetBytes], ['B', 2, 3, 24 * GiB]);
    const none = await runHeadroom(['estimate', '-c', grpo, '--budget', '1GiB', '--solve', 'B']);
    assert.equal(none.code, 1);
    assert.match(none.stdout, /Solve: nothing fits 1\.00 GiB GPU: B = 1 does not/);
    const noneJson = JSON.parse(
      (await runHeadroom(['estimate', '-c', grpo, '--budget', '1GiB', '--solve', 'B', '--json'])).stdout,
    );
    assert.deepEqual([noneJson.solve.value, noneJson.solve.firstFailing], [0, 1]);
  });

  test('--grad-accumulation-target and --host-budget', async () => {
    const { code, stdout } = await runHeadroom([
      ...['estimate', '-c', act, '--workers', '8', '--prefetch-factor', '2'],
      ...['--budget', '24GiB', '--host-budget', '16GiB', '--solve', 'N', '--grad-accumulation-target', '24'],
    ]);
    assert.equal(code, 0);
    assert.match(stdout, /Solve: N = 18 fits 24\.00 GiB GPU and 16\.00 GiB host/);
    assert.match(stdout, /Gradient accumulation: N = 12 × 2 steps = 24/);
  });

  // Seed 003 as the user first wrote it: the model's size, and only the trajectory tensor.
  const trajectoriesLines = [
    'framework: torch',
    'vars: { B: 2, G: 4, T: 50 }',
    'model: { params: 36M, trainable: 18M }',
    'training: { precision: fp32, optimizer: adamw, batch_size: B*G }',
    'tensors:',
    '  - { name: trajectories, shape: [B*G, 263, 1, 196], dtype: float32, count: T }',
  ];
  const trajectoriesOnly = writeConfig([...trajectoriesLines, ''].join('\n'), 'grpo-trajectories-only.yaml');

  test('seed 003: with only the trajectory tensor, --solve B refuses (exit 1) and names activations', async () => {
    const { code, stdout } = await runHeadroom([
      ...['estimate', '-c', trajectoriesOnly, '--budget', '24GiB', '--solve', 'B'],
    ]);
    assert.equal(code, 1);
    assert.match(stdout, /Solve: refused: activations grows with B and is not estimated/);
    assert.match(
      stdout,
      /to the spec add model\.transformer \(layers, hidden, heads, seq_len\) or model\.config/,
    );
    assert.doesNotMatch(stdout, /Solve: B = \d+ fits/);
    assert.match(stdout, /Not estimated[^\n]*\n- activations \(gpu\), grows with batch_size, B, G/);
    // The fits table says what its numbers are: upper bounds.
    assert.match(stdout, /24\.00 GiB\s+at most \d+\n/);
    const json = await runHeadroom([
      ...['estimate', '-c', trajectoriesOnly, '--budget', '24GiB', '--solve', 'B', '--json'],
    ]);
    assert.equal(json.code, 1);
    const report = JSON.parse(json.stdout);
    assert.equal(report.solve, undefined);
    assert.deepEqual(report.solveRefused.parts, ['activations']);
    assert.deepEqual(
      report.notEstimated.map((p: { part: string; resource: string }) => `${p.part}:${p.resource}`),
      ['activations:gpu', 'dataloader batches:host'],
    );
    assert.equal(report.fits[0].isUpperBound, true);
    // The note is there although a tensor is listed.
    assert.ok(report.notes.some((note: string) => note.startsWith('activations not estimated')));
  });

  test('seed 003: a var the missing part does not grow with is answered; a tensor that covers activations lifts the refusal', async () => {
    const byT = await runHeadroom([
      ...['estimate', '-c', trajectoriesOnly, '--budget', '24GiB', '--solve', 'T', '--json'],
    ]);
    assert.equal(byT.code, 0, byT.stdout);
    assert.ok(JSON.parse(byT.stdout).solve.value > 50);
    const covered = writeConfig(
      [
        ...trajectoriesLines,
        '  - { name: activations, shape: [B*G, 197, 512], dtype: float32, count: 80, covers: activations }',
        '',
      ].join('\n'),
      'grpo-covered.yaml',
    );
    const solved = await runHeadroom([
      'estimate',
      '-c',
      covered,
      '--budget',
      '24GiB',
      '--solve',
      'B',
      '--json',
    ]);
    assert.equal(solved.code, 0, solved.stdout);
    const report = JSON.parse(solved.stdout);
    assert.ok(report.solve.value > 0);
    assert.deepEqual(
      report.notEstimated.map((p: { part: string }) => p.part),
      ['dataloader batches'],
    );
    // The host part blocks a host budget only.
    const host = await runHeadroom(['estimate', '-c', covered, '--host-budget', '16GiB', '--solve', 'B']);
    assert.equal(host.code, 1);
    assert.match(host.stdout, /refused: dataloader batches grows with B.*host\.dataloader\.sample_bytes/);
  });

  test('quick flags alone, named after the spec fields', async () => {
    const { code, stdout, stderr } = await runHeadroom([
      ...['estimate', '--params', '335M', '--precision', 'amp_bf16', '--optimizer', 'adamw'],
      ...['--batch-size', '4', '--framework', 'torch', '--json'],
    ]);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    const bytes = (name: string) =>
      report.gpu.components.find((p: { name: string }) => p.name === name)?.bytes;
    assert.equal(bytes('weights'), 335e6 * 4);
    assert.equal(bytes('autocast weight copies'), 335e6 * 2);
    assert.equal(report.fits[0].var, 'batch_size');
    assert.deepEqual(report.notes, [
      'activations not estimated: give model.transformer (layers, hidden, heads, seq_len) or model.config, or list them under tensors:',
    ]);
  });

  test('LoRA and QLoRA in one command line each, with a config.json; the breakdown names each part', async () => {
    const lora = await runHeadroom([
      ...['estimate', '--model-config', join(repoRoot, 'examples', 'models', 'llama-3-8b.json')],
      ...['--seq-len', '512', '--precision', 'bf16', '--lora-rank', '8', '--lora-targets', 'q,v'],
      ...['--batch-size', '2', '--activation-checkpointing', 'full', '--loss', 'chunked'],
    ]);
    assert.equal(lora.code, 0, lora.stderr);
    assert.match(lora.stdout, /8\.03B params, 3\.41M trained/);
    for (const name of [
      'weights',
      'gradients',
      'optimizer states',
      'activations',
      'recomputed layer',
      'logits and loss',
    ]) {
      assert.match(lora.stdout, new RegExp(`\\n${name}\\s`), name);
    }
    const qlora = await runHeadroom([
      'estimate',
      '--model-config',
      join(repoRoot, 'examples', 'models', 'llama-2-7b.json'),
      '--seq-len',
      '512',
      ...['--precision', 'bf16', '--quantization', 'nf4', '--double-quant', '--lora-rank', '8', '--json'],
    ]);
    assert.equal(qlora.code, 0, qlora.stderr);
    const report = JSON.parse(qlora.stdout);
    const names = report.gpu.components.map((p: { name: string }) => p.name);
    assert.ok(names.includes('dequantized weights'));
    assert.match(report.gpu.components[names.indexOf('weights')].formula, /nf4 \(double quant\) × 0\.5159 B/);
    for (const file of ['estimate.yaml', 'qlora.yaml']) {
      const spec = await runHeadroom(['estimate', '-c', join(repoRoot, 'examples', 'lora', file)]);
      assert.equal(spec.code, 0, `${file}: ${spec.stderr}`);
    }
  });

  test('--gpus 8 --strategy zero3 on a 7B full fine-tune: per-GPU states (2Ψ + 2Ψ + 12Ψ)/8', async () => {
    const { code, stdout, stderr } = await runHeadroom([
      'estimate',
      '--params',
      '7B',
      '--precision',
      'amp_bf16',
      '--gpus',
      '8',
      '--strategy',
      'zero3',
      '--json',
    ]);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    const states = report.gpu.components
      .filter((p: { name: string }) => ['weights', 'gradients', 'optimizer states'].includes(p.name))
      .reduce((sum: number, p: { bytes: number }) => sum + p.bytes, 0);
    assert.equal(states, (16 * 7e9) / 8);
    assert.deepEqual([report.inputs.gpus, report.inputs.strategy], [8, 'zero3']);
  });

  test('--gpu-counts: the GRPO per-card table, with the largest B on each count', async () => {
    const { code, stdout, stderr } = await runHeadroom([
      'estimate',
      '-c',
      grpo,
      '--var',
      'S=50',
      '--gpu-counts',
      '1,2,4,8',
      '--budget',
      '24GiB',
      '--solve',
      'B',
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /By GPU count \(ddp/);
    assert.match(stdout, /\n\s+1\s+19\.92 GiB\s+17\.75 GiB\s+2\.00 GiB\s+2\n/);
    assert.match(stdout, /\n\s+8\s+3\.69 GiB\s+2\.79 GiB\s+2\.00 GiB\s+19\n/);
  });

  test('--gpu-counts with a budget a part that is not estimated decides: the rows have no largest value, the solve says why', async () => {
    // examples/lora's DataLoader batches grow with batch_size and have no sample_bytes: --solve is refused,
    // and each GPU count's row must be too (the search used to double batch_size until the spec overflowed).
    const lora = join(repoRoot, 'examples', 'lora', 'estimate.yaml');
    const args = [
      'estimate',
      '-c',
      lora,
      '--solve',
      'batch_size',
      '--gpu-counts',
      '1,2',
      '--host-budget',
      '64GiB',
    ];
    const { code, stdout, stderr } = await runHeadroom([...args, '--json']);
    // 1, as a refused --solve: nothing was found (an error in the spec would be 2).
    assert.equal(code, 1, stderr);
    const report = JSON.parse(stdout);
    assert.deepEqual(
      report.gpuCounts.map((row: { gpus: number; max?: number }) => [row.gpus, row.max]),
      [
        [1, undefined],
        [2, undefined],
      ],
    );
    assert.deepEqual(report.solveRefused.parts, ['dataloader batches']);
    const text = await runHeadroom(args);
    assert.match(text.stdout, /Solve: refused: dataloader batches grows with batch_size/);
  });

  test('--host-budget alone answers for the host', async () => {
    const { code, stdout, stderr } = await runHeadroom([
      'estimate',
      '-c',
      act,
      '--workers',
      '8',
      '--prefetch-factor',
      '2',
      '--host-budget',
      '16GiB',
      '--solve',
      'N',
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /Solve: N = \d+ fits 16\.00 GiB host \(host /);
  });

  test('bad input exits 2 with file:line:col and the field, no stack trace', async () => {
    const unknown = await runHeadroom([
      'estimate',
      '-c',
      writeConfig('model: { params: 1M }\ntraining:\n  optimiser: adamw\n', 'e.yaml'),
    ]);
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /e\.yaml:3:3: training\.optimiser: unknown key "optimiser"; did you mean "optimizer"\?/,
    );
    const unit = await runHeadroom([
      'estimate',
      '-c',
      writeConfig('model: { params: 1M }\ncuda: { context: 500MiBs }\n', 'e.yaml'),
    ]);
    assert.equal(unit.code, 2);
    assert.match(unit.stderr, /e\.yaml:2:18: cuda\.context: "500MiBs" has an unknown unit "MiBs"/);
    const shape = await runHeadroom([
      ...['estimate', '-c'],
      writeConfig(
        'vars: { B: 2 }\nmodel: { params: 1M }\ntensors:\n  - { name: x, shape: [B*G, 263] }\n',
        'e.yaml',
      ),
    ]);
    assert.equal(shape.code, 2);
    assert.match(
      shape.stderr,
      /e\.yaml:4:26: tensors\[0\]\.shape\[0\]: undefined var "G" in "B\*G"; vars: B/,
    );
    for (const result of [unknown, unit, shape]) assert.doesNotMatch(result.stderr, /\n\s+at /);
  });

  test('bad flags exit 2', async () => {
    assert.equal((await runHeadroom(['estimate'])).code, 2);
    const layers = await runHeadroom(['estimate', '--params', '1M', '--layers', 'x']);
    assert.equal(layers.code, 2);
    assert.match(layers.stderr, /--layers x: expected a whole number/);
    const solveVar = await runHeadroom(['estimate', '-c', grpo, '--budget', '8GiB', '--solve', 'batch_sise']);
    assert.equal(solveVar.code, 2);
    assert.match(solveVar.stderr, /--solve: no var "batch_sise"; did you mean "batch_size"\?/);
    assert.equal(
      (await runHeadroom(['estimate', '-c', grpo, '--solve', 'B'])).code,
      2,
      '--solve needs a budget',
    );
    const targets = await runHeadroom([
      'estimate',
      '--params',
      '1M',
      '--layers',
      '2',
      '--hidden',
      '8',
      '--heads',
      '2',
      '--seq-len',
      '4',
      '--lora-rank',
      '4',
      '--lora-targets',
      'q,x',
    ]);
    assert.equal(targets.code, 2);
    assert.match(targets.stderr, /--lora-targets: expected one of q, k, v, o, gate, up, down/);
    const counts = await runHeadroom(['estimate', '--params', '1M', '--gpu-counts', '1,0']);
    assert.equal(counts.code, 2);
    assert.match(counts.stderr, /--gpu-counts 1,0: expected whole numbers ≥ 1/);
    const config = await runHeadroom(['estimate', '--model-config', 'no/such/config.json', '--seq-len', '8']);
    assert.equal(config.code, 2);
    assert.match(config.stderr, /cannot read model config no\/such\/config\.json: no such file/);
    for (const result of [targets, counts, config]) assert.doesNotMatch(result.stderr, /\n\s+at /);
    assert.equal(
      (await runHeadroom(['estimate', '-c', grpo, '--budget', '24 gigs', '--solve', 'B'])).code,
      2,
    );
  });
});
