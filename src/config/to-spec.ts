// From schema-valid YAML to a Spec: defaults filled in, and the checks that span several fields.
import { dirname, resolve } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { ConfigError, type ConfigIssue } from '../errors.js';
import { frameworkProfiles, ownersOfKey, profileOf } from '../frameworks/index.js';
import { parseTorchVersion } from '../frameworks/torch-versions.js';
import { compileLinearPattern } from '../linear-pattern.js';
import { cardModels, findCardModel } from '../plan/cards.js';
import type {
  DeclaredRayNode,
  DeviceSpec,
  Enforcement,
  Framework,
  ProcessSpec,
  RaySpec,
  SizeNote,
  Spec,
} from '../plan/types.js';
import { bytesPer, readSize } from '../units.js';
import { type FieldPath, formatFieldPath, locateKey, locateValue, sourceText } from './locate.js';
import type { RawConfig, RawProcess } from './schema.js';
import { suggestNearest } from './suggest.js';

export const defaults = {
  reserveBytes: 512 * bytesPer.MiB,
  // FACTS Q5: plan 0.5-1.5 GiB per process outside every framework pool. A CUDA context alone measured
  // 287,047,680 B with lazy module loading and 666,632,192 B eager (pytorch/pytorch PR #86509); cuBLAS and
  // cuDNN handles, NCCL and extensions' cudaMallocs come on top, and TensorFlow keeps 1050-1800 MiB free
  // for them on cc >= 7 (MinSystemMemory, gpu_device.cc). 1 GiB is the middle of the measured range:
  // an eager context plus ~380 MiB of library state. 512 MiB was the low end.
  contextOverheadBytes: bytesPer.GiB,
  stopGraceMs: 10_000,
  maxRestarts: 3,
} as const;

const envNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

// Every key some framework owns, in the order the profiles list them.
const ownedKeys = [...new Set(frameworkProfiles.flatMap((p) => p.ownKeys))];

/** `enforce:` when the config says nothing: frameworks that cap themselves in-process do (JAX by its
 * fraction, PyTorch and TensorFlow through the bootstrap or the allocator config); others are watched. */
export function defaultEnforcement(framework: Framework): Enforcement {
  return profileOf(framework).defaultEnforcement;
}

interface Source {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
}

/** Fills defaults and checks cross-field rules; throws ConfigError listing every problem. */
export function toSpec(raw: RawConfig, source: Source): Spec {
  const issues: ConfigIssue[] = [];
  const report = (path: FieldPath, message: string): void => {
    issues.push({
      location: locateValue(source.doc, source.lineCounter, source.file, path),
      field: formatFieldPath(path),
      message,
    });
  };

  const gpus = toDevices(raw, report);
  const names = Object.keys(raw.processes);
  if (names.length === 0) report(['processes'], 'needs at least one process');
  const processes = names.map((name) => toProcess(name, raw.processes[name]!, names, source, report));
  reportCycles(processes, report);
  const ray = raw.ray === undefined ? undefined : toRaySpec(raw, report);

  if (issues.length > 0) throw new ConfigError(issues);
  return {
    file: source.file,
    sizeNotes: decimalSizes(raw, source.doc),
    gpus,
    reserveBytes: raw.reserve ?? defaults.reserveBytes,
    contextOverheadBytes: raw.context_overhead ?? defaults.contextOverheadBytes,
    stopGraceMs: raw.stop_grace ?? defaults.stopGraceMs,
    processes,
    ...(ray === undefined ? {} : { ray }),
  };
}

type Report = (path: FieldPath, message: string) => void;

