// Locates ../shared (beside the repository) for tests; tests skip with a message when it is absent.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** ../shared relative to the repository root, or undefined when this is a bare clone. */
export function sharedDir(): string | undefined {
  const dir = path.resolve(repoRoot, '..', 'shared');
  return existsSync(dir) ? dir : undefined;
}

/** Why a test that needs ../shared is skipped. */
export const noSharedMessage = 'needs ../shared beside the repository (absent in a bare clone)';

/** Every file under a directory, as paths relative to it, sorted. */
export function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix))
    .sort()
    .flatMap((name) => {
      const relative = prefix ? `${prefix}/${name}` : name;
      return statSync(path.join(dir, relative)).isDirectory() ? listFiles(dir, relative) : [relative];
    });
}
