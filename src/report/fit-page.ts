// `report FIT_DIR`: one self-contained HTML page of a fit from its fit.json: the answer, the
// boundary, every trial (value, verdict, peaks, settled, what it bought, a leak's rate) with a link to
// its run record, the warnings and notes. Static: no script, and a policy that allows no request. Pure.
import type { FitResult } from '../fit/result.js';
import { formatBytes } from '../units.js';

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const peak = (bytes: number | null): string => (bytes === null ? '–' : formatBytes(bytes));

const style = `body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#1d2330}
table{border-collapse:collapse}td,th{padding:.25em .6em;border-bottom:1px solid #dde;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}.warn{color:#9a5b00}.bad{color:#b3261e}`;

/** The page; `trialHref` turns a trial's run directory into a link from where the page is written. */
export function renderFitPageHtml(
  fit: FitResult,
  options: { trialHref?: (runDir: string) => string } = {},
): string {
  const { var: variable } = fit;
  const answer =
    fit.recommended > 0
      ? `${variable} ${fit.recommended} fits${fit.marginPercent > 0 ? ` with ${fit.marginPercent}% of each limit kept free` : ''}`
      : `no ${variable} fits`;
  const boundary = `largest that ran: ${fit.largestPassed ?? 'none'}; first out of memory: ${fit.firstFailing ?? 'none'} — ${
    fit.isBoundarySettled
      ? 'settled'
      : fit.isAnswerSettled
        ? 'not narrowed further: no value there could change the answer'
        : 'not settled'
  }`;
  const rows = fit.trials.map((t, i) => {
    const record =
      t.runDir && options.trialHref ? `<a href="${escapeHtml(options.trialHref(t.runDir))}">record</a>` : '';
    const leak = t.leak
      ? `<span class="bad">leak: ${escapeHtml(formatBytes(t.leak.bytesPerSecond))}/s</span>`
      : '';
    return `<tr><td class="n">${i + 1}</td><td class="n">${t.value}</td><td>${escapeHtml(t.outcome)} (${escapeHtml(t.reason)})</td><td class="n">${peak(t.peakHostBytes)}</td><td class="n">${peak(t.peakGpuBytes)}</td><td>${t.isSettled === false ? 'no' : 'yes'} ${leak}</td><td class="n">${t.seconds.toFixed(1)} s</td><td>${escapeHtml(t.bought ?? '')}</td><td>${record}</td></tr>`;
  });
  const list = (items: readonly string[], className: string): string =>
    items.length === 0
      ? ''
      : `<ul class="${className}">${items.map((w) => `<li>${escapeHtml(w)}</li>`).join('')}</ul>`;
  const title = `headroom fit: ${answer}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><h1>${escapeHtml(answer)}</h1>
<p>${escapeHtml(boundary)}. Search: ${escapeHtml(fit.end)}, strategy ${escapeHtml(fit.strategy)}, ${fit.trials.length} trials.</p>
${list(fit.warnings, 'warn')}
<table><thead><tr><th>#</th><th>${escapeHtml(variable)}</th><th>verdict</th><th>peak host</th><th>peak GPU</th><th>settled</th><th>time</th><th>bought</th><th></th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
${list(fit.notes, 'notes')}
</body></html>
`;
}
