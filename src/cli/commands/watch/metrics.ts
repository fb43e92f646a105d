// /metrics for `watch`: each reading becomes the gauges' values (no record, so no counters move).
import type { ListenAddress } from '../../../metrics/listen-address.js';
import { labelsOfInstance, type Observation } from '../../../metrics/observation.js';
import { createMetrics } from '../../../metrics/registry.js';
import { serveMetrics } from '../../../metrics/serve-metrics.js';
import type { WatchReading } from '../../../probe/readings/watch-sample.js';
import { listenError } from '../../shared/observers.js';

/** The metrics of one `watch` reading: GPU processes (or host trees) and cards. */
export function observeReading({ sample }: WatchReading): Observation {
  const uuidOf = (index: number | null): string | null =>
    sample.devices.find((d) => d.index === index)?.uuid ?? null;
  return {
    processes: sample.processes.map((p) => ({
      ...labelsOfInstance(p.name),
      pid: p.pid,
      gpu: p.device,
      gpuUuid: uuidOf(p.device),
      gpuBytes: p.usedBytes,
      gpuBudgetBytes: p.budgetBytes,
      rssBytes: null,
      pssBytes: null,
      swapBytes: null,
      hostBytes: p.hostBytes,
      hostLimitBytes: null,
    })),
    cards: sample.devices.map((d) => ({
      gpu: d.index,
      uuid: d.uuid,
      name: d.name,
      usedBytes: d.usedBytes,
      totalBytes: d.totalBytes,
    })),
  };
}

/** Serves /metrics on `address`; `observe` takes each reading. */
export async function startWatchMetrics(address: ListenAddress) {
  const metrics = createMetrics();
  const server = await serveMetrics(metrics, address).catch((error: unknown) => {
    throw listenError('metrics', address, error);
  });
  return {
    url: server.url,
    observe: (reading: WatchReading) => metrics.observe(observeReading(reading)),
    close: server.close,
  };
}
