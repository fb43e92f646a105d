// The advice table, host, /dev/shm and near-miss logs: the cause each ../shared/corpus file must get
// and properties its fixes must have, written from the log, its header's facts line and the thread's
// conclusion (SOURCES-2.md), not from doctor's output.
import { type Expected, has, memAtLeast, noBatch, not } from './fix-properties.js';

const dmesg = has(/dmesg/);
const noDmesg = not(/dmesg|SIGKILL/);
const notMemory = [not(/batch size|shm-size|MEM_FRACTION|PREALLOCATE|--mem|expandable_segments/)];
const shm = [has(/--shm-size|--ipc=host/), has(/df -h \/dev\/shm/)];

/** Host RAM, /dev/shm and not-OOM logs. */
export const hostTable: Record<string, Expected> = {
  'host_oom_killed-01.txt': {
    cause: 'host_ram',
    some: [has(/lower what the process keeps/)],
    every: [not(/--host-memory/)],
    why: 'global OOM kill of a 30 GiB python3; a cap at the RSS it died at only reproduces the kill',
  },
  'host_oom_killed-03.txt': {
    cause: 'memory_limit',
    some: [has(/memory\.max|limit_in_bytes/)],
    why: 'mem_cgroup_out_of_memory in the trace: a container limit',
  },
  'host_oom_killed-05.txt': {
    cause: 'memory_limit',
    some: [has(/sacct -j 191 /), has(/--mem/)],
    why: 'Slurm cgroup oom-kill event in StepId=191.batch',
  },
  'host_oom_killed-07.txt': {
    cause: 'memory_limit',
    some: [has(/sacct -j 37205392 /)],
    why: 'Slurm cgroup OOM; thread: more --mem',
  },
  'host_oom_killed-09.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [dmesg],
    why: 'bash "Killed" after 85,700 steps: slow host RAM growth',
  },
  'host_oom_killed-11.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [has(/replay buffer/)],
    why: '已杀死; thread: the replay buffer in host RAM',
  },
  'host_oom_killed-13.txt': {
    // A worker killed with no killer's message: cause unknown, num_workers the first fix (CORPUS-FORMAT
    // settled rule 7).
    cause: 'unknown',
    some: [has(/num_workers/)],
    why: 'DataLoader worker killed; thread fix num_workers=0',
  },
  'host_oom_killed-15.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [dmesg],
    causeText: [/launcher's or parent's/],
    why: "torchrun exitcode -9; the traceback shown is the launcher's",
  },
  'host_oom_killed-17.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [has(/cgroup|container/)],
    why: 'make ... Killed; thread: a container limit',
  },
  'host_oom_killed-60.txt': {
    cause: 'memory_monitor',
    some: [has(/ray logs raylet\.out -ip 10\.95\.143\.76/)],
    every: [noDmesg],
    why: "Ray's memory monitor (raylet), not the kernel",
  },
  'host_oom_killed-61.txt': {
    cause: 'memory_monitor',
    some: [has(/num_cpus|fewer tasks/)],
    every: [noDmesg],
    why: "Ray's memory monitor; reporter kept all logits in RAM",
  },
  'host_oom_killed-62.txt': {
    cause: 'host_allocation',
    some: [has(/float32/)],
    every: [noDmesg],
    causeText: [/not killed/],
    why: 'numpy MemoryError for a 7.91 GiB float64 array: a refused allocation, nothing killed',
  },
  'host_oom_killed-63.txt': {
    cause: 'host_allocation',
    some: [has(/buffer that grows|replay buffer/)],
    every: [noDmesg],
    why: 'a 27.5 MiB request fails: RAM already full; maintainer: the replay buffer',
  },
  'host_oom_killed-64.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [dmesg],
    why: 'bash Killed in a VM that ran out of memory',
  },
  'host_oom_killed-65.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [dmesg],
    why: 'DeepSpeed launcher return code -9; confirmed with dmesg',
  },
  'host_oom_killed-66.txt': { cause: 'unknown', some: [dmesg], why: 'bare Killed; reporter: memory issue' },
  'host_oom_killed-67.txt': {
    // A bare kill: cause unknown, dmesg confirms (CORPUS-FORMAT settled rule 2).
    cause: 'unknown',
    some: [has(/lower what the process keeps/)],
    why: 'SIGKILL while loading shards; bigger machine fixed it',
  },
  'host_oom_killed-68.txt': {
    cause: 'host_ram',
    every: [not(/swap/i)],
    why: 'kernel OOM with 128 GB of swap barely used',
  },
  'host_oom_killed-69.txt': {
    // The kubelet is a user-space monitor evicting at its threshold (CORPUS-FORMAT settled rule 3).
    cause: 'memory_monitor',
    some: [has(/requests\.memory/)],
    every: [noDmesg],
    why: 'kubelet node-pressure eviction, not a container OOMKilled',
  },
  'host_oom_killed-70.txt': {
    cause: 'memory_limit',
    some: [has(/sacct -j 7518 /), memAtLeast(598)],
    why: 'Slurm jobacct kill at 597 GiB of a 488 GiB --mem: never a limit below what it used',
  },
  'not_oom-01.txt': {
    cause: 'not_memory',
    some: [has(/labels|indices/)],
    every: notMemory,
    why: 'device-side assert t < n_classes',
  },
  'not_oom-03.txt': {
    cause: 'not_memory',
    some: [has(/labels|indices/)],
    every: notMemory,
    why: 'gather index out of bounds',
  },
  'not_oom-05.txt': {
    cause: 'not_memory',
    some: [has(/CUDA_LAUNCH_BLOCKING/)],
    every: notMemory,
    why: 'illegal address; stream errors follow from it',
  },
  'not_oom-07.txt': {
    cause: 'not_memory',
    some: [has(/install|match the framework build/)],
    every: notMemory,
    why: 'cuDNN handle failure with 98% free',
  },
  'not_oom-09.txt': { cause: 'not_memory', some: [has(/driver/)], every: notMemory, why: 'driver too old' },
  'not_oom-11.txt': {
    cause: 'not_memory',
    some: [has(/CUDA_LAUNCH_BLOCKING/)],
    every: notMemory,
    why: 'illegal address in an XLA fusion',
  },
  'not_oom-60.txt': {
    cause: 'not_memory',
    some: [has(/NCCL version/)],
    every: notMemory,
    why: 'ENOENT attaching a segment; fixed by an NCCL downgrade',
  },
  'not_oom-61.txt': {
    cause: 'unknown',
    some: [has(/install/)],
    every: [noBatch],
    why: 'cuDNN NOT_INITIALIZED without figures; maintainer: broken install',
  },
  'not_oom-62.txt': { cause: null, why: 'PoolAllocator info lines, no failure' },
  'not_oom-63.txt': {
    cause: 'not_memory',
    some: [has(/driver|build/)],
    every: notMemory,
    why: 'no kernel image for sm_86',
  },
  'not_oom-64.txt': {
    cause: 'not_memory',
    some: [has(/CUDA_LAUNCH_BLOCKING/)],
    every: notMemory,
    why: 'illegal address fixed by a CUDA upgrade',
  },
  'not_oom-65.txt': { cause: null, why: 'nvidia-smi reading, no failure' },
  'not_oom-66.txt': {
    cause: 'not_memory',
    some: [has(/driver/)],
    every: notMemory,
    why: 'THC error 35: driver too old',
  },
  'not_oom-67.txt': {
    cause: 'not_memory',
    every: notMemory,
    why: 'bus error quoted in prose; /dev/shm 254 GB, never above 1 GB',
  },
  'not_oom-68.txt': {
    cause: 'unknown',
    some: [has(/version/)],
    every: [noBatch],
    why: 'cuDNN handle failure fixed by another jaxlib',
  },
  'not_oom-69.txt': {
    cause: 'not_memory',
    some: [has(/faulthandler/)],
    every: notMemory,
    why: 'worker segfault (threading bug)',
  },
  'shm-01.txt': { cause: 'shm_too_small', some: shm, why: 'bus error in DataLoader workers' },
  'shm-03.txt': { cause: 'shm_too_small', some: shm, why: 'ENOSPC writing torch storages to /dev/shm' },
  'shm-05.txt': {
    cause: 'shm_too_small',
    some: shm,
    causeText: [/sets no --shm-size/],
    why: 'docker run without --shm-size',
  },
  'shm-07.txt': { cause: 'shm_too_small', some: [has(/--shm-size/)], why: 'thread fix: --shm-size=3G' },
  'shm-09.txt': { cause: 'shm_too_small', some: shm, why: 'bus error in worker; /dev/shm size, not shmmax' },
  'shm-60.txt': {
    cause: 'shm_too_small',
    some: [has(/NCCL_SHM_DISABLE=1/), has(/emptyDir/)],
    why: 'NCCL posix_fallocate ENOSPC in a pod',
  },
  'shm-61.txt': {
    cause: 'shm_too_small',
    some: shm,
    why: 'bus error glued to a progress bar; reply: Docker shm_size',
  },
  'shm-62.txt': {
    cause: 'shm_too_small',
    some: [has(/--shm-size/)],
    why: 'SemLock ENOSPC; fix --shm-size=64g',
  },
  'shm-63.txt': {
    cause: 'shm_too_small',
    some: [has(/--ipc=host/), has(/num_workers=0/)],
    why: 'fix: --ipc=host; workers=0 also avoided it',
  },
  'shm-64.txt': {
    cause: 'shm_too_small',
    some: shm,
    why: 'unable to write to file </torch_...>; maintainer: out of shared memory',
  },
};
