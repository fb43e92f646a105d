// Small builders for planner tests: a process or a spec with every default filled in.
import { defaultEnforcement } from '../../config/to-spec.js';
import type { DeviceSpec, ProcessSpec, Spec } from '../types.js';

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;

export function gpu(overrides: Partial<DeviceSpec> = {}): DeviceSpec {
  return { index: 0, name: 'test GPU', totalBytes: 24 * GiB, simulated: false, ...overrides };
}

export function proc(name: string, overrides: Partial<ProcessSpec> = {}): ProcessSpec {
  return {
    name,
    command: ['true'],
    framework: 'jax',
    gpuMemory: undefined,
    hostMemoryBytes: undefined,
    replicas: undefined,
    gpu: undefined,
    env: {},
    preallocate: false,
    restart: 'no',
    maxRestarts: 3,
    dependsOn: [],
    readyWhen: undefined,
    enforce: defaultEnforcement(overrides.framework ?? 'jax'),
    onOomKill: 'stop',
    cwd: '/tmp',
    ...overrides,
  };
}

export function spec(processes: ProcessSpec[], overrides: Partial<Spec> = {}): Spec {
  return {
    file: 'test.yaml',
    gpus: [],
    reserveBytes: 512 * MiB,
    contextOverheadBytes: 512 * MiB,
    stopGraceMs: 10_000,
    processes,
    ...overrides,
  };
}
