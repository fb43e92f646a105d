// `npm run bench -- estimate-accuracy`: the estimate against published numbers. Measured cases (real
// runs: ../shared/estimation/references.json and issue #13's host run) are scored: median absolute
// error and the worst case. Derived cases (paper arithmetic) are printed apart; CUDA-context-only
// measurements too, since a context is a per-stack constant, not something a config decides.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { defaultContextBytes } from '../src/estimate/cuda.js';
import { estimateZero2, estimateZero3 } from '../src/estimate/deepspeed.js';
import { estimate } from '../src/estimate/estimate.js';
import { heldOutIds } from '../src/estimate/test-helpers/held-out.js';
import {
  caseError,
  type MeasuredCase,
  measuredCases,
  medianAbsoluteError,
  scorePublished,
} from '../src/estimate/test-helpers/measured-cases.js';
import { type PublishedCase, publishedCases } from '../src/estimate/test-helpers/published-measured.js';
import { round2Cases } from '../src/estimate/test-helpers/published-measured-round2.js';
import { round3Cases } from '../src/estimate/test-helpers/published-measured-round3.js';
import { round4Cases } from '../src/estimate/test-helpers/published-measured-round4.js';
import { round5Cases } from '../src/estimate/test-helpers/published-measured-round5.js';
import { round6Cases } from '../src/estimate/test-helpers/published-measured-round6.js';
import {
  expectedAt,
  noReferencesMessage,
  referenceCase,
  specOf,
} from '../src/estimate/test-helpers/references.js';
import { frameworksPython } from '../src/test-helpers/frameworks.js';
import { traceCases } from './estimate-trace-cases.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

const percent = (fraction: number): string => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;
const number = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toFixed(2));

function printMeasured(): void {
  const cases = measuredCases();
  const rows = cases.map((c) => [
    c.label,
    `${number(c.measured)} ${c.unit}`,
    `${number(c.estimated)} ${c.unit}`,
    percent(caseError(c)),
  ]);
  process.stdout.write(
    `${renderTable(
      [
        { header: 'measured case' },
        { header: 'measured', align: 'right' },
        { header: 'estimated', align: 'right' },
        { header: 'error', align: 'right' },
      ],
      rows,
    )}\n`,
  );
  const worst = cases.reduce((a, b) => (Math.abs(caseError(b)) > Math.abs(caseError(a)) ? b : a));
  process.stdout.write(
    `\n${cases.length} measured cases: median absolute error ${(medianAbsoluteError(cases) * 100).toFixed(1)}%, worst ${percent(caseError(worst))} (${worst.label})\n`,
  );
}

