// model.config: a Hugging Face config.json read into the shape and the parameter count.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, EnvironmentError } from '../errors.js';
import { loadEstimateSpec } from './io/read-spec.js';
import { parseEstimateSpec } from './load.js';

const models = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples/models');
const temp = mkdtempSync(path.join(tmpdir(), 'headroom-hf-config-'));
after(() => rmSync(temp, { recursive: true, force: true }));

const fromConfig = (file: string, transformer = 'seq_len: 512') =>
  loadEstimateSpec(undefined, {
    values: {
      model: {
        config: file,
        transformer: Object.fromEntries(
          transformer
            .split(', ')
            .map((kv) => kv.split(': '))
            .map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)]),
        ),
      },
    },
    flagByPath: { 'model.config': '--model-config' },
  });

describe('the shipped configs give the published parameter counts', () => {
  // Counts as the model cards and `sum(p.numel() for p in model.parameters())` give them.
  const published: [string, number, string][] = [
    ['gpt2.json', 124_439_808, 'gpt'],
    ['llama-2-7b.json', 6_738_415_616, 'llama'],
    ['llama-2-13b.json', 13_015_864_320, 'llama'],
    ['llama-3-8b.json', 8_030_261_248, 'llama'],
    ['mistral-7b-v0.1.json', 7_241_732_096, 'llama'],
    ['qwen2-7b.json', 7_615_616_512, 'llama'],
    ['gemma-7b.json', 8_537_680_896, 'llama'],
    ['pythia-1b.json', 1_011_781_632, 'neox'],
    ['bert-large-uncased.json', 335_174_458, 'bert'],
    ['t5-base.json', 222_903_552, 't5'],
    ['vit-base-patch16-224.json', 86_567_656, 'vit'],
  ];
  for (const [file, params, family] of published) {
    test(`${file}: ${params.toLocaleString('en')} (${family})`, async () => {
      const spec = await fromConfig(path.join(models, file));
      assert.equal(spec.model.params, params);
      assert.equal(spec.model.transformer?.family, family);
    });
  }

  test('the shape: GQA heads, head_dim, tied embeddings, encoder–decoder stacks, ViT patches', async () => {
    const llama3 = (await fromConfig(path.join(models, 'llama-3-8b.json'))).model.transformer;
    assert.deepEqual(
      [llama3?.kvHeads, llama3?.headDim, llama3?.tiedEmbeddings, llama3?.mlp, llama3?.norm],
      [8, 128, false, 'swiglu', 'rmsnorm'],
    );
    const gemma = (await fromConfig(path.join(models, 'gemma-7b.json'))).model.transformer;
    assert.deepEqual([gemma?.headDim, gemma?.tiedEmbeddings], [256, true]);
    const t5 = (await fromConfig(path.join(models, 't5-base.json'))).model.transformer;
    assert.deepEqual(
      [t5?.encoderLayers, t5?.decoderLayers, t5?.layers, t5?.attention],
      [12, 12, 24, 'eager'],
    );
    // GPT-2's activation_function gelu_new (NewGELUActivation's tensor ops); another activation is one op.
    const gpt2 = (await fromConfig(path.join(models, 'gpt2.json'))).model.transformer;
    assert.equal(gpt2?.mlp, 'gelu_new');
    const exact = path.join(temp, 'gpt2-gelu.json');
    writeFileSync(
      exact,
      JSON.stringify({
        model_type: 'gpt2',
        n_layer: 2,
        n_embd: 64,
        n_head: 4,
        vocab_size: 100,
        activation_function: 'gelu',
      }),
    );
    assert.equal((await fromConfig(exact)).model.transformer?.mlp, 'gelu');
    const vit = (await fromConfig(path.join(models, 'vit-base-patch16-224.json'), 'family: vit')).model
      .transformer;
    assert.equal(vit?.seqLen, 197, '14 × 14 patches and the class token');
  });

  test('BertForSequenceClassification: pooler and a 2-label classifier, 335,143,938 (references.json)', () => {
    const spec = parseEstimateSpec(
      'model: { config: bert.json, transformer: { seq_len: 512 } }',
      'x.yaml',
      undefined,
      {
        file: 'bert.json',
        text: JSON.stringify({
          model_type: 'bert',
          architectures: ['BertForSequenceClassification'],
          hidden_size: 1024,
          intermediate_size: 4096,
          num_hidden_layers: 24,
          num_attention_heads: 16,
          vocab_size: 30522,
        }),
      },
    );
    assert.equal(spec.model.params, 335_143_938);
  });

  test('model.transformer overrides what the config says', async () => {
    const spec = await fromConfig(path.join(models, 'llama-2-7b.json'), 'seq_len: 512, attention: eager');
    assert.equal(spec.model.transformer?.attention, 'eager');
  });
});

