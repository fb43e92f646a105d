// Issue 23, session 21 (doctor-rules): the kill grammar's and the allocation grammar's forms that the
// spent slices' misses showed, each with a real excerpt (the corpus file it comes from named) and the
// look-alikes that must stay as they were (a condition, a denial, an active verb, a tally, a list).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';
import { requestFigures } from './allocation/generic.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';
const codeOf = (...lines: string[]): string => primary(...lines)?.code ?? '-';

describe("gunicorn's own timeout names the SIGKILL's sender", () => {
  test('WORKER TIMEOUT before "was sent SIGKILL! Perhaps out of memory?" is no OOM kill', () => {
    // test/corpus/heldout-27/none-paddlepaddle-paddleocr-11818.txt
    assert.equal(
      kindOf(
        '[2024-03-27 07:25:18 +0000] [229325] [CRITICAL] WORKER TIMEOUT (pid:236752)',
        '  [SignalInfo: *** SIGABRT (@0x3e8000359e9) received by PID 236752 (TID 0x7fb6984081c0) from PID 229325 ***]',
        '  [2024-03-27 07:25:19 +0000] [229325] [ERROR] Worker (pid:236752) was sent SIGKILL! Perhaps out of memory?',
      ),
      'none',
    );
  });
  test('look-alike: the same SIGKILL report with no timeout before it stays a bare kill', () => {
    assert.equal(
      kindOf(
        '[2024-03-27 07:25:19 +0000] [229325] [ERROR] Worker (pid:236752) was sent SIGKILL! Perhaps out of memory?',
      ),
      'host_oom',
    );
  });
});

describe('the exit status in the present tense', () => {
  test('"exits with code 137"', () => {
    // test/corpus/heldout-26/host_oom-abdbarho-stable-diffusion-webui-docker-64.txt (the title)
    assert.equal(kindOf('Web UI container exits with code 137'), 'host_oom');
  });
  test('look-alike: another code', () => {
    assert.equal(kindOf('Web UI container exits with code 1'), 'none');
  });
});

describe('a kill told with its auxiliary dropped', () => {
  test('"<process> killed" then a circumstance or the end', () => {
    // test/corpus/heldout-25/host_oom-facebookresearch-fairseq-4448.txt (the title)
    assert.equal(kindOf('fairseq-train process killed without explanation'), 'host_oom');
    assert.equal(codeOf('The training process killed after 3 epochs.'), 'retold-kill');
  });
  test('look-alikes: the active verb with an object, a named sender, a timeout', () => {
    assert.equal(kindOf('the job killed the process'), 'none');
    assert.equal(kindOf('process killed by user'), 'none');
    assert.equal(kindOf('training process killed after timeout'), 'none');
  });
});

describe('the OOM killer told acting', () => {
  test('"the linux oom killer kicks-in", "was triggered"', () => {
    // test/corpus/heldout-23/host_oom-aclysma-rendering-demo-scenes-4.txt
    assert.equal(
      codeOf(
        'I am trying to run `blender -b -P generate-bistro.py `on a Ryzen2 8GB laptop with integrated GPU on the bistro scene and the linux oom killer kicks-in and kill my shell.',
      ),
      'memory-kill',
    );
    assert.equal(codeOf('the OOM killer was triggered during the merge'), 'memory-kill');
  });
  test("look-alikes: a condition, a purpose, Ray's list of possible causes", () => {
    assert.equal(kindOf('if the OOM killer kicks in, lower the batch'), 'none');
    assert.notEqual(codeOf('to avoid the OOM killer kicking in, add swap'), 'memory-kill');
    assert.notEqual(
      codeOf(
        'There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called.',
      ),
      'memory-kill',
    );
  });
});

describe('the shell\'s "Killed" glued to a log line that ended without a newline', () => {
  test('after a decimal figure or a percentage', () => {
    // test/corpus/heldout-26/host_oom-hiyouga-llamafactory-1975.txt
    assert.equal(
      kindOf(
        '12/24/2023 09:04:10 - INFO - llmtuner.tuner.core.loader - trainable params: 0 || all params: 7069016064 || trainable%: 0.0000 Killed',
      ),
      'host_oom',
    );
  });
  test("look-alike: a tally's count", () => {
    assert.equal(kindOf('Processes: 3 Killed'), 'none');
  });
});

