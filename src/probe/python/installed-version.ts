// The installed version of a Python distribution (jaxlib, torch) as the user's processes would find it,
// read by headroom's bootstrap's own reader (python/headroom_boot/_headroom_boot/versions.py: the
// metadata directory on sys.path, nothing imported), through the python3 on the environment's PATH.
import { spawnSync } from 'node:child_process';
import { packagedBootstrapDir } from '../../frameworks/bootstrap.js';

const reader = [
  'import sys',
  'sys.path.insert(0, sys.argv[1])',
  'from _headroom_boot import versions',
  "print(versions.installed(sys.argv[2]) or '')",
].join('\n');

/** The version text (`0.10.2`); undefined when no Python runs or the distribution is not installed. */
export function readInstalledVersion(
  distribution: string,
  options: { env: Readonly<Record<string, string | undefined>>; python?: string; bootstrapDir?: string },
): string | undefined {
  const result = spawnSync(
    options.python ?? 'python3',
    ['-c', reader, options.bootstrapDir ?? packagedBootstrapDir, distribution],
    { env: { ...options.env, PYTHONPATH: '' } as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 10_000 },
  );
  const text = result.status === 0 ? result.stdout.trim() : '';
  return text === '' ? undefined : text;
}
