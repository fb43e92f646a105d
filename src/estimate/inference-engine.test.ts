// inference: an inference engine on the trainer's card (RL rollouts), against vLLM's and SGLang's sizing rule
// (a share of the card's total) and what the trainer's PyTorch counters see of it (vLLM #17117).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../errors.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import type { Breakdown } from './types.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'rollout.yaml');
const enginePart = (b: Breakdown) => b.gpu.components.find((p) => p.name.startsWith('inference engine'));
// Qwen2.5-0.5B's shape, 1024 tokens.
const model =
  'model: { transformer: { family: llama, layers: 24, hidden: 896, heads: 14, kv_heads: 2, head_dim: 64, vocab: 151936, ffn: 4864, seq_len: 1024 } }\ntraining: { precision: bf16 }';
const MiB = 1024 ** 2;

describe('inference: an engine sharing the card', () => {
  test("in the trainer's process: memory_fraction × the card, in every peak; asleep, still (PyTorch's counters keep it)", () => {
    const alone = estimate(spec(model));
    const b = estimate(
      spec(`${model}\ninference: { engine: vllm, memory_fraction: 0.15 }\ncuda: { device_memory: 40355MiB }`),
    );
    const engine = enginePart(b);
    assert.equal(engine?.name, 'inference engine (vLLM)');
    assert.equal(engine?.bytes, Math.ceil(0.15 * 40355 * MiB));
    assert.equal(b.gpu.peakBytes - alone.gpu.peakBytes, engine?.bytes);
    assert.equal(b.gpu.allocatedPeakBytes - alone.gpu.allocatedPeakBytes, engine?.bytes);
    const asleep = estimate(
      spec(
        `${model}\ninference: { engine: vllm, memory_fraction: 0.15, sleep: true }\ncuda: { device_memory: 40355MiB }`,
      ),
    );
    assert.equal(enginePart(asleep)?.bytes, engine?.bytes);
    assert.ok(asleep.notes.some((n) => /#17117/.test(n)));
    const sglang = estimate(
      spec(`${model}\ninference: { engine: sglang, memory_fraction: 0.5 }\ncuda: { device_memory: 80GiB }`),
    );
    assert.equal(enginePart(sglang)?.name, 'inference engine (SGLang)');
    assert.equal(enginePart(sglang)?.bytes, 40 * 1024 ** 3);
  });

  test('in another process: no part of this one, a co-tenant note', () => {
    const alone = estimate(spec(model));
    const b = estimate(
      spec(
        `${model}\ninference: { engine: vllm, memory_fraction: 0.3, process: separate }\ncuda: { device_memory: 80GiB }`,
      ),
    );
    assert.equal(enginePart(b), undefined);
    assert.equal(b.gpu.peakBytes, alone.gpu.peakBytes);
    assert.ok(b.notes.some((n) => /another process/.test(n) && /co-tenant/.test(n)));
  });

  test('bad input: located, with its field (ConfigError: exit 2)', () => {
    const problem = (yaml: string): string => {
      try {
        spec(yaml);
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.exitCode, 2);
        return error.message;
      }
      assert.fail('no error');
    };
    assert.match(
      problem(`${model}\ninference: { engine: vllm, memory_fraction: 1.5 }\ncuda: { device_memory: 80GiB }`),
      /rollout\.yaml:3:\d+.*inference\.memory_fraction.*fraction of the card/,
    );
    assert.match(
      problem(`${model}\ninference: { engine: vllm, memory_fraction: 0.2 }`),
      /rollout\.yaml:3:\d+.*inference.*cuda\.device_memory/,
    );
    // The card's total has one key, cuda.device_memory; the engine's own `card` (session 26, briefly) is refused.
    assert.match(
      problem(`${model}\ninference: { engine: vllm, memory_fraction: 0.2, card: 80GiB }`),
      /rollout\.yaml:3:\d+.*inference/,
    );
    assert.match(
      problem(`${model}\ninference: { engine: vllm, memory_fraction: 0.2 }\ncuda: { device_memory: 0 }`),
      /rollout\.yaml:4:\d+.*cuda\.device_memory.*not 0/,
    );
    assert.match(
      problem(`${model}\ninference: { engine: tgi, memory_fraction: 0.2 }\ncuda: { device_memory: 80GiB }`),
      /rollout\.yaml:3:\d+.*inference\.engine.*vllm, sglang/,
    );
    assert.match(
      problem(
        `device: cpu\n${model}\ninference: { engine: vllm, memory_fraction: 0.2 }\ncuda: { device_memory: 80GiB }`,
      ),
      /rollout\.yaml:4:\d+.*inference.*needs device: cuda/,
    );
  });
});
