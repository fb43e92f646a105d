// The causes a log cannot rule out beside the one picked (issue 23, round 14): `cause` keeps its
// value, `causeAlternatives` only adds; the corpus figure "truth among the alternatives" is separate
// from the strict one. Messages written afresh in PyTorch's wording (c10/cuda/CUDACachingAllocator.cpp).
import assert from 'node:assert/strict';
import test from 'node:test';
import { diagnosisSchema } from '../cli/schemas/doctor.js';
import { causeAlternatives, smallForWorkBytes } from './cause-alternatives.js';
import { diagnoseText } from './diagnose-text.js';
import { figuresOf, judgeCase } from './test-helpers/score.js';
import type { LabelledCase } from './test-helpers/test-corpus.js';

const torchOom = (request: string, total: string, allocated: string, free: string, reserved: string) =>
  `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${request} (GPU 0; ${total} total capacity; ${allocated} already allocated; ${free} free; ${reserved} reserved in total by PyTorch)`;

const alternativesOf = (text: string) => (diagnoseText(text)[0]?.causeAlternatives ?? []).map((a) => a.cause);

test('a full 24 GiB card, 2.3 GiB unlisted beside 20.5 GiB of PyTorch: batch, with the other process and the model open', () => {
  const [d] = diagnoseText(torchOom('640.00 MiB', '23.65 GiB', '20.10 GiB', '210.00 MiB', '20.50 GiB'));
  assert.equal(d?.cause, 'batch_too_large');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(causes.includes('co_tenant'), causes.join());
  assert.ok(causes.includes('model_state'), causes.join());
  assert.ok(!causes.includes('device_too_small'), 'a 24 GiB card is above the small-for-work size');
  for (const a of d?.causeAlternatives ?? []) assert.ok(a.decidedBy.length > 20, a.cause);
});

test("unlisted memory larger than PyTorch's own is another process; with no list, this process's own memory outside the pool stays open", () => {
  const [d] = diagnoseText(torchOom('512.00 MiB', '23.65 GiB', '1.10 GiB', '120.00 MiB', '1.30 GiB'));
  assert.equal(d?.cause, 'co_tenant');
  assert.deepEqual(
    (d?.causeAlternatives ?? []).map((a) => a.cause),
    ['batch_too_large'],
  );
  // The list decides first; stopping other processes only if it shows them (issue 23: "stop the other
  // processes" where another library in the same process held the memory was a wrong fix).
  assert.match(d?.fixes[0] ?? '', /^see who holds GPU 0: nvidia-smi/);
  assert.ok(
    (d?.fixes ?? []).every((f) => !/^stop /.test(f)),
    (d?.fixes ?? []).join(' | '),
  );
});

test("PyTorch 2.1+'s list of the card's processes decides another process: nothing left open", () => {
  const [d] = diagnoseText(
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 120.00 MiB is free. Process 4711 has 22.10 GiB memory in use. Process 912 has 1.30 GiB memory in use. Of the allocated memory 1.10 GiB is allocated by PyTorch, and 200.00 MiB is reserved by PyTorch but unallocated.',
  );
  assert.equal(d?.cause, 'co_tenant');
  assert.equal(d?.causeAlternatives, undefined);
});

test('a full 6 GiB card: the card is an alternative to the batch', () => {
  assert.ok(smallForWorkBytes >= 6 * 1024 ** 3);
  const causes = alternativesOf(torchOom('300.00 MiB', '5.79 GiB', '4.70 GiB', '90.00 MiB', '4.80 GiB'));
  assert.ok(causes.includes('device_too_small'), causes.join());
});

test('the optimizer step decided model_state: the batch is not offered', () => {
  const log = [
    'Traceback (most recent call last):',
    '  File "/opt/venv/lib/python3.11/site-packages/torch/optim/adamw.py", line 480, in _multi_tensor_adamw',
    '    exp_avg_sqs = torch._foreach_mul(device_exp_avg_sqs, beta2)',
    torchOom('2.00 GiB', '39.39 GiB', '36.80 GiB', '1.10 GiB', '37.20 GiB'),
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'model_state');
  assert.ok(!(d?.causeAlternatives ?? []).some((a) => a.cause === 'batch_too_large'));
});

