// fit's warm-start gate (python/headroom_boot/_headroom_boot/fit_gate.py) in real Python: it imports the
// script's leading imports and nothing after them, waits for the value, puts it into sys.argv, keeps
// the gate from the program's children, and exits 3 (never running the script) when it cannot wait.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { bootstrapDir, findPython, noPythonMessage } from './python.js';

const python = findPython();
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-gate-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// `slow_module` records when it is imported; the script prints what it sees and runs a child Python.
const script = `"""A trial script."""
import json
import sys
try:
    import slow_module
except ImportError:
    slow_module = None
import os
import subprocess
print(json.dumps({"argv": sys.argv[1:], "imported_at": slow_module.IMPORTED_AT, "late_seen": "late_module" in sys.modules}))
child = subprocess.run([sys.executable, "-c", "import os; print(os.environ.get('HEADROOM_FIT_GATE', 'none'), os.environ.get('HEADROOM_BOOT'))"], capture_output=True, text=True)
print(child.stdout.strip())
import late_module
`;

function start(gateDir: string | null) {
  const dir = mkdtempSync(join(scratch, 'case-'));
  writeFileSync(join(dir, 'train.py'), script);
  writeFileSync(join(dir, 'slow_module.py'), 'import time\nIMPORTED_AT = time.time()\n');
  writeFileSync(join(dir, 'late_module.py'), '');
  const child = spawn(python!, [join(dir, 'train.py'), '--batch-size', '{batch}', '--tag=b{batch}'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PYTHONPATH: `${bootstrapDir}:${dir}`,
      HEADROOM_BOOT: 'peaks,fit-gate',
      ...(gateDir ? { HEADROOM_FIT_GATE: gateDir } : {}),
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { ended };
}

async function waitFor(path: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > until) throw new Error(`${path} did not appear`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("fit's warm-start gate", { skip: python ? undefined : noPythonMessage }, () => {
  test('imports the leading imports, waits for the value, then runs the script with it', async () => {
    const gate = join(scratch, 'gate-1');
    mkdirSync(gate);
    const { ended } = start(gate);
    await waitFor(join(gate, 'ready'));
    const ready = JSON.parse(readFileSync(join(gate, 'ready'), 'utf8'));
    // The try-block's import is a leading one; os (after it) too; late_module (after code) is not.
    assert.deepEqual(ready.imports, ['json', 'sys', 'slow_module', 'os', 'subprocess']);
    const releasedAt = Date.now() / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    writeFileSync(join(gate, 'go.tmp'), JSON.stringify({ placeholder: '{batch}', value: '128' }));
    renameSync(join(gate, 'go.tmp'), join(gate, 'go'));
    const { code, stdout, stderr } = await ended;
    assert.equal(code, 0, stderr);
    const [first, second] = stdout.trim().split('\n');
    const seen = JSON.parse(first ?? '{}');
    assert.deepEqual(seen.argv, ['--batch-size', '128', '--tag=b128']);
    // Imported at the gate, before the value came; the late import only when the script reached it.
    assert.ok(seen.imported_at < releasedAt, `imported at ${seen.imported_at}, released at ${releasedAt}`);
    assert.equal(seen.late_seen, false);
    // The child never waits at the gate: neither the directory nor the action reach it.
    assert.equal(second, 'none peaks');
  });

  test('offered more while it waits, it imports the names past those it has, and says how many are in', async () => {
    const gate = join(scratch, 'gate-more');
    mkdirSync(gate);
    const { ended } = start(gate);
    await waitFor(join(gate, 'ready'));
    const offer = (names: string[]) => {
      writeFileSync(join(gate, 'learned.tmp'), JSON.stringify(names));
      renameSync(join(gate, 'learned.tmp'), join(gate, 'learned'));
    };
    const learnedCount = async (count: number) => {
      const until = Date.now() + 20_000;
      for (;;) {
        const ready = JSON.parse(readFileSync(join(gate, 'ready'), 'utf8'));
        if (ready.learned === true && ready.learnedCount === count) return;
        if (Date.now() > until) throw new Error(`learnedCount ${ready.learnedCount}, not ${count}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // What a running trial has imported so far, then more of it.
    offer(['json']);
    await learnedCount(1);
    offer(['json', 'late_module']);
    await learnedCount(2);
    writeFileSync(join(gate, 'go.tmp'), JSON.stringify({ placeholder: '{batch}', value: '8' }));
    renameSync(join(gate, 'go.tmp'), join(gate, 'go'));
    const { code, stdout, stderr } = await ended;
    assert.equal(code, 0, stderr);
    assert.equal(JSON.parse(stdout.trim().split('\n')[0] ?? '{}').late_seen, true);
  });

  test('without a gate directory it exits 3 before the script runs', async () => {
    const { code, stdout, stderr } = await start(join(scratch, 'no-such-gate')).ended;
    assert.equal(code, 3);
    assert.equal(stdout, '');
    assert.match(
      stderr,
      /^headroom: fit's warm start could not wait for its value \(.*\); the trial runs cold$/m,
    );
  });
});

// fit's quick exit (fit_exit.py): once the program and its atexit handlers are done, the process ends with
// the exit status Python would have given it, without the interpreter's teardown, where that status is
// known for sure; elsewhere it ends as it always does. A module-level object whose __del__ prints
// `teardown` shows whether the teardown ran.
describe("fit's quick exit", { skip: python ? undefined : noPythonMessage }, () => {
  const cases: { name: string; body: string; isQuick: boolean }[] = [
    { name: 'sys.exit(0)', body: 'sys.exit(0)', isQuick: true },
    { name: 'sys.exit(None)', body: 'sys.exit()', isQuick: true },
    { name: 'sys.exit(4)', body: 'sys.exit(4)', isQuick: true },
    {
      name: 'sys.exit(260): the status is taken modulo 256, as exit(3)',
      body: 'sys.exit(260)',
      isQuick: true,
    },
    { name: 'an uncaught exception: 1', body: 'raise ValueError("out of memory")', isQuick: true },
    {
      name: 'sys.exit(0) caught, then an uncaught exception: 1',
      body: 'try:\n    sys.exit(0)\nexcept SystemExit:\n    pass\nraise RuntimeError("late")',
      isQuick: true,
    },
    { name: 'falling off the end: not known here', body: 'x = 1', isQuick: false },
    { name: 'raise SystemExit(3): not known here', body: 'raise SystemExit(3)', isQuick: false },
    { name: 'sys.exit with a message: not known here', body: 'sys.exit("no data")', isQuick: false },
    {
      name: "sys.exit(5) in another thread ends only that thread: the main thread's end is not known",
      body: 'import threading\nt = threading.Thread(target=lambda: sys.exit(5))\nt.start()\nt.join()',
      isQuick: false,
    },
    {
      name: 'KeyboardInterrupt: Python re-raises it as SIGINT',
      body: 'raise KeyboardInterrupt',
      isQuick: false,
    },
  ];
  const prelude = [
    'import atexit, sys',
    'class Marker:',
    '    def __del__(self):',
    '        print("teardown", flush=True)',
    'marker = Marker()',
    // An atexit handler of the program's, registered after the bootstrap's: it still runs.
    'atexit.register(lambda: print("atexit", end=" "))',
    // Unflushed output is flushed.
    'print("out", end=" ")',
  ].join('\n');
  const runCase = (dir: string, isExit: boolean) =>
    spawnSync(python!, [join(dir, 'train.py')], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        PYTHONPATH: bootstrapDir,
        HEADROOM_BOOT: isExit ? 'peaks,fit-exit' : 'peaks',
      },
    });
  for (const { name, body, isQuick } of cases) {
    test(name, () => {
      const dir = mkdtempSync(join(scratch, 'exit-'));
      writeFileSync(join(dir, 'train.py'), `${prelude}\n${body}\n`);
      const plain = runCase(dir, false);
      const quick = runCase(dir, true);
      assert.deepEqual([quick.status, quick.signal], [plain.status, plain.signal], quick.stderr);
      assert.equal(plain.stdout, 'out atexit teardown\n');
      assert.equal(quick.stdout, isQuick ? 'out atexit ' : 'out atexit teardown\n', quick.stderr);
      assert.equal(quick.stderr, plain.stderr);
    });
  }
});