// Paper and tool arithmetic the estimator must reproduce exactly.
function printDerived(): void {
  const rows: string[][] = [];
  const add = (label: string, expected: number, got: number, unit: string): void => {
    rows.push([
      label,
      `${number(expected)} ${unit}`,
      `${number(got)} ${unit}`,
      percent((got - expected) / expected),
    ]);
  };
  const zero = referenceCase('zero-7.5b-figure1-nd64');
  if (zero) {
    for (const [strategy, key] of [
      ['ddp', 'baseline_bytes'],
      ['zero1', 'zero1_bytes'],
      ['zero2', 'zero2_bytes'],
      ['zero3', 'zero3_bytes'],
    ] as const) {
      const parts = estimate(
        specOf(
          `model: { params: 7.5B }\ntraining: { precision: amp_fp16 }\nparallel: { gpus: 64, strategy: ${strategy} }`,
        ),
      ).gpu.components;
      const states = parts
        .filter((p) => ['weights', 'gradients', 'optimizer states'].includes(p.name))
        .reduce((s, p) => s + p.bytes, 0);
      add(
        `ZeRO Fig. 1, 7.5B on 64 GPUs, ${strategy} model states`,
        expectedAt(zero, key) / 1e9,
        states / 1e9,
        'GB',
      );
    }
  }
  const eleuther = referenceCase('eleuther-cookbook-default-20b');
  if (eleuther) {
    const parts = estimate(
      specOf(`model: { params: ${expectedAt(eleuther, 'params')}, transformer: { layers: 44, hidden: 6144, heads: 64, seq_len: 2048, vocab: 51200 } }
training: { precision: amp_bf16, convention: eleuther, zero_stage: 1 }`),
    ).gpu.components;
    const total = parts
      .filter((p) => ['weights', 'gradients', 'optimizer states', 'activations'].includes(p.name))
      .reduce((s, p) => s + p.bytes, 0);
    add(
      'EleutherAI calculator, 20B defaults, per-GPU total',
      expectedAt(eleuther, 'per_gpu_GiB_no_ckpt', 'total'),
      total / GiB,
      'GiB',
    );
  }
  const zero2 = referenceCase('deepspeed-zero2-t5-3b-8gpu');
  if (zero2) {
    const got = estimateZero2({
      params: zero2.inputs.total_params as number,
      gpusPerNode: 8,
      cpuOffload: false,
    });
    add(
      'DeepSpeed ZeRO-2 t5-3b on 8 GPUs, per GPU',
      expectedAt(zero2, 'cpu_offload_0', 'per_gpu'),
      got.gpuBytes / GiB,
      'GiB',
    );
  }
  const t5 = referenceCase('deepspeed-zero3-t5-large-4gpu');
  if (t5) {
    const got = estimateZero3({
      params: 737.67e6,
      largestLayerParams: 32.9e6,
      gpusPerNode: 4,
      zeroInit: true,
      offloadParams: false,
      offloadOptimizer: false,
    });
    add(
      'DeepSpeed ZeRO-3 t5-large on 4 GPUs',
      expectedAt(t5, 'case1_no_offload_MiB'),
      Math.trunc(got.gpuBytes / MiB),
      'MiB',
    );
  }
  const buffer = referenceCase('rl-trajectory-buffer-grpo');
  if (buffer) {
    const parts = estimate(
      specOf(`vars: { B: 2, G: 4, T: 50 }\nmodel: { params: 0 }\ntraining: { optimizer: none }
tensors: [{ name: trajectories, shape: [B*G, 263, 1, 196], dtype: float32, count: T }]`),
    ).gpu.components;
    add(
      'GRPO trajectory buffer (seed 003)',
      expectedAt(buffer, 'bytes_total') / 1e6,
      (parts.find((p) => p.name === 'trajectories')?.bytes ?? 0) / 1e6,
      'MB',
    );
  }
  process.stdout.write(
    `\n${renderTable(
      [
        { header: 'derived case (paper or tool arithmetic)' },
        { header: 'source', align: 'right' },
        { header: 'estimated', align: 'right' },
        { header: 'error', align: 'right' },
      ],
      rows,
    )}\n`,
  );
}

// Idle contexts measured on many stacks, against the two defaults (lazy 450 MiB covers a training
// step's kernels; eager 1.25 GiB). Not scored: no config field decides them.
function printContexts(): void {
  const rows: string[][] = [];
  const cases: [string, string[], 'lazy' | 'eager'][] = [
    ['cuda-context-pytorch-pr86509-lazy-vs-eager', ['used_MiB_lazy'], 'lazy'],
    ['cuda-context-rtx6000ada-torch2.10', ['nvidia_smi_MiB'], 'lazy'],
    ['cuda-context-rtx3090-torch2.7', ['nvidia_smi_MiB'], 'lazy'],
    ['cuda-context-pytorch-pr86509-lazy-vs-eager', ['used_MiB_default'], 'eager'],
    ['cuda-context-rtx3090-vs-2080ti', ['implied_context_MiB', 'GTX2080Ti_torch1.6_cu101'], 'eager'],
    ['cuda-context-rtx3090-vs-2080ti', ['implied_context_MiB', 'RTX3090_torch1.7.1_cu110'], 'eager'],
    ['cuda-context-titanv-pytorch1.3-vs-pycuda', ['pytorch_used_MB'], 'eager'],
    ['cuda-context-k80-pytorch0.4', ['per_process_MiB_each_gpu'], 'eager'],
    ['hf-v100-cuda-context-kernels', ['gpu_memory_used_MiB'], 'eager'],
  ];
  for (const [id, keys, loading] of cases) {
    const c = referenceCase(id);
    if (!c) continue;
    const measured = expectedAt(c, ...keys);
    const estimated = defaultContextBytes('torch', loading) / MiB;
    rows.push([
      `${id} ${keys.at(-1)}`,
      `${number(measured)} MiB`,
      `${number(estimated)} MiB (${loading})`,
      percent((estimated - measured) / measured),
    ]);
  }
  process.stdout.write(
    `\n${renderTable(
      [
        { header: 'CUDA context alone (not scored)' },
        { header: 'measured', align: 'right' },
        { header: 'default', align: 'right' },
        { header: 'error', align: 'right' },
      ],
      rows,
    )}\n`,
  );
}

