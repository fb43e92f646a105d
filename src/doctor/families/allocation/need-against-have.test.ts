// The need-against-have shape (issue 23, item 4): each form a program prints its need against a
// smaller have in, read with its figures, and the near misses it must not read. Every line is a real
// one from the corpus file named beside it (test/corpus, tuned parts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';
import { weighNeedAgainstHave } from './need-against-have.js';

const isFailure = (line: string) => /error|fail|exception|fatal|abort/i.test(line);

describe('a need weighed against a smaller have, in any order and wording', () => {
  const cases: { name: string; line: string; facts: Record<string, unknown> }[] = [
    {
      name: 'a comparison, "N is more than M", against the total (MindSpore; heldout-34 mindone-820)',
      line: '[ERROR] PRE_ACT(145615,fffbdf67f120,python):2025-01-12-09:48:13.703.514 [mindspore/ccsrc/backend/common/mem_reuse/mem_dynamic_allocator.cc:392] AddMemBlockAndMemBufByEagerFree] TotalUsedMemStatistics : 24725382656 plus TotalUsedByEventMemStatistics : 0 and plus alloc size : 100555779072 is more than total mem size : 61079552000.',
      facts: { requestedBytes: 100555779072, totalBytes: 61079552000 },
    },
    {
      name: "a pool's blocks, asked against free (TGI router; heldout-28 text-generation-inference-1154)",
      line: 'Request failed during generation: Server error: Out of available cache blocks: asked 3666, only 3661 free blocks',
      facts: { requestedCount: 3666, freeCount: 3661, countUnit: 'block' },
    },
    {
      name: 'requested and free after their words, in MB (CatBoost; heldout-17 catboost-2750)',
      line: '(NCudaLib::TOutOfMemoryError) /src/catboost/catboost/cuda/cuda_lib/memory_pool/stack_like_memory_pool.h:303: Error: Out of memory. Requested 8880 MB; Free 5902.061425 MB',
      facts: { requestedBytes: 8880 * 1000 ** 2, freeBytes: Math.floor(5902.061425 * 1000 ** 2) },
    },
    {
      name: 'the need first, then "larger than the available" (KAITO; heldout-5 kaito-2132)',
      line: '22.5 GiB KV cache is needed, which is larger than the available KV cache memory (17.39 GiB).',
      facts: { requestedBytes: Math.floor(22.5 * 1024 ** 3), freeBytes: Math.floor(17.39 * 1024 ** 3) },
    },
    {
      name: 'bare byte counts (a miner; heldout-21 luminousmining-miner-103)',
      line: '[resolver::ResolverNvidiaProgPOW::updateContext][49](2025/Apr/10)(17:35:54)(e) - Device[0]: Device have not memory size available. Needed 5401471552, memory available 5370806272',
      facts: { requestedBytes: 5401471552, freeBytes: 5370806272 },
    },
    {
      name: 'a limit (QNN context generator; heldout-22 xororz-local-dream-141)',
      line: '0.0ms [ ERROR ] fa_alloc.cc:3986:ERROR:graph requires estimated allocation of 2326375 KB, limit is 2097152 KB',
      facts: { requestedBytes: 2326375 * 1000, limitBytes: 2097152 * 1000 },
    },
    {
      name: 'a ceiling after "but" (oMLX; heldout-21 jundot-omlx-1998)',
      line: 'Error: Prefill would require ~70.27 GB peak (current 67.54 GB + KV+SDPA 2.73 GB) but metal_cap ceiling is 69.86 GB. Raise',
      facts: { requestedBytes: 70.27 * 1000 ** 3, limitBytes: 69.86 * 1000 ** 3 },
    },
    {
      name: "a KV cache's tokens, the have first (vllm.rs scheduler; heldout-40 guoqingbao-xinfer-278, read after the rule was measured)",
      line: '2026-04-01T02:59:00.655654Z ERROR vllm_rs::server::server: Stream generation failed: Remaining 1406272 kvcache tokens, but your prompt requires 1717120 new tokens, please request later!',
      facts: { requestedCount: 1717120, freeCount: 1406272, countUnit: 'token' },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const facts = weighNeedAgainstHave(c.line, isFailure(c.line));
      assert.ok(facts, 'read');
      for (const [name, value] of Object.entries(c.facts)) {
        const got: unknown = facts[name];
        if (typeof value === 'number' && typeof got === 'number')
          assert.ok(Math.abs(got - value) <= 1, `${name}: ${got} vs ${value}`);
        else assert.equal(got, value, name);
      }
    });
  }
});

