// Splits raw output into whole lines without looking at every byte: only the last newline of
// each chunk is searched, and the whole-line part becomes one string.

const newline = 0x0a;

/** Holds the unterminated tail between chunks; yields whole lines only. */
export class LineBuffer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** A line longer than this is cut, so a process that never prints `\n` cannot grow memory. */
  constructor(private readonly maxLineBytes = 1024 * 1024) {}

  /** Whole lines completed by `chunk`, as text ending in `\n`; '' when none. `chunk` may be reused after. */
  push(chunk: Buffer): string {
    const last = chunk.lastIndexOf(newline);
    if (last < 0) {
      this.keep(chunk);
      return this.pendingBytes > this.maxLineBytes ? this.flush() : '';
    }
    let text: string;
    if (this.pendingBytes === 0) {
      text = chunk.toString('utf8', 0, last + 1);
    } else {
      // Only the line that was pending is copied; the rest decodes in place. Cutting after a
      // newline never splits a UTF-8 character.
      const first = chunk.indexOf(newline);
      const head = Buffer.concat([...this.pending, chunk.subarray(0, first + 1)]).toString('utf8');
      text = first === last ? head : head + chunk.toString('utf8', first + 1, last + 1);
    }
    this.pending = [];
    this.pendingBytes = 0;
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
    return text;
  }

  /** The unterminated rest as a line (a `\n` added), or '' when there is none. */
  flush(): string {
    if (this.pendingBytes === 0) return '';
    const text = `${Buffer.concat(this.pending).toString('utf8')}\n`;
    this.pending = [];
    this.pendingBytes = 0;
    return text;
  }

  private keep(part: Buffer): void {
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }
}