test('a bare device out of memory: the batch named as the most likely (round 16), another process, the model and the card open', () => {
  const [d] = diagnoseText('RuntimeError: CUDA error: out of memory');
  assert.equal(d?.cause, 'batch_too_large');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.deepEqual(causes.toSorted(), ['co_tenant', 'device_too_small', 'model_state']);
});

test("the last blocks of a full card: free past the request is no room, and the card's fill decides whose memory it is", () => {
  // Session 20 (pytorch/numbers.ts isFullToLastBlocks): 8 GiB of the 10.76 GiB card is neither free nor
  // PyTorch's, so another process; before, the cause was left open with co_tenant an alternative.
  const [other] = diagnoseText(torchOom('20.00 MiB', '10.76 GiB', '2.40 GiB', '26.00 MiB', '2.70 GiB'));
  assert.equal(other?.cause, 'co_tenant');
  assert.match(other?.causeText ?? '', /last blocks/);
  // PyTorch's own 9.73 GiB fill the same card: its batch.
  const [own] = diagnoseText(torchOom('24.00 MiB', '10.89 GiB', '9.69 GiB', '25.60 MiB', '9.73 GiB'));
  assert.equal(own?.cause, 'batch_too_large');
});

test('one request above 8 GiB with no card in the log: larger than the card stays open; and the reverse', () => {
  const [d] = diagnoseText('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 10.50 GiB. GPU');
  assert.equal(d?.cause, 'batch_too_large');
  assert.ok((d?.causeAlternatives ?? []).some((a) => a.cause === 'request_exceeds_device'));
  // Past the whole of a nominal 16 GB card (requestPastCommonCardBytes): the shape first, the batch
  // and the model's state open.
  const [past] = diagnoseText('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 21.50 GiB. GPU');
  assert.equal(past?.cause, 'request_exceeds_device');
  assert.deepEqual(
    past?.causeAlternatives?.map((a) => a.cause),
    ['batch_too_large', 'model_state'],
  );
  // The same request on a card the log sizes larger than it is read by that card.
  const [sized] = diagnoseText(
    'I train on an A100 with 80 GB of VRAM\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 21.50 GiB. GPU',
  );
  assert.notEqual(sized?.cause, 'request_exceeds_device');
  const small = alternativesOf('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU');
  assert.ok(!small.includes('request_exceeds_device'), small.join());
  const [over] = diagnoseText(torchOom('30.00 GiB', '23.65 GiB', '2.10 GiB', '21.00 GiB', '2.20 GiB'));
  assert.equal(over?.cause, 'request_exceeds_device');
  assert.ok((over?.causeAlternatives ?? []).some((a) => a.cause === 'batch_too_large'));
});

test('a message with no figure of what this process holds leaves another process open', () => {
  const [d] = diagnoseText(
    'Out of memory error on GPU 0. Cannot allocate 25.002197MB memory on GPU 0, available memory is only 15.187500MB.',
  );
  assert.equal(d?.cause, 'batch_too_large');
  assert.ok((d?.causeAlternatives ?? []).some((a) => a.cause === 'co_tenant'));
});

test("free past the request within the last blocks of what the figures account for: the card's fill is open", () => {
  const [d] = diagnoseText(
    'Out of memory error on GPU 0. Cannot allocate 80.000000MB memory on GPU 0, 10.647278GB memory has been allocated and available memory is only 108.750000MB.',
  );
  assert.equal(d?.cause, 'unknown');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(causes.includes('batch_too_large') && causes.includes('co_tenant'), causes.join());
});

