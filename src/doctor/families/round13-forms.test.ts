// Issue 23, round 12 of the rules: the OS's own memory reports in every language the C library
// speaks. strerror(ENOMEM) ("Cannot allocate memory") and strsignal(SIGKILL) ("Killed") are printed
// in the user's locale (Python's "OSError: [Errno 12] ...", bash's job report); each round's
// never-seen slice brought another locale (heldout-11: Windows' 1455 in German). The catalogs are
// read from this machine's glibc (libc-l10n, /usr/share/locale/<lang>/LC_MESSAGES/libc.mo), so a
// glibc release that changes a translation is noticed; the test skips where they are absent.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { logFactRules, logRules } from '../index.js';
import { KeywordAutomaton } from '../stream/keyword-automaton.js';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]) => primary(...lines)?.kind ?? 'none';
const localeDir = '/usr/share/locale';

// A GNU gettext .mo catalog (gettext manual §10.3 "The Format of GNU MO Files"): magic, revision,
// count, offsets of the original and translated string tables, each entry a length and an offset.
function readCatalog(path: string): Map<string, string> {
  const bytes = readFileSync(path);
  const little = bytes.readUInt32LE(0) === 0x950412de;
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const count = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const text = (table: number, i: number) =>
    bytes.toString('utf8', u32(table + i * 8 + 4), u32(table + i * 8 + 4) + u32(table + i * 8));
  const catalog = new Map<string, string>();
  for (let i = 0; i < count; i++) catalog.set(text(originals, i), text(translations, i));
  return catalog;
}

function glibcTranslations(msgid: string): [string, string][] {
  if (!existsSync(localeDir)) return [];
  const found: [string, string][] = [];
  for (const lang of readdirSync(localeDir).sort()) {
    const path = join(localeDir, lang, 'LC_MESSAGES', 'libc.mo');
    if (!existsSync(path)) continue;
    const translated = readCatalog(path).get(msgid);
    if (translated !== undefined && translated !== msgid) found.push([lang, translated]);
  }
  return found;
}

const noCatalogs =
  glibcTranslations('Killed').length === 0 ? "glibc's catalogs (libc-l10n) are not installed" : false;

describe("strerror(ENOMEM) in each of glibc's languages", { skip: noCatalogs }, () => {
  test('is a host allocation failure, as "Cannot allocate memory" is', () => {
    const translations = glibcTranslations('Cannot allocate memory');
    assert.ok(translations.length >= 30, `${translations.length} catalogs`);
    for (const [lang, words] of translations) {
      const d = mustDiagnose('Traceback (most recent call last):', `OSError: [Errno 12] ${words}`);
      assert.equal(d.kind, 'host_oom', lang);
      assert.equal(d.cause, 'host_allocation', lang);
      // Without the number too: a fork or mmap failure reported in words only.
      assert.equal(kindOf(`RuntimeError: DataLoader worker failed: ${words}`), 'host_oom', lang);
    }
  });

  test("the loader's static TLS block message stays a loader limit in each language", () => {
    for (const [lang, words] of glibcTranslations('cannot allocate memory in static TLS block'))
      assert.equal(kindOf(`ImportError: /usr/lib/libgomp.so.1: ${words}`), 'none', `${lang}: ${words}`);
  });
});

describe("strsignal(SIGKILL) in each of glibc's languages", { skip: noCatalogs }, () => {
  test("is the shell's report of a killed job: alone, in the job table, after a progress bar", () => {
    const translations = glibcTranslations('Killed');
    assert.ok(translations.length >= 30, `${translations.length} catalogs`);
    for (const [lang, word] of translations) {
      assert.equal(kindOf('Epoch 1/10', word), 'host_oom', `${lang}: ${word}`);
      assert.equal(kindOf(`[1]+  ${word}                 python train.py`), 'host_oom', `${lang}: ${word}`);
      assert.equal(kindOf(`Loading: 45%|████▌     | 45/100 ${word}`), 'host_oom', `${lang}: ${word}`);
    }
  });
});

