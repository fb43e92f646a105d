import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, runCli, writeConfig } from './cli.js';

const grpo = join(repoRoot, 'examples', 'grpo', 'estimate.yaml');
const act = join(repoRoot, 'examples', 'act-imitation', 'estimate.yaml');
const GiB = 1024 ** 3;

describe('headroom estimate', () => {
  test('seed 003 --json keeps the contract; the trajectories are 82,476,800 bytes', () => {
    const { code, stdout, stderr } = runCli(['estimate', '-c', grpo, '--json']);
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

  test('the text report: GPU then host parts with formulas, the peak, and a fits table', () => {
    const { code, stdout } = runCli(['estimate', '-c', grpo]);
    assert.equal(code, 0);
    assert.match(stdout, /^GPU: torch, fp32, adamw \(hf convention\); batch 8 \(B=2, G=4, T=50, K=3, S=1\)/);
    assert.match(stdout, /trajectories\s+78\.7 MiB\s+50 × \[8, 263, 1, 196\] float32/);
    assert.match(stdout, /activations\s+393\.1 MiB\s+forward→backward\s+8 layers × 49\.1 MiB \(Korthikanti/);
    assert.match(stdout, /\npeak\s+1\.73 GiB/);
    assert.match(stdout, /\nHost\n/);
    assert.match(stdout, /Fits on \(largest B whose peak/);
    assert.match(stdout, /8\.00 GiB\s+21\n/);
    assert.doesNotMatch(stdout, /\u001b\[/, 'no colour when not on a TTY');
  });

  test('--solve answers the largest value and the first failing one; nothing fitting exits 1', () => {
    const solved = runCli([
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
    assert.deepEqual([solve.var, solve.value, solve.firstFailing, solve.budgetBytes], ['B', 1, 2, 24 * GiB]);
    const none = runCli(['estimate', '-c', grpo, '--budget', '1GiB', '--solve', 'B']);
    assert.equal(none.code, 1);
    assert.match(none.stdout, /Solve: nothing fits 1\.00 GiB GPU: B = 1 does not/);
    const noneJson = JSON.parse(
      runCli(['estimate', '-c', grpo, '--budget', '1GiB', '--solve', 'B', '--json']).stdout,
    );
    assert.deepEqual([noneJson.solve.value, noneJson.solve.firstFailing], [0, 1]);
  });

  test('--grad-accumulation-target and --host-budget', () => {
    const { code, stdout } = runCli([
      ...['estimate', '-c', act, '--workers', '8', '--prefetch-factor', '2'],
      ...['--budget', '24GiB', '--host-budget', '16GiB', '--solve', 'N', '--grad-accumulation-target', '24'],
    ]);
    assert.equal(code, 0);
    assert.match(stdout, /Solve: N = 16 fits 24\.00 GiB GPU and 16\.00 GiB host/);
    assert.match(stdout, /Gradient accumulation: N = 12 × 2 steps = 24/);
  });

  test('quick flags alone, named after the spec fields', () => {
    const { code, stdout, stderr } = runCli([
      ...['estimate', '--params', '335M', '--precision', 'amp_bf16', '--optimizer', 'adamw'],
      ...['--batch-size', '4', '--framework', 'torch', '--json'],
    ]);
    assert.equal(code, 0, stderr);
    const report = JSON.parse(stdout);
    const weights = report.gpu.components.find((p: { name: string }) => p.name === 'weights');
    assert.equal(weights.bytes, 335e6 * 6);
    assert.equal(report.fits[0].var, 'batch_size');
  });

  test('bad input exits 2 with file:line:col and the field, no stack trace', () => {
    const unknown = runCli([
      'estimate',
      '-c',
      writeConfig('model: { params: 1M }\ntraining:\n  optimiser: adamw\n', 'e.yaml'),
    ]);
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /e\.yaml:3:3: training\.optimiser: unknown key "optimiser"; did you mean "optimizer"\?/,
    );
    const unit = runCli([
      'estimate',
      '-c',
      writeConfig('model: { params: 1M }\ncuda: { context: 500MiBs }\n', 'e.yaml'),
    ]);
    assert.equal(unit.code, 2);
    assert.match(unit.stderr, /e\.yaml:2:18: cuda\.context: "500MiBs" is not a size/);
    const shape = runCli([
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

  test('bad flags exit 2', () => {
    assert.equal(runCli(['estimate']).code, 2);
    const layers = runCli(['estimate', '--params', '1M', '--layers', 'x']);
    assert.equal(layers.code, 2);
    assert.match(layers.stderr, /--layers: expected a whole number, got "x"/);
    const solveVar = runCli(['estimate', '-c', grpo, '--budget', '8GiB', '--solve', 'batch_sise']);
    assert.equal(solveVar.code, 2);
    assert.match(solveVar.stderr, /--solve: no var "batch_sise"; did you mean "batch_size"\?/);
    assert.equal(runCli(['estimate', '-c', grpo, '--solve', 'B']).code, 2, '--solve needs --budget');
    assert.equal(runCli(['estimate', '-c', grpo, '--budget', '24 gigs', '--solve', 'B']).code, 2);
  });
});
