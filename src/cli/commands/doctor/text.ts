// Text rendering of `doctor`: each diagnosis with its kind, layer, numbers, cause, fixes and
// evidence line; then the findings (environment, script) with their locations.

import type { Diagnosis, DoctorFinding, FactValue } from '../../../doctor/types.js';
import type { TargetReport } from '../../../examine/examine.js';
import { formatBytes } from '../../../units.js';
import type { Colors } from '../../output.js';
import type { DoctorResult } from './index.js';

const kindTitles: Record<Diagnosis['kind'], string> = {
  gpu_oom: 'GPU out of memory',
  host_oom: 'host out of memory',
  shm: '/dev/shm full',
  sim_capacity: 'simulator buffer too small',
  none: 'not a memory failure',
};

const labels: Record<string, string> = {
  processBytes: 'this process',
  reservedUnallocatedBytes: 'reserved but unallocated',
  allocConfVariable: 'hint names',
};

const words = (key: string): string =>
  labels[key] ??
  key
    .replace(/Bytes$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

function formatFact(key: string, value: FactValue): string {
  const shown = typeof value === 'number' && key.endsWith('Bytes') ? formatBytes(value) : String(value);
  return `${words(key)} ${shown}`;
}

function block(label: string, lines: string[], colors: Colors): string[] {
  return lines.map((line, i) => `  ${i === 0 ? colors.dim(label.padEnd(9)) : ' '.repeat(9)} ${line}`);
}

/** How much `doctor` prints: `verbose` adds, under each fix, the fact it rests on. */
export interface RenderOptions {
  verbose?: boolean;
}

function fixLines(d: Diagnosis, colors: Colors, options: RenderOptions): string[] {
  if (!options.verbose || !d.fixDetails) return d.fixes;
  return d.fixDetails.flatMap((f) => [f.fix, colors.dim(`  because ${f.because}`)]);
}

function renderDiagnosis(
  d: Diagnosis & {
    process?: string;
    othersAtFailure?: { name: string; gpuBytes: number | null; hostBytes: number | null }[];
  },
  colors: Colors,
  options: RenderOptions,
): string {
  // A log that ends before its failure line, with nothing read: neither a failure nor a clean bill.
  const isCantTell = d.kind === 'none' && d.failureLineMissing !== undefined;
  const mark = isCantTell ? colors.yellow('?') : d.kind === 'none' ? colors.green('✓') : colors.red('✗');
  const title = isCantTell ? "can't tell: the failure line is missing" : kindTitles[d.kind];
  const who = d.process ? `${d.process}: ` : '';
  const where = d.evidence.line > 0 ? `, line ${d.evidence.line}` : '';
  const lines = [
    `${mark} ${colors.bold(`${who}${title}`)} — ${d.framework} (${d.code}${where}, ${d.confidence})`,
  ];
  lines.push(`  ${d.summary}`);
  // A peak and its source read as one fact: `peak host 480 MiB (cgroup)`.
  const facts = Object.entries(d.facts)
    .filter(([k]) => !(k.endsWith('Source') && `${k.slice(0, -'Source'.length)}Bytes` in d.facts))
    .map(([k, v]) => {
      const source = d.facts[`${k.replace(/Bytes$/, '')}Source`];
      return `${formatFact(k, v)}${k.endsWith('Bytes') && source !== undefined ? ` (${source})` : ''}`;
    });
  if (facts.length > 0) lines.push(...block('numbers', [facts.join(' · ')], colors));
  if (d.holders?.length) {
    lines.push(
      ...block(
        'on GPU',
        [
          d.holders
            .map((h) => `PID ${h.pid}${h.isSelf ? ' (this process)' : ''} ${formatBytes(h.bytes)}`)
            .join(' · '),
        ],
        colors,
      ),
    );
  }
  if (d.othersAtFailure?.length) {
    const held = d.othersAtFailure.map(
      (o) =>
        `${o.name} GPU ${o.gpuBytes === null ? '?' : formatBytes(o.gpuBytes)}, host ${o.hostBytes === null ? '?' : formatBytes(o.hostBytes)}`,
    );
    lines.push(...block('others', [held.join(' · ')], colors));
  }
  lines.push(...block('cause', [`${d.cause}: ${d.causeText}`], colors));
  if (d.causeAlternatives?.length)
    lines.push(
      ...block(
        'could be',
        d.causeAlternatives.map((a) => `${a.cause} (the log cannot rule it out); to decide: ${a.decidedBy}`),
        colors,
      ),
    );
  // The failure line itself is not in the log: what stood in its place, and what to paste to decide.
  if (d.failureLineMissing)
    lines.push(
      ...block(
        'not shown',
        [
          `the failure line is not in the log; it shows ${d.failureLineMissing.saw}`,
          `to decide: ${d.failureLineMissing.toDecide}`,
        ],
        colors,
      ),
    );
  if (d.fixes.length > 0) lines.push(...block('fix', fixLines(d, colors, options), colors));
  if (d.evidence.text)
    lines.push(
      ...block(
        'evidence',
        [`${d.evidence.line > 0 ? `line ${d.evidence.line}: ` : ''}${d.evidence.text}`],
        colors,
      ),
    );
  return lines.join('\n');
}

/** One static finding (script, environment): where, what, its code, then its fixes. */
export function renderFinding(f: DoctorFinding, colors: Colors): string {
  const paint = f.severity === 'error' ? colors.red : f.severity === 'warning' ? colors.yellow : colors.dim;
  const where = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}: ` : '';
  const message = f.file && f.line ? f.message.replace(`line ${f.line}: `, '') : f.message;
  const fixes = (f.fixes ?? []).map((fix) => `    fix: ${fix}`);
  return [`${paint(f.severity.padEnd(7))} ${where}${message} ${colors.dim(`[${f.code}]`)}`, ...fixes].join(
    '\n',
  );
}

function renderReport(report: TargetReport, colors: Colors, options: RenderOptions): string {
  const lines = report.lineCount === undefined ? '' : ` (${report.lineCount.toLocaleString('en-US')} lines)`;
  const head = colors.bold(`${report.targetKind} ${report.target}${lines}`);
  const body: string[] = report.diagnoses.map((d) => renderDiagnosis(d, colors, options));
  body.push(...report.findings.map((f) => renderFinding(f, colors)));
  if (body.length === 0) {
    body.push(
      report.targetKind === 'script'
        ? `${colors.green('✓')} no problems found`
        : `${colors.green('✓')} no memory failure found`,
    );
  }
  return [head, ...body].join('\n\n');
}

/** The whole text output of `doctor`. */
export function renderDoctor(result: DoctorResult, colors: Colors, options: RenderOptions = {}): string {
  const parts = result.reports.map((r) => renderReport(r, colors, options));
  if (result.envFindings !== null) {
    const body =
      result.envFindings.length === 0
        ? [`${colors.green('✓')} nothing to report`]
        : result.envFindings.map((f) => renderFinding(f, colors));
    parts.push([colors.bold('environment'), ...body].join('\n\n'));
  }
  return `${parts.join('\n\n')}\n`;
}
