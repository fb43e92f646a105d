// Issue 23 item 5, session 17: a fix never tells the user to do what the log shows done. Mixed
// precision and activation checkpointing shown on (log/evidence.ts mixedPrecisionShown,
// checkpointingShown) are not in the fix's text: the builders take what the log shows (shown.ts;
// session 26 moved this from editing the built text into the builders).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { batchFix, modelStateFix } from './families/pytorch/fixes.js';
import type { TorchNumbers } from './families/pytorch/numbers.js';
import { nothingShown } from './shown.js';
import { primary } from './test-helpers/diagnose.js';

const oom =
  'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 20.12 GiB already allocated; 1.10 GiB free; 21.40 GiB reserved in total by PyTorch)';
const fixesWith = (...lines: string[]) => primary(...lines, oom)?.fixes ?? [];
const shardLever =
  'shard them over several GPUs (FSDP, DeepSpeed ZeRO-3, or ZeRO with the optimizer offloaded to the CPU)';

describe('techniques the log shows on are not proposed again', () => {
  test('neither shown: the batch fix names both', () =>
    assert.ok(fixesWith('python train.py').some((f) => /checkpointing .*and mixed precision/.test(f))));
  test('--bf16 True: checkpointing only', () => {
    const fixes = fixesWith('  --bf16 True \\');
    assert.ok(fixes.some((f) => /activation checkpointing/.test(f)));
    assert.ok(!fixes.some((f) => /mixed precision/.test(f)));
  });
  test('--gradient_checkpointing True: mixed precision only', () => {
    const fixes = fixesWith('  --gradient_checkpointing True \\');
    assert.ok(fixes.some((f) => /use mixed precision/.test(f)));
    assert.ok(!fixes.some((f) => /checkpointing/.test(f)));
  });
  test('another technique shown (LoRA adapters, tensor parallel), neither of the two: both are still proposed', () => {
    const GiB = 1024 ** 3;
    // The numbers of `oom` above: 2 GiB asked, 1.10 free, 20.12 allocated of 21.40 reserved.
    const n: TorchNumbers = {
      requestedBytes: 2 * GiB,
      totalBytes: 23.65 * GiB,
      freeBytes: 1.1 * GiB,
      allocatedBytes: 20.12 * GiB,
      reservedBytes: 21.4 * GiB,
      others: [],
      otherBytes: 0,
      shortfallBytes: 0.9 * GiB,
      isFullToLastBlocks: false,
    };
    const plain = batchFix(n, nothingShown).fix;
    assert.match(plain, /activation checkpointing \(torch\.utils\.checkpoint\) and mixed precision$/);
    assert.equal(batchFix(n, { ...nothingShown, isAdapters: true }).fix, plain);
    assert.equal(batchFix(n, { ...nothingShown, tensorParallelGpus: 2 }).fix, plain);
  });
  test('both: the batch alone', () => {
    const fixes = fixesWith('--bf16 True --gradient_checkpointing True');
    assert.ok(fixes.some((f) => /^lower the batch size by at least \d+%$/.test(f)));
  });
  test("a model loaded in half precision: the model-state fix does not say 'load the weights in bf16'", () =>
    assert.equal(
      modelStateFix({ ...nothingShown, isMixedPrecision: true }).fix,
      `make the model state smaller or spread it: train adapters only (LoRA, or freeze the backbone), load the weights in 8/4-bit, or ${shardLever}`,
    ));
  test('turned off is not shown on', () => {
    assert.ok(fixesWith('--fp16 False').some((f) => /and mixed precision/.test(f)));
    assert.ok(fixesWith('--gradient_checkpointing False').some((f) => /activation checkpointing/.test(f)));
  });
});