describe('what a config cannot say is said', () => {
  const read = (config: Record<string, unknown>) =>
    parseEstimateSpec('model: { config: c.json, transformer: { seq_len: 64 } }', 'x.yaml', undefined, {
      file: 'c.json',
      text: JSON.stringify(config, null, 2),
    });
  const llama = {
    model_type: 'llama',
    hidden_size: 64,
    intermediate_size: 128,
    num_hidden_layers: 2,
    num_attention_heads: 4,
    vocab_size: 100,
  };

  test('a vision tower is noted and the language model read from text_config', () => {
    const spec = read({
      model_type: 'llava',
      vision_config: { model_type: 'clip_vision_model' },
      text_config: llama,
    });
    assert.ok(spec.model.notes.some((note) => note.includes('vision/audio tower is not modelled')));
    assert.equal(spec.model.transformer?.hidden, 64);
  });

  test('mixture of experts: every expert counted, routing noted', () => {
    const spec = read({ ...llama, model_type: 'mixtral', num_local_experts: 8, num_experts_per_tok: 2 });
    assert.ok(spec.model.notes.some((note) => note.includes('mixture of 8 experts')));
    assert.equal(spec.model.transformer?.experts, 8);
  });

  test('an unknown model_type with the usual keys is read as a Llama-style decoder, with a note', () => {
    const spec = read({ ...llama, model_type: 'olmo' });
    assert.ok(spec.model.notes.some((note) => note.includes('"olmo" is not one headroom knows')));
  });

  test('bad values and unknown families are located in the config file', () => {
    const problems = (config: Record<string, unknown>): string => {
      try {
        read(config);
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.message;
      }
      assert.fail('accepted');
    };
    assert.equal(
      problems({ ...llama, num_attention_heads: '4' }),
      'c.json:6:3: num_attention_heads: expected a whole number, got "4"',
    );
    assert.match(
      problems({ model_type: 'wav2vec2' }),
      /^c\.json:2:3: model_type: "wav2vec2" is not a family headroom reads/,
    );
    assert.match(problems({ ...llama, hidden_size: undefined }), /^c\.json:1:1: hidden_size: is required/);
  });

  test('not JSON, a missing file, no seq_len', async () => {
    assert.throws(
      () =>
        parseEstimateSpec('model: { config: c.json }', 'x.yaml', undefined, {
          file: 'c.json',
          text: '{\n  "model_type": llama\n}',
        }),
      (error: unknown) =>
        error instanceof ConfigError && /^c\.json:2:\d+: model\.config: not valid JSON/.test(error.message),
    );
    await assert.rejects(fromConfig(path.join(temp, 'absent.json')), EnvironmentError);
    const file = path.join(temp, 'spec.yaml');
    writeFileSync(file, 'model: { config: ../models/llama.json }\n');
    await assert.rejects(
      loadEstimateSpec(file),
      /cannot read model config .*models\/llama\.json: no such file/,
    );
    writeFileSync(path.join(temp, 'llama.json'), JSON.stringify(llama));
    writeFileSync(file, 'model: { config: llama.json }\n');
    await assert.rejects(
      loadEstimateSpec(file),
      /spec\.yaml:1:\d+: model\.transformer: needs seq_len \(the config\.json does not say/,
    );
  });
});