const unitBytes = { GB: 1e9, GiB: 1024 ** 3, MiB: 1024 ** 2 } as const;

// The real `accelerate estimate-memory` (bench/accelerate_estimate_memory.py) on each case's config:
// "Training using Adam" in bytes by case id; empty without the frameworks Python.
function accelerateBytes(cases: readonly PublishedCase[]): Map<string, number> {
  const python = frameworksPython();
  const requests = cases.flatMap((c) =>
    c.accelerate ? [{ key: c.id, config: c.accelerate.config, dtype: c.accelerate.dtype }] : [],
  );
  if (!python || requests.length === 0) return new Map();
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'accelerate_estimate_memory.py');
  const run = spawnSync(python, [script], {
    input: JSON.stringify(requests),
    encoding: 'utf8',
    env: { ...process.env, HF_HUB_OFFLINE: '1' },
    timeout: 600_000,
  });
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !last.startsWith('{')) {
    process.stdout.write(
      `(accelerate estimate-memory did not run: ${run.stderr.trim().split('\n').at(-1)})\n`,
    );
    return new Map();
  }
  return new Map(Object.entries(JSON.parse(last) as Record<string, number>));
}

const medianOf = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const worstOf = (errors: number[]): number => errors.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);

/**
 * Published cases in named groups (fitted, held out, round 2): headroom's analytic error, the trace's
 * where one traced process can stand for the case, and accelerate's ratio, each summarised per group.
 */
