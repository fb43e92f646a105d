import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LogClassifier } from './classify.js';
import { diagnoseText } from './diagnose-text.js';
import { logFactRules, logRules } from './families/index.js';

describe('the streaming classifier', () => {
  test('every rule has lower-case keywords, a source and a stable code', () => {
    const codes = new Set<string>();
    for (const rule of [...logRules, ...logFactRules]) {
      for (const k of rule.keywords) assert.equal(k, k.toLowerCase(), `keyword ${k}`);
      assert.ok(rule.source.length > 0);
    }
    for (const rule of logRules) {
      assert.match(rule.code, /^[a-z0-9-]+$/);
      assert.ok(!codes.has(rule.code), `duplicate code ${rule.code}`);
      codes.add(rule.code);
    }
  });

  test('a log without failures gives []; noise does not trigger', () => {
    assert.deepEqual(diagnoseText(['epoch 1 loss 0.3', 'epoch 2 loss 0.2', 'saved checkpoint']), []);
    assert.deepEqual(diagnoseText(''), []);
  });

  test('the primary is the strongest, then the earliest', () => {
    const diagnoses = diagnoseText([
      'Killed',
      'RuntimeError: CUDA out of memory. Tried to allocate 2.00 MiB (GPU 0; 7.79 GiB total capacity; 6.50 GiB already allocated; 1.00 MiB free; 6.60 GiB reserved in total by PyTorch)',
    ]);
    assert.deepEqual(
      diagnoses.map((d) => d.kind),
      ['gpu_oom', 'host_oom'],
    );
  });

  test('a near miss alone gives a single none diagnosis, severity info', () => {
    const diagnoses = diagnoseText([
      'RuntimeError: CUDA error: device-side assert triggered',
      'Segmentation fault (core dumped)',
    ]);
    assert.equal(diagnoses.length, 1);
    assert.equal(diagnoses[0]!.kind, 'none');
    assert.equal(diagnoses[0]!.severity, 'info');
  });

  test('repeated hits merge and count; evidence keeps the first line number', () => {
    const line = "host:1:2 [0] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'";
    const [d] = diagnoseText(['start', line, '', line, '', line]);
    assert.equal(d!.occurrences, 3);
    assert.equal(d!.evidence.line, 2);
  });

  test('state stays bounded: at most 64 candidates, context of 24 lines', () => {
    const classifier = new LogClassifier();
    for (let i = 0; i < 5000; i++) {
      classifier.push(
        `PxGpuDynamicsMemoryConfig::field${i} buffer overflow detected, please increase its size to at least ${i}`,
      );
    }
    const { drafts, lineCount } = classifier.finish();
    assert.equal(drafts.length, 64);
    assert.equal(lineCount, 5000);
  });

  test('evidence text is trimmed to a readable length', () => {
    const [d] = diagnoseText([`RuntimeError: CUDA error: out of memory ${'x'.repeat(5000)}`]);
    assert.ok(d!.evidence.text.length <= 401);
  });

  test('context before the hit is available to rules (the backward phase)', () => {
    const [d] = diagnoseText([
      '    loss.backward()',
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 244.00 MiB. GPU 0 has a total capacity of 7.73 GiB of which 228.50 MiB is free.',
    ]);
    assert.equal(d!.facts.phase, 'backward');
  });
});

test('lines skipped while quiet count as pushed lines; skipping while a line is watched is refused', () => {
  const classifier = new LogClassifier();
  classifier.push('step 0');
  assert.ok(classifier.isQuiet);
  classifier.skipQuiet(1000, ['step 998', 'step 999']);
  classifier.push('Traceback (most recent call last):');
  assert.equal(classifier.isQuiet, false, 'the next line may rejoin this one');
  assert.throws(() => classifier.skipQuiet(1, ['x']));
  classifier.push('MemoryError');
  const [draft] = classifier.finish().drafts;
  assert.equal(draft?.evidence.line, 1003);
});
