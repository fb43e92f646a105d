// The last lines the classifier read, for the context before a hit and the earlier pieces of a
// wrapped line: a circular buffer of a fixed size, and how many of its last lines were read quietly.

/** The last `size` lines, oldest first on demand. */
export class LineRing {
  private readonly lines: string[] = [];
  // The oldest slot once full.
  private next = 0;
  /** How many of the last lines were read quietly (nothing but the ring changed): a wrapped line may take them. */
  quietLines = 0;

  constructor(readonly size: number) {}

  /** Adds a line, dropping the oldest when full. */
  push(line: string): void {
    this.lines[this.next] = line;
    this.next = (this.next + 1) % this.size;
  }

  /** The lines, oldest first. */
  toArray(): string[] {
    return [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
  }
}
