// A warm trial's record is opened before its value is known (trial-NN-VAR-warm, the command with its
// placeholder): once it has ended, it gets the name and value a cold trial's record has.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function rewrite(path: string, change: (text: string) => string): void {
  if (!existsSync(path)) return;
  writeFileSync(`${path}.tmp`, change(readFileSync(path, 'utf8')));
  renameSync(`${path}.tmp`, path);
}

/** Moves a finished warm trial's record to `to` and writes its value where the record names it; returns the new path. */
export function relabelWarmTrial(options: {
  from: string;
  to: string;
  placeholder: string;
  value: number;
}): string {
  const { from, to, placeholder, value } = options;
  try {
    rewrite(join(from, 'run.json'), (text) => {
      const meta = JSON.parse(text);
      if (meta.origin?.kind === 'fit-trial') meta.origin.value = value;
      return `${JSON.stringify(meta, null, 2)}\n`;
    });
    rewrite(join(from, 'summary.json'), (text) => {
      const summary = JSON.parse(text);
      summary.runDir = to;
      return `${JSON.stringify(summary, null, 2)}\n`;
    });
    // The spawn event's argv: the value the process received at the gate.
    rewrite(join(from, 'events.jsonl'), (text) =>
      text
        .split('\n')
        .map((line) => {
          if (!line.includes('"type":"spawn"')) return line;
          const event = JSON.parse(line);
          event.argv = (event.argv as string[]).map((arg) => arg.split(placeholder).join(String(value)));
          return JSON.stringify(event);
        })
        .join('\n'),
    );
    renameSync(from, to);
    return to;
  } catch {
    // The record stays where it is, under the warm name: still whole, only not renamed.
    return from;
  }
}
