// Plan checks for inference engines: the command sets the engine's memory flag to what the plan computed,
// and the plan says what the engine's share rests on (its base, who starts before it).
import { formatBytes } from '../units.js';
import { commandWords, flagValues, placeholdersIn } from './engine-command.js';
import type { EngineKnob, KnobValue } from './engine-knob.js';
import type { HoldingInstance, StartNeighbours } from './engine-start.js';
import type { ProfileFinding } from './types.js';

/** A finding, as plan, run and doctor share it (the profiles' own checks give the same). */
export type EngineFinding = ProfileFinding;

/** One planned engine instance, as the checks read it. */
export interface EngineInstance {
  name: string;
  /** For people: `vLLM`. */
  label: string;
  device: number;
  budgetBytes: number;
  command: string | readonly string[] | undefined;
  knob: EngineKnob;
  value: KnobValue;
  /** What the command says the engine holds outside its flag (`{free_gpu_memory_fraction:4GiB}`). */
  outsideBytes?: number | undefined;
}

const baseWords: Record<EngineKnob['base'], string> = {
  total: "the card's total memory",
  'free-at-start': 'the memory free when it starts',
  'free-after-load': 'the memory free after its weights and buffers',
};

const names = (instances: readonly HoldingInstance[]) => instances.map((i) => i.name).join(', ');
const heldBy = (instances: readonly HoldingInstance[]) =>
  instances.reduce((sum, i) => sum + i.budgetBytes + i.overheadBytes, 0);

function written(knob: EngineKnob, value: string): boolean {
  return (
    value.includes(`{${knob.placeholder}}`) ||
    value.includes(`{${knob.placeholder}:`) ||
    value.includes(`$${knob.variable}`) ||
    value.includes(`\${${knob.variable}}`)
  );
}

/** The command's own value for the engine's flag against the plan's: missing, contradicting, or fine. */
export function checkEngineFlag(engine: EngineInstance): EngineFinding[] {
  const { knob, value, name, label } = engine;
  const flag = knob.spelling.flags[0] as string;
  const base = { process: name, device: engine.device };
  if (value.problem !== undefined) {
    return [
      {
        ...base,
        code: 'engine-knob-infeasible',
        severity: 'error',
        message: `${name}: ${label}'s ${flag} cannot give it ${formatBytes(engine.budgetBytes)}: ${value.problem} (${formatBytes(value.baseBytes)}, ${baseWords[knob.base]}); lower its gpu_memory or start it before the others`,
        facts: { flag, baseBytes: value.baseBytes, budgetBytes: engine.budgetBytes },
      },
    ];
  }
  const given = engine.command === undefined ? [] : flagValues(commandWords(engine.command), knob.spelling);
  const last = given.at(-1);
  const facts = { flag, planned: value.text, placeholder: `{${knob.placeholder}}` };
  const fix = `write ${flag} {${knob.placeholder}} in its command: the plan fills in ${value.text}`;
  if (last === undefined) {
    const defaultBytes = Math.floor(knob.assumedDefault * value.baseBytes);
    const isOver = defaultBytes > engine.budgetBytes;
    const takes =
      knob.defaultFraction === null
        ? `derives its own (about ${knob.assumedDefault})`
        : `takes its default ${knob.defaultFraction}`;
    return [
      {
        ...base,
        code: 'engine-flag-missing',
        severity: isOver ? 'error' : 'warning',
        message: `${name}: ${label} runs without ${flag}, so it ${takes} of ${baseWords[knob.base]}, about ${formatBytes(defaultBytes)} against a budget of ${formatBytes(engine.budgetBytes)}; ${fix}`,
        facts: { ...facts, defaultBytes },
        fixes: [fix],
      },
    ];
  }
  if (written(knob, last)) return [];
  const number = Number(last);
  if (last.trim() === '' || !Number.isFinite(number)) {
    return [
      {
        ...base,
        code: 'engine-flag-unchecked',
        severity: 'warning',
        message: `${name}: ${flag} ${last} is not a number headroom can check against the plan's ${value.text}; ${fix}`,
        facts: { ...facts, written: last },
        fixes: [fix],
      },
    ];
  }
  if (number === value.fraction) return [];
  const isOver = number > value.fraction;
  const differenceBytes = Math.abs(Math.floor((number - value.fraction) * value.baseBytes));
  return [
    {
      ...base,
      code: 'engine-flag-contradicts-plan',
      severity: isOver ? 'error' : 'warning',
      message: `${name}: ${flag} ${last} in its command contradicts the plan's ${value.text} (of ${baseWords[knob.base]}): ${label} would take about ${formatBytes(differenceBytes)} ${isOver ? 'more than its budget' : 'less than its budget'}; ${fix}`,
      facts: { ...facts, written: last },
      fixes: [fix],
    },
  ];
}

