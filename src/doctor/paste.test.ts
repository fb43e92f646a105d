// The paste normaliser: each form a pasted log takes off the rules' way, and a real message read
// the same through every one of them (line path and byte path alike).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LogClassifier } from './classify.js';
import { diagnoseClassified } from './diagnose.js';
import { diagnoseText } from './diagnose-text.js';
import { escapedSpellings, launcherPrefixOf, normalizePaste } from './paste.js';
import { ByteClassifier } from './stream/byte-classifier.js';

// PyTorch 2.1+'s message (c10/cuda/CUDACachingAllocator.cpp), as users paste it.
const torchOom =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.68 GiB of which 1.03 GiB is free. Including non-PyTorch memory, this process has 22.63 GiB memory in use. Of the allocated memory 21.90 GiB is allocated by PyTorch, and 291.52 MiB is reserved by PyTorch but unallocated.';
// linux mm/oom_kill.c __oom_kill_process.
const kernelKill =
  'Out of memory: Killed process 4242 (python) total-vm:61234560kB, anon-rss:30123456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:60000kB oom_score_adj:0';
// pytorch aten/src/ATen/MapAllocator.cpp, with its angle brackets.
const shmWrite =
  'RuntimeError: unable to write to file </torch_12345_2906429328_0>: No space left on device (28)';

describe('normalizePaste', () => {
  const cases: [string, string, string][] = [
    ['CRLF', `${torchOom}\r`, torchOom],
    ['raw ANSI', `\u001b[31m${torchOom}\u001b[0m`, torchOom],
    ['escaped ANSI (syslog #033, \\x1b)', `#033[31m${kernelKill}\\x1b[0m`, kernelKill],
    ['a markdown quote', `> ${torchOom}`, torchOom],
    ['a nested quote', `> > ${kernelKill}`, kernelKill],
    ['inline code', `\`${torchOom}\``, torchOom],
    ['inline code closing a sentence', `\`${kernelKill}\`.`, `${kernelKill}.`],
    ['a fence with text after it', `\`\`\`${torchOom}`, torchOom],
    ['a GitHub Actions timestamp', `2024-05-01T12:34:56.1234567Z ${torchOom}`, torchOom],
    ['a Jenkins timestamp', `[2024-05-01T12:34:56.123Z] ${kernelKill}`, kernelKill],
    ['a GitLab timestamp and stream', `2024-05-01T12:34:56.123456Z 01E ${torchOom}`, torchOom],
    ['a chat time', `[10:42 AM] ${torchOom}`, torchOom],
    ['HTML escapes', shmWrite.replace('<', '&lt;').replace('>', '&gt;'), shmWrite],
    ['a quoted, escaped, coloured line', `&gt; \u001b[1m${shmWrite.replace('<', '&lt;')}`, shmWrite],
    ['torch.distributed.elastic rank prefix', `[default3]:${torchOom}`, `[rank3]: ${torchOom}`],
    ['Lightning rank prefix', `[rank: 1] ${torchOom}`, `[rank1]: ${torchOom}`],
  ];
  for (const [name, pasted, expected] of cases)
    test(name, () => assert.equal(normalizePaste(pasted), expected));

  test('a fence line alone is empty', () => {
    assert.equal(normalizePaste('```python'), '');
    assert.equal(normalizePaste('~~~'), '');
  });

  test("backticks inside a program's own message stay", () => {
    const assertion = 'Assertion `t >= 0 && t < n_classes` failed.';
    assert.equal(normalizePaste(assertion), assertion);
    const cublas = 'CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`';
    assert.equal(normalizePaste(cublas), cublas);
  });

  test('Python logging dates and kernel timestamps are the log, not the paste: kept', () => {
    for (const line of [`2023-10-18 10:00:18,061 - ERROR - ${torchOom}`, `[12345.678901] ${kernelKill}`])
      assert.equal(normalizePaste(line), line);
  });

  test("escaped spellings: a keyword's HTML entities, none for a plain keyword", () => {
    assert.deepEqual(escapedSpellings('cuda out of memory'), []);
    assert.ok(escapedSpellings('</torch_').includes('&lt;/torch_'));
    assert.ok(
      escapedSpellings("cuda failure 'out of memory'").includes('cuda failure &#39;out of memory&#39;'),
    );
  });

  test("a code span around a number alone is the writer's formatting (microsoft/bioemu#122)", () => {
    assert.deepEqual(escapedSpellings('code -9'), ['code `-9']);
    assert.deepEqual(escapedSpellings('code: 137'), ['code: `137']);
    assert.deepEqual(escapedSpellings('tf_gpu_allocator2'), []);
    assert.equal(
      normalizePaste('The job fails during the `colabfold_batch` call, returning exit code `-9`.'),
      'The job fails during the `colabfold_batch` call, returning exit code -9.',
    );
    // Code around words is a message's own, kept ("Assertion `x` failed", glibc assert).
    assert.equal(
      normalizePaste("main: main.c:5: main: Assertion `x > 0' failed."),
      "main: main.c:5: main: Assertion `x > 0' failed.",
    );
  });
});

function byBytes(text: string) {
  const classifier = new LogClassifier();
  const reader = new ByteClassifier(classifier);
  reader.write(Buffer.from(text));
  reader.end();
  return diagnoseClassified(classifier.finish());
}