describe('an adapter run shown in the log (log/evidence.ts adapterShown)', () => {
  const full =
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.14 GiB (GPU 5; 31.75 GiB total capacity; 28.28 GiB already allocated; 1.95 GiB free; 28.28 GiB reserved in total by PyTorch)';
  test('finetuning_type: lora at a batch of one: the model-state fix does not propose adapters', () => {
    const fixes =
      primary('"finetuning_type": "lora",', '"per_device_train_batch_size": 1,', full)?.fixes ?? [];
    assert.ok(fixes.some((f) => /make the model state smaller/.test(f)));
    assert.ok(!fixes.some((f) => /train adapters only/.test(f)));
  });
  test('no adapter shown: it is proposed', () =>
    assert.ok(
      (primary('"per_device_train_batch_size": 1,', full)?.fixes ?? []).some((f) =>
        /train adapters only/.test(f),
      ),
    ));
  test('--use_lora False is no adapter run', () =>
    assert.ok(
      (primary('--use_lora False --per_device_train_batch_size 1', full)?.fixes ?? []).some((f) =>
        /train adapters only/.test(f),
      ),
    ));
});

describe('ZeRO-3 shown in the log (log/evidence.ts zeroThreeShown)', () => {
  const full =
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB (GPU 0; 79.33 GiB total capacity; 77.08 GiB already allocated; 1.45 GiB free; 77.40 GiB reserved in total by PyTorch)';
  for (const shown of [
    'i tried zero3 and it fails again. set batch_size 1.',
    '"zero_optimization": { "stage": 3 }, batch_size=1',
  ])
    test(`${shown}: the model-state fix offloads ZeRO-3's states, not ZeRO-3 again`, () => {
      const fixes = primary(shown, full)?.fixes ?? [];
      assert.ok(fixes.some((f) => /with ZeRO-3 on already, offload/.test(f)));
      assert.ok(!fixes.some((f) => /FSDP, DeepSpeed ZeRO-3/.test(f)));
    });
  test('a question about ZeRO-3 is not it', () =>
    assert.ok(
      (primary('should I try zero3? batch_size=1', full)?.fixes ?? []).some((f) =>
        /FSDP, DeepSpeed ZeRO-3/.test(f),
      ),
    ));
});

describe('weights the log shows loaded in 4-bit are not proposed a 4-bit load again', () => {
  test('the model-state fix loses its bf16 / 8/4-bit clause, with or without mixed precision shown', () => {
    const want = `make the model state smaller or spread it: train adapters only (LoRA, or freeze the backbone), or ${shardLever}`;
    assert.equal(modelStateFix({ ...nothingShown, isFourBit: true }).fix, want);
    assert.equal(modelStateFix({ ...nothingShown, isFourBit: true, isMixedPrecision: true }).fix, want);
  });
  test('adapters and a 4-bit load both shown: the one lever left reads as a sentence, not "or ..."', () =>
    assert.equal(
      modelStateFix({ ...nothingShown, isFourBit: true, isAdapters: true }).fix,
      `make the model state smaller or spread it: ${shardLever}`,
    ));
  // transformers' refusal of a bitsandbytes model placed partly off the GPU (quantizer_bnb_4bit.py v4.40.0).
  const refusal =
    'ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM to fit the quantized model.';
  const fixesOf = (...lines: string[]) => primary(...lines, refusal)?.fixes ?? [];
  test('a 4-bit load shown: the quantized-offload fix keeps a smaller model and the card only', () => {
    for (const shown of [
      'bnb = BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_compute_dtype=torch.bfloat16)',
      '  File "/x/transformers/quantizers/quantizer_bnb_4bit.py", line 86, in validate_environment',
    ]) {
      const fixes = fixesOf(shown);
      assert.ok(
        fixes.some((f) => f.startsWith('load a smaller model')),
        fixes.join(' | '),
      );
      assert.ok(!fixes.some((f) => /4-bit/.test(f)), fixes.join(' | '));
    }
  });
  test('an 8-bit load (or nothing shown) keeps the 4-bit proposal', () => {
    for (const shown of ['model = load(load_in_8bit=True)', 'python run.py', 'load_in_4bit=False'])
      assert.ok(
        fixesOf(shown).some((f) => f.startsWith('load it in 4-bit')),
        shown,
      );
  });
});

