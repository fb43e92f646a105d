// The allocator cache fractions (cuda.ts defaultFragmentation): which runs keep how much reserved beyond
// their live tensors, as the allocator replay (python/headroom_trace/allocator_replay.py) measured them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultFragmentation } from './cuda.js';
import { estimate } from './estimate.js';
import { specOf } from './test-helpers/references.js';

describe('defaultFragmentation', () => {
  test('eager attention without checkpointing keeps 3%: each layer reuses the blocks of equal size the one before freed', () => {
    assert.equal(defaultFragmentation({ attention: 'eager', isExpandableSegments: false }), 0.03);
  });

  test('eager attention under full checkpointing, and a model without attention, keep 20%', () => {
    assert.equal(
      defaultFragmentation({ attention: 'eager', isExpandableSegments: false, isCheckpointed: true }),
      0.2,
    );
    assert.equal(defaultFragmentation({ attention: undefined, isExpandableSegments: false }), 0.2);
  });

  test('SDPA and flash keep 10%, checkpointed or not; variable lengths 50%; expandable segments 3%', () => {
    for (const attention of ['sdpa', 'flash'] as const) {
      assert.equal(defaultFragmentation({ attention, isExpandableSegments: false }), 0.1);
      assert.equal(
        defaultFragmentation({ attention, isExpandableSegments: false, isCheckpointed: true }),
        0.1,
      );
    }
    assert.equal(
      defaultFragmentation({ attention: 'eager', isExpandableSegments: false, isVariableLengths: true }),
      0.5,
    );
    assert.equal(defaultFragmentation({ attention: 'eager', isExpandableSegments: true }), 0.03);
  });
});

describe('the allocator cache of an eager GPT-2 step', () => {
  const spec = (checkpointing: string) =>
    specOf(`model:
  transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 50257, max_positions: 1024, fused_qkv: true, bias: true, tied_embeddings: true, dropout: true, mlp: gelu_new, seq_len: 1024, attention: eager }
training: { precision: fp32, optimizer: adamw, batch_size: 8, activation_checkpointing: ${checkpointing} }`);
  const cacheShare = (checkpointing: string): number => {
    const parts = estimate(spec(checkpointing)).gpu.components;
    const cache = parts.find((part) => part.name === 'allocator cache')?.bytes ?? 0;
    const forwardToBackward = parts
      .filter((part) => part.phase === 'backward')
      .reduce((sum, p) => sum + p.bytes, 0);
    return cache / forwardToBackward;
  };

  // The H200 run of this step (test/gpu/recorded/2026-11-27-h200-peaks-…json) reserved 734 MiB over its
  // 24.25 GiB allocated peak, 2.9% of these parts; the replay of its three steps 772 MiB.
  test('is 3% of the forward→backward parts (was 20%), 20% under checkpointing', () => {
    assert.ok(Math.abs(cacheShare('none') - 0.03) < 0.001, String(cacheShare('none')));
    assert.ok(Math.abs(cacheShare('full') - 0.2) < 0.001, String(cacheShare('full')));
  });
});
