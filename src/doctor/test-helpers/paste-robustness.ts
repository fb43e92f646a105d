// Whether doctor's verdict on a log survives the ways users paste it (issue 23, test-helpers/paste-forms.ts):
// for each log whose kind doctor reads right, each paste form's rewrite must keep the kind, and the cause
// where the header judges one and doctor had it right. Pure; scripts/paste-robustness.ts prints it over the
// tuned corpus, paste-forms.test.ts pins a seeded sample.
import { diagnoseText } from '../diagnose-text.js';
import type { Diagnosis } from '../types.js';
import { isProgramOutput, type PasteForm, pasteForms, seededRandom } from './paste-forms.js';
import { isJudgedCause } from './score.js';
import type { LabelledCase } from './test-corpus.js';

/** How one form fared: logs tried, kinds kept, causes tried and kept, and each flip. */
export interface FormStability {
  form: string;
  logs: number;
  kindsKept: number;
  causes: number;
  causesKept: number;
  /** "part/file: kind/cause -> kind/cause" for each log whose kind or judged cause changed. */
  flips: string[];
}

const verdictOf = (d: Diagnosis | undefined): string => `${d?.kind ?? 'none'}/${d?.cause ?? '-'}`;

/** Each form's stability over the logs doctor reads right; `seed` fixes the forms' random choices. */
export function pasteStability(
  cases: readonly LabelledCase[],
  options: { forms?: readonly PasteForm[]; seed?: number } = {},
): FormStability[] {
  const forms = options.forms ?? pasteForms;
  const results = forms.map(
    (f): FormStability => ({ form: f.name, logs: 0, kindsKept: 0, causes: 0, causesKept: 0, flips: [] }),
  );
  for (const [index, item] of cases.entries()) {
    const original = diagnoseText(item.body)[0];
    const kind = original?.kind ?? 'none';
    if (kind !== item.expectedKind) continue;
    const isCauseJudged = isJudgedCause(item.cause) && original?.cause === item.cause;
    for (const [at, form] of forms.entries()) {
      if (form.isProgramMark && !isProgramOutput(item.paste)) continue;
      const random = seededRandom((options.seed ?? 1) * 7919 + index * 131 + at);
      const text = form.apply({ text: item.body, evidenceLine: original?.evidence.line, random });
      const after = diagnoseText(text)[0];
      const result = results[at]!;
      result.logs += 1;
      const isKindKept = (after?.kind ?? 'none') === kind;
      if (isKindKept) result.kindsKept += 1;
      if (isCauseJudged) {
        result.causes += 1;
        if (after?.cause === item.cause) result.causesKept += 1;
      }
      if (!isKindKept || (isCauseJudged && after?.cause !== item.cause))
        result.flips.push(`${item.part}/${item.file}: ${verdictOf(original)} -> ${verdictOf(after)}`);
    }
  }
  return results;
}
