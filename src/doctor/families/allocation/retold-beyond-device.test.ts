// Two places the device's shortage takes in a reporter's sentence (allocation/generic.ts
// retoldBeyondDevice, retoldExhausted): the need told against the card, and TensorFlow's
// ResourceExhaustedError told in English with the device named. The lines are the reporters' own
// (each test names its public issue, test/corpus holds the thread); the near misses are the corpus's
// none-labelled sentences and the feature descriptions that use the same words.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('the need told against the card', () => {
  test("an issue's title: the program tried to allocate more memory than the GPU has", () => {
    // ollama/ollama#9170 (test/corpus heldout-45), the title as pasted, "alloca" cut by the reporter.
    const found = primary('# ollama tried to alloca more memory than the GPU has.');
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.code, 'retold-device-oom');
  });

  test('a question, a condition, a purpose, a forecast or a feature is no report', () => {
    assert.equal(kindOf('Does the model need more memory than the GPU has?'), 'none');
    assert.equal(kindOf('If it needs more memory than the GPU has, it offloads layers to the CPU.'), 'none');
    assert.equal(kindOf('I want to allocate more memory than the GPU has.'), 'none');
    assert.equal(kindOf('It will use more memory than the GPU has.'), 'none');
    // What a tool lets its user do (unified memory, offload), not what a run did.
    assert.equal(kindOf('vLLM lets you use more memory than your GPU has'), 'none');
    assert.equal(kindOf('Unified memory allows you to use more memory than the GPU has'), 'none');
  });
});

describe("TensorFlow's ResourceExhaustedError told in English", () => {
  test('met while running on the GPU the sentence names', () => {
    // anatolix/keras_Realtime_Multi-Person_Pose_Estimation#43 (test/corpus heldout-46).
    const found = primary(
      'I am getting resource exhaust issue while trying to run it on my GPU. Any idea to resolve the issue.',
    );
    assert.equal(found?.kind, 'gpu_oom');
  });

  test('no device named, a negation, or the words in a list of examples: not read', () => {
    // gRPC's RESOURCE_EXHAUSTED is a message-size or rate limit (alibaba/graph-learn#161, heldout-43).
    assert.equal(kindOf('I get resource exhausted error from the sampling server.'), 'none');
    assert.equal(kindOf('I do not get resource exhausted error on my GPU anymore.'), 'none');
    // pytorch/xla#9502 (heldout-45, labelled none): what the library fails to raise.
    assert.equal(
      kindOf(
        'PyTorch/XLA does not raise an OOM error (e.g. resource exhausted) when trying to run a computation that has to allocate a tensor that is too larget to fit in memory.',
      ),
      'none',
    );
  });
});

describe('the OOM a run ended up with', () => {
  test("a reporter's experiment: fewer cards, and the run ends up with a CUDA OoM", () => {
    // deepspeedai/DeepSpeed-MII#559 (test/corpus heldout-45), before the pasted log.
    const found = primary(
      'I can run this on 4xA100 GPUs, but each has almost its entire memory used. If I try using just 2xA100s, then I end up with a CUDA OoM:',
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.code, 'retold-device-oom');
  });

  test('a warning to the reader, a purpose or a forecast is no report', () => {
    assert.equal(kindOf("Set max_split_size_mb so you don't end up with a CUDA OOM."), 'none');
    assert.equal(kindOf('You may end up with CUDA OOM if the batch is large.'), 'none');
    assert.equal(kindOf('To avoid ending up with OOM, lower the batch size.'), 'none');
    assert.equal(kindOf('Otherwise you will end up with an OOM error.'), 'none');
    assert.equal(kindOf('If you end up with CUDA OOM, reduce the batch size.'), 'none');
  });
});

describe('会 after a clause of time an action opens', () => {
  test('"after I run it, an out of memory error appears" tells what followed', () => {
    // vllm-project/vllm-ascend#1617 (test/corpus heldout-45), the reporter's sentence before the log.
    assert.notEqual(kindOf('我运行之后会出现out of memory 的错误，具体报错的部分如下'), 'none');
  });
  test('the same in a question, a condition or 会不会 is no report', () => {
    assert.equal(kindOf('训练之后会出现OOM吗？'), 'none');
    assert.equal(kindOf('如果运行之后会出现out of memory怎么办'), 'none');
    assert.equal(kindOf('设置之后会不会出现OOM'), 'none');
  });
});
