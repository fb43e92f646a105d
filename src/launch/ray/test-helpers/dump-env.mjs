// Test helper: writes this process's environment to $HEADROOM_TEST_ENV_DIR/$HEADROOM_PROCESS.json, then
// runs the rest of its argv with the same environment and exits as it does (a wrapper that adds nothing).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.HEADROOM_TEST_ENV_DIR;
if (dir) writeFileSync(join(dir, `${process.env.HEADROOM_PROCESS}.json`), JSON.stringify(process.env));
const [command, ...args] = process.argv.slice(2);
const ran = spawnSync(command, args, { stdio: 'inherit' });
process.exit(ran.status ?? 1);
