// Which files of a run the dashboard serves: the record's own files and its logs, by an exact
// pattern, never a directory, never anything outside the run (`..`, encoded or not, symlinks).
import { realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

// plan.json, samples.jsonl, events.jsonl, summary.json, logs/NAME.log (process names: config.ts's alphabet plus `.`).
const servedPattern =
  /^(?:plan\.json|samples\.jsonl|events\.jsonl|summary\.json|logs\/[A-Za-z0-9_][A-Za-z0-9_.-]*\.log)$/;

/** The path under `runDir` that `relativePath` (already URL-decoded) names, or null when it is not served. */
export function resolveRunFile(runDir: string, relativePath: string): string | null {
  if (!servedPattern.test(relativePath) || relativePath.includes('..')) return null;
  try {
    const root = realpathSync(runDir);
    const real = realpathSync(join(root, relativePath));
    // A symlink in the run (logs/x.log → /etc/passwd) must not lead out of it.
    if (!real.startsWith(root + sep) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

/** The content type a served run file is sent with. */
export function contentTypeOf(path: string): string {
  return path.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
}
