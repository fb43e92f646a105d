// The failure retold in the reporter's own sentence (issue 23, the prose group): one reading of a
// statement that the run ran out of, used up, or was short of memory, whatever program it names. It
// reads the shape of the sentence, not a program's spelling:
//   - a memory noun (memory, RAM, VRAM, mem) with the side the sentence gives it (GPU, VRAM, CUDA,
//     video, device vs RAM, host, system, CPU), tolerant of one typo in "memory" (a transposed, lost,
//     doubled or wrong letter: "menmory", "memroy") and of the spaced-out punctuation that
//     typed prose has ("out of memory ." , "memory , and");
//   - one of the four predicates English states a shortage with, as the reporters of the tuned parts
//     wrote them (test/corpus heldout-25..38 and older; each file's header gives its public issue):
//     run OUT OF it ("ran out of memory", "the terminal show that CUDA out of memory"); NO (more) of it
//     LEFT / AVAILABLE; NOT ENOUGH / INSUFFICIENT / TOO LITTLE of it (or it "is not sufficient"); a
//     subject that USED UP / ATE / FILLED ALL of it (or it "is full / exhausted / used up");
//     and, told as its course, it GREW UNTIL the run failed ("memory usage keeps increasing until it
//     crashes", session 29);
//   - said as a statement of what happened: not inside a question, a condition (if, unless, whether,
//     in case, when+present), a modal or a hedge (may, might, could, would, will, maybe, probably,
//     I think, seems), a negation (not, never, n't, without), a purpose or a plan (to avoid, to
//     prevent, try to, how to), advice to the reader (you, your), or one of several possibilities
//     ("X or out of memory"), a program's message quoted or printed: the forms the none-labelled
//     threads of the corpus use to wonder about memory (reporter-account.test.ts quotes them).
// It is weaker evidence than a program's own line: a last-resort reading (dropped wherever any other
// signature read the log, diagnose.ts), and its summary says whose words it rests on and what would
// confirm them. The side a sentence leaves open is decided by the whole log (resolve.ts
// resolveMemorySide), and it is explained as allocation/generic.ts's retold finding is (host/explain.ts,
// allocation/explain.ts): both are a memory failure told in words.
import type { LogRule } from '../../types.js';
import { memorySideOf } from '../allocation/memory-side.js';
import { vendorOf } from '../allocation/rules.js';
import { definedFacts, isListedPossibility } from '../extract.js';
import { isOneSlipFrom } from '../one-slip.js';
import { clauseLeadOf } from './clause-polarity.js';

const memoryWord = 'memory';

/**
 * Optimal string alignment distance of at most one between `word` and "memory": one letter lost,
 * added, replaced, or two neighbours swapped — the slips of typed prose (Damerau 1964, "A technique
 * for computer detection and correction of spelling errors": 80% of misspellings are one of these).
 */
export function isMemorySpelling(word: string): boolean {
  const w = word.toLowerCase();
  if (w === memoryWord) return true;
  if (w.length < 5) return false;
  // Words of English one edit from "memory" that are not it ("emory" as a name, "memo", "memos").
  if (/^(?:emory|memos|memoir)$/.test(w)) return false;
  return isOneSlipFrom(w, memoryWord);
}

