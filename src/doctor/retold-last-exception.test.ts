// A memory failure told in the reporter's sentence beside the log's own last exception (resolve.ts
// resolveReporterAccount): a last exception that is not memory tells of the run pasted, the retelling
// of another. The sentence and the JVM lines from test/corpus heldout-42/none-hariszaf-pema-1 (read
// after that slice's measurement); the CPython and OutOfMemoryError forms as those runtimes print them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from './test-helpers/diagnose.js';

const retold =
  'I got it going, and all was fine until my job ran out of memory. I tried to restart from the checkpoint and I get the error:';
const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('a retold memory failure beside a last exception that is not memory', () => {
  test("the JVM's uncaught exception", () => {
    assert.equal(
      kindOf(
        retold,
        '`Picked up JAVA_TOOL_OPTIONS: -XX:+UseContainerSupport',
        'Exception in thread "main" java.lang.RuntimeException: File not found \'/nesi/nobackup/PEMA/analysis_folder/trimming.chp\'',
        '\tat org.bds.util.Gpr.reader(Gpr.java:553)',
        '\tat org.bds.Bds.main(Bds.java:185)`',
      ),
      'none',
    );
  });
  test("CPython's traceback", () => {
    assert.equal(
      kindOf(
        retold,
        'Traceback (most recent call last):',
        '  File "run.py", line 3, in <module>',
        "FileNotFoundError: [Errno 2] No such file or directory: 'trimming.chp'",
      ),
      'none',
    );
  });
});

describe('a retold memory failure that stands', () => {
  test('with no exception pasted', () => assert.equal(kindOf(retold), 'host_oom'));
  test("beside the JVM's own memory error", () => {
    assert.equal(
      kindOf(retold, 'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space'),
      'host_oom',
    );
  });
  test('beside a last exception that is memory', () => {
    assert.equal(
      kindOf(
        'I kept getting CUDA OOM on the 2nd iteration:',
        'Traceback (most recent call last):',
        '  File "train.py", line 9, in <module>',
        'MemoryError: Unable to allocate 3.2 GiB for an array with shape (20000, 20000)',
      ),
      'host_oom',
    );
  });
});
