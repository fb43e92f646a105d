// The plan's checks: each a small pure rule that looks at the plan and returns findings.

import { checkEnvValue } from '../frameworks/env-checks.js';
import { frameworkProfiles, profileOf } from '../frameworks/index.js';
import type { ProfileCheck } from '../frameworks/types.js';
import { describeDecimalSize, formatBytes, formatGiB } from '../units.js';
import { cardsSoldAs, cudaBelowSmi, describeCardTotal, findCardModel } from './cards.js';
import type { Finding, PlannedDevice, PlannedProcess, SizeNote, Spec } from './types.js';

export interface CheckContext {
  spec: Spec;
  devices: PlannedDevice[];
  processes: PlannedProcess[];
  inheritedEnv: Record<string, string | undefined>;
}

export type Rule = (context: CheckContext) => Finding[];

/** Below this a GPU budget holds little more than cuBLAS/cuDNN workspaces. */
export const smallBudgetBytes = 256 * 1024 ** 2;

// A card no larger than the reserve leaves nothing to plan; said once, instead of as an overcommit.
const reserveCoversDevice: Rule = ({ spec, devices }) =>
  devices
    .filter((d) => d.totalBytes <= spec.reserveBytes)
    .map((d) => ({
      code: 'reserve-covers-device',
      severity: 'error',
      device: d.index,
      message: `GPU ${d.index} has ${formatBytes(d.totalBytes)} in all, no more than the ${formatBytes(spec.reserveBytes)} kept free on every GPU (reserve): nothing on it can be planned; lower reserve: or use a larger card`,
      facts: { totalBytes: d.totalBytes, reserveBytes: spec.reserveBytes },
    }));

const overcommit: Rule = ({ spec, devices }) =>
  devices
    .filter((d) => d.plannedBytes > d.usableBytes && d.totalBytes > spec.reserveBytes)
    .map((d) => {
      const excessBytes = d.plannedBytes - d.usableBytes;
      return {
        code: 'overcommit',
        severity: 'error',
        device: d.index,
        message: `GPU ${d.index} is overcommitted by ${formatBytes(excessBytes)} (${excessBytes} bytes): budgets and contexts need ${formatBytes(d.plannedBytes)}, ${formatBytes(d.usableBytes)} is usable after the reserve; lower a budget or move a process to another GPU`,
        facts: { excessBytes, plannedBytes: d.plannedBytes, usableBytes: d.usableBytes },
      };
    });

const budgetSize: Rule = ({ processes }) =>
  processes
    .filter((p) => p.device !== null && p.budgetBytes < smallBudgetBytes)
    .map((p) =>
      p.budgetBytes <= 0
        ? {
            code: 'budget-empty',
            severity: 'error',
            process: p.name,
            device: p.device ?? undefined,
            message: `${p.name} gets nothing: the other budgets, contexts and reserve leave no memory on GPU ${p.device}; give it a fixed budget or shrink the others`,
          }
        : {
            code: 'budget-too-small',
            severity: 'warning',
            process: p.name,
            device: p.device ?? undefined,
            message: `${p.name} gets only ${formatBytes(p.budgetBytes)}, too little to be useful (cuBLAS/cuDNN workspaces alone take ~100 MiB); raise its budget`,
            facts: { budgetBytes: p.budgetBytes },
          },
    );

const enforceOf = (spec: Spec, p: PlannedProcess) =>
  spec.processes.find((s) => s.name === p.process)?.enforce;

// Only where nothing can hold the budget in-process: a framework that cannot cap itself ("other"), or
// one asked to be capped where its profile found no way (torch or TensorFlow without the bootstrap).
const noHardCap: Rule = ({ processes, spec }) =>
  processes
    .filter(
      (p) =>
        p.device !== null &&
        p.capBy === 'watch' &&
        (!profileOf(p.framework).canCap || enforceOf(spec, p) === 'cap'),
    )
    .map((p) => ({
      code: 'no-enforceable-cap',
      severity: 'warning',
      process: p.name,
      device: p.device ?? undefined,
      message: profileOf(p.framework).noCapAdvice(p),
    }));

const inheritedEnv: Rule = ({ processes, inheritedEnv: env }) => {
  const relevant = new Set(processes.flatMap((p) => profileOf(p.framework).envVariables));
  const findings: Finding[] = [];
  for (const variable of relevant) {
    const value = env[variable];
    const problem = value === undefined ? undefined : checkEnvValue(variable, value);
    if (problem) {
      findings.push({
        code: 'env-malformed',
        severity: 'warning',
        message: `your environment has ${variable}=${value}: ${problem.problem}; headroom sets its own value for the processes it starts, but ${problem.fix} for anything else`,
        facts: { variable, value: value ?? null },
      });
    }
  }
  return findings;
};

const configEnv: Rule = ({ processes, spec }) =>
  processes.flatMap((p) => {
    const written = spec.processes.find((s) => s.name === p.process)?.env ?? {};
    const findings: Finding[] = [];
    for (const [variable, value] of Object.entries(written)) {
      const problem = checkEnvValue(variable, value);
      if (problem) {
        findings.push({
          code: 'env-malformed',
          severity: 'error',
          process: p.name,
          message: `${p.name}: env ${variable}=${value}: ${problem.problem}; ${problem.fix}`,
          facts: { variable, value },
        });
      } else if (p.env[variable] !== undefined && !agrees(variable, value, p.env[variable])) {
        findings.push({
          code: 'env-conflicts-plan',
          severity: 'error',
          process: p.name,
          message: `${p.name}: env ${variable}=${value} disagrees with the plan's ${variable}=${p.env[variable]}; remove it from env: and set the budget with gpu_memory: instead`,
          facts: { variable, value, planned: p.env[variable] ?? null },
        });
      }
    }
    return findings;
  });