describe('memory errors by number, the same in every locale', () => {
  test("ENOMEM's [Errno 12] and Windows' 8, 14 and 1455 are host allocation failures", () => {
    for (const line of [
      'OSError: [Errno 12] <message in the user language>',
      'OSError: [WinError 8] <message in the user language>',
      'OSError: [WinError 14] <message in the user language>',
      'OSError: [WinError 1455] <message in the user language>',
    ])
      assert.equal(mustDiagnose(line).cause, 'host_allocation', line);
  });

  test('other numbers are not', () => {
    for (const line of [
      'OSError: [Errno 28] No space left on device',
      'OSError: [WinError 5] Access is denied',
      'OSError: [Errno 120]',
    ])
      assert.equal(kindOf(line), 'none', line);
  });

  test("ENOMEM from the RDMA stack stays the locked-memory limit's, in any words", () => {
    assert.equal(
      kindOf(
        'NCCL WARN Call to ibv_reg_mr failed with error [Errno 12] Nicht genügend Hauptspeicher verfügbar',
      ),
      'none',
    );
  });
});

describe("doctor's own keywords", () => {
  test('each keeps the byte prefilter on (a keyword spelled too many ways would make it read every line)', () => {
    const keywords = [...logRules, ...logFactRules].flatMap((rule) => rule.keywords);
    assert.equal(KeywordAutomaton.for(keywords).isMatchingAll, false);
  });
});

describe("a SIGKILL exit status in each tool's words", () => {
  test('every separator the status is written with, and the launchers that name the signal', () => {
    for (const line of [
      'Exit status: 137',
      '[E] process 1234 exit status: 137',
      'exit_status=137',
      'Container killed on request. Exit code is 137',
      'subprocess exited with exit status -9',
      'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)',
      'billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: 3.',
    ])
      assert.equal(kindOf(line), 'host_oom', line);
  });

  test('other statuses and signals are not', () => {
    for (const line of [
      'Exit status: 1',
      'exit status: 1370',
      'Exit code is 0',
      'YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Segmentation fault (signal 11)',
      'Worker exited prematurely: signal 11 (SIGSEGV) Job: 3.',
    ])
      assert.equal(kindOf(line), 'none', line);
  });
});

describe("a device runtime's allocation failure in its own words", () => {
  test("MindSpore's device, CANN's 207001 and '<alloc> device memory failed' are the device's", () => {
    for (const line of [
      "RuntimeError: Device(id:0) memory isn't enough and alloc failed, kernel name: Default/MatMul-op1, alloc size: 1073741824B.",
      "RuntimeError: Device memory isn't enough and alloc failed, actor name: kernel_graph_0, alloc size: 1073741824",
      'aclrtMalloc failed, ret=207001',
      'RuntimeError: ACL stream synchronize failed, error code:207001',
      'EE9999: Inner Error! ACL_ERROR_RT_MEMORY_ALLOCATION',
      '[ERROR] RUNTIME(1234): Malloc device memory failed, size=1073741824',
    ])
      assert.equal(kindOf(line), 'gpu_oom', line);
  });

  test("MindSpore's CPU device (no device word) is the host's; other CANN codes are not memory", () => {
    assert.equal(
      kindOf(
        "RuntimeError: Memory isn't enough and alloc failed, kernel name: Default/MatMul-op1, alloc size: 1073741824B.",
      ),
      'host_oom',
    );
    assert.equal(kindOf('RuntimeError: ACL stream synchronize failed, error code:507011'), 'none');
    assert.equal(kindOf('[ERROR] RUNTIME(1234): model execute failed, ret=207011'), 'none');
  });

  test("a Vulkan or SYCL device-memory status is the renderer's only on the renderer's own line", () => {
    for (const line of [
      'ggml_vulkan: vk::Device::allocateMemory: VK_ERROR_OUT_OF_DEVICE_MEMORY',
      'level_zero backend failed with error: 39 [UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY]',
      'tvm/src/runtime/vulkan/vulkan_buffer.cc:61: InternalError: Check failed: (__e == VK_SUCCESS) is false: Vulkan Error, code=-2: VK_ERROR_OUT_OF_DEVICE_MEMORY',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'gpu_oom', line);
      assert.notEqual(d.cause, 'renderer_memory', line);
    }
    assert.equal(
      mustDiagnose(
        '2024-06-05 01:29:43 [8,172ms] [Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_OUT_OF_DEVICE_MEMORY',
      ).cause,
      'renderer_memory',
    );
  });
});

