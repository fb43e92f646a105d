// A small real tmpfs of a test file's own, for a full disk that is real and no one else's (issue #22
// item 3): mounted before the file's tests, unmounted after; where mounting is refused (not root, a
// container without it), `skip` says why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';

/** Where the tmpfs is mounted once the file's tests run, or why it is not. */
export interface SmallTmpfs {
  path: string | undefined;
  skip: string | undefined;
}

/** Registers the hooks that mount a tmpfs of `size` (`4m`) named `name` for this test file. */
export function useSmallTmpfs(name: string, size: string): SmallTmpfs {
  const tmpfs: SmallTmpfs = { path: undefined, skip: undefined };
  before(() => {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, name, dir], { stdio: 'pipe' });
      tmpfs.path = dir;
    } catch (error) {
      tmpfs.skip = `cannot mount a tmpfs here (${String(error).split('\n')[0]})`;
      rmSync(dir, { recursive: true, force: true });
    }
  });
  after(() => {
    if (!tmpfs.path) return;
    execFileSync('umount', [tmpfs.path]);
    rmSync(tmpfs.path, { recursive: true, force: true });
  });
  return tmpfs;
}
