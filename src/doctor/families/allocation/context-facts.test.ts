// Issue 23 (heldout-41, session 27's second round): what the whole log shows decides a reading its own
// line left open. A bare "out of memory" leans to the device runtimes' spelling in an ML log, but thrown
// through a JavaScript stack it is the engine's own heap (generic.ts jsStackSeenFactRule; JavaScriptCore's
// createOutOfMemoryError "Out of memory").
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

const jsError = '[Unhandled promise rejection: Error: Out of memory]';
const reactNativeFrame =
  '- node_modules\\@tensorflow\\tfjs-core\\dist\\io\\io_utils.js:328:30 in concatenateArrayBuffers';

describe('a bare "out of memory" through a JavaScript stack', () => {
  test("React Native's frames under a model load: the engine's heap, the host", () => {
    const d = mustDiagnose('loading the model with tf.loadGraphModel', jsError, reactNativeFrame);
    assert.equal(d.kind, 'host_oom');
  });

  test("V8's frame form counts the same", () => {
    const d = mustDiagnose(
      'loading the model with tf.loadGraphModel',
      jsError,
      '    at concatenateArrayBuffers (/app/node_modules/@tensorflow/tfjs-core/dist/io/io_utils.js:328:30)',
    );
    assert.equal(d.kind, 'host_oom');
  });

  test('the same words in an ML log with no JavaScript stack keep the device lean', () => {
    const d = mustDiagnose('loading the model with tf.loadGraphModel', jsError);
    assert.equal(d.kind, 'gpu_oom');
  });

  test('a device named in the log still decides: WebGL', () => {
    const d = mustDiagnose('backend: WebGL, loading the model', jsError, reactNativeFrame);
    assert.equal(d.kind, 'gpu_oom');
  });
});

// A user's "memory error" is English for an access fault as much as for a shortage: beside a fault the
// log shows (SIGSEGV, an access violation) it is that fault (generic.ts accessFaultSeenFactRule).
describe('a bare "memory error" beside a segmentation fault', () => {
  const told = 'Trying to copy memory through `unsafe.copymemory`, then encountered a memory error';

  test("the JVM's SIGSEGV report beside it: not memory running out", () => {
    const d = primary(told, 'siginfo: si_signo: 11 (SIGSEGV), si_code: 1 (SEGV_MAPERR), si_addr: 0x0');
    assert.ok(d === undefined || d.kind === 'none', `${d?.kind} ${d?.code}`);
  });

  test('a Windows access violation beside it: not memory running out', () => {
    const d = primary(
      told,
      'Exception thrown at 0x00007FF6: 0xC0000005: Access violation reading location 0x0.',
    );
    assert.ok(d === undefined || d.kind === 'none', `${d?.kind} ${d?.code}`);
  });

  test('with no fault in the log the retold error stays a memory failure', () => {
    assert.equal(mustDiagnose(told).kind, 'host_oom');
  });

  test('"out of memory" beside the same fault is still memory running out', () => {
    const d = mustDiagnose(
      'then I encountered an out of memory error',
      'siginfo: si_signo: 11 (SIGSEGV), si_code: 1 (SEGV_MAPERR), si_addr: 0x0',
    );
    assert.equal(d.kind, 'host_oom');
  });
});

// The allocation grammar's noun is what is allocated, memory, a buffer or a tensor (generic.ts oomPhrase);
// the side is the words around it.
describe('an allocation of a buffer or a tensor that failed', () => {
  test("a converter's CPU backend: the host", () => {
    const d = mustDiagnose('Start to Optimize the MNN Net...', 'Alloc buffer error for cpu backend');
    assert.equal(d.kind, 'host_oom');
  });

  test("a GPU backend's: the device", () => {
    assert.equal(mustDiagnose('Alloc buffer error for cuda backend').kind, 'gpu_oom');
  });

  test('an allocation that only checks or handles buffers is no failure', () => {
    const d = primary('added alloc buffer error handling to the converter');
    assert.ok(d === undefined || d.kind === 'none', `${d?.kind} ${d?.code}`);
  });
});
