// Splits a byte stream into lines with bounded memory: a line longer than `maxLineChars` is cut
// there (the rest of it skipped), so a 1 GB file without a newline cannot exhaust memory.
import { StringDecoder } from 'node:string_decoder';

/** Default longest line kept, in characters; longer lines are truncated (64 KiB). */
export const defaultMaxLineChars = 64 * 1024;

/** Feeds `onLine` one line at a time (no newline, no trailing `\r`) from chunks of bytes. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private isSkipping = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineChars = defaultMaxLineChars,
  ) {}

  /** Adds a chunk; complete lines are emitted at once. */
  write(chunk: Buffer): void {
    this.feed(this.decoder.write(chunk));
  }

  /** Flushes the last line when the input did not end with a newline. */
  end(): void {
    this.feed(this.decoder.end());
    if (this.rest !== '' && !this.isSkipping) this.emit(this.rest);
    this.rest = '';
  }

  private feed(text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      const piece = this.rest === '' ? text.slice(start, newline) : this.rest + text.slice(start, newline);
      this.rest = '';
      if (this.isSkipping) this.isSkipping = false;
      else this.emit(piece);
      start = newline + 1;
    }
    if (this.isSkipping || start === text.length) return;
    this.rest += text.slice(start);
    if (this.rest.length > this.maxLineChars) {
      this.emit(this.rest);
      this.rest = '';
      this.isSkipping = true;
    }
  }

  private emit(line: string): void {
    const cut = line.length > this.maxLineChars ? line.slice(0, this.maxLineChars) : line;
    this.onLine(cut.endsWith('\r') ? cut.slice(0, -1) : cut);
  }
}
