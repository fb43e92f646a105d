// The pure entry point: a log (text or lines) in, diagnoses out. The run supervisor can call it
// on a process's output; the CLI feeds the same classifier from a stream.
import { type ClassifierOptions, LogClassifier } from './classify.js';
import { diagnoseClassified } from './diagnose.js';
import type { Diagnosis } from './types.js';

/** Diagnoses a whole log given as one string or as lines; the first diagnosis is the primary one. */
export function diagnoseText(input: string | Iterable<string>, options: ClassifierOptions = {}): Diagnosis[] {
  const classifier = new LogClassifier(options);
  const lines = typeof input === 'string' ? input.split(/\r?\n/) : input;
  for (const line of lines) classifier.push(line);
  return diagnoseClassified(classifier.finish());
}

/** True when a diagnosis reports a memory failure (anything but `none`). */
export function isMemoryFailure(diagnosis: Diagnosis): boolean {
  return diagnosis.kind !== 'none';
}
