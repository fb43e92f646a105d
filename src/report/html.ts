// The report page as one self-contained HTML string: styles, uPlot, the page script and the model
// inlined, and a Content-Security-Policy that forbids every request but the live stream's. Pure.
import type { ReportModel } from './model-types.js';

/** The texts inlined into the page (see page-assets.ts). */
export interface PageAssets {
  chartLibraryJs: string;
  chartLibraryCss: string;
  chartsJs: string;
  pageJs: string;
  pageCss: string;
}

/** A live page's stream (the dashboard); absent for a report file. */
export interface LiveOptions {
  /** Same-origin URL of the server-sent events stream, token included where one is needed. */
  eventsUrl: string;
}

// JSON inside <script> must not close the element or open a comment: escape `<` (and the separators JS
// strings cannot hold on old engines).
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

const scriptText = (code: string): string => code.replaceAll('</script', '<\\/script');
const styleText = (css: string): string => css.replaceAll('</style', '<\\/style');

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The whole page. Without `live` it makes no request at all (the CSP says connect-src 'none'). */
export function renderReportHtml(options: {
  model: ReportModel;
  assets: PageAssets;
  live?: LiveOptions;
}): string {
  const { model, assets, live } = options;
  const connect = live ? "'self'" : "'none'";
  const policy = `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src ${connect}; base-uri 'none'; form-action 'none'`;
  const title = `headroom run ${model.runId ?? ''}`.trim();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="generator" content="headroom">
<title>${escapeHtml(title)}</title>
<style>${styleText(assets.chartLibraryCss)}</style>
<style>${styleText(assets.pageCss)}</style>
</head>
<body>
<main id="report"><noscript>This report draws its charts with JavaScript; the data is in the headroom-model element.</noscript></main>
<script type="application/json" id="headroom-model">${scriptJson(model)}</script>
${live ? `<script type="application/json" id="headroom-live">${scriptJson(live)}</script>\n` : ''}<script>${scriptText(assets.chartLibraryJs)}</script>
<script>${scriptText(assets.chartsJs)}</script>
<script>${scriptText(assets.pageJs)}</script>
</body>
</html>
`;
}