async function printPublishedGroups(
  title: string,
  published: readonly PublishedCase[],
  groupOf: (id: string) => string,
  options: { isTraced: boolean },
): Promise<void> {
  const accelerate = accelerateBytes(published);
  const traced = options.isTraced ? await traceCases(published.filter((c) => !c.excluded)) : new Map();
  const cases = scorePublished(published, () => false);
  const measuredBytesOf = (c: MeasuredCase): number =>
    c.measured * unitBytes[c.unit as keyof typeof unitBytes];
  const ratioOf = (c: MeasuredCase): number | undefined => {
    const bytes = accelerate.get(c.id);
    return bytes === undefined ? undefined : bytes / measuredBytesOf(c);
  };
  const traceErrorOf = (c: MeasuredCase): number | undefined => {
    const result = traced.get(c.id);
    return result && 'bytes' in result ? result.bytes / measuredBytesOf(c) - 1 : undefined;
  };
  const rows = cases.map((c) => {
    const ratio = ratioOf(c);
    const traceError = traceErrorOf(c);
    const result = traced.get(c.id);
    return [
      c.id,
      groupOf(c.id),
      c.what,
      `${number(c.measured)} ${c.unit}`,
      `${number(c.estimated)} ${c.unit}`,
      percent(caseError(c)),
      traceError === undefined ? '-' : percent(traceError),
      ratio === undefined ? '-' : `${ratio.toFixed(2)}×`,
      result && 'bytes' in result ? `${result.seconds.toFixed(0)} s` : '',
    ];
  });
  process.stdout.write(
    `\n${renderTable(
      [
        { header: title },
        { header: 'group' },
        { header: 'measured as' },
        { header: 'measured', align: 'right' },
        { header: 'headroom', align: 'right' },
        { header: 'error', align: 'right' },
        { header: 'trace error', align: 'right' },
        { header: 'accelerate / measured', align: 'right' },
        { header: 'trace time', align: 'right' },
      ],
      rows,
    )}\n`,
  );
  const groups = [...new Set(cases.map((c) => groupOf(c.id)))];
  for (const group of groups) {
    const chosen = cases.filter((c) => groupOf(c.id) === group);
    const worst = chosen.reduce((a, b) => (Math.abs(caseError(b)) > Math.abs(caseError(a)) ? b : a));
    const ratios = chosen.map(ratioOf).filter((r): r is number => r !== undefined);
    const accelerateErrors = ratios.map((r) => Math.abs(r - 1));
    const tracedCases = chosen.filter((c) => traceErrorOf(c) !== undefined);
    const traceErrors = tracedCases.map((c) => traceErrorOf(c) ?? 0);
    const analyticOnTraced = tracedCases.map(caseError);
    process.stdout.write(
      `${group}: ${chosen.length} cases, headroom median |error| ${(medianAbsoluteError(chosen) * 100).toFixed(1)}%, worst ${percent(caseError(worst))} (${worst.id})` +
        (tracedCases.length > 0
          ? `; traced ${tracedCases.length}: trace median |error| ${(medianOf(traceErrors.map(Math.abs)) * 100).toFixed(1)}%, worst ${percent(worstOf(traceErrors))}, analytic on the same ${(medianOf(analyticOnTraced.map(Math.abs)) * 100).toFixed(1)}%, worst ${percent(worstOf(analyticOnTraced))}`
          : '; traced 0') +
        (ratios.length > 0
          ? `; accelerate estimate-memory on ${ratios.length}: median ratio ${medianOf(ratios).toFixed(2)}×, median |error| ${(medianOf(accelerateErrors) * 100).toFixed(1)}%, worst ratio ${ratios.reduce((a, b) => (Math.abs(b - 1) > Math.abs(a - 1) ? b : a)).toFixed(2)}×`
          : '') +
        '\n',
    );
  }
  const reasons = new Map<string, string[]>();
  for (const [id, result] of traced) {
    if ('skipped' in result) reasons.set(result.skipped, [...(reasons.get(result.skipped) ?? []), id]);
  }
  for (const [reason, ids] of reasons) process.stdout.write(`not traced (${ids.length}): ${reason}\n`);
  for (const c of published.filter((c) => c.excluded))
    process.stdout.write(`not scored: ${c.id}: ${c.excluded}\n`);
}

/** Prints the tables: measured, published (issue #25, with the trace and accelerate), derived, contexts. */
export async function main(args: string[] = []): Promise<void> {
  if (!referenceCase('hf-v100-bert-large-vanilla-bs4'))
    process.stdout.write(`(${noReferencesMessage}: only issue #13's host run)\n`);
  printMeasured();
  const held = new Set(heldOutIds);
  await printPublishedGroups(
    'published case (issue #25)',
    publishedCases,
    (id) => (held.has(id) ? 'held out' : 'fitted'),
    { isTraced: !args.includes('--skip-trace') },
  );
  // Round 2 (issue #25): measured once as held out at 124b761, spent since; scored as its own group.
  await printPublishedGroups('published case, round 2 (issue #25)', round2Cases, () => 'round 2', {
    isTraced: !args.includes('--skip-trace'),
  });
  // Round 3: measured once as held out at f444821 (median 13.3%), spent since; scored as its own group.
  await printPublishedGroups('published case, round 3 (issue #25)', round3Cases, () => 'round 3', {
    isTraced: !args.includes('--skip-trace'),
  });
  // Round 4: measured once as held out at 9876cb9 (median 12.3%), spent since.
  await printPublishedGroups('published case, round 4 (issue #25)', round4Cases, () => 'round 4', {
    isTraced: !args.includes('--skip-trace'),
  });
  // Round 5: measured once as held out at 213d6c6 (median 21.0%), spent since.
  await printPublishedGroups('published case, round 5 (issue #25)', round5Cases, () => 'round 5', {
    isTraced: !args.includes('--skip-trace'),
  });
  // Round 6: measured once as held out at 97a03e4 (median 19.7%), spent since.
  await printPublishedGroups('published case, round 6 (issue #25)', round6Cases, () => 'round 6', {
    isTraced: !args.includes('--skip-trace'),
  });
  printDerived();
  printContexts();
}
