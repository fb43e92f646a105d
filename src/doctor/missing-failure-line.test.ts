// Issue 23 item 4: a log whose failure line was never pasted says so, and "can't tell" where nothing
// in it decides, the same for every library (missing-failure-line.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failureLineMissingCode } from './diagnose.js';
import { diagnoseText } from './diagnose-text.js';

const frames = (library: string) => [
  'Traceback (most recent call last):',
  '  File "train.py", line 88, in <module>',
  '    main()',
  `  File "/opt/conda/lib/python3.10/site-packages/${library}/core.py", line 412, in run`,
  '    return self._run(inputs)',
];

for (const library of ['torch', 'tensorflow', 'jax', 'paddle', 'vllm'])
  test(`a traceback through ${library} cut before its error line is "can't tell", with what to paste`, () => {
    const [d] = diagnoseText(frames(library));
    assert.equal(d?.code, failureLineMissingCode);
    assert.equal(d?.kind, 'none');
    assert.equal(d?.cause, 'unknown');
    assert.match(d?.failureLineMissing?.saw ?? '', /traceback/);
    assert.match(d?.failureLineMissing?.toDecide ?? '', /last line/);
  });

test("a cut traceback ending in 3.11's carets, or inside a code fence, is the same", () => {
  const carets = [...frames('torch'), '           ^^^^^^^^^^^^^^^^^^'];
  assert.equal(diagnoseText(carets)[0]?.code, failureLineMissingCode);
  const fenced = ['```', ...frames('torch'), '```'];
  assert.equal(diagnoseText(fenced)[0]?.code, failureLineMissingCode);
});

test('a traceback with its error line, or followed by the reporter\'s words, is not "can\'t tell"', () => {
  assert.deepEqual(diagnoseText([...frames('torch'), 'ValueError: shapes do not match']), []);
  assert.deepEqual(diagnoseText([...frames('torch'), 'Any idea what is wrong here?']), []);
});

test('a native stack cut before its message is "can\'t tell"', () => {
  const [d] = diagnoseText([
    '[host:00030] [ 4] /opt/hpcx/ucx/lib/libuct.so.0(+0x1b488)[0x7f9d36896488]',
    '[host:00030] [ 5] /opt/hpcx/ucx/lib/libuct.so.0(uct_mm_iface_t_new+0xb2)[0x7f9d368969f2]',
    '[host:00030] [ 6] /opt/hpcx/ucx/lib/libuct.so.0(uct_iface_open+0xe2)[0x7f9d3688ff02]',
    '[host:00030] [ 7] /opt/',
  ]);
  assert.equal(d?.code, failureLineMissingCode);
  assert.match(d?.failureLineMissing?.saw ?? '', /native/);
});

test("an allocator's dump alone is its failure, and says the failure line is missing", () => {
  const dump = [
    'I tensorflow/core/common_runtime/bfc_allocator.cc:632] Chunk at 0x7f95caf0ee00 of size 256',
    'I tensorflow/core/common_runtime/bfc_allocator.cc:632] Chunk at 0x7f95caf0ef00 of size 256',
  ];
  const [d] = diagnoseText(dump);
  assert.equal(d?.kind, 'gpu_oom');
  assert.match(d?.failureLineMissing?.toDecide ?? '', /ran out of memory trying to allocate/);
  // With its failure line, the failure line is the reading and nothing is missing.
  const whole = [
    'W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator (GPU_0_bfc) ran out of memory trying to allocate 29.91MiB.  Current allocation summary follows.',
    ...dump,
    'W tensorflow/core/framework/op_kernel.cc:1192] Resource exhausted: OOM when allocating tensor with shape[128,64,112,112] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
  ];
  const [w] = diagnoseText(whole);
  assert.equal(w?.kind, 'gpu_oom');
  assert.equal(w?.failureLineMissing, undefined);
});

test("a bare kill says the killer's message is missing and where to find it", () => {
  const [d] = diagnoseText(['Epoch 1/10', 'Killed']);
  assert.equal(d?.kind, 'host_oom');
  assert.match(d?.failureLineMissing?.toDecide ?? '', /dmesg/);
  const [k] = diagnoseText([
    '[12345.678] Out of memory: Killed process 4242 (python) total-vm:81234567kB, anon-rss:61234567kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:123456kB oom_score_adj:0',
  ]);
  assert.equal(k?.kind, 'host_oom');
  assert.equal(k?.failureLineMissing, undefined);
});
