// Log-wide evidence that is no failure itself but decides causes and fixes: which frameworks the
// log shows, whether it holds a traceback, the batch a Keras fit was given, graph names that count
// up, swap left unused, and what the log says about /dev/shm. All go to the `context` family.
import { settingFact, settingKeywords, settingsShown, shownSetting } from '../../settings.js';
import { parseLogSize } from '../../sizes.js';
import type { FactRule, Facts } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';
import { xmxBytes } from '../host/explain-heap-cap.js';
import { dfShmLine } from '../host/shm-rules.js';

// jaxlib's own names and paths: its bundled XLA lived under external/org_tensorflow until early
// 2023 and under external/xla, external/tsl since; JAX-only libraries name it too.
const jaxMarker =
  /\bjax(?:lib)?\b|\bjax\.|XlaRuntimeError|JaxRuntimeError|xla_bridge|external\/org_tensorflow\/|external\/(?:xla|tsl)\/|XLA_PYTHON_CLIENT_|\b(?:flax|optax|haiku|brax|mjx|numpyro|t5x|pjit|xmap)\b/i;
// TensorFlow's own paths and names; jaxlib's external/org_tensorflow copy is JAX, not TensorFlow.
const tensorflowMarker =
  /\btensorflow[/.](?:core|python|stream_executor|compiler)|site-packages\/tensorflow|\btensorflow_probability\b|\bkeras\b|ResourceExhaustedError|\btf\.(?:keras|config|compat|data)\b|local_xla|local_tsl/i;
// Also PyTorch's own error wording: c10's "CUDA error: ... when calling `cublasCreate(handle)`",
// ATen's "cuDNN error: CUDNN_STATUS_...", and c10's asynchronous-error hint (c10/cuda/CUDAException.cpp).
const torchMarker =
  /\btorch\b|site-packages\/torch\/|c10::|\bc10\/|torchrun|\bTHC\w*|ProcessGroupNCCL|torch_extensions|when calling `cu\w+|\bcuDNN error: CUDNN_STATUS_|CUDA kernel errors might be asynchronously reported|TORCH_USE_CUDA_DSA/i;

/** Rules that record which frameworks a log shows; one fact each, true when seen. */
const frameworkRules: FactRule[] = [
  {
    family: 'context',
    keywords: ['jax', 'xla', 'flax', 'optax', 'haiku', 'brax', 'mjx', 'numpyro', 't5x', 'pjit', 'xmap'],
    pattern: jaxMarker,
    source: 'jaxlib module and path names (jaxlib/xla_client.py, external/org_tensorflow, external/xla)',
    once: true,
    extract: () => ({ jaxSeen: true }),
  },
  {
    family: 'context',
    keywords: ['reactant', 'xla_reactant_'],
    pattern: /\bReactant\b|XLA_REACTANT_GPU_MEM_FRACTION(?:=([\d.]+))?/,
    // Reactant.jl reads XLA_REACTANT_GPU_MEM_FRACTION, not XLA_PYTHON_CLIENT_MEM_FRACTION.
    source: 'EnzymeAD/Reactant.jl src/xla/XLA.jl XLA_REACTANT_GPU_MEM_FRACTION',
    extract: (m) => definedFacts({ reactantSeen: true, reactantFraction: m[1] }),
  },
  {
    family: 'context',
    keywords: ['tensorflow', 'keras', 'resourceexhaustederror', 'tf.', 'local_xla', 'local_tsl'],
    pattern: tensorflowMarker,
    source: 'TensorFlow module and path names',
    // jaxlib's external/org_tensorflow/tensorflow/... paths are JAX's copy of XLA, not TensorFlow.
    extract: (m): Facts =>
      /org_tensorflow\//.test(m.input) && !/site-packages\/tensorflow|keras/.test(m.input)
        ? {}
        : { tensorflowSeen: true },
  },
  {
    family: 'context',
    keywords: ['torch.distributed', 'torchrun', 'distributeddataparallel', 'init_process_group', 'rank'],
    pattern:
      /torch\.distributed|torch\/distributed|torchrun|DistributedDataParallel|init_process_group|^\s*\[rank\d+\]:/,
    source: 'torch.distributed module names; torchrun rank prefixes',
    once: true,
    extract: () => ({ torchDistributed: true, torchSeen: true }),
  },
  {
    family: 'context',
    keywords: [
      'torch',
      'c10',
      'thc',
      'processgroupnccl',
      'when calling `cu',
      'cudnn error: cudnn_status_',
      'asynchronously reported',
    ],
    pattern: torchMarker,
    source: 'PyTorch module and path names',
    once: true,
    extract: () => ({ torchSeen: true }),
  },
];

