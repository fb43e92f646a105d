// The live dashboard of a run: follows its record, keeps the report model up to date, and tells
// every open page what changed (a row per sample, a mark per event, the whole model on a new layout).
import { basename } from 'node:path';
import type { ConnectionLimits, ServerProblem } from '../metrics/guarded-server.js';
import type { ListenAddress } from '../metrics/listen-address.js';
import { isLoopback } from '../metrics/listen-address.js';
import { followRecord } from '../observe/follow-record.js';
import type { RecordPlan, RecordUpdate } from '../observe/record-types.js';
import { ReportModelBuilder } from '../report/build-model.js';
import { renderReportHtml } from '../report/html.js';
import { readPageAssets } from '../report/page-assets.js';
import { newAccessToken } from './access.js';
import { type DashboardServer, startDashboardServer } from './dashboard-server.js';

/** A running dashboard; `close` stops following and serving. */
export interface Dashboard extends DashboardServer {
  /** Reads the record once more now (before closing at the end of a run). */
  poll(): void;
}

/** Serves the live view of `runDir` on `address` (a token is made when it is not loopback). */
export async function startDashboard(options: {
  runDir: string;
  address: ListenAddress;
  limits?: Partial<ConnectionLimits>;
  onProblem?: ServerProblem;
}): Promise<Dashboard> {
  const { runDir, address, onProblem } = options;
  const token = isLoopback(address.host) ? null : newAccessToken();
  const withToken = (path: string): string =>
    token === null ? path : `${path}?token=${encodeURIComponent(token)}`;
  let builder: ReportModelBuilder | null = null;
  const clients = new Set<(data: string) => void>();
  const broadcast = (message: unknown): void => {
    const data = JSON.stringify(message);
    for (const send of clients) send(data);
  };
  const modelMessage = () => JSON.stringify({ type: 'model', model: builder?.model() ?? emptyModel() });
  const emptyModel = () => newBuilder(Date.now()).model();
  const newBuilder = (originMs: number): ReportModelBuilder => {
    const made = new ReportModelBuilder({ runDir, originMs, logHref: (log) => withToken(`/run/${log}`) });
    made.setRunId(basename(runDir));
    return made;
  };
  let pendingPlan: RecordPlan | null = null;
  const onUpdate = (update: RecordUpdate): void => {
    // Time 0 is the first moment the record shows: its first event (the follower reads events first).
    if (builder === null) {
      if (update.kind === 'plan') pendingPlan = update.plan;
      if (update.kind !== 'sample' && update.kind !== 'event') return;
      builder = newBuilder(update.kind === 'sample' ? update.sample.timeMs : update.event.timeMs);
      if (pendingPlan) builder.setPlan(pendingPlan);
    }
    if (update.kind === 'plan') builder.setPlan(update.plan);
    if (update.kind === 'summary') builder.setSummary(update.summary);
    if (update.kind === 'event') {
      broadcast({ type: 'mark', mark: builder.addEvent(update.event) });
      return;
    }
    const change =
      update.kind === 'sample' ? builder.addSample(update.sample) : ({ kind: 'layout' } as const);
    if (change.kind === 'row') broadcast({ type: 'row', row: change.row });
    else broadcast({ type: 'model', model: builder.model() });
  };
  const content = {
    runDir,
    renderPage: () =>
      renderReportHtml({
        model: builder?.model() ?? emptyModel(),
        assets: readPageAssets(),
        live: { eventsUrl: withToken('/events') },
      }),
    subscribe: (send: (data: string) => void) => {
      send(modelMessage());
      clients.add(send);
      return () => clients.delete(send);
    },
  };
  const server = await startDashboardServer({
    content,
    address,
    token,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(onProblem ? { onProblem } : {}),
  });
  const follower = followRecord({ runDir, onUpdate, ...(onProblem ? { onProblem } : {}) });
  return {
    ...server,
    poll: follower.poll,
    close: async () => {
      follower.stop();
      await server.close();
    },
  };
}
