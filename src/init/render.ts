// A commented headroom.yaml from what `init` found: the GPU processes running now (each one's command,
// guessed framework and current memory as a starting budget, marked as such), or commands the user gave.
// Pure: the caller reads the machine and writes the file.
import { profileOf } from '../frameworks/index.js';
import { formatBytes } from '../units.js';
import type { FrameworkGuess } from './guess-framework.js';

const MiB = 1024 ** 2;

/** A process to write: its argv, where it runs, the framework guess, and the GPU memory it holds now (if running). */
export interface InitProcess {
  name: string;
  argv: string[];
  cwd?: string;
  guess: FrameworkGuess;
  /** GPU memory in use when `init` looked; undefined for a command that is not running. */
  usedBytes?: number;
  device?: number;
  pid?: number;
}

/** A card to declare. */
export interface InitDevice {
  index: number;
  name: string;
  totalBytes: number;
  simulated: boolean;
}

export interface InitInput {
  processes: InitProcess[];
  devices: InitDevice[];
  /** `running` (read from the GPU now) or `commands` (given after --). */
  source: 'running' | 'commands';
  /** Where the GPU readings came from, for the header (`nvml`, `nvidia-smi`, `sim`). */
  gpuSource?: string;
}

/** A size YAML-ready and exact to the MiB: `2304MiB`, `24GiB`. */
export function sizeText(bytes: number): string {
  const mib = Math.ceil(bytes / MiB);
  return mib % 1024 === 0 ? `${mib / 1024}GiB` : `${mib}MiB`;
}

/** A starting budget from memory in use now: rounded up to 256 MiB, so the next allocation has room. */
export function startingBudgetBytes(usedBytes: number): number {
  const step = 256 * MiB;
  return Math.max(step, Math.ceil(usedBytes / step) * step);
}

const yamlString = (text: string): string => JSON.stringify(text);

/** Unique, config-safe names: `train`, `train-2`. */
export function uniqueNames(wanted: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return wanted.map((raw) => {
    const base = raw.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'process';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}

/** The name a command suggests: its script's base name (`train.py` → train), else its program's. */
export function nameFromArgv(argv: readonly string[]): string {
  const script =
    argv.slice(1).find((a) => /\.(py|mjs|js|sh)$/.test(a)) ?? argv.find((a) => !a.startsWith('-'));
  const base = (script ?? 'process').split('/').at(-1)!;
  return base.replace(/\.(py|mjs|js|sh)$/, '');
}

const usesGpu = (p: InitProcess): boolean => profileOf(p.guess.framework).usesGpu;

/** The config text. */
export function renderInitConfig(input: InitInput): string {
  const lines: string[] = [];
  const header =
    input.source === 'running'
      ? `# Written by \`headroom init\` from the GPU processes running now (${input.gpuSource ?? 'GPU probe'}).`
      : '# Written by `headroom init` from the commands given after --.';
  lines.push(
    header,
    '# Check each guess, then: headroom plan (does it fit?), headroom run (launch and supervise).',
    '# Keys: headroom schema prints the JSON Schema of this file.',
    '',
  );
  if (input.devices.length > 0) {
    lines.push('gpus:');
    for (const d of input.devices) {
      lines.push(`  - name: ${yamlString(d.name)}`);
      lines.push(
        `    memory: ${sizeText(d.totalBytes)}  # ${formatBytes(d.totalBytes)}, as the GPU probe reported it`,
      );
      if (d.simulated) lines.push('    simulated: true');
    }
  } else {
    lines.push(
      '# No GPU was found here: name the card to plan for (or pass --gpu to plan), e.g.',
      '# gpus:',
      '#   - model: a100-40gb',
    );
  }
  lines.push('', 'processes:');
  for (const p of input.processes) {
    lines.push(`  ${p.name}:`);
    lines.push(`    command: [${p.argv.map(yamlString).join(', ')}]`);
    if (p.cwd) lines.push(`    cwd: ${yamlString(p.cwd)}`);
    lines.push(`    framework: ${p.guess.framework}  # a guess: ${p.guess.because}`);
    if (!usesGpu(p)) continue;
    if (p.usedBytes !== undefined) {
      const budget = startingBudgetBytes(p.usedBytes);
      lines.push(
        `    gpu_memory: ${sizeText(budget)}  # a starting budget: ${formatBytes(p.usedBytes)} in use when init looked${p.pid === undefined ? '' : ` (pid ${p.pid})`}, not its peak; headroom fit or a run's peaks say more`,
      );
      const card = input.devices.find((d) => d.index === p.device);
      // A framework that takes a fixed share by default (XLA's 75% pool) shows that share, not a need.
      const pool = profileOf(p.guess.framework).defaultPool;
      if (pool !== null && card && p.usedBytes >= (pool.fraction - 0.05) * card.totalBytes)
        lines.push(
          `    # this looks like ${pool.allocator} preallocating ${Math.round(pool.fraction * 100)}% of the card, not what the process needs: lower it`,
        );
      if (p.device !== undefined && input.devices.length > 1) lines.push(`    gpu: ${p.device}`);
    } else {
      lines.push(
        '    gpu_memory: rest  # not measured: an equal share of what the budgets above leave; set a size once known',
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}