describe("torchelastic's SIGBUS report", () => {
  test('"Signal 7 (SIGBUS) received by PID N" is a bus error: /dev/shm unless measured roomy', () => {
    // test/corpus/heldout-27/shm-intelligent-machine-learning-dlrover-1046.txt
    assert.equal(
      kindOf(
        "The worker fails with {0: ProcessFailure(local_rank=0, pid=54, exitcode=-7, error_file='<N/A>', error_file_data={'message': '<NONE>'}, message='Signal 7 (SIGBUS) received by PID 54', timestamp=1711419181)}",
      ),
      'shm',
    );
  });
  test("look-alikes: Ray's list naming SIGBUS as a possibility, /dev/shm measured empty", () => {
    assert.equal(
      kindOf(
        'Possible reasons include: (1) SIGKILL by the user or system OOM killer, (2) Invalid memory access from Raylet causing SIGSEGV or SIGBUS',
      ),
      'none',
    );
    assert.equal(
      kindOf(
        'shm              64G     0   64G   0% /dev/shm',
        "message='Signal 7 (SIGBUS) received by PID 54'",
      ),
      'none',
    );
  });
});

describe("a GPU runtime's pinned host allocator is the host's", () => {
  test("XLA's xla_gpu_host_bfc, TensorFlow's gpu_host_bfc", () => {
    // test/corpus/heldout-27/host_oom-google-deepmind-alphafold-197.txt
    assert.equal(
      kindOf(
        '2021-10-15 15:02:17.299178: W external/org_tensorflow/tensorflow/core/common_runtime/bfc_allocator.cc:457] Allocator (xla_gpu_host_bfc) ran out of memory trying to allocate 48.00MiB (rounded to 50331648)requested by op',
      ),
      'host_oom',
    );
    assert.equal(
      kindOf(
        'W tensorflow/core/common_runtime/bfc_allocator.cc:275] Allocator (gpu_host_bfc) ran out of memory trying to allocate 2.00GiB',
      ),
      'host_oom',
    );
  });
  test("look-alike: the device's own BFC allocator stays the GPU's", () => {
    assert.equal(
      kindOf(
        'W external/org_tensorflow/tensorflow/core/common_runtime/bfc_allocator.cc:457] Allocator (GPU_0_bfc) ran out of memory trying to allocate 48.00MiB',
      ),
      'gpu_oom',
    );
  });
});

describe("TensorFlow's OOM with the line's first letter lost", () => {
  test('"OM when allocating tensor with shape[...]"', () => {
    // test/corpus/heldout-27/gpu_oom-fizyr-keras-maskrcnn-40.txt
    assert.equal(
      kindOf(
        'OM when allocating tensor with shape[100,256,28,28] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
      ),
      'gpu_oom',
    );
  });
  test("look-alike: the words inside a sentence, not at the line's start", () => {
    assert.equal(kindOf('I read about OM when allocating tensor with shape in the docs'), 'none');
  });
});

describe('a bare kill beside a measurement that memory stayed free', () => {
  test("can't tell: the OOM killer acts only when memory cannot be reclaimed", () => {
    // test/corpus/heldout-22/none-apmantza-pi-lens-2042.txt
    assert.equal(
      kindOf(
        '[mem-watch] KILLED WITH HEADROOM — no failing assertion, and 13149 MB of 15990 MB stayed available, so memory exhaustion does not explain this kill.',
        '##[error]Process completed with exit code 137.',
      ),
      'none',
    );
    assert.equal(kindOf('free memory never dropped below 9 GB', 'Killed'), 'none');
  });
  test('look-alikes: the kill alone, or memory that ran low, stays the bare kill', () => {
    assert.equal(kindOf('Error: Process completed with exit code 137.'), 'host_oom');
    assert.equal(kindOf('available memory fell to 120 MB', 'Killed'), 'host_oom');
  });
});

describe("PyTorch's MPS out-of-memory message with its head cut", () => {
  test('its own last words after a failure', () => {
    // test/corpus/heldout-26/gpu_oom-ace-step-ace-step-1-5-1336.txt (the title)
    assert.equal(
      kindOf(
        '[generate_music] Generation failed. Music generation failed: .....disable upper limit for memory allocations (may cause system failure).',
      ),
      'gpu_oom',
    );
  });
  test("look-alike: the hint copied whole after its setting, as a script's comment", () => {
    assert.equal(
      kindOf(
        '# Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system failure).',
      ),
      'none',
    );
  });
});

