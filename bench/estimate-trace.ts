// `npm run bench -- estimate-trace [--skip-full] [--model FILE]`: how long `estimate --trace` takes on
// Llama-2-7B (examples/models/llama-2-7b.json; bf16 weights, AdamW foreach, batch 1 of 512 tokens): the
// default (every block when that is predicted cheap, for the allocator's replay), extrapolated from 2 and 3
// blocks against tracing all 32, and the extrapolation's error. Needs
// .venv-frameworks (torch, transformers); a 7B full trace takes minutes on a 2-core machine. The
// helper's CPU time is printed beside the wall time: on a shared machine the wall time is mostly waiting.
import { join } from 'node:path';
import { renderTable } from '../src/cli/output.js';
import { repoRoot } from '../src/probe/gpu/test-helpers/shared.js';
import { frameworksPython, skipUnlessFrameworks } from '../src/test-helpers/frameworks.js';
import { runTraceHelper, type TraceRequest } from '../src/trace/helper.js';

const GiB = 1024 ** 3;

/** Traces the model extrapolated and (unless --skip-full) whole, and prints the times and the error. */
export async function main(args: string[]): Promise<void> {
  const missing = skipUnlessFrameworks('torch', 'transformers');
  const python = frameworksPython();
  if (missing || !python) {
    process.stdout.write(`skipped: ${missing ?? 'no frameworks Python'}\n`);
    return;
  }
  const modelIndex = args.indexOf('--model');
  const modelConfig =
    modelIndex >= 0 ? args[modelIndex + 1] : join(repoRoot, 'examples', 'models', 'llama-2-7b.json');
  const request: TraceRequest = {
    framework: 'torch',
    modelConfig,
    cwd: repoRoot,
    batchSize: 1,
    seqLen: 512,
    precision: 'bf16',
    optimizer: 'adamw',
    optimizerImpl: 'foreach',
    checkpointing: 'none',
    attention: 'sdpa',
  };
  const timed = async (how: Partial<TraceRequest>) => {
    const started = performance.now();
    const result = await runTraceHelper(python, { ...request, ...how });
    return { result, seconds: (performance.now() - started) / 1000 };
  };
  // The default traces the whole model when its trace is predicted cheap (the allocator's replay needs
  // every block), else extrapolates; forced, the extrapolation is measured on its own.
  const usual = await timed({});
  const fast = await timed({ extrapolate: true });
  const rows = [
    row(usual.result.extrapolation ? 'default: extrapolated' : 'default: every block (cheap)', usual),
    row('extrapolated (2, 3 blocks)', fast),
  ];
  let error = '';
  if (!args.includes('--skip-full')) {
    const full = await timed({ full: true });
    rows.push(row('every block', full));
    const [got, want] = [fast.result.peakBytes as number, full.result.peakBytes as number];
    error = `extrapolation error: ${(((got - want) / want) * 100).toFixed(3)}% (${got - want} B of ${want} B)`;
  }
  process.stdout.write(
    `${modelConfig}, bf16, AdamW foreach, batch 1 × 512 tokens\n${renderTable(
      [
        { header: 'trace' },
        { header: 'wall (s)', align: 'right' },
        { header: 'helper (s)', align: 'right' },
        { header: 'helper CPU (s)', align: 'right' },
        { header: 'peak (GiB)', align: 'right' },
        { header: 'phase' },
        { header: 'parts (GiB)' },
      ],
      rows,
    )}\n${error}\n`,
  );
}

function row(
  label: string,
  { result, seconds }: { result: Record<string, unknown>; seconds: number },
): string[] {
  const parts = Object.entries(result.parts as Record<string, number>)
    .filter(([, bytes]) => bytes > 0)
    .map(([name, bytes]) => `${name} ${(bytes / GiB).toFixed(2)}`)
    .join(', ');
  return [
    label,
    seconds.toFixed(1),
    String(result.seconds),
    String(result.cpuSeconds),
    ((result.peakBytes as number) / GiB).toFixed(3),
    String(result.peakPhase),
    parts,
  ];
}