describe("a batch system's kill at the job's memory request", () => {
  test("PBS's and YARN 3's words are a kill at a memory limit", () => {
    for (const line of [
      '=>> PBS: job killed: mem 33554432kb exceeded limit 16777216kb',
      'PBS: job killed: vmem job total 40000000 kb exceeded limit 33554432 kb',
      "Container [pid=4242,containerID=container_1_0001_01_000002] is running 2.1GB beyond the 'PHYSICAL' memory limit. Current usage: 6.1 GB of 4 GB physical memory used; 7.0 GB of 8.4 GB virtual memory used. Killing container.",
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
    }
  });

  test("PBS's walltime kill is not memory", () => {
    assert.equal(kindOf('=>> PBS: job killed: walltime 3610 exceeded limit 3600'), 'none');
  });
});

describe("a device's out-of-memory told in the user's sentence", () => {
  test('a verb of meeting or showing before the phrase is a report: a possible GPU OOM, the batch as the most likely cause (round 16)', () => {
    for (const line of [
      'I ran it on my own dataset and met CUDA out of memory error.',
      'with 4 GPUs I kept getting CUDA OOM on the 2nd iteration',
      'the node fails and reports "XPU out of memory" after a few images',
      'we encountered a GPU out-of-memory error during prepare()',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'gpu_oom', line);
      assert.equal(d.cause, 'batch_too_large', line);
      assert.ok((d.causeAlternatives ?? []).length > 0, line);
    }
  });

  test('a condition, a negation or a question is not; the pasted message outranks the retelling', () => {
    for (const line of [
      'If you encounter CUDA out of memory, try to set --tile with a smaller number.',
      "I don't get CUDA OOM anymore, but now the loss is NaN",
      'I never got GPU OOM with this config',
      'Do you get CUDA out of memory with batch size 8?',
    ])
      assert.equal(kindOf(line), 'none', line);
    assert.equal(
      mustDiagnose(
        'I keep getting CUDA OOM:',
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 22.57 GiB memory in use. Of the allocated memory 21.83 GiB is allocated by PyTorch, and 300.12 MiB is reserved by PyTorch but unallocated.',
      ).code,
      'torch-cuda-oom',
    );
    assert.equal(
      kindOf(
        'I got CUDA OOM last week, fixed it; now:',
        'RuntimeError: CUDA error: an illegal memory access was encountered',
      ),
      'none',
    );
  });
});

describe("XLA's allocation failure as newer releases print it", () => {
  test('a human-readable size is the same device report; "out of host memory" is the host\'s, refused not killed', () => {
    const device = mustDiagnose(
      'jaxlib._jax.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17.00GiB.',
    );
    assert.equal(device.kind, 'gpu_oom');
    assert.equal(device.code, 'xla-out-of-memory');
    assert.equal(device.facts.requestedBytes, 17 * 2 ** 30);
    const host = mustDiagnose(
      'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of host memory while trying to allocate 4.00GiB.',
    );
    assert.equal(host.kind, 'host_oom');
    assert.equal(host.cause, 'host_allocation');
    assert.equal(host.facts.requestedBytes, 4 * 2 ** 30);
  });
});

describe('a setting the program itself applied is a setting shown (no fix repeats it)', () => {
  const oom =
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.06 GiB is free. Including non-PyTorch memory, this process has 22.57 GiB memory in use. Of the allocated memory 18.83 GiB is allocated by PyTorch, and 3.3 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
  const proposesExpandable = (...lines: string[]) =>
    mustDiagnose(...lines).fixes.some((f) => /PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/.test(f));

  test("os.environ's assignment, setdefault and a dict's entry; one option among several", () => {
    assert.equal(proposesExpandable(oom), true, "the message's own advice is not a setting shown");
    for (const shown of [
      "os.environ['PYTORCH_CUDA_ALLOC_CONF'] = 'expandable_segments:True'",
      'os.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")',
      '"env": {"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}',
      'export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128,expandable_segments:True',
    ])
      assert.equal(proposesExpandable(shown, oom), false, shown);
    assert.equal(proposesExpandable('export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128', oom), true);
  });
});

describe('a buffer that could not be allocated is memory that could not be', () => {
  test("llama.cpp's buffer failures read as allocation failures, the device's where the line or log names it", () => {
    assert.equal(kindOf('llama_model_load: error loading model: unable to allocate CUDA0 buffer'), 'gpu_oom');
    assert.equal(
      kindOf(
        'ggml_cuda_init: found 1 CUDA devices:',
        'llama_kv_cache_init: failed to allocate buffer for kv cache',
      ),
      'gpu_oom',
    );
    assert.equal(kindOf('llama_new_context_with_model: failed to allocate compute buffers'), 'host_oom');
  });

  test('a buffer named in a hint or a warning is not a failure', () => {
    for (const line of [
      'If allocation fails, try a smaller buffer size.',
      'WARNING: could not allocate pinned staging buffer, falling back to pageable memory',
    ])
      assert.equal(kindOf(line), 'none', line);
  });
});

describe("the device's OOM told in Chinese, Japanese or Korean", () => {
  test('显存 (video memory) blown, overflowing or short, and the device named before メモリ不足 / 메모리 부족', () => {
    for (const line of [
      '训练到第3个epoch时显存爆了',
      '运行时报错显存不足',
      '推理几十个字就爆显存了。',
      'CUDAのメモリ不足エラーが出ます',
      'GPU 메모리 부족 오류가 발생합니다',
    ])
      assert.equal(kindOf(line), 'gpu_oom', line);
  });

  test('a condition, a negation, a question or a size is not an account of the failure', () => {
    for (const line of [
      '如果显存不够，可以减小batch',
      '这个问题是显存溢出吗？',
      '没有爆显存',
      '显存是够的',
      '我的内存是125g，显存是24g',
    ])
      assert.equal(kindOf(line), 'none', line);
  });
});

describe("Intel's SYCL stack's OUT_OF_HOST_MEMORY, under each of its names", () => {
  test("is read as the device's, as PI_ERROR_OUT_OF_HOST_MEMORY is (an Arc GPU filled: logs/ipex-llm-11993)", () => {
    for (const line of [
      'sycl::_V1::exception: Native API failed. Native API returns: -6 (PI_ERROR_OUT_OF_HOST_MEMORY)',
      'RuntimeError: UR error: UR_RESULT_ERROR_OUT_OF_HOST_MEMORY',
      'zeMemAllocDevice failed: ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY',
    ])
      assert.equal(kindOf(line), 'gpu_oom', line);
  });
});

describe("PyTorch's own check of the /dev/shm segment's pages", () => {
  test('"unable to allocate shared memory(shm) for file" is /dev/shm, whatever status follows', () => {
    for (const line of [
      'RuntimeError: unable to allocate shared memory(shm) for file </torch_1140157_3143461634_13983>: Success (0)',
      'RuntimeError: unable to allocate shared memory(shm) for file </torch_43012_1_0>: No space left on device (28)',
      'RuntimeError: unable to allocate shared memory(shm) for file </torch_77_2_1>: Resource temporarily unavailable (11)',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'shm', line);
      assert.equal(d.cause, 'shm_too_small', line);
    }
  });
});

describe("a memory cgroup's kill told only by its report's header or the runtime's event", () => {
  test('"Memory cgroup stats for /..." at a line\'s start and Docker\'s "container oom <id>" are the limit\'s kill', () => {
    for (const line of [
      '[Mon Jan  1 10:00:00 2024] Memory cgroup stats for /kubepods/burstable/pod123/abc:',
      'Jan 01 10:00:00 node7 kernel: Memory cgroup stats for /docker/3f1c2a9b8e7d:',
      '2024-01-01T10:00:00.000000000Z container oom 3f1c2a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3 (image=trainer, name=train)',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
      assert.equal(d.cause, 'memory_limit', line);
    }
  });

  test('the words in a sentence are not the report', () => {
    assert.equal(
      kindOf('I looked at the Memory cgroup stats for /sys/fs/cgroup but nothing stood out'),
      'none',
    );
  });
});

// Second shift of round 12, tuned on the spent heldout-12 (not a never-seen figure): each case is
// a form the slice brought, written afresh, with the look-alikes each change must leave alone.
describe("a kernel launch's resources error outranks the user's words about memory", () => {
  test('cudaErrorLaunchOutOfResources in each spelling is not memory, with "out of memory" in prose beside it', () => {
    for (const lines of [
      [
        'torch.AcceleratorError: CUDA error: too many resources requested for launch',
        '',
        'i keep getting out of memory on my 24gb card and 64gb of ram',
      ],
      ['RuntimeError: CUDA error: too many resources requested for launch'],
      ['CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many resources requested for launch'],
      ['hipErrorLaunchOutOfResources in kernel launch'],
    ]) {
      const d = mustDiagnose(...lines);
      assert.equal(d.kind, 'none', lines.join(' | '));
      assert.equal(d.code, 'cuda-launch-out-of-resources', lines.join(' | '));
    }
  });

  test('a real OOM beside it is still the OOM', () => {
    assert.equal(
      kindOf(
        'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 21.10 GiB already allocated; 1.20 GiB free; 21.40 GiB reserved in total by PyTorch)',
        'earlier: CUDA error: too many resources requested for launch',
      ),
      'gpu_oom',
    );
  });
});

describe('the C allocator\'s verb before the size: "Cannot malloc <size> GPU memory"', () => {
  test("PaddlePaddle 1.x's GPU allocator is the device's, its pinned allocator the host's", () => {
    const gpu = mustDiagnose(
      'W0312 10:00:00.000000 4242 system_allocator.cc:121] Cannot malloc 512.5 MB GPU memory. Please shrink FLAGS_fraction_of_gpu_memory_to_use environment variable to a lower value. Current value is 0.92',
    );
    assert.equal(gpu.kind, 'gpu_oom');
    assert.equal(gpu.facts.requestedBytes, 512_500_000);
    const pinned = mustDiagnose('Cannot malloc 2048 MB pinned memory., available 1024 MB');
    assert.equal(pinned.kind, 'host_oom');
  });

  test('"failed to alloc" with neither a size nor memory beside it is not read', () => {
    assert.equal(kindOf('Error: failed to alloc'), 'none');
    assert.equal(kindOf('E: failed to alloc a port for the server'), 'none');
  });
});

describe("numpy's refusal retyped in a user's sentence", () => {
  test('"unable to allocate N GiB for an array" is the host allocation numpy refused', () => {
    const d = mustDiagnose(
      'I am getting this error unable to allocate 15.4 GiB for an array shape when merging',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.code, 'python-memory-error');
    assert.ok(Math.abs(Number(d.facts.requestedBytes) - 15.4 * 1024 ** 3) < 1);
  });
});

describe("bash's report of a script's killed job, with \"line\" in the user's locale", () => {
  test('"<script>: riga N: <pid> Killed <command>" is the shell\'s Killed', () => {
    for (const line of [
      './run.sh: riga 24:  8612 Killed                  python train.py --web',
      './run.sh: Zeile 7:  31337 Killed                  python train.py',
      './run.sh: line 3:  4242 Killed                  python train.py',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
      assert.equal(d.code, 'shell-killed', line);
    }
    assert.equal(kindOf('note: item 24: 8612 killed birds in the survey'), 'none');
  });
});

describe('PyTorch\'s SIGBUS handler retold: the bus error and "insufficient shared memory (shm)"', () => {
  test("the two clauses in the user's line, a word mistyped, are /dev/shm", () => {
    for (const line of [
      '提示bus error，insufficient shared memery (shm)',
      'it says bus error, insufficient shared memory (shm) and stops',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'shm', line);
      assert.equal(d.cause, 'shm_too_small', line);
    }
    assert.equal(kindOf('the bus error went away after a reboot'), 'none');
  });
});

describe('a bitsandbytes model that device_map could not place whole on the GPU', () => {
  test("transformers' refusal is the GPU's memory, the model's own weights", () => {
    const d = mustDiagnose(
      'ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM to fit the quantized model. If you want to dispatch the model on the CPU or the disk while keeping these modules in 32-bit, you need to set `load_in_8bit_fp32_cpu_offload=True` and pass a custom `device_map` to `from_pretrained`.',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.cause, 'model_state');
  });
});

describe('memory that grew slowly, told in Chinese, decides a kill told in words', () => {
  test('"内存一直慢慢涨上来 ... 最后被killed了" is a host kill', () => {
    const d = mustDiagnose('num_workers 为20时候，内存一直慢慢涨上来，32G的内存，最后被killed了');
    assert.equal(d.kind, 'host_oom');
    // Round 20: alone, the kill told in words is a bare kill (CORPUS-FORMAT settled rule 2).
    assert.equal(kindOf('最后被killed了'), 'host_oom');
  });
});

describe("PyTorch's caching-allocator figures retyped by hand", () => {
  test('lower-cased, unspaced or shortened, the same figures are read', () => {
    const lower = mustDiagnose(
      '"cuda out of memory. tried to allocate 30.00 mib (gpu 0; 8.00 gib total capacity; 7.04 gib already allocated; 0 bytes free; 7.28 gib reserved in total by pytorch)"',
    );
    assert.equal(lower.facts.totalBytes, 8 * 1024 ** 3);
    assert.equal(lower.facts.requestedBytes, 30 * 1024 ** 2);
    const unspaced = mustDiagnose(
      'l got this problem `cuda out of memory, tried to allocate 50MiB(GPU 0; 1.96GiB totalcapacity;1.33GiB already allocated; 43.5MiB free;1.36 GiB reserved in total by Pytorch)`',
    );
    assert.equal(unspaced.code, 'torch-cuda-oom');
    assert.ok(Math.abs(Number(unspaced.facts.totalBytes) - 1.96 * 1024 ** 3) < 1);
    assert.ok(Math.abs(Number(unspaced.facts.reservedBytes) - 1.36 * 1024 ** 3) < 1);
    const short = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 23.04 GiB (GPU 0; 23.52 GiB total; 0 bytes free)',
    );
    assert.ok(Math.abs(Number(short.facts.totalBytes) - 23.52 * 1024 ** 3) < 1);
    assert.equal(short.facts.freeBytes, 0);
  });
});

describe("a batch of one stated at a sentence's end", () => {
  test('"set batch_size 1." is a batch of one; "batch_size 1.5" is not', () => {
    const oom =
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.50 GiB (GPU 3; 79.35 GiB total capacity; 77.08 GiB already allocated; 415.19 MiB free; 77.54 GiB reserved in total by PyTorch)';
    assert.equal(
      mustDiagnose('i tried zero3 and set batch_size 1.  but it fails again', oom).cause,
      'model_state',
    );
    assert.notEqual(mustDiagnose('i set batch_size 1.5 to test', oom).cause, 'model_state');
  });
});

describe('one request larger than the whole card, beside tensors the driver spilled', () => {
  test("is the request's shape (request_exceeds_device), not the batch", () => {
    const d = mustDiagnose(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 39.55 GiB. GPU 0 has a total capacity of 19.99 GiB of which 0 bytes is free. Of the allocated memory 33.42 GiB is allocated by PyTorch, and 39.76 GiB is reserved by PyTorch but unallocated.',
    );
    assert.equal(d.cause, 'request_exceeds_device');
  });
});

describe("ONNX Runtime's arena throw cut short after its location prefix", () => {
  test('"BFCArena::AllocateRawInternal(...) Failed to alloc" is the arena\'s failed allocation', () => {
    const line =
      '/onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to alloc';
    assert.equal(mustDiagnose(line).kind, 'gpu_oom');
    // The CPU's arena is left to the host's readings (memory-side.ts namesHostArena), never the GPU's.
    assert.notEqual(kindOf('CPUExecutionProvider arena', line), 'gpu_oom');
  });
});

describe("PyTorch's message broken by a paste after its first sentence", () => {
  test('"CUDA out of memory." then "Tried to allocate ..." on the next line is one message', () => {
    const d = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory.',
      'Tried to allocate 23.04 GiB (GPU 0; 23.52 GiB total; 0 bytes free)',
    );
    assert.ok(Math.abs(Number(d.facts.requestedBytes) - 23.04 * 1024 ** 3) < 1);
    assert.equal(d.facts.freeBytes, 0);
    // Any other line after the sentence's end is not the message's.
    const alone = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory.',
      'I have 24 GB free (really)',
    );
    assert.equal(alone.facts.requestedBytes, undefined);
  });
});

