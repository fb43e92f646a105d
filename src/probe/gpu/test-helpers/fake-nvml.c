/*
 * A stand-in for libnvidia-ml.so.1 for tests: the NVML symbols headroom binds, returning values recorded
 * from real outputs (fixtures/nvidia-smi/xml/tesla-t4_515.105.01.xml and a10g_515.105.01.xml).
 * Driver quirks are chosen at compile time (see NVML.md, "Process entries" and "nvmlMemory_v2_t"):
 *   -DFAKE_V3_STRIDE=32     _v3 writes 32-byte entries (drivers 535.43.02 to 535.86.x)
 *   -DFAKE_NO_V3            no _v3 symbol (before R510, and 535.98): use _v2
 *   -DFAKE_NO_V2_PROCS      no _v2 process symbol either: the bare (v1, 16-byte) one
 *   -DFAKE_MEM_V2_ERROR=N   nvmlDeviceGetMemoryInfo_v2 returns N (3 not supported, 13, 25)
 *   -DFAKE_NO_MEM_V2        no nvmlDeviceGetMemoryInfo_v2 symbol
 *   -DFAKE_INIT_ERROR=N     nvmlInit_v2 returns N (9: driver not loaded)
 *   -DFAKE_GARBAGE          device 0's second entry has pid 0 (a wrong-stride read looks like this)
 *   -DFAKE_WDDM             per-process memory is NVML_VALUE_NOT_AVAILABLE, as under Windows WDDM
 */
#include <stdio.h>
#include <string.h>

#define MIB 1048576ULL
#ifndef FAKE_V3_STRIDE
#define FAKE_V3_STRIDE 24
#endif
#ifndef FAKE_DRIVER
#define FAKE_DRIVER "550.54.14"
#endif

typedef int nvmlReturn_t;
typedef struct { unsigned long long total, free, used; } nvmlMemory_t;
typedef struct { unsigned int version; unsigned long long total, reserved, free, used; } nvmlMemory_v2_t;

typedef struct {
  const char *name, *uuid;
  unsigned long long total, reserved, used, free;
  unsigned int count;
  unsigned int pids[3];
  unsigned long long used_bytes[3];
} fake_device;

static fake_device devices[2] = {
  { "Tesla T4", "GPU-d37e67a5-91dd-3774-a5cb-99096249601a", 15360 * MIB, 388 * MIB, 1032 * MIB, 13939 * MIB,
    2, { 675, 5762 }, { 22 * MIB, 1005 * MIB } },
  { "NVIDIA A10G", "GPU-9a9a6c50-2a47-2f51-a902-b82c3b127e94", 23028 * MIB, 435 * MIB, 22 * MIB, 22569 * MIB,
    1, { 725 }, { 22 * MIB } },
};
static int init_count = 0;

nvmlReturn_t nvmlInit_v2(void) {
#ifdef FAKE_INIT_ERROR
  return FAKE_INIT_ERROR;
#endif
  init_count++;
  return 0;
}

nvmlReturn_t nvmlShutdown(void) {
  if (init_count == 0) return 1;
  init_count--;
  return 0;
}

const char *nvmlErrorString(nvmlReturn_t result) {
  switch (result) {
    case 0: return "Success";
    case 1: return "Uninitialized";
    case 3: return "Not Supported";
    case 7: return "Insufficient Size";
    case 9: return "Driver Not Loaded";
    case 13: return "Function Not Found";
    default: return "Unknown Error";
  }
}

static nvmlReturn_t copy_string(char *out, unsigned int length, const char *value) {
  if (!out || length == 0) return 2;
  if (strlen(value) + 1 > length) return 7;
  strcpy(out, value);
  return 0;
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length) { return copy_string(version, length, FAKE_DRIVER); }

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) {
  if (init_count == 0) return 1;
  *count = 2;
  return 0;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, fake_device **device) {
  if (index >= 2) return 2;
  *device = &devices[index];
  return 0;
}

nvmlReturn_t nvmlDeviceGetName(fake_device *d, char *name, unsigned int length) { return copy_string(name, length, d->name); }
nvmlReturn_t nvmlDeviceGetUUID(fake_device *d, char *uuid, unsigned int length) { return copy_string(uuid, length, d->uuid); }

/* v1: used includes the reserved memory. */
nvmlReturn_t nvmlDeviceGetMemoryInfo(fake_device *d, nvmlMemory_t *memory) {
  memory->total = d->total;
  memory->free = d->free;
  memory->used = d->used + d->reserved;
  return 0;
}

#ifndef FAKE_NO_MEM_V2
nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(fake_device *d, nvmlMemory_v2_t *memory) {
#ifdef FAKE_MEM_V2_ERROR
  return FAKE_MEM_V2_ERROR;
#endif
  if (memory->version != (unsigned int)(sizeof(nvmlMemory_v2_t) | (2u << 24))) return 25;
  memory->total = d->total;
  memory->reserved = d->reserved;
  memory->free = d->free;
  memory->used = d->used;
  return 0;
}
#endif

/* The count/fill protocol: too small a count gets INSUFFICIENT_SIZE and the needed count. */
static nvmlReturn_t fill(fake_device *d, unsigned int *count, unsigned char *infos, size_t stride) {
  if (*count < d->count) {
    *count = d->count;
    return 7;
  }
  for (unsigned int i = 0; i < d->count; i++) {
    unsigned char *entry = infos + i * stride;
    unsigned int pid = d->pids[i];
    unsigned long long used = d->used_bytes[i];
#ifdef FAKE_GARBAGE
    if (d == &devices[0] && i == 1) pid = 0;
#endif
#ifdef FAKE_WDDM
    used = ~0ULL;
#endif
    memset(entry, 0, stride);
    memcpy(entry, &pid, 4);
    memcpy(entry + 8, &used, 8);
    if (stride >= 24) memset(entry + 16, 0xFF, 8); /* gpuInstanceId, computeInstanceId: no MIG */
  }
  *count = d->count;
  return 0;
}

#ifndef FAKE_NO_V3
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(fake_device *d, unsigned int *count, void *infos) {
  return fill(d, count, infos, FAKE_V3_STRIDE);
}
#endif
#ifndef FAKE_NO_V2_PROCS
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v2(fake_device *d, unsigned int *count, void *infos) {
  return fill(d, count, infos, 24);
}
#endif
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses(fake_device *d, unsigned int *count, void *infos) {
  return fill(d, count, infos, 16);
}
