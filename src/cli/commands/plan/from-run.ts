// `plan --from-run RUN_DIR`: reads a run record (and the config it ran from), sizes budgets from its
// peaks (src/run-record/propose-budgets.ts) and renders the proposal with the config diff. Never writes the config.
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { readUserFile } from '../../../config/read-text.js';
import { UsageError } from '../../../errors.js';
import { describePeakSource } from '../../../run-record/peaks.js';
import {
  configDiff,
  defaultMargin,
  newConfigDiff,
  type PlannedInstance,
  proposeBudgets,
} from '../../../run-record/propose-budgets.js';
import { readRunFiles } from '../../../run-record/reader.js';
import { formatBytes } from '../../../units.js';
import { pathIn } from '../../io.js';
import { type Colors, renderTable } from '../../output.js';
import type { PlanFromRunOutput } from '../../schemas/plan-from-run.js';

function refuse(runDir: string, why: string): never {
  throw new UsageError(`--from-run ${runDir}: ${why}`);
}

function plannedInstances(plan: unknown): PlannedInstance[] {
  const processes = (plan as { processes?: unknown } | null)?.processes;
  if (!Array.isArray(processes)) return [];
  return processes.flatMap((p: Record<string, unknown>) =>
    typeof p?.name === 'string'
      ? [
          {
            name: p.name,
            ...(typeof p.process === 'string' ? { process: p.process } : {}),
            ...(typeof p.overheadBytes === 'number' ? { overheadBytes: p.overheadBytes } : {}),
          },
        ]
      : [],
  );
}

/** The proposal for a run directory; a directory that holds no ended run is a one-line error (exit 2). */
export async function planFromRun(
  options: { runDir: string; margin: number | undefined; config: string | undefined },
  context: { cwd: string },
): Promise<PlanFromRunOutput> {
  const runDir = pathIn(context.cwd, options.runDir);
  let isDirectory = false;
  try {
    isDirectory = statSync(runDir).isDirectory();
  } catch {
    refuse(options.runDir, 'no such directory');
  }
  if (!isDirectory) refuse(options.runDir, 'not a directory');
  const files = readRunFiles(runDir);
  if (!files.meta && !files.summary)
    refuse(options.runDir, 'not a run directory (no run.json, no summary.json)');
  if (!files.summary)
    refuse(options.runDir, files.problems.find((p) => p.includes('summary.json')) ?? 'no summary.json');
  const margin = options.margin ?? defaultMargin.fraction;
  const planned = plannedInstances(files.plan);
  const processes = proposeBudgets({ processes: files.summary.processes, planned, margin });
  const reason = options.margin === undefined ? defaultMargin.reason : 'as given with --margin';
  const origin = files.meta?.origin ?? null;
  const configFile = options.config ?? (origin?.kind === 'config' ? origin.file : undefined);
  let diff = '';
  let unplaced: string[] = [];
  if (configFile !== undefined) {
    const path = pathIn(context.cwd, configFile);
    const text = await readUserFile(path, 'config', 'pass -c FILE: the config the run was started from');
    const shown = relative(context.cwd, path) || path;
    ({ diff, unplaced } = configDiff({
      file: shown.startsWith('..') ? path : shown,
      text,
      proposals: processes,
    }));
  } else if (origin?.kind === 'ad-hoc' && processes.length === 1) {
    const framework = (files.plan as { processes?: { framework?: unknown }[] } | null)?.processes?.[0]
      ?.framework;
    diff = newConfigDiff({
      file: 'headroom.yaml',
      argv: origin.argv,
      framework: typeof framework === 'string' ? framework : undefined,
      proposal: processes[0]!,
    });
  } else {
    unplaced = processes.map((p) => p.process);
  }
  return {
    runDir: files.summary.runDir ?? runDir,
    margin: { fraction: margin, reason },
    config: configFile ?? null,
    processes,
    diff,
    unplaced,
  };
}

/** The proposal as a table, its notes, and the diff last (so `| patch -p0` applies it; patch skips the rest). */
export function renderPlanFromRun(data: PlanFromRunOutput, colors: Colors): string {
  const rows = data.processes.flatMap((p) =>
    [p.gpu, p.host].flatMap((b) =>
      b
        ? [
            [
              p.process,
              b.key,
              formatBytes(b.peakBytes),
              b.source,
              b.currentBytes === null ? '-' : formatBytes(b.currentBytes),
              `${b.proposedText}${b.isFloor ? ' (floor)' : ''}`,
            ],
          ]
        : [],
    ),
  );
  const table = renderTable(
    [
      { header: 'process' },
      { header: 'budget' },
      { header: 'peak', align: 'right' },
      { header: 'source' },
      { header: 'now', align: 'right' },
      { header: 'proposed', align: 'right' },
    ],
    rows,
  );
  const percent = Math.round(data.margin.fraction * 1000) / 10;
  const notes = data.processes.flatMap((p) =>
    [p.gpu, p.host].flatMap((b) => (b?.note ? [`${p.process} ${b.key}: ${b.note}`] : [])),
  );
  const sources = [...new Set(data.processes.flatMap((p) => [p.gpu?.source, p.host?.source]))]
    .filter((s) => s !== undefined)
    .map((s) => `${s}: ${describePeakSource(s)}`);
  const lines = [
    `budgets from run ${data.runDir}: measured peak + ${percent}% margin (${data.margin.reason})`,
    '',
    rows.length > 0 ? table : 'no peak was measured in this run: nothing to size',
    ...(notes.length > 0 ? ['', ...notes] : []),
    ...(sources.length > 0 ? ['', `sources: ${sources.join('; ')}`] : []),
    ...(data.unplaced.length > 0
      ? ['', `not placed in a config (set by hand): ${data.unplaced.join(', ')}`]
      : []),
  ];
  if (data.diff) {
    const target = data.config ?? 'headroom.yaml';
    lines.push(
      '',
      colors.dim(
        `# the change to ${target}; apply it with: headroom plan --from-run ${data.runDir} | patch -p0`,
      ),
      data.diff.trimEnd(),
    );
  } else if (rows.length > 0 && data.unplaced.length === 0) {
    lines.push('', 'the config already holds these budgets');
  }
  return `${lines.join('\n')}\n`;
}