describe("TensorFlow's BFC allocator's own report of the request it could not serve", () => {
  test('"Ran out of memory trying to allocate N" gives the OOM its request; the retried "not a failure" does not', () => {
    const d = mustDiagnose(
      'W tensorflow/core/common_runtime/bfc_allocator.cc:275] Ran out of memory trying to allocate 2.29GiB.  See logs for memory state.',
      'W tensorflow/core/framework/op_kernel.cc:993] Resource exhausted: OOM when allocating tensor with shape[20,800,600,64]',
    );
    assert.ok(Math.abs(Number(d.facts.requestedBytes) - 2.29 * 1024 ** 3) < 1);
    const retried = mustDiagnose(
      'W external/local_tsl/tsl/framework/bfc_allocator.cc:296] Allocator (GPU_0_bfc) ran out of memory trying to allocate 3.15GiB with freed_by_count=0. The caller indicates that this is not a failure, but this may mean that there could be performance gains if more memory were available.',
      'W tensorflow/core/framework/op_kernel.cc:993] Resource exhausted: OOM when allocating tensor with shape[8,64,512,512]',
    );
    assert.equal(retried.facts.requestedBytes, undefined);
  });
});

describe("a card under 4 GiB by the message's own total, with no figure of what this process holds", () => {
  test("PyTorch's message cut after the free memory, on a 1.96 GiB card: the card", () => {
    const d = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 300.00 MiB. GPU 0 has a total capacity of 1.96 GiB of which 120.50 MiB is free.',
    );
    assert.equal(d.cause, 'device_too_small');
    // The same cut message on a 7.79 GiB card keeps the other figures' reading.
    const larger = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 300.00 MiB. GPU 0 has a total capacity of 7.79 GiB of which 120.50 MiB is free.',
    );
    assert.notEqual(larger.cause, 'device_too_small');
    // Room for the request on the small card: no shortage is shown, so not the card either.
    const room = mustDiagnose(
      'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 100.00 MiB. GPU 0 has a total capacity of 1.96 GiB of which 400.00 MiB is free.',
    );
    assert.notEqual(room.cause, 'device_too_small');
  });
  test("a driver's report with only request, free and total (Theano's GpuArray) on a 1 GiB card: the card", () => {
    const d = mustDiagnose(
      'Error allocating 52428800 bytes of device memory (out of memory). Driver report 20971520 bytes free and 1073414144 bytes total',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.cause, 'device_too_small');
    const larger = mustDiagnose(
      'Error allocating 52428800 bytes of device memory (out of memory). Driver report 20971520 bytes free and 8589934592 bytes total',
    );
    assert.equal(larger.cause, 'batch_too_large');
  });
});

