// The trace path on the published cases (issue #25: "trace where Python is available, analytic
// otherwise — report both"): each case whose model has a Hugging Face config and whose spec one traced
// process can stand for (the CLI's own refusal rule) is traced with `estimate --trace`'s request and
// read as the case was measured. Needs .venv-frameworks (torch, transformers).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  configOfSpec,
  coveringTensors,
  isFrozenTrace,
  type TraceOptions,
  traceOfSpec,
  traceRefusal,
  traceRequestOf,
  untracedTensors,
} from '../src/cli/commands/estimate/trace.js';
import { estimate } from '../src/estimate/estimate.js';
import { tracedBytes } from '../src/estimate/test-helpers/measured-cases.js';
import type { PublishedCase } from '../src/estimate/test-helpers/published-measured.js';
import { specOf } from '../src/estimate/test-helpers/references.js';
import { compareTrace, untracedParamsShare } from '../src/estimate/trace.js';
import type { EstimateSpec } from '../src/estimate/types.js';
import { frameworksPython, visionPython } from '../src/test-helpers/frameworks.js';
import { packagedTraceDir, runTraceHelper, toTraceResult } from '../src/trace/helper.js';
import { startWarmTracePython } from '../src/trace/test-helpers/warm-trace.js';

const examplesTrace = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'examples', 'trace');

/** What the trace gave for one case: bytes as the case measured them, or why it was not traced. */
export type TracedCase = { bytes: number; seconds: number } | { skipped: string };

/** Traces each case that can be traced; the others say why not. */
export async function traceCases(cases: readonly PublishedCase[]): Promise<Map<string, TracedCase>> {
  const results = new Map<string, TracedCase>();
  // Each trace runs in a fork of one Python that imported torch, transformers and PEFT once (seconds of
  // CPU per trace otherwise); the helper script itself runs afresh in each fork.
  const warm = frameworksPython()
    ? await startWarmTracePython(warmModules).catch(() => undefined)
    : undefined;
  const python = warm?.python ?? frameworksPython();
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
      if (c.traceModule) {
        // The network itself, built by its examples/trace factory (a CNN the spec's stack cannot say), in
        // the Python that has torchvision and timm where there is one (a superset of the frameworks').
        const module = {
          python: visionPython() ?? python,
          modelConfig: undefined,
          module: c.traceModule,
          isFull: false,
          inputs: [],
          cwd: examplesTrace,
        };
        results.set(c.id, await traceOne(spec, c.what, module));
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
      results.set(c.id, await traceOne(spec, c.what, options));
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
    await warm?.stop();
  }
  return results;
}

// Imported once in the warm Python besides torch and transformers: PEFT and the families the cases build.
const warmModules = [
  'peft',
  ...['gpt_neox', 'bert', 't5', 'biogpt', 'falcon', 'mixtral'].map(
    (family) => `transformers.models.${family}.modeling_${family}`,
  ),
];

/** One traced process for one case, read as the case was measured. */
async function traceOne(
  spec: EstimateSpec,
  what: PublishedCase['what'],
  options: TraceOptions,
): Promise<TracedCase> {
  const breakdown = estimate(spec);
  try {
    const request = traceRequestOf(spec, breakdown, options);
    const raw = await cached(request, () => runTraceHelper(options.python, request, { timeoutMs: 600_000 }));
    const trace = traceOfSpec(spec, breakdown, toTraceResult(raw));
    // A module traces the user's whole network; a config only the transformer the spec's shape says.
    const share = options.module ? 0 : untracedParamsShare(spec);
    const compared = compareTrace(
      breakdown,
      trace,
      untracedTensors(spec),
      share,
      !options.module,
      isFrozenTrace(spec),
      coveringTensors(spec),
    );
    return { bytes: tracedBytes(compared, what), seconds: trace.seconds };
  } catch (error) {
    return { skipped: `the trace failed: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * HEADROOM_TRACE_CACHE=DIR keeps each helper answer under a hash of its request (the model config's
 * text in place of its temporary path) and of the helper's own sources, so rescoring after a change to
 * the TypeScript side reruns only the traces whose request changed. Unset: every case is traced.
 */
async function cached(
  request: ReturnType<typeof traceRequestOf>,
  run: () => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const directory = process.env.HEADROOM_TRACE_CACHE;
  if (!directory) return run();
  const hash = createHash('sha256');
  for (const name of readdirSync(packagedTraceDir).sort())
    if (name.endsWith('.py')) hash.update(name).update(readFileSync(join(packagedTraceDir, name)));
  const { modelConfig, cwd, ...rest } = request;
  hash.update(JSON.stringify(rest));
  if (typeof modelConfig === 'string') hash.update(readFileSync(modelConfig));
  // The temporary directory's name changes every run; a module's own directory (examples/trace) does not,
  // and the module's source is part of the answer.
  if (typeof cwd === 'string' && !cwd.startsWith(tmpdir())) {
    hash.update(cwd);
    const source =
      typeof rest.module === 'string'
        ? join(cwd, `${rest.module.split(':')[0]?.replaceAll('.', '/')}.py`)
        : '';
    if (source && existsSync(source)) hash.update(readFileSync(source));
  }
  const file = join(directory, `${hash.digest('hex')}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const raw = await run();
  mkdirSync(directory, { recursive: true });
  writeFileSync(file, JSON.stringify(raw));
  return raw;
}
