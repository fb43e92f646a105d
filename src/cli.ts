// The headroom command line: a table of subcommands, each loaded only when it is run.
import { Command, CommanderError } from 'commander';
import { ExitCode, HeadroomError } from './errors.js';
import { headroomVersion } from './version.js';

interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<{ define: (program: Command) => void }>;
}

// One file per command under cli/; imported lazily so `plan` never loads the supervisor or FFI.
const commands: CommandEntry[] = [
  { name: 'plan', summary: 'split GPUs among the configured processes', load: () => import('./cli/plan.js') },
  {
    name: 'env',
    summary: "print one process's environment, or run a command with it",
    load: () => import('./cli/env.js'),
  },
  {
    name: 'estimate',
    summary: 'memory a training config needs, and what fits',
    load: () => import('./cli/estimate.js'),
  },
  { name: 'run', summary: 'launch and supervise the planned processes', load: () => import('./cli/run.js') },
  { name: 'gpus', summary: 'GPUs, their processes and memory', load: () => import('./cli/gpus.js') },
  { name: 'watch', summary: 'live view of GPU and host memory', load: () => import('./cli/watch.js') },
  {
    name: 'doctor',
    summary: 'diagnose a log, a run, a script or the environment',
    load: () => import('./cli/doctor.js'),
  },
  { name: 'fit', summary: 'largest batch that fits, by running trials', load: () => import('./cli/fit.js') },
  {
    name: 'report',
    summary: 'one HTML page of a run: memory charts, events, summary, diagnosis',
    load: () => import('./cli/commands/report/index.js'),
  },
  {
    name: 'serve',
    summary: 'a live local page of a run, and Prometheus /metrics',
    load: () => import('./cli/commands/serve/index.js'),
  },
  {
    name: 'slurm',
    summary: 'print the sbatch script for the plan',
    load: () => import('./cli/commands/slurm/index.js'),
  },
  {
    name: 'schema',
    summary: 'print the JSON Schema of headroom.yaml',
    load: () => import('./cli/schema.js'),
  },
];

/** Parses argv, runs one command, and sets process.exitCode; never throws for known errors. */
export async function main(argv: string[]): Promise<void> {
  const program = new Command('headroom')
    .description('Plan, launch, watch and fix memory for ML training on shared GPUs')
    .version(headroomVersion)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  const requested = argv[2];
  const entry = commands.find((c) => c.name === requested);
  if (entry) {
    (await entry.load()).define(program);
  } else {
    for (const c of commands) program.command(c.name).description(c.summary);
  }
  for (const sub of program.commands) sub.exitOverride();

  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CommanderError) {
    // Help and version are successes; everything else commander rejects is usage.
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return 0;
    return error.exitCode === 0 ? 0 : ExitCode.usage;
  }
  if (error instanceof HeadroomError) {
    process.stderr.write(`headroom: ${error.message}\n`);
    if (error.hint) process.stderr.write(`hint: ${error.hint}\n`);
    return error.exitCode;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`headroom: internal error (a bug; please report it with this output)\n${stack}\n`);
  return 70;
}

await main(process.argv);
