// The trace path on the published cases (issue #25: "trace where Python is available, analytic
// otherwise — report both"): each case whose model has a Hugging Face config and whose spec one traced
// process can stand for (the CLI's own refusal rule) is traced with `estimate --trace`'s request and
// read as the case was measured. Needs .venv-frameworks (torch, transformers).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configOfSpec, traceRefusal, traceRequestOf } from '../src/cli/commands/estimate/trace.js';
import { estimate } from '../src/estimate/estimate.js';
import type { PublishedCase } from '../src/estimate/test-helpers/published-measured.js';
import { specOf } from '../src/estimate/test-helpers/references.js';
import { compareTrace, type TraceComparison } from '../src/estimate/trace.js';
import { frameworksPython } from '../src/test-helpers/frameworks.js';
import { runTraceHelper, toTraceResult } from '../src/trace/helper.js';

/** What the trace gave for one case: bytes as the case measured them, or why it was not traced. */
export type TracedCase = { bytes: number; seconds: number } | { skipped: string };

/** The traced figure a measurement of `what` compares: tensors and the analytic parts outside them. */
export function tracedBytes(comparison: TraceComparison, what: PublishedCase['what']): number {
  const added = (names: string[]): number =>
    comparison.added.filter((part) => names.includes(part.name)).reduce((sum, part) => sum + part.bytes, 0);
  // Workspaces and DeepSpeed's buckets are in the allocator; the cache is reserved, not allocated.
  const allocated = comparison.tensorBytes + added(['library workspaces', 'gradient buckets']);
  if (what === 'allocated') return allocated;
  if (what === 'reserved') return allocated + added(['allocator cache']);
  return comparison.peakBytes;
}

/** Traces each case that can be traced; the others say why not. */
export async function traceCases(cases: readonly PublishedCase[]): Promise<Map<string, TracedCase>> {
  const results = new Map<string, TracedCase>();
  const python = frameworksPython();
  const directory = mkdtempSync(join(tmpdir(), 'headroom-trace-cases-'));
  try {
    for (const c of cases) {
      const spec = specOf(c.spec);
      // The case's own config.json, else the one its spec's model.transformer stands for (as the CLI does).
      const derived = configOfSpec(spec);
      const config =
        c.traceConfig ??
        c.accelerate?.config ??
        (derived && 'config' in derived ? derived.config : undefined);
      if (!python) {
        results.set(c.id, { skipped: 'no frameworks Python' });
        continue;
      }
      if (!config) {
        results.set(c.id, {
          skipped: derived && 'refused' in derived ? derived.refused : 'no Hugging Face config for the model',
        });
        continue;
      }
      const modelConfig = join(directory, `${c.id}.json`);
      writeFileSync(modelConfig, JSON.stringify(config));
      const options = { python, modelConfig, module: undefined, isFull: false, inputs: [], cwd: directory };
      const refused = traceRefusal(spec, options);
      if (refused) {
        results.set(c.id, {
          skipped: refused.replace(/^--trace /, '').replace(/: use the analytic estimate$/, ''),
        });
        continue;
      }
      const breakdown = estimate(spec);
      try {
        const raw = await runTraceHelper(python, traceRequestOf(spec, breakdown, options), {
          timeoutMs: 600_000,
        });
        const trace = toTraceResult(raw);
        results.set(c.id, {
          bytes: tracedBytes(compareTrace(breakdown, trace), c.what),
          seconds: trace.seconds,
        });
      } catch (error) {
        results.set(c.id, { skipped: `the trace failed: ${(error as Error).message.split('\n')[0]}` });
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return results;
}