// Sizes written with decimal units (GB, MB): accepted, and the plan says what they were read as.
function decimalSizes(raw: RawConfig, doc: Document): SizeNote[] {
  const paths: FieldPath[] = [
    ...(raw.gpus ?? []).map((_, i): FieldPath => ['gpus', i, 'memory']),
    ['reserve'],
    ['context_overhead'],
    ...Object.keys(raw.processes).flatMap((name): FieldPath[] => [
      ['processes', name, 'gpu_memory'],
      ['processes', name, 'host_memory'],
    ]),
  ];
  return paths.flatMap((path) => {
    const written = doc.getIn(path);
    if (typeof written !== 'string') return [];
    const reading = readSize(written);
    return reading.ok && reading.isDecimal
      ? [{ field: formatFieldPath(path), text: written.trim(), bytes: reading.bytes }]
      : [];
  });
}

// A declared node's cards need their bytes: its own gpu_memory, else the top-level gpus:.
function toRaySpec(raw: RawConfig, report: Report): RaySpec {
  const seen = new Set<string>();
  const nodes = (raw.ray?.nodes ?? []).map((node, position): DeclaredRayNode => {
    if (seen.has(node.name))
      report(['ray', 'nodes', position, 'name'], `node ${node.name} is declared twice`);
    seen.add(node.name);
    const gpuCount = node.gpus ?? 0;
    if (gpuCount > 0 && node.gpu_memory === undefined && (raw.gpus ?? []).length === 0)
      report(
        ['ray', 'nodes', position, 'gpus'],
        `node ${node.name} has ${gpuCount} GPU${gpuCount === 1 ? '' : 's'} of unknown memory: give gpu_memory (24GiB) beside it, or declare the cards in the top-level gpus:`,
      );
    return {
      name: node.name,
      address: node.address ?? node.name,
      cpus: node.cpus,
      memoryBytes: node.memory,
      gpuCount,
      gpuMemoryBytes: node.gpu_memory,
      resources: node.resources ?? {},
    };
  });
  return { address: raw.ray?.address, nodes };
}

function toDevices(raw: RawConfig, report: Report): DeviceSpec[] {
  const seen = new Set<number>();
  return (raw.gpus ?? []).map((gpu, position) => {
    const index = gpu.index ?? position;
    if (seen.has(index)) report(['gpus', position, 'index'], `device index ${index} is declared twice`);
    seen.add(index);
    const simulated = gpu.simulated ?? false;
    const model = gpu.model === undefined ? undefined : findCardModel(gpu.model);
    if (gpu.model !== undefined && !model) {
      const nearest = suggestNearest(
        gpu.model.toLowerCase(),
        cardModels.map((c) => c.id),
      );
      report(
        ['gpus', position, 'model'],
        `unknown card model "${gpu.model}"${nearest ? `; did you mean "${nearest}"?` : ''} (known: ${cardModels.map((c) => c.id).join(', ')}; or give memory: 24GiB)`,
      );
    }
    if (gpu.memory === undefined && gpu.model === undefined)
      report(['gpus', position], 'give memory (24GiB) or model (a100-40gb)');
    // A memory written beside a model wins: the user measured their own card.
    const isModelTotal = gpu.memory === undefined && model !== undefined;
    const label = model ? (simulated ? `simulated ${model.name}` : model.name) : undefined;
    return {
      index,
      name: gpu.name ?? label ?? (simulated ? 'simulated GPU' : `GPU ${index}`),
      ...(gpu.uuid === undefined ? {} : { uuid: gpu.uuid }),
      totalBytes: gpu.memory ?? model?.totalBytes ?? 0,
      simulated,
      ...(isModelTotal ? { model: model.id } : {}),
    };
  });
}

