// Issue 23, round 16 of the rules (causes, tuned on the spent parts): a device OOM with no figure of
// the card's fill names its most likely cause (the step's own tensors) with the rest as alternatives;
// a nominal 4 GB card is one class whatever it reports, unless one request is a large share of it;
// PaddlePaddle's pool share at its own default is no cap; a memory error the user tells of is a
// refused allocation, not a kill. Written afresh, with the look-alikes that must not move.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const causes = (...lines: string[]) => {
  const d = primary(...lines);
  return { kind: d?.kind, cause: d?.cause, alternatives: (d?.causeAlternatives ?? []).map((a) => a.cause) };
};

describe('a device OOM with no figure of the card', () => {
  test('a bare status names the batch first, the other causes as alternatives', () => {
    const d = causes('RuntimeError: CUDA error: out of memory');
    assert.equal(d.cause, 'batch_too_large');
    assert.ok(d.alternatives.includes('co_tenant'));
    assert.ok(d.alternatives.includes('model_state'));
    const fixes = primary('RuntimeError: CUDA error: out of memory')?.fixes ?? [];
    assert.ok(fixes.some((f) => /batch size/.test(f)));
  });
  test("the user's sentence alone reads the same", () => {
    const d = causes('I keep getting CUDA out of memory errors when I run train.py on my GPU.');
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.cause, 'batch_too_large');
  });
  test('only the request, and no card: the request may pass the card', () => {
    const d = causes('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.80 GiB.');
    assert.equal(d.cause, 'batch_too_large');
    assert.ok(d.alternatives.includes('request_exceeds_device'));
    // Past a nominal 16 GB card's whole memory (cause-alternatives.ts requestPastCommonCardBytes, session 19).
    const past = causes('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 29.80 GiB.');
    assert.equal(past.cause, 'request_exceeds_device');
    assert.ok(past.alternatives.includes('batch_too_large'));
  });
  test("a size in the user's sentence is not read as past a card (it may be the card's own)", () => {
    const d = causes('Training causes CUDA out-of-memory errors on an RTX 5090 (32 GB VRAM).');
    assert.notEqual(d.cause, 'request_exceeds_device');
  });
  // Session 17 (src/doctor/batch-of-one.test.ts): the step's other dimensions (the longest sequence,
  // the resolution) are read, the model's state an alternative; still no fix lowers the batch.
  test('a batch of one in the log: the batch is no lever, no fix lowers it', () => {
    const d = causes('python train.py --batch_size 1', 'RuntimeError: CUDA error: out of memory');
    assert.ok(d.alternatives.includes('model_state'));
    const fixes =
      primary('python train.py --batch_size 1', 'RuntimeError: CUDA error: out of memory')?.fixes ?? [];
    assert.ok(!fixes.some((f) => /lower the batch size/.test(f)));
  });
  test('figures of the card decide as before', () => {
    const d = causes(
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 8.00 GiB total capacity; 802.50 KiB already allocated; 6.59 GiB free; 2.00 MiB reserved in total by PyTorch)',
    );
    assert.equal(d.cause, 'unknown');
  });
});

describe('a nominal 4 GB card', () => {
  const message = (total: string, allocated: string, reserved: string, request: string, free = '0 bytes') =>
    `RuntimeError: CUDA out of memory. Tried to allocate ${request} (GPU 0; ${total} total capacity; ${allocated} already allocated; ${free} free; ${reserved} reserved in total by PyTorch)`;
  test('4.00 GiB and 3.81 GiB are one class: the card', () => {
    assert.equal(causes(message('4.00 GiB', '3.51 GiB', '3.52 GiB', '16.00 MiB')).cause, 'device_too_small');
    assert.equal(
      causes(message('3.81 GiB', '2.67 GiB', '2.70 GiB', '252.00 MiB', '247.12 MiB')).cause,
      'device_too_small',
    );
  });
  test('one request a fifth of the card or more is the input, not the card', () => {
    assert.notEqual(
      causes(message('3.95 GiB', '2.46 GiB', '2.49 GiB', '1.50 GiB', '981.88 MiB')).cause,
      'device_too_small',
    );
  });
  test('a 6 GB card stays the batch', () => {
    assert.equal(causes(message('6.00 GiB', '5.07 GiB', '5.33 GiB', '26.00 MiB')).cause, 'batch_too_large');
  });
});

describe("PaddlePaddle's pool share", () => {
  const paddle = (fraction: string) => [
    'Out of memory error on GPU 0. Cannot allocate 6.933594GB memory on GPU 0, available memory is only 726.750000MB.',
    'Please check whether there is any other process using GPU 0.',
    `   2) FLAGS_fraction_of_gpu_memory_to_use is ${fraction} now, please set it to a higher value but less than 1.0.`,
  ];
  test('at its default 0.92 it is no cap: the work, with the cap an alternative', () => {
    const d = causes(...paddle('0.92'));
    assert.equal(d.cause, 'batch_too_large');
    assert.ok(d.alternatives.includes('memory_cap'));
  });
  test('below the default it is the cap the user set', () => {
    assert.equal(causes(...paddle('0.5')).cause, 'memory_cap');
  });
});

