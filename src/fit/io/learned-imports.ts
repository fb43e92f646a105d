// fit's learned imports: every trial of a fit runs the same command, so what one trial imported (the
// `lightning` a script imports inside a function, after its leading imports) the next ones will import
// too. Each trial's process records the modules it imports (the bootstrap's `fit-imports`, or the fork
// itself: python/headroom_boot/_headroom_boot/fit_gate.py record_imports); fit gathers them here, and
// hands them to the warm starts waiting at their gate and to the warm interpreter before it forks, so
// those imports are paid before the trial's value, once, instead of in every trial.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file a trial's process appends each module it imports to, one a line. */
export const importsLogVariable = 'HEADROOM_FIT_IMPORTS';
/** The file (JSON list) with the modules other trials imported, for the warm interpreter's client. */
export const learnedVariable = 'HEADROOM_FIT_LEARNED';

// A dotted module name; anything else in a log is not one (a torn line, a stray write).
const moduleName = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
/** At most this many modules are handed on (torch and Lightning together import about 2,000). */
export const maxLearned = 20_000;

/** What a fit has learned so far, and where each trial records its own imports. */
export interface LearnedImports {
  /** The modules in the order the trials first imported them. */
  names(): readonly string[];
  /** The JSON file of names(), for a fork's server; null until something was learned. */
  file(): string | null;
  /** Where trial `index` records its imports. */
  logFileOf(index: number): string;
  /** Reads (and removes) trial `index`'s record; returns whether it taught anything new. */
  learnFrom(index: number): boolean;
  /**
   * Reads trial `index`'s record so far, while it runs (its whole lines: the last may be half written),
   * and keeps it; returns whether it taught anything new.
   */
  peek(index: number): boolean;
  close(): void;
}

/** The learned imports of one fit, kept beside its trials in `runsDir`. */
export function createLearnedImports(runsDir: string): LearnedImports {
  const names: string[] = [];
  const known = new Set<string>();
  const learnedFile = join(runsDir, '.learned-imports.json');
  let hasFile = false;
  const logFileOf = (index: number): string => join(runsDir, `.imports-${String(index).padStart(2, '0')}`);
  const learn = (text: string): boolean => {
    const before = names.length;
    for (const name of text.split('\n')) {
      if (names.length >= maxLearned) break;
      if (!moduleName.test(name) || known.has(name)) continue;
      known.add(name);
      names.push(name);
    }
    if (names.length === before) return false;
    writeFileSync(learnedFile, JSON.stringify(names));
    hasFile = true;
    return true;
  };
  return {
    names: () => names,
    file: () => (hasFile ? learnedFile : null),
    logFileOf,
    learnFrom(index) {
      let text = '';
      try {
        text = readFileSync(logFileOf(index), 'utf8');
      } catch {
        return false;
      }
      rmSync(logFileOf(index), { force: true });
      return learn(text);
    },
    peek(index) {
      let text = '';
      try {
        text = readFileSync(logFileOf(index), 'utf8');
      } catch {
        return false;
      }
      return learn(text.slice(0, text.lastIndexOf('\n') + 1));
    },
    close() {
      rmSync(learnedFile, { force: true });
      // The records of trials that never ran (warm starts the search did not need).
      for (const entry of readdirSync(runsDir))
        if (entry.startsWith('.imports-')) rmSync(join(runsDir, entry), { force: true });
    },
  };
}
