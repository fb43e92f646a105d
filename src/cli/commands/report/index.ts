// Registers `headroom report`.
import type { Command } from 'commander';
import { renderReportJson, renderReportText } from './reporters.js';
import { runReport } from './run.js';

interface ReportFlags {
  output?: string;
  json?: boolean;
}

/** Registers `report` on the program. */
export function define(program: Command): void {
  program
    .command('report')
    .description(
      'write one self-contained HTML page of a run: plan, memory charts, events, summary, diagnosis',
    )
    .argument('[run-dir]', 'a run directory (default: the latest under .headroom/runs)')
    .option('-o, --output <file>', 'where to write the page (default: RUN_DIR/report.html)')
    .option('--json', 'print what was written as JSON')
    .action(async (runDir: string | undefined, flags: ReportFlags) => {
      const { data, exitCode } = await runReport({
        runDir,
        ...(flags.output ? { output: flags.output } : {}),
      });
      process.stdout.write(flags.json ? renderReportJson(data) : renderReportText(data));
      process.exitCode = exitCode;
    });
}