// Fractions compare as numbers.
function agrees(variable: string, written: string, planned: string): boolean {
  // The plan merges its own entries into allocator configs and PYTHONPATH.
  if (
    variable === 'PYTORCH_CUDA_ALLOC_CONF' ||
    variable === 'PYTORCH_ALLOC_CONF' ||
    variable === 'PYTHONPATH'
  )
    return true;
  if (variable.endsWith('MEM_FRACTION') || variable === 'HEADROOM_GPU_FRACTION')
    return Number(written) === Number(planned);
  return written === planned;
}

// Decimal units are accepted, and said back, the same for a config key and a flag: "24GB" is 22.35 GiB,
// while a card called "24 GB" reports 24564-24576 MiB to nvidia-smi (src/plan/cards.ts), so a GPU
// declared in GB is almost always a unit slip, and so is a budget or limit written 8G for 8 GiB.
const isCardSize = (field: string): boolean => /^gpus\[\d+\]\.memory$|^--gpu$|^HEADROOM_GPU$/.test(field);

function decimalCardMessage(note: SizeNote): string {
  const gb = Number.parseFloat(note.text);
  const recorded = cardsSoldAs(gb).filter((m) => m.source !== 'marketed');
  const listed = recorded.map(
    (m) => `${m.id} ${formatBytes(m.totalBytes)}${m.source === 'cuda' ? ' (CUDA)' : ''}`,
  );
  const smiOnly = recorded.some((m) => m.source === 'nvidia-smi');
  const cardsReport =
    recorded.length > 0
      ? `cards called ${gb} GB report ${listed.join(', ')}${smiOnly ? ` (nvidia-smi's total; ${cudaBelowSmi})` : ''}`
      : `a card called ${gb} GB reports about ${gb} GiB to nvidia-smi or less, and ${cudaBelowSmi}`;
  const models = cardsSoldAs(gb).map((m) => m.id);
  const write =
    models.length > 0 ? `name the card (${models.join(', ')}) or write ${gb}GiB` : `write ${gb}GiB`;
  return `${note.field}: ${note.text} is read as ${formatBytes(note.bytes)} (decimal, 1 GB = 10^9 B); ${cardsReport}: ${write}`;
}

const decimalSizes: Rule = ({ spec }) => {
  const notes = spec.sizeNotes ?? [];
  const findings: Finding[] = notes.map((n) => {
    if (isCardSize(n.field) && /^\d+(\.\d+)?\s*G(B)?$/i.test(n.text))
      return {
        code: 'gpu-size-decimal',
        severity: 'warning',
        message: decimalCardMessage(n),
        facts: { field: n.field, bytes: n.bytes },
      };
    return {
      code: 'size-decimal',
      severity: 'warning',
      message: describeDecimalSize(n.field, n.text, n.bytes),
      facts: { field: n.field, bytes: n.bytes },
    };
  });
  if (notes.length > 0) {
    findings.push({
      code: 'decimal-size',
      severity: 'info',
      message: `sizes in decimal units, as read: ${notes.map((n) => `${n.field} ${n.text} = ${formatGiB(n.bytes)} GiB`).join('; ')}`,
    });
  }
  return findings;
};

// A card named by model: its total is a recording (or the size it is sold as), and the plan says which.
const cardModelTotals: Rule = ({ devices }) =>
  devices.flatMap((d): Finding[] => {
    const model = d.model === undefined ? undefined : findCardModel(d.model);
    if (!model) return [];
    return [
      {
        code: 'gpu-model-total',
        severity: 'info',
        device: d.index,
        message: `GPU ${d.index} (${model.id}): ${formatBytes(model.totalBytes)} (${model.totalBytes} B), ${describeCardTotal(model)}`,
        facts: { model: model.id, totalBytes: model.totalBytes, source: model.source },
      },
    ];
  });

// The checks each framework's profile owns, as plan rules.
const ownedBy =
  (phase: 'config' | 'plan' | 'inherited'): Rule =>
  ({ processes, spec, inheritedEnv: inherited }) =>
    frameworkProfiles
      .flatMap((profile): readonly ProfileCheck[] => profile.checks[phase])
      .flatMap((check) => check({ processes, specProcesses: spec.processes, inheritedEnv: inherited }));

/** Every rule, in the order their findings are listed. */
export const rules: Rule[] = [
  decimalSizes,
  cardModelTotals,
  reserveCoversDevice,
  overcommit,
  budgetSize,
  configEnv,
  ownedBy('config'),
  ownedBy('plan'),
  noHardCap,
  inheritedEnv,
  ownedBy('inherited'),
];

/** Runs every rule; findings come out errors first, then warnings, then info. */
export function checkPlan(context: CheckContext): Finding[] {
  const order = { error: 0, warning: 1, info: 2 } as const;
  return rules.flatMap((rule) => rule(context)).sort((a, b) => order[a.severity] - order[b.severity]);
}
