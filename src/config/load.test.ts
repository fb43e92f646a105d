import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../errors.js';
import { parseSpec } from './load.js';

const GiB = 1024 ** 3;

/** The single located message a bad config produces. */
function problems(text: string): string[] {
  try {
    parseSpec(text, 'cfg/headroom.yaml');
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected ConfigError, got ${error}`);
    assert.equal(error.exitCode, 2);
    return error.message.split('\n');
  }
  assert.fail('config was accepted');
}

describe('valid configs', () => {
  test('the DESIGN example parses with every default filled in', () => {
    const spec = parseSpec(
      `gpus:
  - index: 0
    memory: 24GiB
reserve: 512MiB
context_overhead: 1GB
processes:
  sim:
    command: ./isaac-sim.sh --headless
    framework: other
    gpu_memory: rest
  learner:
    command: [python, train.py, --role, learner]
    framework: jax
    gpu_memory: 30%
    host_memory: 16GiB
    restart: on-failure
  actor:
    command: [python, train.py, --role, actor]
    framework: jax
    gpu_memory: 2.5 GiB
    replicas: 2
    depends_on: [learner]
    ready_when: "^ready"
    env:
      XLA_PYTHON_CLIENT_MEM_FRACTION: .10
      WANDB_SILENT: true
`,
      '/work/x/headroom.yaml',
    );
    assert.deepEqual(spec.gpus, [{ index: 0, name: 'GPU 0', totalBytes: 24 * GiB, simulated: false }]);
    assert.equal(spec.reserveBytes, 512 * 1024 ** 2);
    assert.equal(spec.contextOverheadBytes, 1e9);
    assert.equal(spec.stopGraceMs, 10_000);
    const [sim, learner, actor] = spec.processes;
    assert.deepEqual(sim?.gpuMemory, { kind: 'rest' });
    assert.equal(sim?.command, './isaac-sim.sh --headless');
    assert.equal(sim?.cwd, '/work/x');
    assert.deepEqual(sim?.location, { file: '/work/x/headroom.yaml', line: 7, column: 3 });
    assert.deepEqual(learner?.gpuMemory, { kind: 'fraction', fraction: 0.3 });
    assert.equal(learner?.hostMemoryBytes, 16 * GiB);
    assert.equal(learner?.restart, 'on-failure');
    assert.deepEqual(actor?.gpuMemory, { kind: 'bytes', bytes: 2.5 * GiB });
    assert.equal(actor?.replicas, 2);
    // Environment values keep the text as written.
    assert.deepEqual(actor?.env, { XLA_PYTHON_CLIENT_MEM_FRACTION: '.10', WANDB_SILENT: 'true' });
  });

  test('a framework alias (pytorch, trtllm) is accepted and read as the framework it names', () => {
    const spec = parseSpec(
      'processes:\n  a:\n    command: x\n    framework: pytorch\n  b:\n    command: y\n    framework: trtllm\n',
      'headroom.yaml',
    );
    assert.deepEqual(
      spec.processes.map((p) => [p.name, p.framework]),
      [
        ['a', 'torch'],
        ['b', 'tensorrt-llm'],
      ],
    );
  });

  test('stop_grace accepts durations', () => {
    const base = 'processes:\n  a:\n    framework: none\n';
    assert.equal(parseSpec(`stop_grace: 500ms\n${base}`, 'f').stopGraceMs, 500);
    assert.equal(parseSpec(`stop_grace: 2m\n${base}`, 'f').stopGraceMs, 120_000);
    assert.equal(parseSpec(`stop_grace: 3\n${base}`, 'f').stopGraceMs, 3000);
  });
});

describe('bad configs name file, line, column and field', () => {
  test('a mistyped key suggests the nearest valid one, at the key', () => {
    const [message] = problems('processes:\n  learner:\n    framework: jax\n    gpu_memroy: 30%\n');
    assert.equal(
      message,
      'cfg/headroom.yaml:4:5: processes.learner.gpu_memroy: unknown key "gpu_memroy"; did you mean "gpu_memory"?',
    );
  });

  test('a mistyped top-level key, and one with no near match lists the valid keys', () => {
    assert.match(
      problems('reserv: 1GiB\nprocesses: {}\n')[0] ?? '',
      /:1:1: reserv: unknown key "reserv"; did you mean "reserve"\?/,
    );
    assert.match(
      problems('zzz: 1\nprocesses:\n  a: {framework: none}\n')[0] ?? '',
      /valid keys: gpus, reserve/,
    );
  });

  test('a bad size, an impossible percent and a bad enum point at the value', () => {
    const lines = problems(
      'processes:\n  a:\n    framework: jax\n    gpu_memory: 150%\n    host_memory: 24 parsecs\n  b:\n    framework: pytroch\n',
    );
    assert.deepEqual(lines, [
      'cfg/headroom.yaml:4:17: processes.a.gpu_memory: "150%" must be a percent above 0% and at most 100%',
      'cfg/headroom.yaml:5:18: processes.a.host_memory: "24 parsecs" has an unknown unit "parsecs": use B, KiB, MiB, GiB, TiB (or kB, MB, GB, TB)',
      'cfg/headroom.yaml:7:16: processes.b.framework: expected one of jax, torch (or pytorch), tensorflow, vllm, sglang, tensorrt-llm (or trtllm, tensorrt_llm), other, none',
    ]);
  });

  test('a missing required field points at its parent', () => {
    assert.deepEqual(problems('processes:\n  a:\n    command: x\n'), [
      'cfg/headroom.yaml:3:5: processes.a.framework: is required',
    ]);
  });

  test('YAML syntax errors and duplicate keys are located', () => {
    assert.match(
      problems('processes:\n  a:\n    framework: [jax\n')[0] ?? '',
      /^cfg\/headroom\.yaml:\d+:\d+: YAML syntax: /,
    );
    assert.match(
      problems('processes:\n  a:\n    framework: jax\n    framework: torch\n')[0] ?? '',
      /:4:5: duplicate key "framework"/,
    );
  });

  test('an empty file says what it needs', () => {
    assert.match(problems('')[0] ?? '', /empty; it needs at least `processes:`/);
  });

  test('cross-field rules: unknown dependency, cycle, bad regex, GPU settings on framework none', () => {
    const lines = problems(
      `processes:
  a:
    framework: none
    gpu_memory: 1GiB
    depends_on: [lerner]
  learner:
    framework: jax
    depends_on: [c]
    ready_when: "([a-z"
  c:
    framework: torch
    preallocate: true
    depends_on: [learner]
`,
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith('cfg/headroom.yaml:4:17: processes.a.gpu_memory: framework "none" does not use a GPU'),
      ),
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith(
          'cfg/headroom.yaml:5:18: processes.a.depends_on[0]: no process named "lerner"; did you mean "learner"?',
        ),
      ),
    );
    assert.ok(lines.some((l) => /processes\.learner\.ready_when: not a valid regular expression/.test(l)));
    assert.ok(
      lines.some((l) => /processes\.c\.preallocate: preallocate applies to framework "jax" only/.test(l)),
    );
    assert.ok(
      lines.some((l) => /depends_on: dependency cycle: (learner → c → learner|c → learner → c)/.test(l)),
    );
  });

  test('process names with a dot are refused (the dot names replicas)', () => {
    assert.match(
      problems('processes:\n  actor.1:\n    framework: jax\n')[0] ?? '',
      /process names use letters/,
    );
  });

  test('a wrong type says what was written', () => {
    assert.deepEqual(problems('processes:\n  a:\n    framework: jax\n    replicas: two\n'), [
      'cfg/headroom.yaml:4:15: processes.a.replicas: expected a number, got "two"',
    ]);
  });

  test('gpu_clients is a whole number from 1: 0, negatives and fractions are refused at the value', () => {
    const at = (value: string) =>
      problems(`processes:\n  a:\n    framework: jax\n    gpu_clients: ${value}\n`);
    assert.deepEqual(at('0'), [
      'cfg/headroom.yaml:4:18: processes.a.gpu_clients: expected a whole number from 1 to 1024',
    ]);
    assert.deepEqual(at('-3'), [
      'cfg/headroom.yaml:4:18: processes.a.gpu_clients: expected a whole number from 1 to 1024',
    ]);
    assert.deepEqual(at('1.5'), [
      'cfg/headroom.yaml:4:18: processes.a.gpu_clients: expected an integer, got 1.5',
    ]);
    assert.equal(
      parseSpec('processes:\n  a:\n    framework: jax\n    gpu_clients: 3\n', 'h.yaml').processes[0]
        ?.gpuClients,
      3,
    );
  });

  test('a GPU index declared twice is located at the second one', () => {
    const lines = problems(
      'gpus:\n  - memory: 24GiB\n  - index: 0\n    memory: 24GiB\nprocesses:\n  a:\n    framework: jax\n',
    );
    assert.deepEqual(lines, ['cfg/headroom.yaml:3:12: gpus[1].index: device index 0 is declared twice']);
  });
});

describe('in-process caps and PyTorch fields', () => {
  test('enforce defaults to cap where the framework can cap itself, warn elsewhere', () => {
    const spec = parseSpec(
      'processes:\n  j:\n    framework: jax\n  t:\n    framework: torch\n  f:\n    framework: tensorflow\n  o:\n    framework: other\n  n:\n    framework: none\n',
      'headroom.yaml',
    );
    assert.deepEqual(
      spec.processes.map((p) => [p.name, p.enforce]),
      [
        ['j', 'cap'],
        ['t', 'cap'],
        ['f', 'cap'],
        ['o', 'warn'],
        ['n', 'warn'],
      ],
    );
    assert.equal(spec.contextOverheadBytes, GiB);
  });

  test('torch_version is kept as written (YAML would read 2.10 as 2.1); shares_cuda_tensors is a boolean', () => {
    const spec = parseSpec(
      'processes:\n  t:\n    framework: torch\n    torch_version: 2.10\n    shares_cuda_tensors: true\n',
      'headroom.yaml',
    );
    assert.equal(spec.processes[0]?.torchVersion, '2.10');
    assert.equal(spec.processes[0]?.sharesCudaTensors, true);
  });

  test('located errors: a version that is none, torch fields on other frameworks, cap where nothing caps', () => {
    assert.deepEqual(problems('processes:\n  t:\n    framework: torch\n    torch_version: latest\n'), [
      'cfg/headroom.yaml:4:20: processes.t.torch_version: "latest" is not a PyTorch release such as "2.1.0"',
    ]);
    assert.match(
      problems('processes:\n  j:\n    framework: jax\n    shares_cuda_tensors: true\n')[0] ?? '',
      /processes\.j\.shares_cuda_tensors: shares_cuda_tensors applies to framework "torch" only/,
    );
    assert.match(
      problems('processes:\n  s:\n    framework: other\n    enforce: cap\n')[0] ?? '',
      /processes\.s\.enforce: nothing caps a framework "other" process in-process; use warn or kill/,
    );
  });
});
