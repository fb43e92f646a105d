// Who sent a kill, as a reporter names it beside the word "killed": one vocabulary for every kill
// reading of exits.ts (issue 23 item 4, one kill grammar: who killed decides the cause). CORPUS-FORMAT
// settled rule 2: the kernel's OOM killer is the one killer that prints nothing to its victim, so a
// kill that names no sender, or the system as its sender, is host memory; a kill that names another
// sender (a person, a timer or a scheduler's limit, a supervisor's check, another signal, a crash) is
// that sender's, not a memory kill. Programs that name their own kill in their own words (Slurm's
// CANCELLED ... DUE TO TIME LIMIT, coreutils timeout, docker stop) are log/evidence.ts namedKiller's.

/** The system as the sender: the kernel's OOM killer by the names users give it (linux mm/oom_kill.c). */
export const memorySender = String.raw`(?:OS|operating\s+system|system|kernel|linux|OOM(?:[ -]?killer)?|oom-?killer)\b`;

// A person: the user's own act (a key, a command, a closed session).
const personSender = String.raw`me\b|myself|the user|users?\b|hand|ctrl|keyboard`;
// A timer or a scheduler's limit, a preemption or a cancellation.
const timerSender = 'a timeout|timeout|time ?limit|the scheduler for time|slurm for time';
// A supervisor's check: a watchdog, NCCL's (ProcessGroupNCCL's watchdog aborts a hung collective).
const supervisorSender = 'the watchdog|watchdog|nccl';
// Another signal or a crash.
const crashSender = 'signal|SIG[A-Z]+|segmentation|seg ?fault|bus error|abort';

/** Right after "killed by/with/from/via/due to/because of": a sender other than the system. */
export const otherSenderAfterKilled = String.raw`(?!\s+(?:by|with|from|via|due to|because of)\s+(?:${personSender}|${timerSender}|${supervisorSender}|${crashSender}))`;

/**
 * Anywhere in the clause after the kill: another cause told (a time limit, a preemption, the user's
 * own act, a signal other than SIGKILL, a crash, a health check, a cancellation).
 */
export const otherCauseInClause =
  /\b(?:time ?limit|wall ?time|timeout|timed out|deadline|preempt\w*|ssh|closed the \w+|logged out|log out|ctrl[- ]?c|keyboard ?interrupt|SIG(?:TERM|INT|SEGV|ABRT|HUP|QUIT)|segfault|segmentation fault|core dumped|liveness|readiness|health ?check|watchdog|cancel\w*|manually|by hand)\b|\b(?:because|since|as|when)\s+(?:I|we|you|someone|the user)\b/i;

// The sender may be written as code, in backticks or quotes (CommonMark 0.31 §6.1 code spans): Ray's
// own "The actor is dead because it was killed by `ray.kill`." (ray 2.58.0 src/ray/gcs/gcs_actor_manager.cc,
// the string in its gcs_server binary) names the API call that killed the actor, a deliberate act; a
// user's "killed by `kill -9`" or "by 'scancel'" alike. The quote does not change who is named.
const openingQuote = String.raw`[\`'"“‘]?`;
const systemSenderFirst = new RegExp(String.raw`^\s*by\s+(?:the\s+)?${openingQuote}${memorySender}`, 'i');
const anySenderFirst = new RegExp(String.raw`^\s*by\s+(?:the\s+)?${openingQuote}[\w-]+`, 'i');

/**
 * Whether the words after "killed" name a sender other than the system ("by the scheduler after 24
 * hours", "by Kubernetes due to a failed liveness probe"), unless they name memory beside it ("by
 * Kubernetes for exceeding its memory limit").
 */
export function namesOtherSender(rest: string): boolean {
  return anySenderFirst.test(rest) && !systemSenderFirst.test(rest) && !/\b(?:memory|OOM|RAM)\b/i.test(rest);
}
