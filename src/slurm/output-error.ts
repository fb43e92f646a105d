// Output of a Slurm command that headroom cannot read: one line naming the command, the line and
// the field, exit 2 (the machine is not what headroom expected), never a stack trace.
import { HeadroomError } from '../errors.js';

/** A Slurm command's output that does not parse. */
export class SlurmOutputError extends HeadroomError {
  constructor(options: { command: string; line: number; field: string; message: string }) {
    super({
      code: 'slurm-output',
      message: `${options.command}: line ${options.line}: ${options.field}: ${options.message}`,
      hint: 'is this a Slurm 22.05 or newer cluster? run the command by hand to see what it prints',
    });
    this.name = 'SlurmOutputError';
  }
}

/** Lines of a command's output with their 1-based numbers, blank ones left out. */
export function numberedLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: i + 1, text: line.trimEnd() }))
    .filter((entry) => entry.text.trim() !== '');
}

/** Splits one `--parsable2` / `-o '%a|%b'` line into exactly `count` fields, or throws. */
export function splitFields(options: {
  command: string;
  line: number;
  text: string;
  names: readonly string[];
}): Record<string, string> {
  const values = options.text.split('|');
  if (values.length !== options.names.length) {
    throw new SlurmOutputError({
      command: options.command,
      line: options.line,
      field: options.names.join('|'),
      message: `expected ${options.names.length} fields separated by |, found ${values.length}`,
    });
  }
  return Object.fromEntries(options.names.map((name, i) => [name, values[i] ?? '']));
}
