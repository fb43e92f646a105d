// `run` checks the Python scripts it is about to launch with doctor's script check (`doctor
// SCRIPT.py`, src/doctor/script) in the environment each will get, and says what it finds before
// anything starts: a pool of JAX workers that all inherit one fraction is cheaper to fix before.
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { checkPythonSource } from '../../doctor/script/check-script.js';
import type { DoctorFinding } from '../../doctor/types.js';

// Interpreter options that take a value (`python -X dev -W error train.py`).
const optionsWithValue = new Set(['-X', '-W', '-Q']);
const maxScriptBytes = 1024 * 1024;

/** The script a command runs with Python (`python3 -u train.py --lr 3`), or null (`-m`, `-c`, not Python). */
export function pythonScriptOf(command: string | readonly string[]): string | null {
  const argv = typeof command === 'string' ? command.trim().split(/\s+/) : command;
  const [program, ...rest] = argv;
  if (!program || !/^python[\d.]*$/.test(basename(program))) return null;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-m' || arg === '-c' || arg === '-') return null;
    if (optionsWithValue.has(arg)) i += 1;
    else if (!arg.startsWith('-')) return arg.endsWith('.py') ? arg : null;
  }
  return null;
}

/** What the script check found in one launched script. */
export interface LaunchScriptCheck {
  process: string;
  script: string;
  findings: DoctorFinding[];
}

/** Checks each launch that runs a readable Python script, in that launch's own environment. */
export function checkLaunchScripts(
  launches: readonly {
    name: string;
    command: string | string[];
    cwd?: string;
    env: Record<string, string>;
  }[],
  cwd: string,
): LaunchScriptCheck[] {
  const seen = new Set<string>();
  return launches.flatMap((launch) => {
    const script = pythonScriptOf(launch.command);
    if (script === null) return [];
    const path = resolve(launch.cwd ?? cwd, script);
    // Replicas run one script: check it once.
    if (seen.has(path)) return [];
    seen.add(path);
    try {
      if (!statSync(path).isFile() || statSync(path).size > maxScriptBytes) return [];
      const findings = checkPythonSource(readFileSync(path, 'utf8'), script, launch.env);
      return findings.length > 0 ? [{ process: launch.name, script, findings }] : [];
    } catch {
      return []; // a script that cannot be read is the launch's to report
    }
  });
}
