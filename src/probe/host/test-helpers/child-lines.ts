// Lines a child process prints, awaited by pattern: tests wait for output, never for a fixed time.
import type { ChildProcess } from 'node:child_process';

// The wait is on the child's output; the clock only ends a hang. A 2-core CI running eight test files
// at once (load 34) starts a node child in seconds and stepped a workload past 15 s (init.test, FLAKES.md).
const hangGuardMs = 120_000;

/** The lines a child prints, awaited by pattern (with a hang guard, never a fixed sleep). */
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

  /** The first line matching `pattern`, however long a loaded machine takes (a hang guard only). */
  async next(pattern: RegExp): Promise<RegExpExecArray> {
    let match: RegExpExecArray | undefined;
    await this.until(() => {
      match = this.seen.map((line) => pattern.exec(line)).find((m) => m !== null) ?? undefined;
      return match !== undefined;
    });
    return match as RegExpExecArray;
  }

  /** Waits for `isDone()` to hold, checking as lines come; `hangGuardMs` only stops a hang. */
  async until(isDone: () => boolean): Promise<void> {
    const deadline = Date.now() + hangGuardMs;
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
