// Splits raw output into whole lines without looking at every byte: only the last newline of
// each chunk is searched, and the whole-line part is handed on as bytes (decoded by whoever needs
// text; doctor's classifier reads the bytes themselves).

const newline = 0x0a;

/** Holds the unterminated tail between chunks; yields whole lines only. */
export class LineBuffer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** A line longer than this is cut, so a process that never prints `\n` cannot grow memory. */
  constructor(private readonly maxLineBytes = 1024 * 1024) {}

  /**
   * Whole lines completed by `chunk`, as bytes ending in `\n`; empty when none. The result may be a
   * view of `chunk`: use it before `chunk` is reused. `chunk` may be reused after.
   */
  push(chunk: Buffer): Buffer {
    const last = chunk.lastIndexOf(newline);
    if (last < 0) {
      this.keep(chunk);
      return this.pendingBytes > this.maxLineBytes ? this.flush() : empty;
    }
    // Without a pending line the lines are a view of `chunk`, not a copy; cutting after a newline
    // never splits a UTF-8 character.
    const lines =
      this.pendingBytes === 0
        ? chunk.subarray(0, last + 1)
        : Buffer.concat([...this.pending, chunk.subarray(0, last + 1)]);
    this.pending = [];
    this.pendingBytes = 0;
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
    return lines;
  }

  /** The unterminated rest as a line (a `\n` added), or empty when there is none. */
  flush(): Buffer {
    if (this.pendingBytes === 0) return empty;
    const lines = Buffer.concat([...this.pending, Buffer.from('\n')]);
    this.pending = [];
    this.pendingBytes = 0;
    return lines;
  }

  private keep(part: Buffer): void {
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }
}

const empty = Buffer.alloc(0);
