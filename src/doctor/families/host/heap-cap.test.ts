// A host allocation refused at a limit of the runtime's or a cap of the program's own
// (explain-heap-cap.ts): the JVM's maximum heap, V8's old space, ART's app heap are the runtime's limit
// on the process (memory_limit); a program's memory setting is its own cap (memory_cap). No fix repeats
// the limit the log shows (issue 23: a fix never tells the user to do what the log shows done).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import { wrongFixes } from '../../test-helpers/wrong-fixes.js';
import { xmxBytes } from './explain-heap-cap.js';

describe("the JVM's heap at its -Xmx", () => {
  test('"Java heap space" is the cap, not the OS refusing RAM', () => {
    const hit = primary('Exception in thread "main" java.lang.OutOfMemoryError: Java heap space');
    assert.equal(hit?.kind, 'host_oom');
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /-Xmx/);
  });
  test('an -Xmx the log shows is doubled, never repeated', () => {
    const log = [
      '$ java -Xmx4g -jar stacknet.jar train',
      'Exception in thread "main" java.lang.OutOfMemoryError: GC overhead limit exceeded',
    ];
    const hit = primary(...log);
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /-Xmx8g/);
    assert.doesNotMatch(hit?.fixes.join('\n') ?? '', /-Xmx4g/);
    assert.deepEqual(wrongFixes(log.join('\n'), hit), []);
  });
  test('Metaspace is its own cap', () => {
    const hit = primary('java.lang.OutOfMemoryError: Metaspace');
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /MaxMetaspaceSize/);
  });
  test('look-alike: a native thread the OS would not create is no heap cap', () => {
    assert.notEqual(
      primary('java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory')?.cause,
      'memory_limit',
    );
  });
  test('-Xmx sizes as the launcher reads them', () => {
    assert.equal(xmxBytes('4g'), 4 * 1024 ** 3);
    assert.equal(xmxBytes('512m'), 512 * 1024 ** 2);
    assert.equal(xmxBytes('2048'), 2048);
    assert.equal(xmxBytes('4gb'), undefined);
  });
});

describe("V8's old space at its limit", () => {
  test('"JavaScript heap out of memory" is the cap', () => {
    const hit = primary('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /--max-old-space-size=\d+/);
  });
  test('a limit the log shows is doubled, never repeated', () => {
    const log = [
      'NODE_OPTIONS=--max-old-space-size=4096 npm run build',
      'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
    ];
    const hit = primary(...log);
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /--max-old-space-size=8192/);
    assert.deepEqual(wrongFixes(log.join('\n'), hit), []);
  });
});

describe("Android ART's app heap", () => {
  test('"... until OOM" is the app heap limit, largeHeap the lever', () => {
    const hit = primary(
      'E/art: Throwing OutOfMemoryError "Failed to allocate a 111118082 byte allocation with 1048576 free bytes and 94MB until OOM"',
    );
    assert.equal(hit?.cause, 'memory_limit');
    assert.match(hit?.fixes[0] ?? '', /android:largeHeap="true"/);
  });
  test("ART's figures: the request and the heap's free bytes", () => {
    const hit = primary(
      'Failed to allocate a 53884608 byte allocation with 25165824 free bytes and 31MB until OOM, max allowed footprint 93269104, growth limit 100663296.',
    );
    assert.equal(hit?.facts.requestedBytes, 53884608);
    assert.equal(hit?.facts.freeBytes, 25165824);
  });
  test('with largeHeap on already, the fix does not ask for it again', () => {
    const log = [
      '<application android:largeHeap="true" android:label="app">',
      'E/art: Throwing OutOfMemoryError "Failed to allocate a 111118082 byte allocation with 1048576 free bytes and 94MB until OOM"',
    ];
    const hit = primary(...log);
    assert.equal(hit?.cause, 'memory_limit');
    assert.doesNotMatch(hit?.fixes[0] ?? '', /largeHeap="true"/);
  });
});

describe("a program's own memory setting", () => {
  test('"(N) exceeds <setting> (M)" is the setting refusing, before any allocation', () => {
    const hit = primary("Model 'Qwen3.5-9B-8bit' (10.20GB) exceeds max-model-memory (8.00GB)");
    assert.equal(hit?.kind, 'host_oom');
    assert.equal(hit?.cause, 'memory_cap');
    assert.match(hit?.causeText ?? '', /max-model-memory/);
  });
});

describe('the OS refusing RAM stays host_allocation', () => {
  test("Python's MemoryError and R's vector are not a runtime cap", () => {
    assert.equal(
      primary(
        'MemoryError: Unable to allocate 8.00 GiB for an array with shape (1073741824,) and data type float64',
      )?.cause,
      'host_allocation',
    );
    assert.equal(primary('Error: cannot allocate vector of size 7.5 Gb')?.cause, 'host_allocation');
  });
});
