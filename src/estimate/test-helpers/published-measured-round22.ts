// Round 22 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 21 were seen (round 21
// was gathered by the same engineer and is not yet measured). EVERY case here is HELD OUT: none was scored,
// estimated or looked at through the estimate before the one final measurement, and the model engineer does not
// read this file until then.
// SEARCH PROCEDURE (round 22, not round 21's): exact-string search of indexed GitHub files and search of issue
// and pull-request threads for the training-benchmark table that transformers' "Add SDPA support" pull requests
// print (fxmarty's training benchmark: "Eager peak mem (MB) | sdpa peak mem (MB)"), then the model pages of
// huggingface/transformers those tables were merged into, and the benchmark script itself.
// CHOSEN TO BE EXPRESSIBLE: decoder and encoder language models of known shape trained one step at a time in pure
// fp16 with no optimizer (forward, backward, nothing else), at batch sizes and sequence lengths the table states;
// 19 of 21 are expressible (the two OPT rows are not: its 512-wide embedding projections and post-norm layers).
// THE BENCHMARK (the same script in every case, adapted from fxmarty's gist 7e75cc39 — the variants quoted in the
// PRs and indexed copies of it read the same): the model loaded in float16 (--use-half), model.train() (dropout
// as the config sets it), inputs torch.randint over the vocabulary (fxmarty's script, read for the NeoX and OPT rows,
// passes an all-ones attention mask; the masked-LM variant indexed beside the DistilBERT table passes none, and the
// SDPA pass runs with the math kernel disabled — the BioGPT rows, same card and table layout, assumed the same), a few warm-up
// steps, then torch.cuda.reset_peak_memory_stats(); torch.cuda.empty_cache(); and num_training_steps times
// { model.zero_grad(); outputs = model(**inputs); loss = outputs.logits.sum(); loss.backward() } — no optimizer,
// no labels, no cross-entropy: the loss is the sum of the fp16 logits, whose gradient is a logits-sized tensor of
// ones. Peak = torch.cuda.max_memory_allocated(device) over the timed steps, printed × 1e-6 as "MB" (decimal).
// The spec says the logits that way: lm_head false (no cross-entropy of the spec's own) and a tensors: entry for
// the fp16 logits and their gradient (count 2, covers: logits); model.params holds the head's weights.
// LEAD'S CORRECTION (session 18, after the one measurement at the session's start, before any model change):
// the specs as gathered said `optimizer: none`, which the estimate reads as no training step at all (forward only,
// no gradients, no activations kept): 66.2% median, every row far under. The benchmark runs loss.backward() with
// no optimizer step; the spec that says that is `optimizer: sgd` (a stateless step that allocates nothing, and
// is never called here). The schema now says so in optimizer's description. The figure as gathered and the
// figure with this correction are both in HELDOUT's result of round 22 (the session-18 note).
// Each case names its public source (document, version, table and row), what was measured (allocated, reserved or
// device total, and the unit), the config as published, and the spec a user would write for it; where a source
// leaves a setting out, `config` says what was assumed and from which default.
import type { PublishedCase } from './published-measured.js';

const benchmark =
  "fxmarty's SDPA training benchmark (loaded with torch_dtype float16, model.train(), random input_ids (with an all-ones attention_mask in fxmarty's script; none in the masked-LM variant); after warm-up, reset_peak_memory_stats and num_training_steps × { model.zero_grad(); loss = model(**inputs).logits.sum(); loss.backward() }: pure fp16 weights and gradients, no optimizer, gradients freed before each forward)";
const meter =
  'torch.cuda.max_memory_allocated() over the timed steps × 1e-6, printed as MB (decimal): allocated, one GPU';

interface Shape {
  /** Repository-relative page and the versioned documentation URL it was read at. */
  doc: string;
  url: string;
  model: string;
  params: number;
  vocab: number;
  transformer: string;
  card: string;
  software: string;
}