/** Log-wide facts beyond frameworks. */
// A pool's share set in the log (not as a message's advice): the setting's name and its value.
const poolShareSet =
  /(?<!(?:try|consider|e\.g\.|such as|setting)\s*)(?:\b(XLA_PYTHON_CLIENT_MEM_FRACTION)["']?\]?\s*[=:,]\s*["']?|\b(per_process_gpu_memory_fraction)\s*[=:]\s*|\b(set_per_process_memory_fraction)\(\s*)(0?\.\d+|1(?:\.0+)?)\b/i;

/** Each pool-share setting's default: a value below it caps the pool below what the framework takes. */
const poolShareDefaults: Readonly<Record<string, number>> = {
  xla_python_client_mem_fraction: 0.75,
  per_process_gpu_memory_fraction: 1,
  set_per_process_memory_fraction: 1,
};

function poolShareOf(m: RegExpExecArray): Facts {
  const setting = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
  const share = Number(m[4]);
  const byDefault = poolShareDefaults[setting];
  if (byDefault === undefined || !(share > 0) || share >= byDefault) return {};
  return { poolShareShown: share, poolShareSetting: setting };
}

const logRules: FactRule[] = [
  {
    family: 'context',
    keywords: ['jax'],
    pattern: /\bjax(?:lib)?(?:\[[\w,]+\])?(?:==|-| version | )v?(\d+\.\d+\.\d+)\b/i,
    // A version the user states or pip prints ("jax==0.3.25", "jaxlib 0.4.3"): the default
    // fraction changed with it (FACTS Q2).
    source: 'pip requirement and version strings',
    once: true,
    extract: (m) => definedFacts({ jaxlibVersion: m[1] }),
  },
  {
    family: 'context',
    keywords: ['external/org_tensorflow/', 'external/xla/', 'external/tsl/'],
    pattern: /external\/(org_tensorflow|xla|tsl)\//,
    // jaxlib built XLA from TensorFlow's tree (external/org_tensorflow) until early 2023, from
    // openxla/xla (external/xla, external/tsl) since; the default fraction was 0.9 before, 0.75 after.
    source: 'jaxlib WORKSPACE history (org_tensorflow → xla); openxla/xla gpu_helpers.cc',
    once: true,
    extract: (m) => ({ jaxEra: m[1] === 'org_tensorflow' ? 'org_tensorflow' : 'openxla' }),
  },
  {
    // The card's memory as the user states it beside its name ("GeForce GTX 1050 (2 GB, laptop)",
    // "RTX 3060 12GB", "Tesla T4 16 GB"): NVIDIA's and AMD's product names (GeForce, GTX, RTX, Quadro,
    // Tesla, TITAN, Radeon) and a size right after; never a size of the host's ("64 GB RAM").
    // Or the card said by what it is ("Nvidia gpu with 8gb", "a 4GB GPU", "my 6 GB graphics card",
    // "显存只有8G", "I have 6GB of VRAM"): the size of the card, not a use of it ("uses 8 GB of GPU
    // memory" is not one).
    // It stands in for the total a message without figures lacks (cuda/explain.ts, pytorch/explain.ts).
    family: 'context',
    // (Phrases, never "gpu" alone: a training log may name the GPU on every line. Not "gib gpu" either:
    // memory reports print "host 14.2GiB gpu 11.1GiB" every few lines, and a keyword whose pattern never
    // matches keeps this once-fact awake on each of them: 18x slower on the large-log bench, 325d769.)
    keywords: [
      'geforce',
      'gtx',
      'rtx',
      'quadro',
      'tesla',
      'titan',
      'radeon',
      'gpu with',
      'gpus with',
      'gpu has',
      'gpu having',
      'card with',
      'cards with',
      'card has',
      'gb gpu',
      'g gpu',
      'gb vram',
      'g vram',
      'gb of vram',
      'g of vram',
      'gb graphics',
      'g graphics',
      'gb video',
      'gb memory of',
      'gb memory on',
      'gb memory in',
      '显存',
    ],
    pattern:
      /\b(?:GeForce|GTX|RTX|Quadro|Tesla|TITAN|Titan|Radeon)\b[\w ]{0,16}?[\s(,]+(\d{1,2}(?:\.\d)?) ?(?:GB|GiB|G)\b(?!\s*(?:of\s+)?(?:RAM|system|host|DDR|CPU))|\b(?:GPU|graphics card|video card)s?\s+(?:with|has|having)\s+(?:only\s+|just\s+)?(\d{1,3}(?:\.\d)?) ?(?:GB|GiB|G)\b(?!\s*(?:of\s+)?(?:RAM|system|host|DDR|CPU|free|left|used|available|in use))|\b(?:a|an|my|the|one|single|our|this)\s+(\d{1,3}(?:\.\d)?) ?(?:GB|GiB|G)\s+(?:VRAM\s+)?(?:GPU|graphics card|video card)\b|显存(?:只有|仅有|为|是|大小为|容量为)\s*(\d{1,3}(?:\.\d)?) ?(?:GB|G)\b|\b(?:have|has|having|with|only)\s+(?:only\s+|just\s+)?(\d{1,3}(?:\.\d)?) ?(?:GB|GiB|G)\s+(?:of\s+)?VRAM\b(?!\s*(?:used|in use|free|left|available|usage))|\b(\d{1,2}(?:\.\d)?) ?(?:GB|GiB|G)\s+(?:of\s+)?(?:VRAM|GPU memory|video memory|graphics memory|memory)\s+(?:of|on|in)\s+(?:my|the|our|this)\s+(?:[\w-]+\s+){0,2}?(?:GPU|graphics card|video card|card)\b(?![^.\n]{0,12}?\b(?:left|free|available|remaining|used|in use)\b)/i,
    source:
      'NVIDIA and AMD product names (nvidia.com GeForce/RTX/Quadro/Tesla; amd.com Radeon), as users state them',
    once: true,
    extract: (m) => ({ statedCardBytes: Number(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6]) * 1024 ** 3 }),
  },
  {
    // A batch of one, as a user or a launcher states it ("batch_size==1", "--batch-size 1",
    // "batch: 1", "batch=1", "per_device_train_batch_size=1"), or in a sentence in any language
    // ("the batch size was already 1", "batch size of 1", "batchsize is 1", "batch_size设为最低1了"):
    // the words between the setting and its 1 hold no digit, list separator or bracket, and the 1 is
    // no factor of a product ("(1 x 8 x 1)") nor the whole of a decimal ("1.5"; a sentence's full stop
    // after it is no decimal: "set batch_size 1."). A fix that lowers the batch would repeat it (issue 23:
    // no fix tells the user to do what the log shows done).
    family: 'context',
    // Session 17: the training batch under its frameworks' own names, whose prefix the word boundary
    // missed: transformers' per_device_train_batch_size, DeepSpeed's train_micro_batch_size_per_gpu,
    // Megatron's --micro-batch-size, mmdetection's samples_per_gpu, ultralytics' --batch, a script's
    // --bs / bs=; never an evaluation batch (per_device_eval_batch_size, eval_batch_size).
    keywords: [
      'batch_size',
      'batch-size',
      'batch size',
      'batchsize',
      'batch:',
      'batch=',
      'batch =',
      '--batch ',
      'bs=',
      'bs =',
      '--bs ',
      '_per_gpu',
    ],
    pattern:
      /(?<![a-z0-9_])(?:per_device_train_|per_gpu_train_|train_micro_|train_|micro_)?batch[_ -]?size(?:_per_(?:gpu|device))?\b[^\d\n,;|()[\]{}]{0,24}?(?<![\d.])1(?!\d|\.\d|\s*[x×*/])|\bbatch\s*[:=]\s*1(?!\d|\.\d|\s*[x×*/])|(?<![\w-])--batch[= ]1(?!\d|\.\d)|(?<![\w-])(?:--bs[= ]|bs\s*=\s*)1(?!\d|\.\d)|\b(?:samples|imgs)_per_gpu\s*[=:]\s*1(?!\d|\.\d)/i,
    source:
      'issue 23 item 5 (a fix never repeats what the log shows done); huggingface transformers TrainingArguments (per_device_train_batch_size); DeepSpeed config json (train_micro_batch_size_per_gpu); Megatron-LM arguments.py (--micro-batch-size); mmdetection configs (samples_per_gpu); ultralytics cfg/default.yaml (batch)',
    once: true,
    extract: () => ({ batchSizeOne: true }),
  },
  {
    // The model's CPU offload turned off in the log's own words: ComfyUI-nunchaku's "Disabling CPU
    // offload", a user's "Without cpu offloading, produces OOM": offloading moves the model's weights
    // (and their hooks) off the GPU between uses (huggingface.co/docs/diffusers/optimization/memory,
    // enable_model_cpu_offload / enable_sequential_cpu_offload), so with it off the weights are what
    // sit on the card: the model's state is the lever (pytorch/explain.ts; round 16).
    family: 'context',
    keywords: ['disabling cpu offload', 'without cpu offload'],
    pattern:
      /\bDisabling CPU offload\b|^\W*Without CPU offload(?:ing)?\b[^.\n]{0,40}?\b(?:OOM|out of memory)\b/im,
    source: 'huggingface diffusers docs optimization/memory (CPU offloading moves the weights off the GPU)',
    once: true,
    extract: () => ({ cpuOffloadOff: true }),
  },
  {
    // The user's own words that several processes ran on one card at once ("I have 2 kernels running
    // and I am using cudf in both", "two processes on the same GPU"): in the first person or naming the
    // same card, so a framework's boilerplate ("If there are other process using the GPU") is not it.
    // The other processes are the most likely holders (diagnose.ts mostLikelyOfFigureless). Not "two
    // models" or "two servers": several models load in one process (models_accumulated), and a server
    // is a machine as often as a process.
    family: 'context',
    keywords: [
      'kernels',
      'processes',
      'process',
      'jobs',
      'job',
      'notebooks',
      'instances',
      'programs',
      'program',
      'applications',
      'application',
      'users',
      'trainings',
      'scripts',
    ],
    pattern:
      /\b(?:I|we)\s+(?:have|had|am running|was running|run|ran|started|launch(?:ed)?|open(?:ed)?)\s+(?:two|2|multiple|several|three|3)\s+(?:jupyter\s+|python\s+)?(?:kernels|processes|jobs|notebooks|instances|programs|trainings|scripts)\b|\b(?:two|2|multiple|several)\s+(?:[\w-]+\s+)?(?:kernels|processes|jobs|notebooks|instances|programs|scripts)\b[^.\n]{0,30}?\bon\s+(?:the\s+)?same\s+(?:physical\s+)?(?:GPU|card|device)\b|\b(?:the|my|our|this)\s+(?:GPU|card|graphics card)\b[^.\n]{0,40}?\b(?:was|is|were|are)\s+(?:being\s+|also\s+|already\s+)?(?:used|occupied)\s+(?:by|for)\s+(?:other|another|several|multiple)\s+(?:processes|process|programs?|applications?|jobs?|users?)\b|\b(?:other|another)\s+(?:processes|process|programs?|applications?|jobs?)\s+(?:were|was|are|is)\s+(?:already\s+|also\s+)?(?:using|occupying)\s+(?:the|my|our|this)\s+(?:GPU|card)\b/i,
    source: 'nvidia-smi --query-compute-apps (per-process GPU memory); PyTorch FAQ "out of memory"',
    once: true,
    extract: () => ({ coTenantStated: true }),
  },
  {
    // The log's own words blame the batch ("a 256-wide batch ... won't fit a 4 GB GPU", "the batch size
    // is too large", "too big a batch"): what the user measured or read decides it over the card's size
    // (diagnose.ts mostLikelyOfFigureless; PyTorch FAQ "out of memory": the batch is the first lever).
    family: 'context',
    keywords: ["won't fit", 'wont fit', 'not fit', "n't fit", 'cannot fit', 'too large', 'too big'],
    pattern:
      /\bbatch(?:[_ -]?size)?\b[^.\n]{0,40}?\b(?:won'?t|will not|doesn'?t|does not|can'?t|cannot|didn'?t|did not)\s+fit\b|\bbatch[_ -]?size\b[^.\n]{0,30}?\b(?:is|was)\s+too\s+(?:large|big|high)\b|\btoo\s+(?:large|big)\s+(?:a\s+)?batch\b/i,
    source: 'PyTorch FAQ "out of memory" (the batch is the first lever); issue 23 round 17',
    once: true,
    extract: () => ({ batchBlamed: true }),
  },
  {
    // The log's own words blame the model against the card ("When a model is too large to fit in HBM",
    // "a model which is too big for a single GPU", "the model doesn't fit in VRAM"): the reporter's
    // reading of what filled it, as batchBlamed is for the batch. The model's own state (its weights,
    // and for training its gradients and optimizer moments) is then the most likely, the batch open
    // (stated-readings.ts). A question ("is the model too big?") puts the verb first and is not read.
    family: 'context',
    keywords: ['too large', 'too big', "n't fit", 'not fit', 'cannot fit'],
    pattern:
      /\bmodels?\s+(?:which\s+|that\s+)?(?:is|was|are|were|'s)\s+(?:simply\s+|just\s+|probably\s+|likely\s+)?too\s+(?:large|big)\b|\bmodel\b[^.\n]{0,30}?\b(?:doesn'?t|does not|won'?t|will not|can'?t|cannot|didn'?t|did not)\s+fit\s+(?:in|on|into|onto)\b/i,
    source:
      'PyTorch FAQ "out of memory" (weights, gradients and optimizer state are held whatever the batch); issue 23 item 5',
    once: true,
    extract: () => ({ modelBlamed: true }),
  },
  {
    // An inference engine's own message that its reserved share is the lever ("Failed to load model —
    // not enough GPU memory. Try lowering --gpu-memory-utilization to free memory for weights", vLLM's
    // gpu_model_runner.py as the log prints it): the share the engine takes up front left too little,
    // which a log of loading weights alone does not rule out (cause-alternatives.ts: preallocation open).
    family: 'context',
    keywords: ['gpu-memory-utilization'],
    pattern: /\bTry lowering --gpu-memory-utilization\b/,
    source: "vllm-project/vllm v0.21 v1/worker/gpu_model_runner.py load_model's out-of-memory message",
    once: true,
    extract: () => ({ engineShareHinted: true }),
  },
  {
    // A batch of one the user says runs ("I can train the model by cutting the batch size to 1",
    // "with batch size 1 it works"): the failing run had a larger batch, so the batch of one shows the
    // batch is the lever, not the model's state (pytorch/explain.ts). A sentence that says it still
    // fails at one ("even", "still", "but") is not this.
    family: 'context',
    keywords: ['batch_size', 'batch-size', 'batch size', 'batchsize'],
    pattern:
      /\b(?:can|could|able to|managed to)\s+(?:train|run|fit|infer)\b(?:(?!\b(?:still|even|not|fails?|failed)\b)[^.\n]){0,60}?\bbatch[_ -]?size\b[^\d\n,;|()]{0,24}?(?<![\d.])1(?!\d|\.\d)(?![^.\n]*\b(?:still|fails?|failed|OOM|out of memory|error)\b)|\bbatch[_ -]?size\b[^\d\n,;|()]{0,24}?(?<![\d.])1(?!\d|\.\d)(?:(?!\b(?:still|even|but|not|fails?|failed|OOM)\b)[^.\n]){0,30}?\b(?:works|worked|runs fine|ran fine|trains fine|is fine)\b/i,
    source: 'issue 23 round 14: a batch of one reached as the fix is not evidence of the model state',
    once: true,
    extract: () => ({ batchOneRuns: true }),
  },
  {
    // The step that failed placed, loaded or gathered the model's own state, before any batch or
    // after the last: Accelerate's prepare() and DeepSpeed's initialize() move the model and its
    // optimizer onto the device (huggingface/accelerate accelerator.py prepare; deepspeed
    // __init__.py initialize), transformers' from_pretrained / torch's load_state_dict load its
    // weights, and FSDP's full state dict clones every parameter onto the device, warning "Failed to
    // clone() tensor with name %s" when that clone fails (torch/distributed/fsdp/_state_dict_utils.py
    // _full_post_state_dict_hook). Named as a call, a traceback frame, or the warning. vLLM wraps an
    // out-of-memory error raised while it loads the weights in its own "Failed to load model - not
    // enough GPU memory" (vllm/v1/worker/gpu_model_runner.py load_model): the weights are being placed.
    // Module.to() / .cuda() / .half() move every parameter through Module._apply (torch/nn/modules/
    // module.py): an OOM in a traceback through _apply is the model being moved onto the device; Module.to's
    // own closure `convert` (module.py: def convert(t): return t.to(device, ...)) is that move's last
    // frame where the paste cut _apply's.
    family: 'context',
    keywords: [
      'accelerator.prepare(',
      'deepspeed.initialize(',
      'in from_pretrained',
      'in load_state_dict',
      'failed to clone() tensor with name',
      'failed to load model',
      'in _apply',
      'in convert',
    ],
    pattern:
      /\b(accelerator\.prepare|deepspeed\.initialize)\(|^\W*File "[^"]+", line \d+, in (from_pretrained|load_state_dict)\s*$|(Failed to clone\(\) tensor with name)|Failed to load model\s*[-\u2013\u2014]+\s*not enough GPU memory|torch[\\/]nn[\\/]modules[\\/]module\.py", line \d+, in (?:_apply|convert)\s*$/,
    source:
      'huggingface/accelerate accelerator.py prepare; deepspeed initialize; transformers from_pretrained; torch load_state_dict; torch/nn/modules/module.py Module._apply; torch/distributed/fsdp/_state_dict_utils.py; vllm/v1/worker/gpu_model_runner.py load_model',
    once: true,
    extract: (m) => ({ modelStateStep: m[3] !== undefined ? 'gather' : 'place' }),
  },
  {
    // A sender other than a memory killer named in the log's own words, which ends a process with the
    // same SIGKILL (exit 137, "Killed") as the OOM killer (CORPUS-FORMAT settled rule 2: "unless the
    // log itself names another killer (a time limit, a user's kill, a watchdog)"): Slurm's "*** JOB|STEP
    // ... CANCELLED AT <time> DUE TO TIME LIMIT|PREEMPTION ***" (slurmstepd), coreutils timeout
    // --verbose's "timeout: sending signal KILL to command '...'" (src/timeout.c), GitLab Runner's "Job
    // failed: execution took longer than <t> seconds", GitHub Actions' "has exceeded the maximum
    // execution time of <n> minutes" and "The operation was canceled", Kubernetes' DeadlineExceeded
    // (a Job's activeDeadlineSeconds), gunicorn's arbiter "WORKER TIMEOUT (pid:N)" before it aborts, then
    // kills, the worker it timed out (benoitc/gunicorn gunicorn/arbiter.py murder_workers; its later
    // "Worker (pid:N) was sent SIGKILL! Perhaps out of memory?" is then its own timeout's kill).
    family: 'context',
    keywords: [
      'worker timeout',
      'due to time limit',
      'due to preemption',
      'sending signal',
      'execution took longer than',
      'maximum execution time',
      'deadlineexceeded',
      'was canceled',
      'cancelled at',
      "result 'timeout'",
      'timed out. killing',
      'timed out. terminating',
      'using the force',
      'pbs: job killed:',
      'intended_user_exit',
      'intended_system_exit',
      'docker kill',
      'docker stop',
      'kill -',
      'pkill',
      'killall',
      'scancel',
      'timeout -s',
      'timeout --signal',
      'death signal, shutting down workers',
      'forcefully exiting via',
      'command timed out after',
    ],
    // Session 23 (the host vocabulary table, families/vocabulary-host.test.ts), the same grammar for
    // the senders other programs name: Slurm's cancel with no reason, "*** STEP N ON host CANCELLED AT
    // <time> ***" (a user's scancel; slurm src/slurmd/slurmstepd/req.c), and its banner cut after "AT"
    // where a terminal or a quote wrapped the line (the reason, if any, on the next line: a
    // cancellation whose cause the fix asks for); systemd's own kill when a unit
    // outlived its stop timeout, "State 'stop-sigterm' timed out. Killing." and "Failed with result
    // 'timeout'" (systemd src/core/service.c service_enter_signal, service_result_to_string); dockerd's
    // "Container failed to exit within 10s of signal 15 - using the force" (moby daemon/stop.go: docker
    // stop's SIGKILL after its grace period, the 137 that follows); PBS's kill at a limit that is not
    // memory, "PBS: job killed: walltime|cput|ncpus N exceeded limit M" (openpbs src/resmom
    // mom_main.c; memory's mem/vmem/pmem are the kill grammar's, host/kill.ts); Ray's record of an exit
    // it was asked for, "Worker exit type: INTENDED_USER_EXIT" (ray.kill, ray src/ray/protobuf
    // common.proto WorkerExitType).
    pattern: new RegExp(
      [
        // Slurm: any reason is Slurm's own sender, none is memory (an OOM is "Detected N oom_kill events").
        String.raw`CANCELLED AT \S+ (?:DUE TO (?<slurmReason>TIME LIMIT|PREEMPTION|NODE FAIL(?:URE)?|JOB REQUEUE|[A-Z][A-Z_ ]*?(?= \*\*\*))|\*\*\*)`,
        String.raw`\*\*\* (?:JOB|STEP) \S+ ON \S+ CANCELLED AT(?! \S+ DUE TO)\b`,
        String.raw`\btimeout: sending signal (?:KILL|TERM|9|15) to command\b`,
        String.raw`\bexecution took longer than \S+ seconds|\bhas exceeded the maximum execution time of \d+ minutes`,
        String.raw`\bDeadlineExceeded\b|\bThe (?:job|operation) was canceled\b|\bWORKER TIMEOUT \(pid:\d+\)`,
        String.raw`\bState '(?<systemdStop>stop[\w-]*)' timed out\. (?:Killing|Terminating)\.|\bState '[\w-]+' timed out\. (?:Killing|Terminating)\.|\bFailed with result 'timeout'`,
        String.raw`\bfailed to exit within \S+ of signal \d+ - (?<dockerStop>using the force)`,
        String.raw`\bPBS: job killed: (?:walltime|cput|pcput|(?<cpuLimit>ncpus))\b`,
        String.raw`\bWorker exit type: (?<intendedExit>INTENDED_(?:USER|SYSTEM)_EXIT)\b`,
        // Session 25 (the kill grammar's look-alikes): a launcher that was itself told to stop and ends
        // its workers, by SIGKILL once they outlive the grace period: torchelastic's "Received
        // Signals.SIGINT death signal, shutting down workers" (a Ctrl-C or the scheduler's SIGTERM;
        // torch/distributed/elastic/agent/server/api.py) and "Unable to shutdown process N via
        // Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" (elastic/multiprocessing/api.py
        // _close); execa's "Command timed out after N milliseconds" (sindresorhus/execa
        // lib/return/message.js), its own timeout's kill.
        String.raw`\bReceived (?<launcherStop>\S+) death signal, shutting down workers\b|\bUnable to shutdown process \d+ via \S+, (?<launcherForce>forcefully exiting) via \S*(?:SIGKILL|9)\b`,
        String.raw`\bCommand timed out after \d+ milliseconds\b`,
        // The user's own command at a shell prompt that sends SIGKILL: docker kill/stop, kill -9,
        // pkill, killall, scancel, coreutils timeout -s KILL (the shell's "Killed" that follows is theirs).
        String.raw`^\s*[$#%>]\s*(?:sudo\s+)?(?<userKill>docker\s+(?:kill|stop)|kill\s+-(?:9|KILL|s\s+(?:KILL|9))|pkill|killall|scancel|timeout\s+(?:-s\s*|--signal[= ])(?:KILL|9))\b`,
      ].join('|'),
    ),
    source:
      'slurm src/slurmd/slurmstepd/req.c (CANCELLED AT ... [DUE TO <reason>]); coreutils src/timeout.c --verbose; gitlab-runner (execution took longer than); GitHub Actions runner (maximum execution time, canceled); kubernetes Job activeDeadlineSeconds (DeadlineExceeded); gunicorn arbiter.py murder_workers (WORKER TIMEOUT); systemd src/core/service.c (stop timeout, result timeout); moby daemon/stop.go (using the force); openpbs src/resmom (walltime, cput, ncpus limits); ray common.proto WorkerExitType INTENDED_USER_EXIT; a shell prompt running kill -9, docker kill/stop, pkill, killall, scancel or timeout -s KILL',
    once: true,
    extract: (m) => ({ namedKiller: namedSenderOf(m) }),
  },
  {
    // The container runtime's own record of whether its cgroup's OOM killer ended the container:
    // docker inspect's "OOMKilled": false (State.OOMKilled, docs.docker.com engine API ContainerState),
    // as pasted: the container's limit is ruled out, and asking the runtime again is already done.
    family: 'context',
    keywords: ['oomkilled'],
    pattern: /\bOOMKilled["']?\s*[:=]\s*["']?(false|true)\b/i,
    source: 'docker inspect State.OOMKilled (docs.docker.com engine API, ContainerState)',
    once: true,
    extract: (m) => ({ runtimeOomKilled: m[1]!.toLowerCase() === 'true' }),
  },
  {
    // The failing step is the optimizer's: a traceback through torch.optim (Adam's _init_group creates
    // exp_avg and exp_avg_sq with torch.zeros_like at the first step(); _multi_tensor_adam's foreach
    // temporaries are as large as every parameter's state; pytorch torch/optim/adam.py, adamw.py),
    // bitsandbytes' 8-bit optimizers (bitsandbytes/optim/optimizer.py init_state) or DeepSpeed's ZeRO
    // creating its optimizer states (deepspeed/runtime/zero/stage_1_and_2.py initialize_optimizer_states).
    // By then backward has freed the activations: what does not fit is states that grow with the
    // parameters (two moments each, 8 bytes a parameter in fp32; ZeRO, SC'20 §3.1), not the batch.
    family: 'context',
    keywords: [
      'torch/optim/',
      'torch\\optim\\',
      'exp_avg',
      'initialize_optimizer_states',
      'bitsandbytes/optim/',
    ],
    pattern:
      /[\\/]torch[\\/]optim[\\/]\w+\.py", line \d+, in \w+|\bstate\[["']exp_avg(?:_sq)?["']\]\s*=|\binitialize_optimizer_states\b|[\\/]bitsandbytes[\\/]optim[\\/]\w+\.py", line \d+/,
    source:
      'pytorch torch/optim/adam.py, adamw.py (_init_group, _multi_tensor_adam); bitsandbytes/optim/optimizer.py init_state; deepspeed/runtime/zero/stage_1_and_2.py initialize_optimizer_states',
    once: true,
    extract: () => ({ optimizerStateStep: true }),
  },
  {
    // The user's own words that memory ran out, ran high or kept growing ("an out-of-memory (OOM)
    // issue occurred", "RAM usage keeps increasing", "内存会占用越来越多", "内存一直慢慢涨" (up to two
    // adverbs of "steadily"/"slowly" before the verb), "Could this be a memory issue"): what decides a kill told only in words (host/exits.ts retold-kill) to be memory, as a
    // large allocation does a notebook's death (resolve.ts). Not the words of a setting or a count.
    // Nor a list of guesses after "potential root causes" (Ray's raylet ends every worker death with
    // "(1) The process is killed by SIGKILL by OOM killer due to high memory usage"): not the user's words.
    // The look back is bounded (300 characters, Ray's list is under 200) so that a long line full of
    // such words costs linear time, not the square of its length.
    family: 'context',
    // Keywords are the phrases, never "memory" alone: a training log may print a memory report on
    // every step, and a keyword it holds on every line would pass each one through the prefilter.
    keywords: [
      'out of memory',
      'out-of-memory',
      'out of ram',
      'oom',
      'memory issue',
      'memory problem',
      'memory error',
      'memory leak',
      'memory usage',
      'memory use ',
      'memory consumption',
      'memory footprint',
      'memory keep',
      'memory kept',
      'memory is',
      'memory was',
      'memory started',
      'memory starts',
      'memory grow',
      'memory increas',
      'memory rising',
      'memory rises',
      'memory climb',
      'memory going',
      'memory ran',
      'memory run',
      'memory fill',
      'memory exhaust',
      'memory spike',
      'memory explode',
      'memory blow',
      'ram usage',
      'ram is',
      'ram was',
      'ram keep',
      'ram grow',
      'ram increas',
      'swap usage',
      'swap is',
      'swap was',
      'high memory',
      'huge memory',
      'excessive memory',
      'increasing memory',
      'growing memory',
      'high ram',
      'growing ram',
      '内存',
      'メモリ',
      '메모리',
    ],
    pattern:
      /(?:\b(?:out[- ]of[- ]memory|OOM\b(?!_|=|\s*[:=]\s*\d)|(?:memory|RAM|swap)\s+(?:usage\s+|use\s+|consumption\s+|footprint\s+)?(?:issue|problem|error|leak|ran out|runs? out|is full|was full|filled|exhausted|(?:keeps?|kept|is|was|started|starts)?\s*(?:growing|increasing|rising|climbing|going up|grows|increases|rises)|spikes?|explodes?|blows? up)|(?:runs?|ran|running) out of (?:memory|RAM)|(?:high|huge|excessive|increasing|growing) (?:memory|RAM)(?: usage| consumption)?)|内存(?:会|一直|不断|持续|逐渐|慢慢|渐渐|缓慢|逐步){0,2}(?:占用)?(?:越来越|不断|持续|一直)?(?:多|大|高|增|涨|满|爆|泄露|泄漏|溢出|不足|不够)|メモリ(?:不足|リーク|が足りない|使用量が増)|메모리\s*(?:부족|누수))(?<!\b(?:potential|possible|likely) (?:root )?(?:causes?|reasons?)\b[^\n]{0,300})/i,
    source:
      "issue 23 item 4 (a kill told in the user's words is decided by memory evidence, as a notebook's death is); ray src/ray/raylet/node_manager.cc (its list of potential root causes)",
    once: true,
    extract: () => ({ memoryStated: true }),
  },
  {
    // The user's words that memory was NOT short ("memory is enough", "RAM is not the problem",
    // "内存是够的"): a kill told in words beside them is not read as memory.
    family: 'context',
    keywords: [
      'memory is',
      'memory was',
      'memory are',
      'memory were',
      'ram is',
      'ram was',
      'not oom',
      'not an oom',
      'not a oom',
      'not the oom',
      'not out of memory',
      'not an out of memory',
      'not an out-of-memory',
      'not a memory',
      'not the memory',
      'not out-of-memory',
      'plenty of',
      '内存',
      'メモリ',
    ],
    pattern:
      /\b(?:memory|RAM)\s+(?:is|was|are|were)\s+(?:(?:more than|definitely|clearly|still)\s+)?(?:enough|sufficient|fine|ok(?:ay)?|plenty|not (?:the |an? )?(?:issue|problem|full|exhausted|short))|\bnot (?:an? |the )?(?:OOM|out[- ]of[- ]memory|memory (?:issue|problem))|\bplenty of (?:free )?(?:memory|RAM)\b|内存(?:是|也)?(?:够|足够|充足|充裕|没问题|没有问题)|メモリ(?:は)?(?:十分|足りている)/i,
    source: 'issue 23 item 5 (no reading the log itself contradicts)',
    once: true,
    extract: () => ({ memoryDenied: true }),
  },
  {
    // A measurement beside the kill that memory did not run out: a watcher's "13149 MB of 15990 MB stayed
    // available", "free memory never dropped below 2 GB", "memory exhaustion does not explain this kill".
    // A bare kill beside it cannot be read as the OOM killer's (resolve.ts resolveKillWithMemoryFree): the
    // kernel kills for memory only when it has none to give (linux mm/oom_kill.c out_of_memory).
    family: 'context',
    keywords: [
      'stayed',
      'remained',
      'still free',
      'still available',
      'never dropped',
      'never fell',
      'exhaustion does',
    ],
    pattern:
      /\b(?:stayed|remained|was still|were still) (?:free|available)\b|\b(?:free|available) (?:memory|RAM) never (?:dropped|fell|went) below\b|\bmemory exhaustion (?:does not|doesn't|cannot|can't|did not|didn't) explain\b/i,
    source: 'linux mm/oom_kill.c out_of_memory (the OOM killer runs only when no memory can be reclaimed)',
    once: true,
    extract: () => ({ memoryFreeAtKill: true }),
  },
  {
    // The user's or an operator's words that the process runs under a memory limit of its own: "we've
    // put a 1GB limit on the containers", "a memory limitation inside the container", "the pod's memory
    // limit", "容器内存限制". The kernel's OOM killer inside a container's cgroup prints the same
    // "invoked oom-killer" line as for the whole host (linux mm/oom_kill.c; the "Memory cgroup out of
    // memory" line may be cut from a paste), so the stated limit is what tells them apart, as a Slurm
    // job's --mem does (host/explain.ts): the cgroup's limit, not the host's RAM (CORPUS-FORMAT
    // settled rule 3; kubernetes.io "Assign Memory Resources to Containers and Pods").
    family: 'context',
    keywords: ['container', 'pod', 'cgroup', '容器'],
    pattern:
      /(?<!\b(?:no|not|without|any|removed?|disabled?)\s+(?:\w+\s+){0,2})\b(?:memory\s+)?limit(?:ation)?s?\b[^.\n]{0,30}?\b(?:on|of|for|in|inside|to)\s+(?:the\s+|each\s+|every\s+|our\s+|my\s+|this\s+|its\s+|a\s+|your\s+|all\s+)?(?:containers?|pods?|cgroups?|docker)\b|\b(?:containers?|pods?|cgroups?)(?:'s)?\s+(?:(?:has|have|had|with|is|are|was|were)\s+)?(?:a\s+)?(?:\d[\d.]*\s?[KMGT]i?B?\s+)?(?:memory\s+)?(?:limit(?:ed)?\b|(?:is|are|was|were)\s+limited\b)|容器(?:的)?(?:内存|記憶體)(?:限制|上限)/i,
    source:
      'linux mm/oom_kill.c (the same kill line inside a memory cgroup); kubernetes.io Assign Memory Resources to Containers and Pods; CORPUS-FORMAT settled rule 3',
    once: true,
    extract: () => ({ containerLimitStated: true }),
  },
  {
    // Mixed precision already on, as a launcher's flag or the program sets it (transformers
    // TrainingArguments --bf16/--fp16 True, accelerate's mixed_precision: bf16, a model loaded with
    // torch_dtype=torch.float16, Lightning's precision="16-mixed"/"bf16-mixed"): a fix that proposes
    // it would tell the user to do what the log shows done (issue 23 item 5; settings.ts).
    family: 'context',
    keywords: ['bf16', 'fp16', 'mixed_precision', 'torch_dtype', 'float16', 'precision='],
    pattern:
      /(?<![\w-])(?:--)?(?:bf16|fp16)["']?\s*[=:]\s*["']?(?:true|1)\b|(?<![\w-])--(?:bf16|fp16)\s+["']?(?:true|1)\b|(?<![\w-])--(?:bf16|fp16)(?=\s+--|\s*\\?\s*$)|\bmixed_precision["']?\s*[=:]\s*["']?(?:bf16|fp16)\b|\btorch_dtype\s*=\s*torch\.(?:bfloat16|float16|half)\b|\bprecision\s*=\s*["']?(?:16|bf16)(?:-mixed)?\b/im,
    source:
      'huggingface transformers TrainingArguments (bf16, fp16); huggingface accelerate config (mixed_precision); transformers from_pretrained (torch_dtype); Lightning Trainer (precision)',
    once: true,
    extract: () => ({ mixedPrecisionShown: true }),
  },
  {
    // Activation (gradient) checkpointing already on: transformers' --gradient_checkpointing True or
    // model.gradient_checkpointing_enable(), DeepSpeed's activation_checkpointing section with
    // partition_activations true: a fix that proposes it repeats what the log shows done.
    family: 'context',
    keywords: ['gradient_checkpointing', 'gradient-checkpointing', 'partition_activations'],
    pattern:
      /(?<![\w-])(?:--)?gradient[_-]checkpointing["']?\s*[=:]\s*["']?(?:true|1)\b|(?<![\w-])--gradient[_-]checkpointing\s+["']?(?:true|1)\b|\bgradient_checkpointing_enable\(|(?<![\w-])--gradient[_-]checkpointing(?=\s+--|\s*\\?\s*$)|\bpartition_activations["']?\s*[=:]\s*["']?true\b/im,
    source:
      'huggingface transformers TrainingArguments (gradient_checkpointing) and PreTrainedModel.gradient_checkpointing_enable; DeepSpeed config json activation_checkpointing',
    once: true,
    extract: () => ({ checkpointingShown: true }),
  },
  {
    // An adapter run already, as a launcher's option or the program builds it (LLaMA-Factory's
    // finetuning_type: lora, ms-swift's sft_type/train_type lora (a command line's `--train_type lora`
    // as much as a config's `train_type: lora`), --use_lora, lora_r = 8, peft's
    // LoraConfig( / get_peft_model(): a fix that proposes training adapters only would repeat what the
    // log shows done (issue 23 item 5; shown.ts, read by the fix builders).
    family: 'context',
    keywords: ['lora', 'get_peft_model'],
    pattern:
      /\b(?:finetuning_type|sft_type|train_type|tuner_type)["']?\s*[=: ]\s*["']?q?lora\b|(?<![\w-])--(?:use_)?q?lora(?![\w-])(?!\s+(?:false|0)\b)|\blora_r(?:ank)?["']?\s*[=:]\s*[1-9]|\bLoraConfig\(|\bget_peft_model\(/i,
    source:
      'huggingface peft (LoraConfig, get_peft_model); LLaMA-Factory finetuning_type; modelscope ms-swift sft_type/train_type',
    once: true,
    extract: () => ({ adapterShown: true }),
  },
  {
    // DeepSpeed ZeRO stage 3 already on: a config's "stage": 3 (zero_optimization), a launcher's
    // zero_stage 3 / --zero_stage=3, a ZeRO-3 config file (ds_z3_config.json, zero3.json, zero_stage3),
    // or the user's "I tried zero3" / "using ZeRO-3": a fix that proposes sharding with ZeRO-3 repeats
    // it, and what is left is offloading its states to the CPU (deepspeed.ai docs, ZeRO-Offload /
    // ZeRO-Infinity: offload_optimizer, offload_param with device cpu; shown.ts, read by the fix builders).
    family: 'context',
    keywords: ['stage', 'zero3', 'zero-3', 'zero_3', 'zero 3', 'z3'],
    pattern:
      /"stage"\s*:\s*3\b|\bzero_stage["']?\s*[=: ]\s*3\b|\b(?:ds_z3|zero3|zero_stage3)[\w-]*\.json\b|\b(?:tried|using|use|used|with|enabled?|on)\s+(?:deepspeed\s+)?zero[-_ ]?3\b/i,
    source:
      'DeepSpeed config json zero_optimization.stage (deepspeed.ai/docs/config-json); ZeRO-Offload/ZeRO-Infinity offload_optimizer, offload_param',
    once: true,
    extract: () => ({ zeroThreeShown: true }),
  },
  {
    // vLLM already run without CUDA graphs: the bare flag --enforce-eager (vLLM's engine arguments,
    // vllm/engine/arg_utils.py v0.6.0: a store_true flag) or enforce_eager=True: a fix that proposes
    // enforce_eager=True repeats it (shown.ts, read by the fix builders).
    family: 'context',
    keywords: ['enforce-eager', 'enforce_eager'],
    pattern:
      /(?<![\w-])--enforce[-_]eager\b(?!\s*=?\s*(?:false|0)\b)|\benforce_eager["']?\s*[=:]\s*["']?true\b/i,
    source: 'vllm-project/vllm v0.6.0 vllm/engine/arg_utils.py (--enforce-eager, store_true)',
    once: true,
    extract: () => ({ eagerShown: true }),
  },
  {
    // An inference engine's weights already sharded over N > 1 GPUs: vLLM's and aphrodite-engine's
    // --tensor-parallel-size (-tp) N, SGLang's --tp-size / --tp N, TGI's --num-shard N, TensorRT-LLM's
    // --tp_size N, or tensor_parallel_size=N: a fix that proposes sharding "across GPUs" would repeat
    // it; more GPUs than N is what is left (shown.ts, read by the fix builders).
    family: 'context',
    keywords: [
      '-tp',
      'tensor-parallel-size',
      'tensor_parallel_size',
      '--num-shard',
      '--tp-size',
      '--tp_size',
    ],
    pattern:
      /(?<![\w-])(?:-tp|--tensor[-_]parallel[-_]size|--tp[-_]size|--tp|--num[-_]shard)[= ]["']?(\d+)\b|\btensor_parallel_size["']?\s*[=:]\s*["']?(\d+)\b/i,
    source:
      'vllm vllm/engine/arg_utils.py (--tensor-parallel-size, -tp); aphrodite-engine args (-tp); sglang server_args.py (--tp-size, --tp); huggingface text-generation-inference launcher (--num-shard); TensorRT-LLM (--tp_size)',
    keep: 'last',
    extract: (m): Facts => {
      const n = intOf(m[1] ?? m[2]);
      return n !== undefined && n > 1 ? { tensorParallelShown: n } : {};
    },
  },
  {
    // An inference engine's weights already quantized: vLLM's and aphrodite-engine's --quantization
    // (-q) METHOD, TGI's --quantize METHOD, quantization=METHOD: a fix that proposes "a quantized
    // checkpoint" would repeat it (shown.ts, read by the fix builders).
    family: 'context',
    keywords: ['-q ', '-q=', '--quantization', '--quantize', 'quantization=', '--model', 'vllm serve'],
    pattern:
      /(?<!\binstall\b[^\n]*)(?<![\w-])(?:-q|--quantization|--quantize)[= ]["']?(gptq|awq|bitsandbytes|fp8|gguf|exl2|marlin|squeezellm|aqlm|eetq|bnb\w*)\b|\bquantization\s*=\s*["']?(gptq|awq|bitsandbytes|fp8|gguf|exl2|marlin|squeezellm|aqlm)\b|(?:--model(?:[-_]path)?[= ]|\bvllm serve\s+)\S*?[-_](gptq|awq|int[48]|w[48]a(?:8|16)|fp8|gguf|exl2|aqlm)\b/i,
    // Or the served checkpoint's own name says it is quantized (Qwen2.5-32B-Instruct-INT8-W8A16,
    // Llama-3-70B-AWQ: the suffixes quantized checkpoints are published under on the Hugging Face Hub).
    source:
      "vllm vllm/engine/arg_utils.py (--quantization, -q); aphrodite-engine args (-q); huggingface text-generation-inference launcher (--quantize); quantized checkpoints' name suffixes on the Hugging Face Hub (-GPTQ, -AWQ, -INT8, -W8A16, -FP8)",
    once: true,
    extract: (m) => ({ quantizedShown: (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase() }),
  },
  {
    // Weights already loaded in 4-bit by bitsandbytes: BitsAndBytesConfig(load_in_4bit=True), its
    // bnb_4bit_* options, a launcher's --load_in_4bit / --quantization_bit 4, or transformers' 4-bit
    // quantizer in the traceback (quantizers/quantizer_bnb_4bit.py): a fix that proposes loading
    // them in 8/4-bit repeats it (huggingface/transformers v4.40.0 BitsAndBytesConfig; shown.ts, read
    // by the fix builders).
    family: 'context',
    keywords: ['4bit', 'quantization_bit'],
    pattern:
      /\bload_in_4bit["']?\s*[=:]\s*["']?true\b|(?<![\w-])--load[-_]in[-_]4bit\b(?!\s+(?:false|0)\b)|\bbnb_4bit_(?:compute_dtype|quant_type|use_double_quant)\b|\bquantizer_bnb_4bit\.py\b|\bquantization_bit["']?\s*[=: ]\s*4\b/i,
    source:
      'huggingface/transformers v4.40.0 utils/quantization_config.py BitsAndBytesConfig (load_in_4bit, bnb_4bit_*), quantizers/quantizer_bnb_4bit.py; LLaMA-Factory quantization_bit',
    once: true,
    extract: () => ({ fourBitShown: true }),
  },
  {
    // A full fine-tune, as a launcher's option or the user states it ("--sft_type full",
    // "finetuning_type: full", "full fine-tuning", "全参微调", "LoRA works, changed to full"): every
    // parameter then has its gradient and optimizer moments on the card, about 16 bytes a parameter
    // with Adam in mixed precision (Rajbhandari et al., "ZeRO", SC'20, §3.1), where an adapter run
    // (LoRA) trains a fraction of a percent of them: the model's own state is what does not fit.
    family: 'context',
    keywords: [
      'sft_type',
      'finetuning_type',
      'train_type',
      'tuner_type',
      'finetune_type',
      'training_type',
      'full-param',
      'full param',
      'fullparam',
      'full fine',
      'full finetun',
      'full sft',
      '全参',
      '成full',
      '为full',
      '成 full',
      '为 full',
      'to full',
    ],
    pattern:
      /\b(?:sft_type|finetuning_type|train_type|tuner_type|finetune_type|training_type)["']?\s*(?:[=:]|为|是)?\s*["']?full\b|\bfull[ -]?param(?:eter)?s?[ -]?(?:fine[ -]?tun|finetun|train|sft)|\bfull (?:fine[ -]?tun(?:e|ed|ing)|finetun(?:e|ed|ing)|sft)\b|全参(?:数)?(?:微调|训练|量)|(?:改成|换成|改为)\s*full\b|\b(?:switch(?:ed|ing)?|chang(?:e|ed|ing)) (?:it |sft_type |the type )?to full\b/i,
    source: 'Rajbhandari et al., ZeRO (SC 2020) §3.1, 16 bytes per parameter for mixed-precision Adam',
    once: true,
    extract: () => ({ fullFineTune: true }),
  },
  {
    // The host's memory in use as a share, as psutil's virtual_memory().percent prints it ((total -
    // available) / total, psutil docs) in a program's own report: DeepSpeed's see_memory_usage "CPU
    // Virtual Memory:  used = 26.4 GB, percent = 84.6%" (deepspeed/runtime/utils.py), a script's
    // "System Memory - Percent: 98.7%". Not a GPU's.
    family: 'context',
    keywords: ['percent'],
    pattern:
      /^(?!.*\b(?:GPU|CUDA|VRAM|device|HBM)\b).*\b(?:memory|RAM)\b[^\n%]{0,40}?\bpercent\s*[:=]?\s*(\d{1,3}(?:\.\d+)?)\s*%/i,
    source: 'psutil virtual_memory().percent; deepspeed/runtime/utils.py see_memory_usage',
    keep: 'max',
    extract: (m) => definedFacts({ hostMemoryPercent: Number(m[1]) }),
  },
  {
    // The BFC allocator's own line when a request fails: "If the cause is memory fragmentation maybe the
    // environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation." (TensorFlow
    // 2.5+ core/common_runtime/bfc_allocator.cc, later xla/tsl/framework/bfc_allocator.cc
    // AllocateRawInternal). Printed by the BFC allocator itself, so the asynchronous one was not in use.
    family: 'context',
    keywords: ['if the cause is memory fragmentation'],
    pattern: /If the cause is memory fragmentation maybe the environment variable/,
    source:
      'tensorflow core/common_runtime/bfc_allocator.cc (xla/tsl/framework/bfc_allocator.cc) AllocateRawInternal',
    once: true,
    extract: () => ({ bfcFragmentationHinted: true }),
  },
  {
    // Ollama's reading of the host's memory before it loads a model: slog "system memory" total, free,
    // free_swap (ollama llm/server.go NewLlamaServer, v0.3-v0.9: format.HumanBytes2, "62.6 GiB").
    family: 'context',
    keywords: ['system memory'],
    pattern:
      /msg="system memory" total="?([\d.]+ ?[KMGT]i?B)"? free="?([\d.]+ ?[KMGT]i?B)"?(?: free_swap="?([\d.]+ ?[KMGT]i?B)"?)?/,
    source: 'ollama llm/server.go NewLlamaServer slog.Info("system memory", total, free, free_swap)',
    keep: 'last',
    extract: (m) =>
      definedFacts({
        hostFreeBytes: parseLogSize(m[2]!),
        hostFreeSwapBytes: m[3] === undefined ? undefined : parseLogSize(m[3]),
      }),
  },
  {
    // Ollama's estimate of the model it loads: memory.required.full (all of it) and
    // memory.required.partial (the share placed on the GPUs); the rest stays in the host's RAM
    // (ollama llm/memory.go MemoryEstimate: totalSize and VRAMSize, logged as "offload" / "offload to
    // cpu"). A wrapped journal line may put the two on lines of their own: each is read alone.
    family: 'context',
    keywords: ['memory.required.full'],
    pattern: /memory\.required\.full="([\d.]+ ?[KMGT]i?B)"/,
    source: 'ollama llm/memory.go MemoryEstimate totalSize (memory.required.full)',
    keep: 'last',
    extract: (m) => definedFacts({ modelNeedBytes: parseLogSize(m[1]!) }),
  },
  {
    family: 'context',
    keywords: ['memory.required.partial'],
    pattern: /memory\.required\.partial="([\d.]+ ?[KMGT]i?B)"/,
    source: 'ollama llm/memory.go MemoryEstimate VRAMSize (memory.required.partial)',
    keep: 'last',
    extract: (m) => definedFacts({ modelOnGpuBytes: parseLogSize(m[1]!) }),
  },
  {
    // The memory a Slurm job asked for, as its batch script states it ("#SBATCH --mem-per-cpu=4096M",
    // "#SBATCH --mem=16G"): with the cgroup task plugin it is the job's cgroup limit, and the kernel's
    // OOM killer inside that cgroup ends a process with a bare SIGKILL (slurm.schedmd.com sbatch
    // --mem, --mem-per-cpu, --mem-per-gpu; cgroup.conf ConstrainRAMSpace).
    family: 'context',
    keywords: ['#sbatch'],
    pattern: /^\s*#SBATCH\s+(--mem(?:-per-cpu|-per-gpu)?)[= ]\s*(\d+(?:\.\d+)?[KMGT]?)\b/,
    source: 'Slurm sbatch --mem, --mem-per-cpu, --mem-per-gpu',
    extract: (m) => definedFacts({ jobMemoryOption: m[1], jobMemoryValue: m[2] }),
  },
  {
    // A child process started by spawning (Windows' only start method; CPython's multiprocessing
    // spawn.py spawn_main runs first in every such child, a DataLoader worker's included): what decides
    // whether a commit-limit failure while loading torch's DLLs was a worker's (host/explain-alloc.ts).
    family: 'context',
    keywords: ['spawn_main', 'spawn.py'],
    pattern: /\bspawn_main\b|multiprocessing[\\/]spawn\.py/,
    source: 'CPython Lib/multiprocessing/spawn.py (spawn_main)',
    once: true,
    extract: () => ({ spawnedChildShown: true }),
  },
  {
    family: 'context',
    keywords: ['traceback (most recent call last)'],
    pattern: /Traceback \(most recent call last\)/,
    source: 'CPython traceback header',
    once: true,
    extract: () => ({ hasTraceback: true }),
  },
  {
    // The launcher's report of how its child ended (DeepSpeed launcher/launch.py sigkill_handler:
    // "<cmd> exits with return code = N"): a code of 0 or more is the child's own exit, not a signal's.
    family: 'context',
    keywords: ['exits with return code'],
    pattern: /exits with return code\s*=\s*(-?\d+)/,
    source: 'deepspeed launcher/launch.py sigkill_handler',
    once: true,
    extract: (m) => ({ launcherReturnCode: Number(m[1]) }),
  },
  {
    family: 'context',
    keywords: ['file "'],
    pattern: /^\W*File "([^"]+)", line (\d+), in (\S+)/,
    source: 'CPython traceback frame',
    keep: 'last',
    extract: (m) =>
      definedFacts({ lastFrameFile: m[1], lastFrameLine: intOf(m[2]), lastFrameFunction: m[3] }),
  },
  {
    family: 'context',
    keywords: ['file "'],
    // The last frame outside installed packages and the standard library: the user's own line.
    pattern:
      /^\W*File "((?![^"]*(?:site-packages|dist-packages|\/lib\/python\d[\d.]*\/|<frozen))[^"]+)", line (\d+), in (\S+)/,
    source: 'CPython traceback frame',
    keep: 'last',
    extract: (m) =>
      definedFacts({ userFrameFile: m[1], userFrameLine: intOf(m[2]), userFrameFunction: m[3] }),
  },
  {
    family: 'context',
    keywords: ['file "'],
    pattern: /^\W*File "[^"]+", line \d+, in (__init__|init\w*)\s*$/,
    // A traceback frame in a constructor or an init function: the failure came while building the model.
    source: 'CPython traceback frame',
    once: true,
    extract: (m) => ({ initFrame: true, initFunction: m[1]! }),
  },
  {
    family: 'context',
    keywords: ['mjx', 'brax', 'mujoco', 'num_envs'],
    pattern: /\b(?:mjx|brax|mujoco(?:_warp)?|num_envs)\b/i,
    // MJX/Brax step thousands of environments as one batch: num_envs is the batch dimension.
    source: 'MuJoCo MJX / Brax vectorised environments',
    once: true,
    extract: () => ({ simulatorBatch: true }),
  },
  {
    family: 'context',
    keywords: ['ip: '],
    pattern: /\bIP: (\d{1,3}(?:\.\d{1,3}){3})(?=[),])/,
    // Ray's raylet names the node of a memory-monitor kill as "(ID: ..., IP: a.b.c.d)", often wrapped.
    source: 'ray src/ray/raylet/node_manager.cc worker-kill summary',
    once: true,
    extract: (m) => definedFacts({ rayNodeIp: m[1] }),
  },
  {
    family: 'context',
    keywords: settingKeywords,
    pattern: shownSetting,
    // What the log shows already applied (an exported variable, a flag, an argument): a fix that
    // would set the same value is dropped (diagnose.ts, settings.ts).
    source:
      "the settings doctor's fixes propose, as command lines, environment dumps and argument prints show them",
    keep: 'last',
    extract: (m) => {
      return Object.fromEntries(
        settingsShown(m.input).map((shown) => [settingFact(shown.name), shown.value]),
      );
    },
  },
  {
    family: 'context',
    keywords: [
      'xla_python_client_mem_fraction',
      'per_process_gpu_memory_fraction',
      'set_per_process_memory_fraction',
    ],
    pattern: poolShareSet,
    // A framework's pool capped below its default in the log itself (a cap already set): JAX's
    // XLA_PYTHON_CLIENT_MEM_FRACTION (default 0.75 of the card since jaxlib 0.4.4, 0.9 before;
    // jax.readthedocs.io gpu_memory_allocation), TensorFlow 1's GPUOptions.per_process_gpu_memory_fraction
    // and PyTorch's torch.cuda.set_per_process_memory_fraction (no cap by default). The pool's share
    // then stays open as the cause beside the work (cause-alternatives.ts), and decides it where the
    // message's own figures show the card had room (pytorch/explain.ts).
    source:
      'jax docs gpu_memory_allocation (XLA_PYTHON_CLIENT_MEM_FRACTION); tensorflow GPUOptions.per_process_gpu_memory_fraction; torch.cuda.set_per_process_memory_fraction',
    keep: 'last',
    extract: (m) => poolShareOf(m),
  },
  {
    family: 'context',
    keywords: ['gpu_memory_utilization', 'gpu-memory-utilization', '-gmu'],
    pattern: /(?:gpu[_-]memory[_-]utilization['"]?\s*[=:]?|(?<![\w-])-gmu[= ])\s*([01](?:\.\d+)?|\.\d+)\b/,
    // vLLM's share of the GPU it may use (EngineArgs.gpu_memory_utilization, default 0.9), as a
    // command line, a config dump or the engine's own argument print shows it; aphrodite-engine's
    // launchers pass it as -gmu (aphrodite run MODEL -gmu 0.9), often as ".97".
    source: 'vllm-project/vllm vllm/engine/arg_utils.py EngineArgs.gpu_memory_utilization',
    keep: 'last',
    extract: (m) => definedFacts({ gpuMemoryUtilization: Number(m[1]) }),
  },
  {
    family: 'context',
    keywords: ['batch_size'],
    pattern: /\.fit(?:_generator)?\([^)]*\bbatch_size\s*=\s*(\d+)/,
    // Keras Model.fit(batch_size=N): the leading dimension of every activation in the step.
    source: 'keras Model.fit batch_size argument',
    once: true,
    extract: (m) => definedFacts({ fitBatchSize: intOf(m[1]) }),
  },
  {
    family: 'context',
    keywords: ['variable_', 'training_'],
    pattern: /\b(?:Variable|training)_(\d+)\b/,
    // TensorFlow uniquifies op and variable names in one graph (ops.py unique_name): Variable_1955
    // means 1955 variables of that name were created before it, in the same graph.
    source: 'tensorflow/python/framework/ops.py Graph.unique_name',
    keep: 'max',
    extract: (m) => definedFacts({ graphNameCounter: intOf(m[1]) }),
  },
  {
    family: 'context',
    keywords: ['/dev/shm'],
    pattern: dfShmLine,
    // df -h columns: Size Used Avail Use% Mounted on; its sizes are powers of 1024 with a bare
    // suffix ("64M", "1.3G"), as parseLogSize reads them.
    source: 'coreutils df -h output for the /dev/shm tmpfs',
    keep: 'max',
    extract: (m) =>
      definedFacts({
        shmSizeBytes: parseLogSize(m[1]!),
        shmUsedBytes: parseLogSize(m[2]!),
        shmUsePercent: intOf(m[4]),
      }),
  },
  {
    family: 'context',
    keywords: ['/dev/shm', 'ipc=host', 'ipc host', 'shm-size'],
    pattern: /\/dev\/shm|--ipc[= ]host|--shm-size/,
    source: "prose and command lines about /dev/shm (docker run --ipc=host shares the host's)",
    extract: (m) => shmProse(m.input),
  },
  {
    family: 'context',
    keywords: ['-xmx'],
    pattern: /(?<![\w-])-Xmx(\d+[kKmMgGtT]?)\b/,
    // The JVM's maximum heap as a command line or JAVA_OPTS/JAVA_TOOL_OPTIONS gives it (java -Xmx<size>):
    // a fix that raises the heap starts above it (host/explain-heap-cap.ts).
    source: 'OpenJDK java launcher -Xmx<size> (docs.oracle.com java command, -Xmx)',
    keep: 'max',
    extract: (m) => definedFacts({ jvmMaxHeapBytes: xmxBytes(m[1]!) }),
  },
  {
    family: 'context',
    keywords: ['max-old-space-size', 'max_old_space_size'],
    pattern: /--max[-_]old[-_]space[-_]size[= ](\d+)\b/,
    // V8's old-space limit in MiB as node's command line or NODE_OPTIONS gives it (Node.js CLI docs).
    source: 'Node.js CLI docs, --max-old-space-size=SIZE (in MiB)',
    keep: 'max',
    extract: (m) => definedFacts({ nodeMaxOldSpaceMiB: intOf(m[1]) }),
  },
  {
    family: 'context',
    keywords: ['largeheap'],
    pattern: /android:largeHeap\s*=\s*["']?true\b/,
    // The manifest's large-heap request already made (developer.android.com, <application> android:largeHeap).
    source: 'developer.android.com <application> android:largeHeap',
    once: true,
    extract: () => ({ androidLargeHeap: true }),
  },
  {
    family: 'context',
    keywords: ['swap', '\ts\t', 's\t'],
    pattern: /^\s*(?:Swap:|S)\s+(\d[\d.]*\s?[KMGT]i?B?)\s+(\d[\d.]*\s?[KMGT]i?B?)\b/,
    // free -h ("Swap: total used free") and the sysstat-style table ("S total used free").
    source: 'procps free(1) Swap: line',
    keep: 'max',
    extract: (m) => definedFacts({ swapTotalBytes: parseLogSize(m[1]!), swapUsedBytes: parseLogSize(m[2]!) }),
  },
];

// "/dev/shm space of 254GB", "/dev/shm size is >10 GB", "usage of more than 1GB", "--ipc=host": what a user states.
function shmProse(text: string): Facts {
  // A bound counts as the size it states ("/dev/shm size is >10 GB": at least that much is there).
  const size =
    /\/dev\/shm(?: space| size)? (?:of|is|=)\s*(?:>=?\s*|over |more than |at least |above )?(\d[\d.]*\s?[KMGT]i?B)/i.exec(
      text,
    )?.[1];
  const used =
    /(?:usage|used) of (?:more than|over|above) (\d[\d.]*\s?[KMGT]i?B)|never (?:above|over|more than) (\d[\d.]*\s?[KMGT]i?B)/i.exec(
      text,
    );
  return definedFacts({
    shmIpcHost: /--ipc[= ]host/.test(text) ? true : undefined,
    shmStatedBytes: size === undefined ? undefined : parseLogSize(size.replace(/\s/g, '')),
    shmStatedPeakBytes:
      used === null ? undefined : parseLogSize((used[1] ?? used[2] ?? '').replace(/\s/g, '')),
  });
}

/** Every log-wide evidence rule. */
export const evidenceRules: FactRule[] = [...frameworkRules, ...logRules];

/** The senders the named-sender rule tells apart, in the words the diagnosis gives them. */
export type NamedSender =
  | 'a time limit'
  | 'preemption'
  | 'a node failure'
  | 'a requeue'
  | 'docker stop'
  | 'a stop that timed out'
  | 'a CPU limit'
  | 'an exit the program asked for'
  | 'a kill the user ran'
  | 'a cancellation';

/** Which sender the named-sender rule read. */
function namedSenderOf(m: RegExpExecArray): NamedSender {
  const g = m.groups ?? {};
  if (g.slurmReason === 'TIME LIMIT') return 'a time limit';
  if (g.slurmReason === 'PREEMPTION') return 'preemption';
  if (g.slurmReason?.startsWith('NODE FAIL')) return 'a node failure';
  if (g.slurmReason === 'JOB REQUEUE') return 'a requeue';
  if (g.dockerStop !== undefined) return 'docker stop';
  if (g.systemdStop !== undefined) return 'a stop that timed out';
  if (g.cpuLimit !== undefined) return 'a CPU limit';
  if (g.intendedExit !== undefined) return 'an exit the program asked for';
  if (g.userKill !== undefined) return 'a kill the user ran';
  if (g.launcherStop !== undefined || g.launcherForce !== undefined) return 'a cancellation';
  return /cancel|\*\*\*/i.test(m[0]) &&
    !/TIME LIMIT|timeout|timed out|execution|Deadline|TIMEOUT|walltime|cput/i.test(m[0])
    ? 'a cancellation'
    : 'a time limit';
}
