// A message a rule found on a line that does not end it (a rule with `continuationLines`: users'
// terminals wrap these): the next lines are appended, up to the rule's count, until one starts a
// record of its own or the message ends. A cut that looks like a hard wrap's (unwrap.ts) joins
// without a space; any other with one.
import { launcherPrefixOf } from './paste.js';
import type { LogRule } from './types.js';
import { isHardCut } from './unwrap.js';

const newRecord =
  /^\s*(?:Traceback|File "|During handling|The above exception|\d{4}-\d\d-\d\d|[IWEF]\d{4} |\[|[\w.]+(?:Error|Exception|Warning)\b)/;
const messageEnd = /[).`'"]\s*$/;

/** Whether a rule's hit on `text` waits for the next lines. */
export function isMessageOpen(rule: LogRule, text: string): boolean {
  return (
    rule.continuationLines !== undefined &&
    rule.continuationLines > 0 &&
    (!messageEnd.test(text) || rule.continuesWith !== undefined)
  );
}

/** A message collecting its next lines. */
export class PendingMessage {
  text: string;
  private remaining: number;

  constructor(
    readonly rule: LogRule,
    /** The hit line alone, before continuation lines were appended. */
    readonly firstText: string,
    readonly line: number,
    readonly before: string[],
    /** The last piece of the message as it came (before normalizing), to judge a cut after it. */
    private lastPiece: string,
  ) {
    this.text = firstText;
    this.remaining = rule.continuationLines ?? 0;
  }

  /**
   * Appends the next line (`text`, normalized; `firstPiece`, its first piece as it came) when it
   * continues the message; true while the message may go on, false when it is complete.
   */
  take(line: string, firstPiece: string, widthChars: number): boolean {
    // The launcher's prefix the message's own line carries, on the next line too, is the launcher's.
    const text = line.slice(sameLauncherPrefixLength(this.firstText, line));
    if (this.remaining <= 0 || text.trim() === '') return false;
    // A message that ended goes on only with the rule's own continuation ("Tried to allocate ...").
    const continues = this.rule.continuesWith?.test(text) === true;
    if (messageEnd.test(this.text) && !continues) return false;
    if (newRecord.test(text) && !continues) return false;
    const separator = isHardCut(this.lastPiece, firstPiece, widthChars) ? '' : ' ';
    this.text = `${this.text}${separator}${text.trim()}`;
    this.lastPiece = firstPiece;
    this.remaining -= 1;
    return this.remaining > 0 && (!messageEnd.test(this.text) || this.rule.continuesWith !== undefined);
  }
}

// How long the launcher's prefix is that `next` shares with `first` ("[rank3]: " on both), or 0.
function sameLauncherPrefixLength(first: string, next: string): number {
  const prefix = launcherPrefixOf(next);
  if (prefix === undefined) return 0;
  return first.trimStart().startsWith(next.slice(0, prefix.length).trimStart()) ? prefix.length : 0;
}