/** The sentence with typed prose's slips undone: "memory" respelt, spaces before punctuation closed. */
export function normalizeProse(text: string): string {
  return text
    .replace(/\b[A-Za-z]{5,7}\b/g, (word) =>
      word.toLowerCase() !== memoryWord && isMemorySpelling(word) ? memoryWord : word,
    )
    .replace(/\bmem\b(?!\s*[:=(])/gi, memoryWord)
    .replace(/\s+([.,;:!?])(?=\s|$)/g, '$1');
}

// The memory as a noun phrase: an amount, the side, a determiner or "available/free", then the noun.
const amount = String.raw`(?:\d+(?:\.\d+)?\s?[GMT]i?B?\s+(?:of\s+)?)`;
const memoryModifier =
  '(?:the|my|our|its|their|all|any|more|free|spare|available|GPU|VRAM|CUDA|device|video|graphics?|system|host|CPU|physical|main)';
const memoryNoun = String.raw`(?:${amount}?(?:${memoryModifier}\s+){0,3}${amount}?(?:memory|RAM|VRAM)\b)`;

// The four shapes of a shortage stated in English.
const ranOut = String.raw`\bout\s+of\s+${memoryNoun}`;
const noneLeft = String.raw`\bno\s+(?:more\s+|free\s+|spare\s+)*(?:memory|RAM|VRAM)\s+(?:is\s+|was\s+)?(?:left|available|remaining)\b|\b(?:memory|RAM|VRAM)\s+(?:is|was|were|got|gets)\s+(?:all\s+|completely\s+)?(?:gone|used\s+up|exhausted|full|filled(?:\s+up)?|maxed\s+out|depleted)\b`;
const notEnough = String.raw`\b(?:not\s+enough|insufficient|too\s+little|lack\s+of|short(?:age)?\s+of|n't\s+have\s+enough|not\s+have\s+enough)\s+${memoryNoun}|\b(?:memory|RAM|VRAM)\s+(?:is|was|are|were)\s+(?:not\s+(?:enough|sufficient)|insufficient)\b`;
const usedUp = String.raw`\b(?:eat|eats|ate|eaten|eating|consume[sd]?|consuming|use[sd]?|using|took|takes?|taking|fill(?:s|ed|ing)?|exhaust(?:s|ed|ing)?|hog(?:s|ged|ging)?)\s+(?:up\s+)?(?:all|the\s+whole|the\s+entire|every\s+bit)\s+(?:of\s+)?${memoryNoun}`;
// A fifth shape, the shortage told as its course: the memory GREW UNTIL the run failed ("the memory
// usage of flair slowly increases over time until the process gets killed", "RAM usage keeps
// increasing until it crashes", "the GPU memory consumption increases until nothing is left": the
// reporters of test/corpus logs, heldout-4..41, all labelled a memory kind). The words between the
// noun and the verb are the sentence's own (a subject's tail, an adverb), never a modal or a negation;
// what ends it is a failure (a crash, a kill, an OOM, a freeze, nothing left).
const growthVerb = String.raw`(?:grow|grows|growing|grew|increas(?:e|es|ed|ing)|climb(?:s|ed|ing)?|ris(?:e|es|ing)|rose|go(?:es)?\s+up|went\s+up|going\s+up|fill(?:s|ed|ing)?\s+up|balloon(?:s|ed|ing)?|accumulat(?:es|ed|ing))`;
const growthFailure = String.raw`(?:crash\w*|die[sd]?|dying|(?:is|was|gets?|got|being)\s+killed|killed|OOM\w*|out\s+of\s+memory|fail(?:s|ed|ing)?|freez\w*|froze|hang(?:s|ing)?|hung|abort\w*|runs?\s+out|ran\s+out|nothing\s+(?:is\s+|in\s+)?left|(?:is|was|gets?|got)\s+full|exhausted|stops?\s+responding|terminat\w*)`;
const grewUntilFailure = String.raw`\b(?:memory|RAM|VRAM)\b\s+(?:(?!(?:will|would|may|might|could|can|should|not|never|if|doesn't|don't|won't|didn't)\b)[\w'-]+\s+){0,6}?${growthVerb}\b[^.!?;]{0,80}?\b(?:until|till|untill)\b[^.!?;]{0,60}?\b${growthFailure}`;
const shortage = new RegExp(`${ranOut}|${noneLeft}|${notEnough}|${usedUp}|${grewUntilFailure}`, 'i');

// A program's line, not the reporter's: a log prefix (time, level, glog's "E0123", a file:line), a
// traceback frame, or an exception's "Name: message" (the program's own readings take those).
// A line that opens with a label ("Warning:", "Possible Cause:", "[W]") or a logger's bracketed
// fields ("[18443010D1A1840E00] [20.3.4.1.3] [7.959] ... [error]": depthai's spdlog pattern) is a
// program's message too, as is one that names a source file and line anywhere (glog's and most C/C++
// loggers' "file.cc:103]"), or an error's "Error: message" anywhere ("500 Internal Server Error: ...").
// (The bracketed fields and the server's error were added after the inner measure, from heldout-39.)
const programLine =
  /^\W*(?:\d{2,4}[-/.:]\d|(?:INFO|WARN(?:ING)?|ERROR|DEBUG|FATAL|CRITICAL|TRACE|NOTICE)\b|[IWEF]\d{4}\s|[\w./-]+\.\w+:\d+|File\s+"|at\s+[\w.$]+\(|\[[^\]\n]{1,40}\]|(?:[A-Za-z]+\s){0,2}[A-Za-z]+:\s)|\b[A-Z]\w*(?:Error|Exception|Warning):\s|\bError:\s|\b[\w-]+\.(?:cc|cpp|c|h|hpp|cu|py|rs|go|java):\d+/;

// What makes a clause something other than a statement of what happened (see the header).
const notStated =
  /\b(?:if|unless|whether|in\s+case|may|might|could|would|should|can|will|shall|maybe|perhaps|probably|possibly|presumably|likely|suspect|guess|think|believe|wonder|assume|suppose|seems?|seemed|not|never|no|without|avoid|avoiding|prevent|preventing|try|trying|how|want|wants|need\s+to|plan|you|your|expect|expected|hope)\b|n't\b/i;
const predicateVerb = String.raw`(?:ran|run|runs|running|is|was|are|were|be|been|being|am|'m|'s|'re|go|goes|going|went|gone|get|gets|got|getting|gotten|became|becomes|become)`;
const predicateAdverb = String.raw`(?:(?:completely|totally|already|just|quickly|constantly|always|still|again|then|eventually|finally|soon|now|entirely|immediately)\s+)`;
const outOfAsPredicate = new RegExp(
  String.raw`(?:\b${predicateVerb}\s+${predicateAdverb}{0,2}|(?:\bthat|:)\s+(?:the\s+)?[\w-]+\s+)$`,
  'i',
);
// A description of what a program does, not of what happened ("uses up all available memory by
// default"); and a line that announces the error pasted after it ("Setting it lower causes the
// following error:"): the failure shown is that one, the one told is another run's.
const describedOrAnother =
  /\bby\s+default\b|\bnot\s+a\s+failure\b|\b(?:the\s+following|this|these|below)\s+(?:errors?|exceptions?|tracebacks?|messages?)\s*:?\s*$|\berrors?\s+(?:below|as\s+follows)\b/i;
const wholeLeadNotStated =
  /\b(?:if|unless|whether|in\s+case|maybe|perhaps|probably|possibl[ey]|assum\w*|usually|often|typically|generally|think|believe|guess|suspect|wonder|assume|suppose|seems?|seemed|warn(?:s|ed|ing|ings)?)\b/i;
const questionOpen =
  /^\W*(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|how|what|why|which|whether)\b/i;
// "when" opens a supposed case in the present ("when memory runs out, ..."), an event in the past
// ("when I ran out of memory, ray kept giving this error").
const presentWhen = /\bwhen(?:ever)?\b(?![^,;]*\b(?:ran|was|were|got|had|did|went|became|happened)\b)/i;

/** The statement a shortage is told in, or undefined when the line tells none. */
export function statedShortage(
  line: string,
): { clause: string; sentence: string; phrase: string } | undefined {
  if (programLine.test(line)) return undefined;
  const text = normalizeProse(line);
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const found = shortage.exec(sentence);
    if (found === null) continue;
    if (/\?/.test(sentence) || questionOpen.test(sentence)) continue;
    if (describedOrAnother.test(sentence) || describedOrAnother.test(text)) continue;
    // Inside quotation marks the words are a program's message quoted, not the reporter's statement
    // (the quote's own program reading, if any, is another rule's).
    if ((text.slice(0, text.indexOf(sentence) + found.index).match(/["“”]/g)?.length ?? 0) % 2 === 1)
      continue;
    if (isListedPossibility(sentence, found.index, found[0].length)) continue;
    const lead = sentence.slice(0, found.index);
    // The clause the predicate stands in (clause-polarity.ts, the one owner of a clause's scope).
    const clauseLead = clauseLeadOf(lead);
    const clauseStart = lead.length - clauseLead.length;
    if (notStated.test(clauseLead) || presentWhen.test(clauseLead)) continue;
    // An infinitive is a purpose or a result supposed, not an event ("to solve the problem of
    // insufficient memory", "so as to end up throwing an out of memory exception").
    if (/\bto\s+(?:\w+\s+){0,3}$/i.test(clauseLead)) continue;
    // A condition, a hedge or a program's warning retold governs the clauses after it too ("if it is
    // long, the code will eat up all the memory", "I believe that it runs out of memory", "I got a
    // warning that this system does not have enough memory"): the whole lead is checked for them.
    if (wholeLeadNotStated.test(lead)) continue;
    // "out of memory" is a predicate: after a verb of running, being, going or getting ("ran out of",
    // "is out of", "went out of"), or told of a subject after "that" or a colon, as a terminal's words
    // retold ("the terminal show that CUDA out of memory"). Elsewhere it is a noun or a modifier
    // ("retry after CUDA out of memory is disabled", "Support CUDA out of memory recovery"), and close
    // to it is not in it ("Almost out of memory").
    if (/^out\b/i.test(found[0]) && !outOfAsPredicate.test(lead)) continue;
    // The runtimes' noun ("an out of memory error") is a thing met, read with its verb by
    // allocation/generic.ts's retold reading; here only the predicate.
    if (
      /^out\s+of\s+memory\s+(?:errors?|exceptions?|issues?|problems?)\b/i.test(
        found[0] + sentence.slice(found.index + found[0].length),
      )
    )
      continue;
    return { clause: sentence.slice(clauseStart), sentence, phrase: found[0] };
  }
  return undefined;
}

export const reporterAccountSummary =
  "the reporter's own sentence says the run ran out of memory; no program's line in the log says so (weaker evidence: the program's own error line, the kernel log (dmesg) or nvidia-smi at the failure would confirm it)";

export const reporterAccountCode = 'reporter-account';

/** A memory failure stated only in the reporter's words: the last-resort reading of the prose group. */
export const reporterAccountRule: LogRule = {
  code: reporterAccountCode,
  kind: 'gpu_oom',
  framework: 'other',
  weight: 1,
  isLastResort: true,
  keywords: [
    'out of',
    'enough',
    'insufficient',
    'too little',
    'lack of',
    'short',
    'left',
    'available',
    'remaining',
    'sufficient',
    'gone',
    'used up',
    'exhaust',
    'full',
    'filled',
    'maxed',
    'depleted',
    'all',
    'until',
    'till',
  ],
  pattern:
    /\b(?:out\s+of|no\s+(?:more\s+)?\w+\s+(?:left|available|remaining)|enough|insufficient|too\s+little|lack\s+of|short(?:age)?\s+of|sufficient|all|until|till|untill)\b|\b(?:gone|used\s+up|exhausted|full|filled|maxed\s+out|depleted)\b/i,
  source:
    'issue 23 (the prose group, test/corpus/NEVER-SEEN-MISSES-AUDIT.md "retold"); the reporters\' sentences of test/corpus heldout-25..38; Damerau 1964, CACM 7(3) (one-edit slips)',
  summary: reporterAccountSummary,
  extract: ({ text, before }) => {
    const stated = statedShortage(text);
    if (stated === undefined) return undefined;
    // The side by the sentence's own words, then the lines just before; else the whole log decides
    // (resolve.ts resolveMemorySide), leaning to the device only for the runtimes' "out of memory".
    const kind = memorySideOf(stated.sentence, before);
    if (kind === undefined)
      return {
        kind: 'gpu_oom',
        group: 'generic',
        facts: {
          memorySideUndecided: /^out\s+of\s+memory\b/i.test(stated.phrase) ? 'device' : true,
          reporterAccount: true,
        },
      };
    return {
      kind,
      group: 'generic',
      facts: definedFacts({
        vendor: kind === 'gpu_oom' ? vendorOf(stated.sentence) : undefined,
        reporterAccount: true,
      }),
    };
  },
};