const shapes = {
  neox: {
    doc: 'huggingface/transformers docs/source/en/model_doc/gpt_neox.md',
    url: 'commit 3e7da9f1, https://github.com/huggingface/transformers/blob/3e7da9f11075a6e34d572fe04d28485a3989d274/docs/source/en/model_doc/gpt_neox.md; the table came with pull request #31031 ("[GPT-NeoX] Add SDPA support", 2024-05, https://github.com/huggingface/transformers/pull/31031)',
    model:
      'EleutherAI/pythia-410m-deduped (GPTNeoXForCausalLM: 24 layers, 1024 wide, 16 heads, MLP 4096, rotary on 25% of each head, parallel residual, vocab 50304, untied embed_out, no dropout; 405,334,016 parameters)',
    params: 405_334_016,
    vocab: 50304,
    transformer:
      'family: neox, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50304, max_positions: 2048',
    card: 'one RTX 3080 Ti 16 GB',
    software: 'PyTorch 2.2.1, Ubuntu 22.04',
  },
  biogpt: {
    doc: 'huggingface/transformers docs/source/en/model_doc/biogpt.md',
    url: 'as published in the transformers documentation of v4.46.0, https://huggingface.co/docs/transformers/v4.46.0/en/model_doc/biogpt (section "Using Scaled Dot Product Attention (SDPA)"; the page was rewritten without the table by pull request #38214, 2025-05)',
    model:
      'microsoft/biogpt (BioGptForCausalLM: 24 pre-norm layers, 1024 wide, 16 heads, GELU MLP 4096, learned positions 1024 + 2, scaled embeddings, dropout 0.1 on hidden states and attention probabilities, vocab 42384, output projection tied to the embedding; 346,763,264 parameters)',
    params: 346_763_264,
    vocab: 42384,
    transformer:
      'family: gpt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 42384, max_positions: 1026, mlp: gelu, norm: layernorm, bias: true, dropout: true',
    card: 'one GeForce RTX 2060 8 GB (the table\'s "is cuda False" is the script\'s unused --use-cuda flag: the model ran on the GPU, as the peak shows)',
    software: 'PyTorch 2.3.1, Ubuntu 20.04',
  },
  distilbert: {
    doc: 'huggingface/transformers docs/source/en/model_doc/distilbert.md',
    url: 'as published in the transformers documentation of v4.46.0, https://huggingface.co/docs/transformers/v4.46.0/en/model_doc/distilbert (section "Using Scaled Dot Product Attention (SDPA)", "Training")',
    model:
      'distilbert-base-uncased with a masked-LM head (DistilBertForMaskedLM: 6 layers, 768 wide, 12 heads, GELU MLP 3072, learned positions 512, no token types, dropout 0.1, a 768 → 768 transform with GELU and LayerNorm before the vocabulary projection tied to the embedding, vocab 30522; 66,985,530 parameters)',
    params: 66_985_530,
    vocab: 30522,
    transformer:
      'family: bert, layers: 6, hidden: 768, heads: 12, ffn: 3072, vocab: 30522, max_positions: 512, pooler: false, dropout: true',
    card: 'one GeForce RTX 2060 8 GB (the table\'s "is cuda False" is the unused --use-cuda flag)',
    software: 'PyTorch 2.3.1, Ubuntu 20.04',
  },
  opt: {
    doc: 'huggingface/transformers docs/source/en/model_doc/opt.md',
    url: 'as published in the transformers documentation of v4.46.0, https://huggingface.co/docs/transformers/v4.46.0/en/model_doc/opt (section "Using Scaled Dot Product Attention (SDPA)"); the table came with pull request #33298 ("add sdpa to OPT", 2024-09, https://github.com/huggingface/transformers/pull/33298)',
    model:
      'facebook/opt-350m (OPTForCausalLM: 24 post-norm layers, 1024 wide, 16 heads, ReLU MLP 4096, learned positions 2048 + 2, word embeddings 512 wide with project_in 512 → 1024 and project_out 1024 → 512, vocab 50272, head tied to the embedding, dropout 0.1; 331,196,416 parameters)',
    params: 331_196_416,
    vocab: 50272,
    // Session 19 (issue 25): family opt (ReLU MLP, attention_dropout 0, the fp16 softmax upcast), post_norm and
    // word_embed_dim say it; gathered as 'family: gpt, …, mlp: gelu, norm: layernorm, bias: true, dropout: true'.
    transformer:
      'family: opt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50272, max_positions: 2050, word_embed_dim: 512, post_norm: true, bias: true, dropout: true',
    card: 'one L40S 45 GB',
    software: 'PyTorch 2.4.0, Debian 11',
  },
} satisfies Record<string, Shape>;

