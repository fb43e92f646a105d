// What the report page's scripts share through `window`: uPlot (inlined before them) and the charts.
import type uPlot from 'uplot';

declare global {
  interface Window {
    uPlot: typeof uPlot;
    // biome-ignore lint/suspicious/noExplicitAny: the charts module is plain JavaScript, checked on its own
    headroomCharts: any;
  }
}