test('a cap the message states is an alternative to the batch; a cap picked leaves the batch open', () => {
  const [mps] = diagnoseText(
    'RuntimeError: MPS backend out of memory (MPS allocated: 8.93 GB, other allocations: 120.39 MB, max allowed: 9.07 GB). Tried to allocate 25.00 MB on private pool.',
  );
  assert.equal(mps?.cause, 'batch_too_large');
  assert.ok((mps?.causeAlternatives ?? []).some((a) => a.cause === 'memory_cap'));
  assert.deepEqual(
    causeAlternatives({ kind: 'gpu_oom', cause: 'memory_cap', facts: { totalBytes: 40e9 }, context: {} }).map(
      (a) => a.cause,
    ),
    ['batch_too_large'],
  );
});

test("XLA's program too large leaves the batch open; TensorFlow's pool refused leaves its own preallocation open", () => {
  const program = causeAlternatives({
    kind: 'gpu_oom',
    cause: 'program_too_large',
    facts: {},
    context: {},
  }).map((a) => a.cause);
  assert.deepEqual(program, ['batch_too_large', 'device_too_small']);
  const pool = causeAlternatives({
    kind: 'gpu_oom',
    cause: 'co_tenant',
    facts: { totalBytes: 16e9 },
    context: {},
    code: 'stream-executor-alloc-failed',
  }).map((a) => a.cause);
  assert.deepEqual(pool, ['preallocation']);
  const listed = causeAlternatives({
    kind: 'gpu_oom',
    cause: 'co_tenant',
    facts: {},
    context: {},
    code: 'stream-executor-alloc-failed',
    holdersListed: true,
  });
  assert.deepEqual(listed, []);
});

test('a host kill has no alternatives; the function gives none for kinds other than the GPU', () => {
  const [d] = diagnoseText(
    'Out of memory: Killed process 4242 (python) total-vm:80000000kB, anon-rss:60000000kB',
  );
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.causeAlternatives, undefined);
  assert.deepEqual(causeAlternatives({ kind: 'host_oom', cause: 'host_ram', facts: {}, context: {} }), []);
});

test("a bare kill leaves the host's RAM and a container's limit open, each with the kernel's line that decides it", () => {
  const [d] = diagnoseText('Killed');
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.cause, 'unknown');
  assert.deepEqual(
    d?.causeAlternatives?.map((a) => a.cause),
    ['host_ram', 'memory_limit'],
  );
  assert.match(d!.causeAlternatives![1]!.decidedBy, /Memory cgroup out of memory/);
});

test("a DataLoader worker killed also leaves the workers' own copies open", () => {
  const [d] = diagnoseText('RuntimeError: DataLoader worker (pid 4242) is killed by signal: Killed.');
  assert.equal(d?.kind, 'host_oom');
  assert.deepEqual(
    d?.causeAlternatives?.map((a) => a.cause),
    ['host_ram', 'memory_limit', 'dataloader_workers'],
  );
});

test('the JSON shape only gains a field: a diagnosis with alternatives parses by the doctor schema', () => {
  const [d] = diagnoseText(torchOom('640.00 MiB', '23.65 GiB', '20.10 GiB', '210.00 MiB', '20.50 GiB'));
  const parsed = diagnosisSchema.parse({ ...d, severity: d!.severity });
  assert.ok(Array.isArray(parsed.causeAlternatives));
});

test('the corpus score keeps the strict cause figure and counts the alternatives apart', () => {
  const body = torchOom('640.00 MiB', '23.65 GiB', '20.10 GiB', '210.00 MiB', '20.50 GiB');
  const item = (cause: string): LabelledCase =>
    ({
      file: 'x.txt',
      part: 'logs',
      expectedKind: 'gpu_oom',
      cause,
      body,
      facts: [],
      holders: [],
    }) as unknown as LabelledCase;
  const right = judgeCase(item('batch_too_large'));
  const among = judgeCase(item('model_state'));
  const neither = judgeCase(item('fragmentation'));
  assert.equal(among.isCauseRight, false);
  assert.equal(among.isCauseAmongAlternatives, true);
  assert.equal(neither.isCauseAmongAlternatives, false);
  const f = figuresOf([right, among, neither]);
  assert.equal(f.causesRight, 1);
  assert.equal(f.causesRightOrAlternative, 2);
  assert.equal(f.causesJudged, 3);
});