const sdpaCase = (o: {
  model: keyof typeof shapes;
  attention: 'eager' | 'sdpa';
  batch: number;
  seq: number;
  mb: number;
  row: string;
  notExpressible?: string;
  /** What made a row marked not expressible when gathered expressible since (the mark is then dropped). */
  expressedBy?: string;
}): PublishedCase => {
  const s: Shape = shapes[o.model];
  return {
    id: `transformers-sdpa-bench-${o.model}-${o.attention}-fp16-nooptim-bs${o.batch}-seq${o.seq}`,
    source: `${s.doc} (${s.url}), "Training" table, row "${o.row}", column "${o.attention === 'eager' ? 'Eager' : 'SDPA'} peak mem (MB)"`,
    what: 'allocated',
    unit: 'GB',
    measured: o.mb / 1000,
    config: `${benchmark}: ${s.model}, attn_implementation "${o.attention}", batch ${o.batch} × ${o.seq} tokens (fixed), ${s.card}, ${s.software}; ${meter}, ${o.mb} MB${o.notExpressible === undefined ? '' : o.expressedBy ? `. Marked not expressible when gathered (${o.notExpressible}); ${o.expressedBy}` : `. NOT EXPRESSIBLE: ${o.notExpressible}`}`,
    spec: `model:
  params: ${s.params}
  transformer: { ${s.transformer}, seq_len: ${o.seq}, lm_head: false, attention: ${o.attention} }
training: { precision: fp16, optimizer: sgd, batch_size: ${o.batch}, activation_checkpointing: none }
tensors:
  - { name: fp16 logits kept for logits.sum() and their gradient, shape: [${o.batch}, ${o.seq}, ${s.vocab}], dtype: float16, count: 2, covers: logits }`,
  };
};

const optNotExpressible =
  "OPT-350m's 512-wide word embeddings with project_in / project_out around the 1024-wide layers, post-norm layers (do_layer_norm_before false) and ReLU MLPs; the spec gave a 1024-wide pre-norm GPT with a one-op MLP and the model's parameter count";