describe('a memory error the user tells of', () => {
  test('raised, not killed: a refused allocation', () => {
    assert.equal(
      causes('I have 8GB of RAM.', 'Getting memory error after 11048 tasks are done.').cause,
      'host_allocation',
    );
    assert.equal(causes('When I use read_h5ad, I get an out of memory exception.').cause, 'host_allocation');
  });
  test('told without an error raised: not promoted to a refused allocation by this rule', () => {
    // "The RAM was out of memory" is the generic host reading (its own rule), not a retold error.
    assert.notEqual(
      causes('My system RAM runs out of memory and then the process gets killed.').cause,
      'host_allocation',
    );
  });
});

describe("Ray's memory monitor named by its exception's class", () => {
  test('RayTaskError(RayOutOfMemoryError): the monitor, not a refused allocation', () => {
    const d = causes('RayTaskError(RayOutOfMemoryError) although there is plenty of free swap left');
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.cause, 'memory_monitor');
  });
  test("another class's OutOfMemoryError is not Ray's monitor", () => {
    assert.notEqual(causes('torch.OutOfMemoryError: CUDA out of memory.').cause, 'memory_monitor');
  });
});

describe("XLA's compile report beside an earlier rematerialisation pass", () => {
  const used =
    'Resource exhausted: Compilation failure: Ran out of memory in memory space hbm. Used 18.56G of 16.00G hbm. Exceeded hbm capacity by 2.56G.';
  test('the compiler\'s "Used X of Y" over the limit is the program, whatever the remat pass reached', () => {
    const d = causes(
      used,
      "hlo_rematerialization.cc:1363] Can't reduce memory use below 13.58GiB (14583876403 bytes) by rematerialization; only reduced to 15.22GiB (16339342336 bytes)",
    );
    assert.equal(d.cause, 'program_too_large');
  });
  test('alone, as before', () => {
    assert.equal(causes(used).cause, 'program_too_large');
  });
});

describe("fairseq's skipped batch (fairseq/trainer.py)", () => {
  test('"WARNING: ran out of memory, skipping batch" is a GPU OOM, with or without the GPU named', () => {
    assert.equal(causes('| WARNING: ran out of memory, skipping batch').kind, 'gpu_oom');
    assert.equal(causes('| WARNING: ran out of memory on GPU #2, skipping batch').kind, 'gpu_oom');
  });
  test('a sentence about skipping batches is not', () => {
    assert.equal(causes('the loader is skipping batch 12 because it is empty').kind, undefined);
  });
});

describe('a sentence typed with no space after its full stop', () => {
  test('the question after it is another sentence', () => {
    assert.equal(
      causes(
        'Because the RAM was out of memory,my program was killed by the system.How can I solve the issue?',
      ).kind,
      'host_oom',
    );
  });
  test('the question that holds the phrase is still a question', () => {
    assert.equal(causes('Do you also get out of memory errors with the RAM at 8GB?').kind, undefined);
  });
});

describe("the model's CPU offload turned off in the log", () => {
  const oom =
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 18.00 MiB. GPU 0 has a total capacity of 15.99 GiB of which 0 bytes is free. Of the allocated memory 15.07 GiB is allocated by PyTorch, and 94.99 MiB is reserved by PyTorch but unallocated.';
  test('"Disabling CPU offload" before the OOM: the model\'s weights, offload first', () => {
    const d = primary('Disabling CPU offload', oom);
    assert.equal(d?.cause, 'model_state');
    assert.match(d?.fixes[0] ?? '', /CPU offload back on/);
    assert.ok((d?.causeAlternatives ?? []).some((a) => a.cause === 'batch_too_large'));
  });
  test('"Without cpu offloading, produces OOM": the same', () => {
    assert.equal(primary('Without cpu offloading, produces OOM error:', oom)?.cause, 'model_state');
  });
  test('offload named otherwise decides nothing', () => {
    assert.equal(primary('Enabling CPU offload', oom)?.cause, 'batch_too_large');
    assert.equal(primary('It runs without cpu offloading on the 4090.', oom)?.cause, 'batch_too_large');
  });
});

describe("Intel's single-allocation limit (intel-extension-for-pytorch's XPU allocator)", () => {
  test('"can NOT allocate memory block with size larger than 4GB": a device OOM, the one request above the limit', () => {
    const d = primary(
      'RuntimeError: Current platform can NOT allocate memory block with size larger than 4GB! Tried to allocate 6.85 GiB (GPU 0; 15.56 GiB total capacity)',
    );
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.cause, 'request_exceeds_device');
    assert.ok(d?.fixes.some((f) => /UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS=1/.test(f)));
    assert.equal(
      causes('"can NOT allocate memory block with size larger than 4GB" on Arc A770 GPU when inference').kind,
      'gpu_oom',
    );
  });
  test("Metal's buffer limit keeps its own words", () => {
    const d = primary(
      '[metal::malloc] Attempting to allocate 17179869184 bytes which is greater than the maximum allowed buffer size of 4294967296 bytes',
    );
    assert.match(d?.causeText ?? '', /Metal's maxBufferLength/);
    assert.ok(!d?.fixes.some((f) => /UR_L0/.test(f)));
  });
});