describe('near misses: figures side by side that are not a refused need of memory', () => {
  const cases: { name: string; line: string }[] = [
    {
      name: "a pool the program sized itself (ggml's context; heldout-16 none-leejet-stable-diffusion-cpp-810)",
      line: "ggml_new_object: not enough space in the context's memory pool (needed 16810528, available 11370496)",
    },
    {
      name: "a text's length against a maximum (spaCy E088; heldout-17 none-boudinfl-pke-202)",
      line: 'ValueError: [E088] Text of length 1210306 exceeds maximum of 1000000. The parser and NER models',
    },
    {
      name: 'a pid and a percentage (dask nanny; heldout-17 none-coffeateam-coffea-casa-409)',
      line: 'distributed.nanny.memory - WARNING - Worker tls://192.168.204.84:34937 (pid=129) exceeded 0% memory budget. Restarting...',
    },
    {
      name: 'an INFO line that adapts (vLLM weight_utils; heldout-14 none-noonghunna-club-3090-594)',
      line: '(Worker_TP0 pid=101) INFO 07-06 10:44:40 [weight_utils.py:879] Auto-prefetch is disabled because the filesystem (EXT4) is not a recognized network FS (NFS/Lustre) and the checkpoint size (28.75 GiB) exceeds 90% of available RAM (23.20 GiB).',
    },
    {
      name: "a setting's value against the hardware's maximum, no memory (HailoRT; heldout-35 none-serg987-hailo-mini-od-server-1)",
      line: '[HailoRT] [error] CHECK failed - max_desc_page_size given 16384 is bigger than hw max desc page size 4096',
    },
    {
      name: "a kernel's shared memory per block (Triton OutOfResources; heldout-23 none-yuliang-liu-monkeyocr-25)",
      line: 'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 65538, Hardware limit: 65536.',
    },
    {
      name: "a process's id and a limit, wrapped before the unit (XNU EXC_RESOURCE, bsd/kern/kern_memorystatus.c at xnu-10002.1.13)",
      line: 'kernel: EXC_RESOURCE -> python3.11[4711] exceeded mem limit: InactiveSoft 2048',
    },
    {
      name: "a prompt's tokens against a context length, no KV cache named (kind-structure.test.ts's look-alike)",
      line: 'error: prompt requires 9000 tokens but the limit is 8192',
    },
    {
      name: 'a need of an exbibyte or more, an overflowed size (XLA compile check; heldout-26 jax-7822)',
      line: "Compilation failure: Aborting compilation early because it's unlikely to have enough memory. Requires 3.47E, has 14.49G available.",
    },
    {
      name: 'a size that wrapped around (MLX; heldout-8 none-ml-explore-mlx-3327)',
      line: 'RuntimeError: [metal::malloc] Attempting to allocate 18446744069414600704 bytes which is greater than the maximum allowed buffer size of 86586540032 bytes.',
    },
    {
      name: 'a program that switches instead of refusing (Wan2GP/mmgp; heldout-20 host_oom-deepbeepmeep-wan2gp-1168)',
      line: 'Switching to partial pinning since full requirements for pinned models is 37086.9 MB while estimated available reservable RAM is 26128.7 MB.',
    },
    {
      name: 'an INFO pre-flight with no refusal (ACE-Step; heldout-26 gpu_oom-ace-step-ace-step-1-5-747)',
      line: '2026-03-01 20:33:00.252 | INFO     | acestep.core.generation.handler.generate_music:_vram_preflight_check:63 - [generate_music] VRAM pre-flight: 3.37 GB free, ~5.42 GB needed (batch=2, duration=246s, mode=base).',
    },
    {
      name: 'the need below the have (Ray memory monitor figures; heldout-23 host_oom-ray-project-ray-28774, its figures swapped)',
      line: 'ERROR: requested 2 GiB, but 8 GiB is free',
    },
  ];
  for (const c of cases) {
    test(c.name, () => assert.equal(weighNeedAgainstHave(c.line, isFailure(c.line)), undefined));
  }
});

describe('the shape as doctor reads a log', () => {
  test("a side not named, in an ML log: the device's (mindone-820's MindSpore allocator)", () => {
    const got = primary(
      '[ERROR] PRE_ACT(145615,fffbdf67f120,python):2025-01-12-09:48:13.703.514 [mindspore/ccsrc/backend/common/mem_reuse/mem_dynamic_allocator.cc:392] AddMemBlockAndMemBufByEagerFree] TotalUsedMemStatistics : 24725382656 plus TotalUsedByEventMemStatistics : 0 and plus alloc size : 100555779072 is more than total mem size : 61079552000.',
    );
    assert.equal(got?.kind, 'gpu_oom');
    assert.equal(got?.cause, 'request_exceeds_device');
    assert.equal(got?.facts.requestedBytes, 100555779072);
  });
  test('a question about the figures is no report', () => {
    assert.equal(
      primary('Why does it say the model requires 20.5 GiB when only 7.8 GiB is free on my GPU?')?.kind,
      undefined,
    );
  });
  test("system RAM named on the line: the host's (ollama; heldout-18 host_oom-ollama-ollama-10920)", () => {
    assert.equal(
      primary('Error: model requires more system memory (164.8 GiB) than is available (13.4 GiB)')?.kind,
      'host_oom',
    );
  });
});