export const round22Cases: PublishedCase[] = [
  // Pythia-410m (GPT-NeoX), RTX 3080 Ti: eager to where it fits, SDPA at the long rows eager cannot run.
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 1,
    seq: 512,
    mb: 2278.38,
    row: '1 | 512 | 0.08 | 0.055 | 45.524 | 2278.38 | 1953.76',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 1,
    seq: 1024,
    mb: 4772.36,
    row: '1 | 1024 | 0.19 | 0.102 | 86.777 | 4772.36 | 2408.35',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 1,
    seq: 2048,
    mb: 13484.1,
    row: '1 | 2048 | 0.565 | 0.204 | 177.098 | 13484.1 | 3882.01',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 2,
    seq: 512,
    mb: 3613.16,
    row: '2 | 512 | 0.144 | 0.096 | 50.046 | 3613.16 | 2406.77',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 2,
    seq: 1024,
    mb: 8707.55,
    row: '2 | 1024 | 0.366 | 0.193 | 89.666 | 8707.55 | 3878.86',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 4,
    seq: 256,
    mb: 3008.39,
    row: '4 | 256 | 0.119 | 0.093 | 28.072 | 3008.39 | 2405.99',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'eager',
    batch: 4,
    seq: 512,
    mb: 6290.58,
    row: '4 | 512 | 0.275 | 0.187 | 47.145 | 6290.58 | 3877.29',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'sdpa',
    batch: 1,
    seq: 2048,
    mb: 3882.01,
    row: '1 | 2048 | 0.565 | 0.204 | 177.098 | 13484.1 | 3882.01',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'sdpa',
    batch: 2,
    seq: 2048,
    mb: 6825.13,
    row: '2 | 2048 | OOM | 0.379 | / | OOM | 6825.13',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'sdpa',
    batch: 4,
    seq: 1024,
    mb: 6821.98,
    row: '4 | 1024 | OOM | 0.36 | / | OOM | 6821.98',
  }),
  sdpaCase({
    model: 'neox',
    attention: 'sdpa',
    batch: 4,
    seq: 2048,
    mb: 12705.1,
    row: '4 | 2048 | OOM | 0.731 | / | OOM | 12705.1',
  }),
  // BioGPT, RTX 2060: the larger batches, where activations outweigh the 1.39 GB of weights and gradients.
  sdpaCase({
    model: 'biogpt',
    attention: 'eager',
    batch: 4,
    seq: 256,
    mb: 2350.179,
    row: '100 | 4 | 256 | False | 0.113 | 0.100 | 13.316 | 2350.179 | 1848.435',
  }),
  sdpaCase({
    model: 'biogpt',
    attention: 'eager',
    batch: 8,
    seq: 128,
    mb: 2098.521,
    row: '100 | 8 | 128 | False | 0.107 | 0.098 | 9.883 | 2098.521 | 1848.435',
  }),
  sdpaCase({
    model: 'biogpt',
    attention: 'eager',
    batch: 8,
    seq: 256,
    mb: 3989.98,
    row: '100 | 8 | 256 | False | 0.222 | 0.196 | 13.413 | 3989.980 | 2986.492',
  }),
  sdpaCase({
    model: 'biogpt',
    attention: 'sdpa',
    batch: 8,
    seq: 256,
    mb: 2986.492,
    row: '100 | 8 | 256 | False | 0.222 | 0.196 | 13.413 | 3989.980 | 2986.492',
  }),
  // DistilBERT masked LM, RTX 2060.
  sdpaCase({
    model: 'distilbert',
    attention: 'eager',
    batch: 4,
    seq: 256,
    mb: 594.156,
    row: '100 | 4 | 256 | False | 0.025 | 0.022 | 12.882 | 594.156 | 502.745',
  }),
  sdpaCase({
    model: 'distilbert',
    attention: 'eager',
    batch: 8,
    seq: 128,
    mb: 545.922,
    row: '100 | 8 | 128 | False | 0.023 | 0.022 | 8.010 | 545.922 | 502.745',
  }),
  sdpaCase({
    model: 'distilbert',
    attention: 'eager',
    batch: 8,
    seq: 256,
    mb: 983.45,
    row: '100 | 8 | 256 | False | 0.046 | 0.041 | 12.763 | 983.450 | 798.480',
  }),
  sdpaCase({
    model: 'distilbert',
    attention: 'sdpa',
    batch: 8,
    seq: 256,
    mb: 798.48,
    row: '100 | 8 | 256 | False | 0.046 | 0.041 | 12.763 | 983.450 | 798.480',
  }),
  // OPT-350m, L40S: NOT EXPRESSIBLE (its embedding projections and post-norm layers).
  sdpaCase({
    model: 'opt',
    attention: 'eager',
    batch: 1,
    seq: 1024,
    mb: 4867.113,
    row: '1 | 1024 | 0.062 | 0.038 | 65.135 | 4867.113 | 1698.35',
    notExpressible: optNotExpressible,
    expressedBy:
      'session 19 (issue 25): family opt, post_norm and word_embed_dim say it (the 331,196,416 parameters counted from the shape)',
  }),
  sdpaCase({
    model: 'opt',
    attention: 'sdpa',
    batch: 1,
    seq: 1024,
    mb: 1698.35,
    row: '1 | 1024 | 0.062 | 0.038 | 65.135 | 4867.113 | 1698.35',
    notExpressible: optNotExpressible,
    expressedBy:
      'session 19 (issue 25): family opt, post_norm and word_embed_dim say it (the 331,196,416 parameters counted from the shape)',
  }),
];

/** The documents round 22 reads: none is cited by rounds 1 to 21 or ../shared/estimation. */
export const round22Documents = Object.values(shapes).map((s) => s.doc);