describe('a real message reads the same in every paste form', () => {
  const forms: [string, (line: string) => string][] = [
    ['as printed', (l) => l],
    ['CRLF', (l) => `${l}\r`],
    ['quoted', (l) => `> ${l}`],
    ['in backticks', (l) => `\`${l}\``],
    ['CI timestamps', (l) => `2025-02-03T04:05:06.7890123Z ${l}`],
    ['HTML-escaped', (l) => l.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')],
    ['coloured', (l) => `\u001b[31m${l}\u001b[0m`],
  ];
  for (const [message, kind, code] of [
    [torchOom, 'gpu_oom', 'torch-cuda-oom'],
    [kernelKill, 'host_oom', 'kernel-oom-kill'],
    [shmWrite, 'shm', 'torch-shm-no-space'],
  ] as const) {
    for (const [name, form] of forms) {
      test(`${code}, ${name}`, () => {
        const log = ['Epoch 3/10', form(message), 'done'].join('\n');
        const [line] = diagnoseText(log);
        assert.equal(line?.kind, kind);
        assert.equal(line?.code, code);
        assert.deepEqual(byBytes(log), diagnoseText(log), 'the byte path reads it the same');
      });
    }
  }
});

describe("a launcher's prefix names the process that printed the line", () => {
  test("Ray's and vLLM's '(Name pid=N)': its pid, beside any rank", () => {
    assert.deepEqual(launcherPrefixOf('(EngineCore_DP0 pid=223840) ERROR 10-25 [core.py:708] x'), {
      length: 28,
      pid: 223840,
    });
    assert.equal(launcherPrefixOf('[rank3]: (VllmWorker rank=3 pid=123) x')?.pid, 123);
    assert.equal(launcherPrefixOf('[rank3]: (VllmWorker rank=3 pid=123) x')?.rank, 3);
    assert.equal(launcherPrefixOf('3: x')?.rank, 3);
    assert.equal(launcherPrefixOf('3: x')?.pid, undefined);
  });
  test('the failure read after it carries that pid', () => {
    const d = diagnoseText(
      '(TaskRunner pid=280930) torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.',
    )[0];
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.facts.printingPid, 280930);
  });
});

describe('what a retyping or a rich-text copy put inside a program’s words', () => {
  test('underscore emphasis around part of a line comes off; a name between underscores stays', () => {
    assert.equal(
      normalizePaste('An error **_Microsoft C++ exception: std::bad_alloc_** occurred during debugging.'),
      'An error **Microsoft C++ exception: std::bad_alloc** occurred during debugging.',
    );
    assert.equal(normalizePaste('File "a.py", line 3, in __init__'), 'File "a.py", line 3, in __init__');
    assert.equal(normalizePaste('the _private_ helper'), 'the _private_ helper');
  });
  test('code and allocator maps are not emphasis', () => {
    assert.equal(normalizePaste('    return _reduce(ctx, input_)'), '    return _reduce(ctx, input_)');
    const chunkMap = 'bfc_allocator.cc:491] *_*********_********xxxx';
    assert.equal(normalizePaste(chunkMap), chunkMap);
    assert.equal(
      normalizePaste('(pid=1) *** SIGBUS received at time=1 on cpu 3 ***'),
      '(pid=1) *** SIGBUS received at time=1 on cpu 3 ***',
    );
  });
  test("an exception's dotted name re-spaced is joined; a sentence's full stop is not", () => {
    assert.equal(
      normalizePaste('numpy core._ exceptions .  MemoryError: Unable to allocate 183.  GiB for an array'),
      'numpy core._exceptions.MemoryError: Unable to allocate 183. GiB for an array',
    );
    const sentence =
      'Fatal error. System.AccessViolationException: Attempted to read or write protected memory.';
    assert.equal(normalizePaste(sentence), sentence);
  });
  test("a shape's full-width commas are Python's; a figure spaced from its unit is one figure", () => {
    assert.equal(normalizePaste('with shape (1000000，1，3)'), 'with shape (1000000, 1, 3)');
    assert.equal(normalizePaste('这是一个问题，80，很大'), '这是一个问题，80，很大');
    const row = 'Process 14974 has 31.34                              GiB memory in use.';
    assert.equal(normalizePaste(row), 'Process 14974 has 31.34 GiB memory in use.');
    const columns = ' 0   N/A  N/A   1234   C   python   2048MiB |';
    assert.equal(normalizePaste(columns), columns);
  });
  test('numpy’s MemoryError re-typed with spaces and full-width commas reads as the host’s', () => {
    const d = diagnoseText(
      '`numpy core._ exceptions .  MemoryError: Unable to allocate 183.  GiB for an array with shape (1000000，1，3，256,256)and dat a type uint 8`',
    )[0];
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.requestedBytes, 183 * 2 ** 30);
  });
  test('a writer’s bold around a figure is taken off; around words, code or a bare asterisk it stays', () => {
    // yxlu-0102/MP-SENet#37: PyTorch's message with the request set in bold.
    assert.equal(
      normalizePaste(
        'CUDA out of memory. Tried to allocate **137.36 GiB.** GPU 0 has a total capacity of 47.54 GiB',
      ),
      'CUDA out of memory. Tried to allocate 137.36 GiB. GPU 0 has a total capacity of 47.54 GiB',
    );
    const d = diagnoseText(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate **137.36 GiB.** GPU 0 has a total capacity of 47.54 GiB of which 44.17 GiB is free.',
    )[0];
    assert.equal(d?.facts.requestedBytes, Math.floor(137.36 * 2 ** 30));
    assert.equal(d?.cause, 'request_exceeds_device');
    for (const kept of [
      '**RuntimeError: CUDA out of memory**, May I ask',
      'a=2**31 bytes',
      'the limit is **20 workers** per node',
      'x = y**2**3',
    ])
      assert.equal(normalizePaste(kept), kept);
  });
});
