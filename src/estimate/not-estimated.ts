// The parts of the memory that grow with a knob but that the spec does not describe, so the
// estimate leaves them out: a total without them is a lower bound, and a largest value that "fits"
// without them is an upper bound. Listed in every report; `--solve` refuses while one of them grows
// with the var it solves for (issue #21, seed 003: only the trajectory tensor listed, B = 561 "fits").
import { isConvNetwork } from './cnn.js';
import { exprVars } from './expr.js';
import { countModel } from './gpu-states.js';
import { gpusVar } from './to-spec.js';
import type { EstimateSpec } from './types.js';

/** A part left out of the estimate although it grows with `growsWith`. */
export interface NotEstimatedPart {
  /** The part, as the breakdown would name it: `activations`, `logits and loss`, `dataloader batches`. */
  part: string;
  resource: 'gpu' | 'host';
  /** The knobs it grows with: `batch_size` and the vars its expression uses. */
  growsWith: string[];
  /** What to add to the spec to have it estimated. */
  add: string;
  /** The note that says so in `notes`, for the parts `notes` named before this list existed. */
  note?: string;
}

/** The note for training without a shape (kept word for word: `notes` carried it before). */
export const activationsNote =
  'activations not estimated: give model.transformer (layers, hidden, heads, seq_len) or model.config, or list them under tensors:';
const logitsNote =
  'model.transformer.vocab is not given: the LM head, its logits and the loss are not counted';

/** The knobs the batch grows with: batch_size itself and every var its expression names. */
export function batchKnobs(spec: EstimateSpec): string[] {
  return ['batch_size', ...exprVars(spec.training.batchSize.expr).filter((name) => name !== gpusVar)];
}

/** Every part that grows with a knob and is not described. */
export function notEstimatedParts(spec: EstimateSpec): NotEstimatedPart[] {
  const counts = countModel(spec);
  const shape = spec.model.transformer;
  const covered = new Set(spec.tensors.flatMap((tensor) => (tensor.covers ? [tensor.covers] : [])));
  const growsWith = batchKnobs(spec);
  const onDevice = spec.device === 'cpu' ? 'host' : 'gpu';
  const parts: NotEstimatedPart[] = [];
  // A layer stack (model.cnn) or a detector (model.detector, model.yolo) gives its own activations.
  const isDescribed =
    shape !== undefined ||
    isConvNetwork(spec.model) ||
    // A segmenter with its own encoder (SegFormer's MiT, the D8 models' ResNetV1c) is the whole model.
    spec.model.segmenter?.encoder !== undefined ||
    spec.model.unet !== undefined;
  if (!isDescribed && counts.isTraining && !covered.has('activations')) {
    parts.push({
      part: 'activations',
      resource: onDevice,
      growsWith,
      add: 'model.transformer (layers, hidden, heads, seq_len) or model.config; or a tensors: entry sized by the batch with covers: activations',
      note: activationsNote,
    });
  }
  if (shape?.lmHead && shape.vocab === 0 && !covered.has('logits')) {
    parts.push({
      part: 'logits and loss',
      resource: onDevice,
      growsWith,
      add: 'model.transformer.vocab (or model.config); or a tensors: entry with covers: logits',
      note: logitsNote,
    });
  }
  if (spec.host.sampleBytes === 0) {
    parts.push({
      part: 'dataloader batches',
      resource: 'host',
      growsWith,
      add: 'host.dataloader.sample_bytes (one sample as the Dataset returns it)',
    });
  }
  return parts;
}

/** The parts that make an answer for `name` under these budgets unknowable: they grow with it, on a budgeted resource. */
export function partsBlocking(
  parts: readonly NotEstimatedPart[],
  name: string,
  budget: { budgetBytes?: number; hostBudgetBytes?: number },
): NotEstimatedPart[] {
  return parts.filter(
    (part) =>
      part.growsWith.includes(name) &&
      (part.resource === 'gpu' ? budget.budgetBytes !== undefined : budget.hostBudgetBytes !== undefined),
  );
}