describe('vLLM shown run eager already is not told enforce_eager=True again', () => {
  // vLLM's refusal when one sequence does not fit the KV cache (vllm/worker/worker.py v0.6.0).
  const kv =
    "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (7344). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
  const fixesOf = (...lines: string[]) => primary(...lines, kv)?.fixes ?? [];
  test('nothing shown: the weights fix names enforce_eager', () =>
    assert.ok(fixesOf('vllm serve m').some((f) => /enforce_eager=True/.test(f))));
  test('--enforce-eager or enforce_eager=True shown: the weights fix stays, without enforce_eager', () => {
    for (const shown of [
      'vllm serve m --max-model-len 32768 --enforce-eager',
      'llm = LLM(model=m, enforce_eager=True)',
    ]) {
      const fixes = fixesOf(shown);
      assert.ok(
        fixes.some((f) => /tensor_parallel_size across GPUs/.test(f)),
        `${shown}: ${fixes.join(' | ')}`,
      );
      assert.ok(!fixes.some((f) => /enforce_eager/.test(f)), `${shown}: ${fixes.join(' | ')}`);
    }
  });
  test('enforce_eager=False is not shown on', () =>
    assert.ok(fixesOf('llm = LLM(model=m, enforce_eager=False)').some((f) => /enforce_eager=True/.test(f))));
});

describe('an adapter run given as a command line with a space (session 20)', () => {
  const full =
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.14 GiB (GPU 5; 31.75 GiB total capacity; 28.28 GiB already allocated; 1.95 GiB free; 28.28 GiB reserved in total by PyTorch)';
  // ms-swift's `swift sft --train_type lora` (its docs' command lines), LLaMA-Factory's YAML key.
  for (const shown of [
    'swift sft --model m --train_type lora --per_device_train_batch_size 1',
    'finetuning_type: lora',
  ])
    test(`${shown}: adapters are not proposed again`, () => {
      const fixes = primary(shown, '"per_device_train_batch_size": 1,', full)?.fixes ?? [];
      assert.ok(!fixes.some((f) => /train adapters only/.test(f)), fixes.join(' | '));
    });
  test('--train_type full is no adapter run', () =>
    assert.ok(
      (primary('--train_type full --per_device_train_batch_size 1', full)?.fixes ?? []).some((f) =>
        /train adapters only/.test(f),
      ),
    ));
});

describe('DataLoader workers the log shows at 0 are not lowered again (settings.ts lowersSettingAtFloor)', () => {
  // PyTorch's DataLoader worker death (torch/utils/data/dataloader.py) and its shared-memory mapping
  // refused (torch/csrc/.../MapAllocator.cpp "unable to mmap").
  const died = 'RuntimeError: DataLoader worker (pid(s) 12488) exited unexpectedly';
  const mmap =
    'RuntimeError: unable to mmap 4096 bytes from file </torch_362873_3123855485_63350>: Cannot allocate memory (12)';
  const lowers = (fixes: readonly string[]) => fixes.some((f) => /lower DataLoader\(num_workers/.test(f));
  for (const failure of [died, mmap]) {
    test(`num_workers=0 shown beside "${failure.slice(0, 40)}": no fix lowers the workers`, () => {
      for (const shown of [
        'I tried num_workers =0 and it is very slow',
        'DataLoader(ds, batch_size=8, num_workers=0)',
      ])
        assert.ok(!lowers(primary(shown, failure)?.fixes ?? []), shown);
    });
    test(`num_workers=4, or PyTorch's own advice to rerun with 0, keeps the fix (${failure.slice(0, 20)})`, () => {
      assert.ok(lowers(primary('DataLoader(ds, num_workers=4)', failure)?.fixes ?? []));
      assert.ok(
        lowers(primary(failure, 'Rerunning with num_workers=0 may give better error trace.')?.fixes ?? []),
      );
    });
  }
});
