// The file a test starts with node on its own loader (process.execArgv): where this process runs from the
// test build (npm test: scripts/test-build.mjs, scripts/test-loader.mjs), the source's build, which the
// loader runs as it is, without module hooks (their thread and a round trip per module cost a process
// that loads the run command ~0.3 CPU-s); the source itself otherwise (tsx, or a build older than it).
import { statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const buildRoot = join(repoRoot, '.test-build');
const isFromBuild = (process.argv[1] ?? '').startsWith(`${buildRoot}${sep}`);

/** `source` (a `.ts` file of the repository), or its up-to-date build when this process runs from the build. */
export function runnableSource(source: string): string {
  if (!isFromBuild) return source;
  const built = join(buildRoot, relative(repoRoot, source)).replace(/\.ts$/, '.js');
  try {
    if (statSync(built).mtimeMs >= statSync(source).mtimeMs) return built;
  } catch {
    // no build of it
  }
  return source;
}