/** For an engine sized from free memory: what the plan counted as held when it starts, and what it could not. */
export function checkEngineStart(engine: EngineInstance, neighbours: StartNeighbours): EngineFinding[] {
  const { knob, value, name, label } = engine;
  if (knob.base === 'total') return [];
  const flag = knob.spelling.flags[0] as string;
  const base = { process: name, device: engine.device };
  const findings: EngineFinding[] = [];
  const counted =
    neighbours.before.length > 0
      ? `the plan counts ${names(neighbours.before)} (${formatBytes(neighbours.heldBeforeBytes)}) as held by then, since it starts after them (depends_on)`
      : `nothing on GPU ${engine.device} is planned to start before it`;
  findings.push({
    ...base,
    code: 'engine-start-order',
    severity: 'info',
    message: `${name}: ${label}'s ${flag} ${value.text} is a fraction of ${baseWords[knob.base]}, planned as ${formatBytes(value.baseBytes)}: ${counted}`,
    facts: {
      flag,
      planned: value.text,
      baseBytes: value.baseBytes,
      heldBeforeBytes: neighbours.heldBeforeBytes,
    },
  });
  if (neighbours.unordered.length > 0) {
    findings.push({
      ...base,
      code: 'engine-start-unordered',
      severity: 'warning',
      message: `${name}: ${names(neighbours.unordered)} start in no order with it on GPU ${engine.device}; the plan counts them as holding nothing when it starts, so ${label} gets less than its budget by what they hold by then (up to ${formatBytes(heldBy(neighbours.unordered))}); order them with depends_on`,
      facts: { unorderedBytes: heldBy(neighbours.unordered) },
    });
  }
  for (const earlier of neighbours.before.filter((i) => !i.hasReadyWhen)) {
    const overBytes = Math.floor(value.fraction * (earlier.budgetBytes + earlier.overheadBytes));
    findings.push({
      ...base,
      code: 'engine-start-before-ready',
      severity: 'warning',
      message: `${name}: ${earlier.name} has no ready_when, so ${label} may start before ${earlier.name} holds its memory and then take up to ${formatBytes(overBytes)} more than its budget; give ${earlier.name} a ready_when that matches once it has allocated`,
      facts: { waitsFor: earlier.name, overBytes },
    });
  }
  if (knob.outside !== null && engine.outsideBytes === undefined) {
    findings.push({
      ...base,
      code: 'engine-outside-knob',
      severity: 'info',
      message: `${name}: ${label}'s ${knob.outside} are outside ${flag}, and the plan counts them as nothing, so ${
        knob.base === 'free-after-load'
          ? `it may take up to ${(1 - value.fraction).toFixed(4)} × their size more than its ${formatBytes(engine.budgetBytes)} budget`
          : `they come on top of its ${formatBytes(engine.budgetBytes)} budget`
      }; write their size in the placeholder ({${knob.placeholder}:4GiB}) and the plan leaves it out of the fraction`,
      fixes: [`{${knob.placeholder}:SIZE} with the size of its ${knob.outside}`],
    });
  }
  return findings;
}

/** Placeholders a command writes that this process is not planned a value for. */
export function checkPlaceholders(options: {
  name: string;
  framework: string;
  command: string | readonly string[] | undefined;
  values: Readonly<Record<string, string>>;
  /** Which engine each knob placeholder belongs to, for the message. */
  owners: Readonly<Record<string, string>>;
}): EngineFinding[] {
  return placeholdersIn(options.command)
    .filter((placeholder) => options.values[placeholder] === undefined)
    .map((placeholder) => ({
      code: 'placeholder-unfilled',
      severity: 'error' as const,
      process: options.name,
      message: `${options.name}: {${placeholder}} in its command ${
        options.owners[placeholder] === undefined
          ? 'has no value: the process has no GPU budget'
          : `is ${options.owners[placeholder]}'s flag value; a ${options.framework} process is not planned one`
      }; it would reach the program as written`,
      facts: { placeholder: `{${placeholder}}` },
    }));
}
