// Start order: a process starts once each dependency has started and, when it has
// `readyWhen`, printed a matching line. A dependency that ends unready fails its dependents.
import type { LaunchSpec } from '../launch/types.js';

/** A problem with the dependency graph (unknown name, cycle), or undefined. */
export function checkStartOrder(specs: readonly LaunchSpec[]): string | undefined {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  for (const spec of specs) {
    const unknown = spec.dependsOn.find((name) => !byName.has(name));
    if (unknown !== undefined) return `${spec.name} depends on ${unknown}, which is not being run`;
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): string | undefined => {
    if (state.get(name) === 'done') return undefined;
    if (state.get(name) === 'visiting') return `dependency cycle: ${[...path, name].join(' → ')}`;
    state.set(name, 'visiting');
    for (const dependency of byName.get(name)?.dependsOn ?? []) {
      const problem = visit(dependency, [...path, name]);
      if (problem) return problem;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const spec of specs) {
    const problem = visit(spec.name, []);
    if (problem) return problem;
  }
  return undefined;
}

export type Readiness = { isReady: true } | { isReady: false; because: string };

export type GateOutcome =
  | { kind: 'go' }
  | { kind: 'stopped' }
  | { kind: 'dependency-ended'; because: string };

/** Who is ready; dependents wait on it. */
export class ReadinessBoard {
  private readonly entries = new Map<
    string,
    { promise: Promise<Readiness>; resolve: (r: Readiness) => void }
  >();

  private entry(name: string) {
    let entry = this.entries.get(name);
    if (!entry) {
      let resolve!: (readiness: Readiness) => void;
      const promise = new Promise<Readiness>((r) => {
        resolve = r;
      });
      entry = { promise, resolve };
      this.entries.set(name, entry);
    }
    return entry;
  }

  /** The process has started and, if it has `readyWhen`, printed a matching line. */
  markReady(name: string): void {
    this.entry(name).resolve({ isReady: true });
  }

  /** The process is done for good; dependents still waiting learn it never became ready. */
  markEnded(name: string, because: string): void {
    this.entry(name).resolve({ isReady: false, because });
  }

  /** Waits for every dependency in turn; stops waiting when `signal` aborts. */
  async waitFor(names: readonly string[], signal: AbortSignal): Promise<GateOutcome> {
    const stopped = new Promise<'stopped'>((resolve) => {
      if (signal.aborted) resolve('stopped');
      signal.addEventListener('abort', () => resolve('stopped'), { once: true });
    });
    for (const name of names) {
      const outcome = await Promise.race([this.entry(name).promise, stopped]);
      if (outcome === 'stopped') return { kind: 'stopped' };
      if (!outcome.isReady) return { kind: 'dependency-ended', because: `${name} ${outcome.because}` };
    }
    return signal.aborted ? { kind: 'stopped' } : { kind: 'go' };
  }
}
