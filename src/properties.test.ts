// Property-based checks of every parser and of the planner (fast-check): whatever the input, each
// either gives a valid result or a known error (exit 2) — never another exception, never NaN,
// Infinity or a negative size — and what is written out reads back exactly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { formatSh } from './cli/commands/env/format.js';
import { parseSpec } from './config/load.js';
import { diagnoseText } from './doctor/diagnose-text.js';
import { ConfigError, HeadroomError } from './errors.js';
import { ExprError, evaluateExpr, parseExpr } from './estimate/expr.js';
import { plan } from './plan/plan.js';
import type { DeviceSpec } from './plan/types.js';
import { parseSmiOutput } from './probe/gpu/smi-parse.js';
import { maxDurationMs, maxSizeBytes, parseDurationMs, readSize } from './units.js';

const runs = { numRuns: 300 };

/** Every number in a value (deeply), for the NaN/Infinity/negative-size invariants. */
function numbersIn(value: unknown, path = ''): Array<[string, number]> {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numbersIn(v, path ? `${path}.${k}` : k));
  return [];
}

function assertSaneNumbers(value: unknown): void {
  for (const [path, n] of numbersIn(value)) {
    assert.ok(Number.isFinite(n), `${path} is ${n}`);
    if (/Bytes$/.test(path)) assert.ok(n >= 0, `${path} is negative: ${n}`);
  }
}

const unit = fc.constantFrom(
  '',
  'B',
  'KiB',
  'MiB',
  'GiB',
  'TiB',
  'kB',
  'MB',
  'GB',
  'TB',
  'k',
  'M',
  'G',
  'x',
  'mib',
);
const sizeLike = fc.oneof(
  fc.string(),
  fc.tuple(fc.double({ noNaN: false }), fc.constantFrom('', ' '), unit).map(([n, s, u]) => `${n}${s}${u}`),
  fc.tuple(fc.nat(1 << 30), unit).map(([n, u]) => `${n}${u}`),
);

describe('sizes (units.ts readSize)', () => {
  test('any text: a whole number of bytes in range, or a message; never a throw', () => {
    fc.assert(
      fc.property(sizeLike, (text) => {
        const reading = readSize(text);
        if (!reading.ok) {
          assert.ok(reading.message.length > 0 && reading.message.length < 300);
          return;
        }
        assert.ok(
          Number.isInteger(reading.bytes) && reading.bytes >= 1 && reading.bytes <= maxSizeBytes,
          text,
        );
      }),
      runs,
    );
  });

  test('a written size reads back as its value in its unit', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.constantFrom(['KiB', 1024], ['MiB', 1024 ** 2], ['GB', 1e9]),
        (n, [u, m]) => {
          const reading = readSize(`${n + 1}${u}`);
          assert.ok(reading.ok);
          assert.equal(reading.bytes, Math.floor((n + 1) * (m as number)));
        },
      ),
      runs,
    );
  });
});