// PyTorch 2.1+'s message listing the other processes (c10/cuda/CUDACachingAllocator.cpp v2.1.0).
const listedOom = (request: string, total: string, free: string, others: string[], own: string) =>
  `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${request}. GPU 0 has a total capacity of ${total} of which ${free} is free. ${others.map((o, i) => `Process ${100 + i} has ${o} memory in use. `).join('')}Including non-PyTorch memory, this process has ${own} memory in use.`;

test('other processes listed, yet this process holds more than they do together: its batch stays open beside them', () => {
  const [d] = diagnoseText(
    listedOom('6.00 GiB', '79.00 GiB', '3.00 GiB', ['10.00 GiB', '4.00 GiB'], '62.00 GiB'),
  );
  assert.equal(d?.cause, 'co_tenant');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(causes.includes('batch_too_large'), causes.join());
});

test('other processes holding more than this one: no batch alternative beside co_tenant', () => {
  const [d] = diagnoseText(listedOom('2.00 GiB', '23.50 GiB', '0.50 GiB', ['14.00 GiB'], '9.00 GiB'));
  assert.equal(d?.cause, 'co_tenant');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(!causes.includes('batch_too_large'), causes.join());
});

// PyTorch 2.1+'s message with its reserved-but-unallocated figure (c10/cuda/CUDACachingAllocator.cpp v2.1.0).
const modernOom = (
  request: string,
  total: string,
  free: string,
  own: string,
  allocated: string,
  stranded: string,
) =>
  `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${request}. GPU 0 has a total capacity of ${total} of which ${free} is free. Including non-PyTorch memory, this process has ${own} memory in use. Of the allocated memory ${allocated} is allocated by PyTorch, and ${stranded} is reserved by PyTorch but unallocated.`;

test('the batch picked while the unallocated reserve alone is at least the request: fragmentation stays open', () => {
  const [d] = diagnoseText(
    modernOom('600.00 MiB', '15.75 GiB', '500.00 MiB', '15.20 GiB', '13.70 GiB', '800.00 MiB'),
  );
  assert.equal(d?.cause, 'batch_too_large');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(causes.includes('fragmentation'), causes.join());
});

test('an unallocated reserve smaller than the request does not open fragmentation', () => {
  const [d] = diagnoseText(
    modernOom('600.00 MiB', '15.75 GiB', '500.00 MiB', '15.20 GiB', '14.30 GiB', '200.00 MiB'),
  );
  assert.equal(d?.cause, 'batch_too_large');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(!causes.includes('fragmentation'), causes.join());
});

test('free well past the request: cause unknown, with the run own step and another process both open', () => {
  const [d] = diagnoseText(torchOom('1.25 GiB', '8.00 GiB', '0.90 GiB', '4.80 GiB', '1.00 GiB'));
  assert.equal(d?.cause, 'unknown');
  const causes = (d?.causeAlternatives ?? []).map((a) => a.cause);
  assert.ok(causes.includes('batch_too_large'), causes.join());
  assert.ok(causes.includes('co_tenant'), causes.join());
  assert.ok(
    !(d?.fixes ?? []).some((f) => /lower the batch/.test(f)),
    'no batch fix where the figures show no shortage',
  );
});

test("the BFC allocator's own fragmentation hint keeps fragmentation open beside the batch; without it, not", () => {
  const bfc =
    '2026-11-29 10:00:00.000000: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.20GiB (rounded to 1288490240)requested by op model/conv2d_7/Conv2D';
  const hint =
    "If the cause is memory fragmentation maybe the environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. ";
  const [d] = diagnoseText(`${bfc}\n${hint}`);
  assert.equal(d?.kind, 'gpu_oom');
  assert.notEqual(d?.cause, 'fragmentation');
  assert.ok(alternativesOf(`${bfc}\n${hint}`).includes('fragmentation'));
  assert.ok(!alternativesOf(bfc).includes('fragmentation'));
});
