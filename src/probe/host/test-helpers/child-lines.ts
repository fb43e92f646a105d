// Lines a child process prints, awaited by pattern: tests wait for output, never for a fixed time.
import type { ChildProcess } from 'node:child_process';

/** The lines a child prints, awaited by pattern (with a timeout, never a fixed sleep). */
export class Lines {
  readonly seen: string[] = [];
  private waiters: (() => void)[] = [];

  constructor(child: ChildProcess) {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      this.seen.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** The first line matching `pattern`, waiting up to 10 s for it. */
  async next(pattern: RegExp): Promise<RegExpExecArray> {
    let match: RegExpExecArray | undefined;
    await this.until(() => {
      match = this.seen.map((line) => pattern.exec(line)).find((m) => m !== null) ?? undefined;
      return match !== undefined;
    });
    return match as RegExpExecArray;
  }

  /** Waits up to 10 s for `isDone()` to hold, checking as lines come. */
  async until(isDone: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!isDone()) {
      if (Date.now() > deadline) throw new Error(`timed out; saw ${this.seen.join(' | ')}`);
      await this.quiet(100);
    }
  }

  /** Drops the lines equal to `line`, so the next wait for it waits for a new one. */
  forget(line: string): void {
    const kept = this.seen.filter((seen) => seen !== line);
    this.seen.splice(0, this.seen.length, ...kept);
  }

  /** Waits for the next output or `ms`, whichever comes first. */
  quiet(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