describe("Theano's device allocation failure raised as Python's MemoryError", () => {
  test('"MemoryError: Error allocating N bytes of device memory (out of memory)." is the GPU\'s, with its figures', () => {
    const d = mustDiagnose(
      'MemoryError: Error allocating 52428800 bytes of device memory (out of memory). Driver report 20971520 bytes free and 8589934592 bytes total',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 52428800);
    assert.equal(d.facts.totalBytes, 8589934592);
    // Python's MemoryError with no device word stays the host's.
    assert.equal(kindOf('MemoryError: Error allocating 52428800 bytes'), 'host_oom');
  });
});

describe('a CUDA status and "out of memory" in two sentences', () => {
  test("the runtime's string follows its failure word in the same sentence; a new sentence between them is the user's", () => {
    // The user's next sentence names no memory of its own: not the CUDA status's out of memory.
    assert.equal(
      kindOf(
        'I hit NCCL Error 1: unhandled CUDA error. After turning cuDNN off, there will be a situation of out of memory.',
      ),
      'none',
    );
    // The status's own sentence, and the wrappers' forms, still read.
    assert.equal(
      kindOf('RuntimeError: CUDA error: out of memory. CUDA kernel errors might be asynchronously reported'),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/generic/THCStorage.cu:58',
      ),
      'gpu_oom',
    );
    // A device word in the user's own sentence still reads (the generic grammar's).
    assert.equal(kindOf('NCCL error: unhandled cuda error. Then the GPU runs out of memory'), 'gpu_oom');
  });
});

describe("PyTorch's OOM class name with the allocator's first sentence lost", () => {
  test('"torch.cuda.OutOfMemoryError: . Tried to allocate ..." is the allocator\'s message with its figures', () => {
    const d = mustDiagnose(
      '`torch.cuda.OutOfMemoryError: . Tried to allocate 64.00 MiB (GPU 0; 7.79 GiB total capacity; 6.90 GiB already allocated; 12.00 MiB free; 7.01 GiB reserved in total by PyTorch)`',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requestedBytes, 64 * 1024 ** 2);
    assert.equal(d.facts.freeBytes, 12 * 1024 ** 2);
    // The words "Tried to allocate" in a sentence of the user's, no class name before them, are not.
    assert.equal(kindOf('It Tried to allocate 64.00 MiB more, I think'), 'none');
  });
});
