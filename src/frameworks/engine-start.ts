// What is free on a card when a process starts, as far as the plan knows it: the card less the process's
// own context and what the processes certain to have started before it hold (their budgets and contexts).
// An engine whose fraction is of free memory (SGLang, TensorRT-LLM) is sized from it, so start order matters.

/** A config process as far as start order goes. */
export interface OrderedProcess {
  name: string;
  dependsOn: readonly string[];
  readyWhen: string | undefined;
}

/** A planned instance as far as what it holds goes. */
export interface HoldingInstance {
  name: string;
  process: string;
  device: number | null;
  budgetBytes: number;
  overheadBytes: number;
}

/** The config processes that start before `process`: its depends_on, theirs, and so on. */
export function startsBefore(processes: readonly OrderedProcess[], process: string): Set<string> {
  const byName = new Map(processes.map((p) => [p.name, p]));
  const before = new Set<string>();
  const pending = [...(byName.get(process)?.dependsOn ?? [])];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (before.has(name) || name === process) continue;
    before.add(name);
    pending.push(...(byName.get(name)?.dependsOn ?? []));
  }
  return before;
}

/** How the others on an instance's card stand to it: started before it, after it, or in no order. */
export interface StartNeighbours {
  /** Each with whether its process says when it is ready (ready_when); without, it counts as ready once started. */
  before: (HoldingInstance & { hasReadyWhen: boolean })[];
  unordered: HoldingInstance[];
  /** Bytes the instances started before it hold by the plan: budgets and contexts. */
  heldBeforeBytes: number;
  /** The card less the instance's own context and what those started before it hold. */
  freeAtStartBytes: number;
}

/** Where `instance` stands among the instances on its card, and what is free when it starts. */
export function startNeighbours(options: {
  instance: HoldingInstance;
  instances: readonly HoldingInstance[];
  processes: readonly OrderedProcess[];
  totalBytes: number;
}): StartNeighbours {
  const { instance, instances, processes, totalBytes } = options;
  const before = startsBefore(processes, instance.process);
  const others = instances.filter((i) => i.device === instance.device && i.name !== instance.name);
  const readyWhen = new Map(processes.map((p) => [p.name, p.readyWhen !== undefined]));
  const earlier = others
    .filter((i) => before.has(i.process))
    .map((i) => ({ ...i, hasReadyWhen: readyWhen.get(i.process) ?? false }));
  // Replicas of one process start together; a process that depends on this one starts after it.
  const unordered = others.filter(
    (i) => !before.has(i.process) && !startsBefore(processes, i.process).has(instance.process),
  );
  const heldBeforeBytes = earlier.reduce((sum, i) => sum + i.budgetBytes + i.overheadBytes, 0);
  return {
    before: earlier,
    unordered,
    heldBeforeBytes,
    freeAtStartBytes: Math.max(0, totalBytes - instance.overheadBytes - heldBeforeBytes),
  };
}
