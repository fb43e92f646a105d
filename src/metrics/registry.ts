// The Prometheus metrics headroom exposes (prom-client), named by Prometheus conventions: a
// `headroom_` prefix, base units (`_bytes`), `_total` for counters
// (https://prometheus.io/docs/practices/naming/). Per-process gauges carry process, replica, pid,
// gpu and gpu_uuid; counters only process and replica, so a restart (new pid) keeps counting.
import { Counter, Gauge, Registry } from 'prom-client';
import type { CardReading, Observation, ProcessLabels, ProcessReading } from './observation.js';

const processLabelNames = ['process', 'replica', 'pid', 'gpu', 'gpu_uuid'] as const;
const counterLabelNames = ['process', 'replica'] as const;
const cardLabelNames = ['gpu', 'gpu_uuid', 'name'] as const;

type ProcessGauge = Gauge<(typeof processLabelNames)[number]>;

// Gauge name → help, and the reading it shows.
const processGauges: [string, string, (r: ProcessReading) => number | null][] = [
  ['headroom_process_gpu_memory_bytes', 'GPU memory held by the process tree', (r) => r.gpuBytes],
  ['headroom_process_gpu_budget_bytes', "the process's planned GPU budget", (r) => r.gpuBudgetBytes],
  [
    'headroom_process_host_memory_bytes',
    'host memory of the process tree: sum of PSS plus swap (what the host limit is held against)',
    (r) => r.hostBytes,
  ],
  ['headroom_process_host_rss_bytes', 'resident set size summed over the process tree', (r) => r.rssBytes],
  [
    'headroom_process_host_pss_bytes',
    'proportional set size summed over the process tree',
    (r) => r.pssBytes,
  ],
  ['headroom_process_host_swap_bytes', 'swap used by the process tree', (r) => r.swapBytes],
  ['headroom_process_host_limit_bytes', "the process's host memory limit", (r) => r.hostLimitBytes],
];

/** The registry and what updates it. */
export interface HeadroomMetrics {
  registry: Registry;
  /** Replaces every gauge with this moment's readings. */
  observe(observation: Observation): void;
  /** Makes a process's counters exist at 0, so `increase()` sees its first restart. */
  declareProcess(labels: ProcessLabels): void;
  countRestart(labels: ProcessLabels): void;
  countOomKill(labels: ProcessLabels): void;
  countGpuOom(labels: ProcessLabels): void;
  /** Counts a memory failure by what it ran into (own-cap, card-full, host-limit, unknown: src/verdict/cause.ts). */
  countFailureCause(labels: ProcessLabels, cause: string): void;
  /** The text exposition format, for a scrape. */
  render(): Promise<string>;
}

const text = (value: number | string | null): string => (value === null ? '' : String(value));

/** A fresh registry with headroom's metrics (none of prom-client's default process metrics). */
export function createMetrics(): HeadroomMetrics {
  const registry = new Registry();
  const gauges = processGauges.map(
    ([name, help, read]) =>
      [new Gauge({ name, help, labelNames: processLabelNames, registers: [registry] }), read] as const,
  );
  // A multi-rank job's ranks (torchrun's workers) each get a series: which rank holds the memory.
  const rankHost = new Gauge({
    name: 'headroom_rank_host_memory_bytes',
    help: 'host memory of one rank of a multi-rank job (RANK in its environment): sum of PSS of its processes',
    labelNames: ['process', 'replica', 'rank', 'local_rank', 'pid'] as const,
    registers: [registry],
  });
  const restarts = new Counter({
    name: 'headroom_process_restarts_total',
    help: 'times headroom restarted the process',
    labelNames: counterLabelNames,
    registers: [registry],
  });
  const oomKills = new Counter({
    name: 'headroom_process_oom_kills_total',
    help: "times the kernel's OOM killer ended the process (host memory: its cgroup or the machine)",
    labelNames: counterLabelNames,
    registers: [registry],
  });
  const gpuOoms = new Counter({
    name: 'headroom_process_gpu_ooms_total',
    help: 'times the process ended with its framework out of GPU memory',
    labelNames: counterLabelNames,
    registers: [registry],
  });
  const failureCauses = new Counter({
    name: 'headroom_process_memory_failures_total',
    help: 'memory failures of the process by what they ran into: own-cap, card-full, host-limit or unknown',
    labelNames: [...counterLabelNames, 'cause'],
    registers: [registry],
  });
  const cardUsed = new Gauge({
    name: 'headroom_gpu_memory_used_bytes',
    help: 'GPU memory in use on the card, by every process',
    labelNames: cardLabelNames,
    registers: [registry],
  });
  const cardTotal = new Gauge({
    name: 'headroom_gpu_memory_total_bytes',
    help: 'GPU memory of the card',
    labelNames: cardLabelNames,
    registers: [registry],
  });
  const counterLabels = ({ process, replica }: ProcessLabels) => ({ process, replica });
  const setProcess = (gauge: ProcessGauge, reading: ProcessReading, value: number | null): void => {
    if (value === null) return;
    const { process, replica, pid, gpu, gpuUuid } = reading;
    gauge.set({ process, replica, pid: text(pid), gpu: text(gpu), gpu_uuid: text(gpuUuid) }, value);
  };
  const setCard = (card: CardReading): void => {
    const labels = { gpu: String(card.gpu), gpu_uuid: text(card.uuid), name: card.name };
    cardTotal.set(labels, card.totalBytes);
    if (card.usedBytes !== null) cardUsed.set(labels, card.usedBytes);
  };
  return {
    registry,
    observe(observation) {
      for (const [gauge, read] of gauges) {
        gauge.reset(); // a process that ended, or restarted with a new pid, leaves no stale series
        for (const reading of observation.processes) setProcess(gauge, reading, read(reading));
      }
      rankHost.reset();
      for (const reading of observation.processes) {
        for (const r of reading.ranks ?? []) {
          const labels = { process: reading.process, replica: reading.replica, rank: String(r.rank) };
          rankHost.set({ ...labels, local_rank: text(r.localRank), pid: String(r.pid) }, r.hostBytes);
        }
      }
      cardUsed.reset();
      cardTotal.reset();
      for (const card of observation.cards) setCard(card);
    },
    declareProcess(labels) {
      restarts.inc(counterLabels(labels), 0);
      oomKills.inc(counterLabels(labels), 0);
      gpuOoms.inc(counterLabels(labels), 0);
    },
    countRestart: (labels) => restarts.inc(counterLabels(labels)),
    countOomKill: (labels) => oomKills.inc(counterLabels(labels)),
    countGpuOom: (labels) => gpuOoms.inc(counterLabels(labels)),
    countFailureCause: (labels, cause) => failureCauses.inc({ ...counterLabels(labels), cause }),
    render: () => registry.metrics(),
  };
}