describe("Microsoft's std::bad_alloc words after an exception's name", () => {
  test('"RuntimeError bad allocation" (a title that dropped the colon)', () => {
    // test/corpus/heldout-27/host_oom-coqui-ai-tts-3800.txt (the title)
    assert.equal(
      kindOf('[Bug] on large text with device=cpu, tts_to_file will throw RuntimeError bad allocation'),
      'host_oom',
    );
  });
  test('look-alikes: English about scheduling', () => {
    assert.equal(kindOf('a bad allocation of nodes'), 'none');
    assert.equal(kindOf('the scheduler made an error bad allocation of tasks'), 'none');
  });
});

describe("Arrow's memory pool growing a buffer", () => {
  test('"realloc of size N failed" (pyarrow.lib.ArrowMemoryError)', () => {
    // test/corpus/heldout-26/host_oom-rom1504-img2dataset-443.txt
    assert.equal(kindOf('pyarrow.lib.ArrowMemoryError: realloc of size 2172846080 failed'), 'host_oom');
  });
  test('look-alike: a realloc that succeeded, logged', () => {
    assert.equal(kindOf('debug: realloc of size 2172846080 ok'), 'none');
  });
});

describe("/dev/shm told used up in the user's words", () => {
  test('"due to exhaustion of shared memory (/dev/shm)", "/dev/shm was full"', () => {
    // test/corpus/heldout-27/shm-discuss-pytorch-202773.txt
    assert.equal(
      kindOf(
        'Sadly, this crashes for training on sufficiently large dataset due to exhaustion of shared memory (/dev/shm).',
      ),
      'shm',
    );
    assert.equal(kindOf('the DataLoader crashed and /dev/shm was full'), 'shm');
  });
  test("look-alikes: a condition, a question, a denial, a GPU kernel's shared memory", () => {
    assert.equal(kindOf('If /dev/shm is full, increase it.'), 'none');
    assert.equal(kindOf('Is /dev/shm full?'), 'none');
    assert.equal(kindOf('/dev/shm was not full'), 'none');
    assert.equal(
      kindOf('triton: out of resource: shared memory, Required: 98304, Hardware limit: 65536'),
      'none',
    );
  });
});

describe("a model's size glued to its name is no byte count", () => {
  test('"qwen7b on single node" does not make the OOM a 7-byte request', () => {
    // test/corpus/heldout-12/host_oom-verl-project-verl-224.txt (read as a retold OOM since; its side
    // is still the GPU's, the label's is the host's)
    assert.notEqual(
      kindOf('I tested qwen7b on single node with 8*A800 80g and 96g memory and got OOM.'),
      'none',
    );
  });
  test('look-alike: a byte count that stands alone stays one', () => {
    assert.equal(requestFigures('qwen7b on single node').requestedBytes, undefined);
    assert.equal(requestFigures('failed to allocate 512 B on device cuda:0').requestedBytes, 512);
    assert.equal(requestFigures('failed to allocate 7b on device cuda:0').requestedBytes, 7);
  });
});

describe('Chinese 会 after an adverb of persistence tells what keeps happening', () => {
  test('"仍然会在训练几十步后报 OOM" (still OOMs after some tens of steps)', () => {
    // test/corpus/heldout-25/gpu_oom-openrlhf-openrlhf-384.txt
    assert.equal(
      kindOf(
        '按照如下参数训练 (bsize=128, micro_train_bsize=1, bf16, zero3, gradient_checkpointing)，仍然会在训练几十步后报 OOM，观察发现一般只有部分卡的 memory 占用 80G 左右',
      ),
      'gpu_oom',
    );
    assert.equal(kindOf('换了更小的模型，训练时还是会报 OOM。'), 'gpu_oom');
  });
  test('look-alikes: 会 alone or after 也 ("would also"), 可能会, a question, a condition or a concession', () => {
    assert.equal(kindOf('这样会报 OOM 吗？'), 'none');
    assert.equal(kindOf('可能会报 OOM'), 'none');
    assert.equal(kindOf('如果 batch size 设置为 64 还是会报 OOM'), 'none');
    assert.equal(kindOf('用deepspeed zero2也会报OOM'), 'none');
    // test/corpus/heldout-10/none-fe1ixxu-alma-42.txt (labelled can't tell: its log is a warning)
    assert.equal(
      kindOf(
        '用llama factory进行sft可以使用deepspeed zero2 微调llama3-8B的模型，但这个框架就算batch设为1，用deepspeed zero2也会报OOM。',
      ),
      'none',
    );
  });
});