describe('durations (units.ts parseDurationMs)', () => {
  test('undefined, or whole milliseconds a timer can hold', () => {
    const text = fc.oneof(
      fc.string(),
      fc.tuple(fc.double(), fc.constantFrom('', 'ms', 's', 'm', 'h', ' s')).map(([n, u]) => `${n}${u}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        const ms = parseDurationMs(t);
        if (ms !== undefined)
          assert.ok(Number.isInteger(ms) && ms >= 0 && ms <= maxDurationMs, `${t} → ${ms}`);
      }),
      runs,
    );
  });
});

// Configs built from the schema's own vocabulary, with values drawn from good and bad ones.
const budget = fc.oneof(
  fc.constantFrom('rest', '30%', '0%', '150%', '0.3', 'x', '8GiB', '24GB', '-1GiB'),
  fc.nat(200).map((n) => `${n}%`),
  sizeLike,
);
const processYaml = fc
  .record(
    {
      framework: fc.constantFrom('jax', 'torch', 'tensorflow', 'other', 'none', 'pytorch'),
      gpu_memory: budget,
      host_memory: sizeLike,
      replicas: fc.integer({ min: -1, max: 5 }),
      enforce: fc.constantFrom('cap', 'warn', 'kill', 'maybe'),
      command: fc.constantFrom('"true"', '[sleep, "1"]', '[]', '""'),
    },
    { requiredKeys: ['framework'] },
  )
  .map((fields) =>
    Object.entries(fields)
      .map(([k, v]) => `    ${k}: ${typeof v === 'string' && !/^[[\]"]/.test(v) ? JSON.stringify(v) : v}`)
      .join('\n'),
  );
const configYaml = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom('a', 'b', 'learner', 'x-1', '9bad'), processYaml), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.option(sizeLike),
  )
  .map(([processes, gpu]) => {
    const gpus = gpu === null ? '' : `gpus:\n  - memory: ${JSON.stringify(gpu)}\n`;
    return `${gpus}processes:\n${processes.map(([name, body]) => `  ${name}:\n${body}`).join('\n')}\n`;
  });

describe('headroom.yaml (config/load.ts) and the planner', () => {
  test('any config: a Spec whose plan has sane numbers, or a ConfigError (exit 2); nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(configYaml, fc.string()), fc.constantFrom(0, 1, 2), (text, cards) => {
        let spec: ReturnType<typeof parseSpec>;
        try {
          spec = parseSpec(text, 'p.yaml');
        } catch (error) {
          assert.ok(error instanceof ConfigError, String(error));
          assert.equal(error.exitCode, 2);
          assert.ok(!/\n\s+at /.test(error.message), 'no stack in the message');
          return;
        }
        const devices: DeviceSpec[] = Array.from({ length: cards }, (_, index) => ({
          index,
          name: `GPU ${index}`,
          totalBytes: 24 * 1024 ** 3,
          simulated: true,
        }));
        const result = plan(spec, { devices: spec.gpus.length > 0 ? spec.gpus : devices, inheritedEnv: {} });
        assertSaneNumbers({
          devices: result.devices,
          processes: result.processes.map(({ env: _e, ...p }) => p),
        });
        // A budget past its card is possible only as an overcommit, which the plan reports as an error.
        const isInfeasible = result.findings.some((f) => f.severity === 'error');
        for (const p of result.processes) {
          assert.ok(p.budgetBytes >= 0 && p.fraction >= 0, p.name);
          assert.ok(
            p.fraction <= 1 || isInfeasible,
            `${p.name}: fraction ${p.fraction} with no error finding`,
          );
        }
      }),
      {
        numRuns: 400,
        // A random seed once drew a card smaller than the reserve: usable came out negative.
        examples: [['gpus:\n  - memory: "268435456B"\nprocesses:\n  a:\n    framework: jax\n', 0]],
      },
    );
  });
});

describe('estimate expressions (estimate/expr.ts)', () => {
  const exprText = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[0-9A-Za-z_+\-*/() ]{0,60}$/),
    fc.nat(3000).map((n) => `${'('.repeat(n)}1${')'.repeat(n)}`),
    fc.nat(3000).map((n) => Array.from({ length: n + 1 }, () => '1').join('+')),
  );
  test('an expression, or an ExprError at an offset; its value is a finite number or an ExprError', () => {
    fc.assert(
      fc.property(
        exprText,
        fc.dictionary(fc.stringMatching(/^[A-Za-z_]\w{0,4}$/), fc.integer()),
        (text, vars) => {
          let expr: ReturnType<typeof parseExpr>;
          try {
            expr = parseExpr(text);
          } catch (error) {
            assert.ok(error instanceof ExprError, String(error));
            assert.ok(error.offset >= 0 && error.offset <= Math.max(text.length, 1024));
            return;
          }
          try {
            const value = evaluateExpr(expr, vars);
            assert.ok(!Number.isNaN(value), text);
          } catch (error) {
            assert.ok(error instanceof ExprError, String(error));
          }
        },
      ),
      runs,
    );
  });
});

describe('recorded nvidia-smi output (probe/gpu/smi-parse.ts)', () => {
  const smiLike = fc.oneof(
    fc.string(),
    fc
      .array(
        fc.constantFrom(
          'index, name, memory.total [MiB], memory.used [MiB]',
          '0, GPU, 24564 MiB, 10 MiB',
          '1, X, abc, 5',
          '<?xml version="1.0" ?>',
          '<nvidia_smi_log>',
          '| NVIDIA-SMI 535.104.05',
          '+-----+',
          '|  0  NVIDIA A100 | 1MiB / 40960MiB |',
          '',
        ),
        { maxLength: 12 },
      )
      .map((lines) => lines.join('\n')),
  );
  test('devices with sane numbers, or a known error naming the source; never another exception', () => {
    fc.assert(
      fc.property(smiLike, (text) => {
        try {
          const parsed = parseSmiOutput(text, { file: 'x.txt' });
          assertSaneNumbers(parsed.devices);
          assertSaneNumbers(parsed.processes);
        } catch (error) {
          assert.ok(error instanceof HeadroomError, String(error));
          assert.equal(error.exitCode, 2);
        }
      }),
      runs,
    );
  });
});

describe("doctor's line classifier", () => {
  const logLike = fc.array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free.',
        'Out of memory: Killed process 123 (python) total-vm:99999999999999999999kB, anon-rss:-5kB',
        'RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1e400 bytes.',
        'Tried to allocate NaN GiB',
        'DataLoader worker (pid(s) 1, 2) exited unexpectedly',
        'Killed',
      ),
    ),
    { maxLength: 30 },
  );
  test('never throws; every stated size is a finite, non-negative number', () => {
    fc.assert(
      fc.property(logLike, (lines) => {
        for (const d of diagnoseText(lines)) {
          assertSaneNumbers(d.facts);
          assert.ok(d.fixes.length === (d.fixDetails ?? d.fixes).length);
        }
      }),
      runs,
    );
  });
});

describe('env output (cli/env-format.ts)', () => {
  test('sh: whatever the values, a real /bin/sh gets every one back byte for byte', () => {
    const value = fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 1, unit: 'binary' }),
          fc.constantFrom('\n', "'", '"', '$', '`', '\\', '!', '*', ' '),
        ),
      )
      .map((parts) => parts.join(''))
      .filter((v) => !v.includes('\0'));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (values) => {
        const env = Object.fromEntries(values.map((v, i) => [`V${i}`, v]));
        const script = `${formatSh(env, [])}\nfor k in ${Object.keys(env).join(' ')}; do eval "printf '%s\\\\0' \\"\\$$k\\""; done`;
        const out = execFileSync('/bin/sh', ['-c', script], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        });
        assert.deepEqual(out.split('\0').slice(0, -1), values);
      }),
      { numRuns: 60 },
    );
  });
});