function toProcess(
  name: string,
  raw: RawProcess,
  allNames: string[],
  source: Source,
  report: Report,
): ProcessSpec {
  const at = (...rest: (string | number)[]): FieldPath => ['processes', name, ...rest];
  // An alias (`pytorch`) is written as the framework's name everywhere after the config.
  const profile = profileOf(raw.framework);
  const framework = profile.name as Framework;
  if (!profile.usesGpu && raw.gpu_memory !== undefined) {
    report(
      at('gpu_memory'),
      `framework "${framework}" does not use a GPU; remove gpu_memory or name the framework`,
    );
  }
  if (!profile.usesGpu && raw.gpu !== undefined) {
    report(at('gpu'), `framework "${framework}" does not use a GPU; remove gpu or name the framework`);
  }
  if (raw.enforce === 'cap' && !profile.canCap) {
    report(
      at('enforce'),
      `nothing caps a framework "${framework}" process in-process; use warn or kill (headroom watches it)`,
    );
  }
  // Keys only some frameworks read (`preallocate` is JAX's): said where they are written for another.
  for (const key of ownedKeys) {
    if ((raw as Record<string, unknown>)[key] === undefined || profile.ownKeys.includes(key)) continue;
    const owners = ownersOfKey(key).map((p) => `"${p.name}"`);
    report(at(key), `${key} applies to framework ${owners.join(' or ')} only`);
  }
  // As written: YAML reads 2.10 as the number 2.1.
  const torchVersion =
    raw.torch_version === undefined
      ? undefined
      : typeof raw.torch_version === 'string'
        ? raw.torch_version
        : (sourceText(source.doc, at('torch_version')) ?? String(raw.torch_version));
  if (torchVersion !== undefined && parseTorchVersion(torchVersion) === undefined) {
    report(at('torch_version'), `"${torchVersion}" is not a PyTorch release such as "2.1.0"`);
  }
  const dependsOn = raw.depends_on ?? [];
  dependsOn.forEach((dependency, i) => {
    if (dependency === name) report(at('depends_on', i), 'a process cannot depend on itself');
    else if (!allNames.includes(dependency)) {
      const suggestion = suggestNearest(dependency, allNames);
      report(
        at('depends_on', i),
        `no process named "${dependency}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
      );
    }
  });
  if (raw.ready_when !== undefined) {
    try {
      compileLinearPattern(raw.ready_when);
    } catch (error) {
      report(at('ready_when'), (error as Error).message);
    }
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.env ?? {})) {
    if (!envNamePattern.test(key))
      report(at('env', key), `"${key}" is not a valid environment variable name`);
    // Keep the text as written: `.30` must not become `0.3`, nor `FALSE` become `false`.
    env[key] = typeof value === 'string' ? value : (sourceText(source.doc, at('env', key)) ?? String(value));
  }
  return {
    name,
    command: raw.command,
    framework,
    gpuMemory: raw.gpu_memory,
    hostMemoryBytes: raw.host_memory,
    replicas: raw.replicas,
    ...(raw.gpu_clients === undefined ? {} : { gpuClients: raw.gpu_clients }),
    gpu: raw.gpu,
    env,
    preallocate: raw.preallocate ?? false,
    restart: raw.restart ?? 'no',
    maxRestarts: raw.max_restarts ?? defaults.maxRestarts,
    dependsOn,
    readyWhen: raw.ready_when,
    enforce: raw.enforce ?? defaultEnforcement(framework),
    ...(torchVersion === undefined ? {} : { torchVersion }),
    ...(raw.shares_cuda_tensors === undefined ? {} : { sharesCudaTensors: raw.shares_cuda_tensors }),
    onOomKill: raw.on_oom_kill ?? 'stop',
    // Commands run from the config's directory unless cwd says otherwise (relative to that directory).
    cwd: resolve(dirname(source.file), raw.cwd ?? '.'),
    location: locateKey(source.doc, source.lineCounter, source.file, ['processes'], name),
  };
}

// depends_on must form no cycle, or nothing in the cycle could ever start.
function reportCycles(processes: ProcessSpec[], report: Report): void {
  const byName = new Map(processes.map((p) => [p.name, p]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(name)), name];
      report(['processes', name, 'depends_on'], `dependency cycle: ${cycle.join(' → ')}`);
      return;
    }
    state.set(name, 'visiting');
    for (const dependency of byName.get(name)?.dependsOn ?? []) {
      if (byName.has(dependency)) visit(dependency, [...trail, name]);
    }
    state.set(name, 'done');
  };
  for (const p of processes) visit(p.name, []);
}
