// `headroom report [RUN_DIR] [-o FILE]`: one self-contained HTML page of a run.
import { defineCommand } from '../../command.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import { renderReportJson, renderReportText } from './reporters.js';
import { runReport } from './run.js';

const reportOptions = defineOptions({
  output: {
    flag: '--output',
    short: '-o',
    valueName: 'file',
    kind: 'text',
    description: 'where to write the page (default: RUN_DIR/report.html)',
  },
  json: { ...sharedOptions.json, description: 'print what was written as JSON' },
});

export const command = defineCommand({
  name: 'report',
  description: 'write one self-contained HTML page of a run: plan, memory charts, events, summary, diagnosis',
  arguments: [{ name: 'run-dir', description: 'a run directory (default: the latest under .headroom/runs)' }],
  options: reportOptions,
  run: ({ options, args }, io) => runReport({ runDir: args['run-dir'], output: options.output }, io),
  reporters: { text: renderReportText, json: renderReportJson },
});
