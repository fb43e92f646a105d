// The plan's pass over inference engines, after every budget is known: each engine's own knob on its own
// base (what is free when it starts depends on who starts before it), the values the command's
// placeholders take, and the findings about both. Generic: an engine is a profile with a knob.
import { formatBytes, readSize } from '../units.js';
import { checkEngineFlag, checkEngineStart, checkPlaceholders, type EngineFinding } from './engine-checks.js';
import { placeholdersIn, splitPlaceholder } from './engine-command.js';
import { type EngineKnob, type KnobBase, knobValue } from './engine-knob.js';
import { type OrderedProcess, startNeighbours } from './engine-start.js';

/** An engine's memory flag as planned (PlannedProcess.engineFlag in plan --json). */
export interface PlannedEngineFlag {
  /** The flag as its engine documents it: `--gpu-memory-utilization`. */
  flag: string;
  /** The placeholder its command writes: `{gpu_memory_utilization}`. */
  placeholder: string;
  /** The value filled in: a fraction, 4 decimals, floored. */
  value: string;
  base: KnobBase;
  /** What the fraction is taken of, as the plan expects it when the engine starts. */
  baseBytes: number;
  /** What the value grants on that base: never more than the budget. */
  grantedBytes: number;
  /** The instances on its card counted as holding their budgets when it starts (they start before it). */
  startsAfter: string[];
}

/** A planned instance as the engine pass reads and extends it. */
export interface EnginePassInstance {
  name: string;
  process: string;
  framework: string;
  device: number | null;
  budgetBytes: number;
  overheadBytes: number;
  env: Record<string, string>;
  capNote: string;
  /** What holds it to its budget; an engine's is `flag`, its own memory flag. */
  capBy: string;
  placeholders?: Record<string, string>;
  engineFlag?: PlannedEngineFlag;
}

/** What the pass needs of a config process. */
export interface EnginePassProcess extends OrderedProcess {
  command: string | readonly string[] | undefined;
}

/** An engine as a profile describes it. */
export interface EngineOf {
  label: string;
  knob: EngineKnob;
}

/** Fills engines' knobs and placeholders into the plan's instances; returns them with the findings. */
export function planEngines<T extends EnginePassInstance>(options: {
  instances: readonly T[];
  processes: readonly EnginePassProcess[];
  devices: readonly { index: number; totalBytes: number }[];
  /** The engine a framework is, or undefined for a framework that is not one. */
  engineOf: (framework: string) => EngineOf | undefined;
  /** Every engine's knob with its label, to say whose a stray placeholder is. */
  engines: readonly EngineOf[];
}): { instances: T[]; findings: EngineFinding[] } {
  const { processes, devices, engineOf } = options;
  const owners = Object.fromEntries(options.engines.map((e) => [e.knob.placeholder, e.label]));
  const findings: EngineFinding[] = [];
  const instances = options.instances.map((instance): T => {
    const command = processes.find((p) => p.name === instance.process)?.command;
    const engine = engineOf(instance.framework);
    const device = devices.find((d) => d.index === instance.device);
    const values: Record<string, string> = device ? { budget_bytes: String(instance.budgetBytes) } : {};
    let planned: T = instance;
    if (engine && device && instance.device !== null) {
      const neighbours = startNeighbours({
        instance,
        instances: options.instances,
        processes,
        totalBytes: device.totalBytes,
      });
      const knobAt = (outsideBytes: number | undefined) =>
        knobValue(engine.knob, {
          budgetBytes: instance.budgetBytes,
          totalBytes: device.totalBytes,
          freeAtStartBytes: neighbours.freeAtStartBytes,
          outsideBytes,
        });
      // `{free_gpu_memory_fraction:4GiB}`: the command says what the engine holds outside its fraction.
      const written = placeholdersIn(command).filter(
        (p) => splitPlaceholder(p).name === engine.knob.placeholder,
      );
      const outside = outsideOf({ name: instance.name, label: engine.label, knob: engine.knob, written });
      findings.push(...outside.findings);
      const value = knobAt(outside.bytes);
      const flag = engine.knob.spelling.flags[0] as string;
      values[engine.knob.placeholder] = knobAt(undefined).text;
      for (const [inner, bytes] of outside.byPlaceholder) values[inner] = knobAt(bytes).text;
      const checked = {
        name: instance.name,
        label: engine.label,
        device: instance.device,
        budgetBytes: instance.budgetBytes,
        command,
        knob: engine.knob,
        value,
        outsideBytes: outside.bytes,
      };
      findings.push(...checkEngineFlag(checked), ...checkEngineStart(checked, neighbours));
      planned = {
        ...instance,
        capBy: 'flag',
        env: { ...instance.env, [engine.knob.variable]: value.text },
        capNote: `${engine.label}'s ${flag} ${value.text} of ${formatBytes(value.baseBytes)} (${baseNote[engine.knob.base]}) grants ${formatBytes(value.grantedBytes)}; filled into {${engine.knob.placeholder}} in its command`,
        engineFlag: {
          flag,
          placeholder: `{${engine.knob.placeholder}}`,
          value: value.text,
          base: engine.knob.base,
          baseBytes: value.baseBytes,
          grantedBytes: value.grantedBytes,
          startsAfter: neighbours.before.map((i) => i.name),
        },
      } as T;
    }
    // A placeholder whose argument was already reported is not reported again as unfilled.
    const reported = new Set(
      findings.map((f) =>
        f.code === 'placeholder-argument' && f.process === instance.name ? f.facts?.placeholder : undefined,
      ),
    );
    findings.push(
      ...checkPlaceholders({
        name: instance.name,
        framework: instance.framework,
        command,
        values,
        owners,
      }).filter((f) => !reported.has(f.facts?.placeholder)),
    );
    const isUsed = placeholdersIn(command).length > 0;
    return engine || isUsed ? { ...planned, placeholders: values } : planned;
  });
  return { instances, findings };
}

/** The sizes a command writes in an engine's placeholder (`{free_gpu_memory_fraction:4GiB}`), read and checked. */
function outsideOf(options: { name: string; label: string; knob: EngineKnob; written: readonly string[] }): {
  bytes: number | undefined;
  byPlaceholder: [string, number][];
  findings: EngineFinding[];
} {
  const { name, label, knob } = options;
  const byPlaceholder: [string, number][] = [];
  const findings: EngineFinding[] = [];
  for (const inner of options.written) {
    const { argument } = splitPlaceholder(inner);
    if (argument === undefined) continue;
    const reading = readSize(argument);
    const problem =
      knob.outside === null
        ? `${label}'s flag covers all it holds but its context: write {${knob.placeholder}}`
        : reading.ok
          ? undefined
          : `${reading.message} (the ${knob.outside} it holds outside its flag)`;
    if (problem !== undefined || !reading.ok) {
      findings.push({
        code: 'placeholder-argument',
        severity: 'error',
        process: name,
        message: `${name}: {${inner}}: ${problem}`,
        facts: { placeholder: `{${inner}}` },
      });
      continue;
    }
    byPlaceholder.push([inner, reading.bytes]);
  }
  return { bytes: byPlaceholder[0]?.[1], byPlaceholder, findings };
}

const baseNote: Record<KnobBase, string> = {
  total: "the card's total",
  'free-at-start': 'free when it starts',
  'free-after-load': 'free when it starts, before its weights',
};
