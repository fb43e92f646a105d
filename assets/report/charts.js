// @ts-check
// The report's charts, drawn with uPlot (inlined before this script): per-process host and GPU
// memory against its limit and budget, per-card stacked GPU memory, and the run's events as
// vertical lines. Values arrive in bytes and are drawn in GiB. Exposes window.headroomCharts.
(() => {
  const GiB = 1024 ** 3;
  const palette = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
  /** @type {Record<string, string>} */
  const markColors = {
    start: '#7f8c8d',
    ready: '#27ae60',
    restart: '#e67e22',
    'oom-kill': '#c0392b',
    'gpu-oom': '#c0392b',
    'budget-exceeded': '#d35400',
    'headroom-kill': '#8e44ad',
    exit: '#34495e',
    warning: '#b7950b',
    other: '#95a5a6',
  };
  // Marks that get a label over the plot; the others are a thin line (all are in the events table).
  const labelled = new Set(['restart', 'oom-kill', 'gpu-oom', 'budget-exceeded', 'headroom-kill']);
  // Steps for the time axis, in seconds: whole seconds, then minutes, then hours.
  const timeSteps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400];

  /** @param {number} seconds */
  function formatElapsed(seconds) {
    const total = Math.round(Math.abs(seconds));
    const sign = seconds < 0 && total > 0 ? '-' : '';
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, '0');
    return h > 0 ? `${sign}${h}:${String(m).padStart(2, '0')}:${s}` : `${sign}${m}:${s}`;
  }

  /** @param {number | null | undefined} bytes */
  function toGiB(bytes) {
    return bytes === null || bytes === undefined ? null : bytes / GiB;
  }

  /** @param {number | null | undefined} value */
  function formatGiB(value) {
    return value === null || value === undefined ? '–' : `${value.toFixed(2)} GiB`;
  }

  /** A dashed or solid horizontal limit as a series of one repeated value. */
  function constant(/** @type {number[]} */ times, /** @type {number | null} */ bytes) {
    return times.map(() => toGiB(bytes));
  }

  /** The uPlot plugin that draws the run's events as vertical lines, labelled where they matter. */
  function marksPlugin(/** @type {() => any[]} */ getMarks) {
    return {
      hooks: {
        draw: [
          (/** @type {any} */ u) => {
            const ctx = u.ctx;
            const { top, height } = u.bbox;
            const [xMin, xMax] = [u.scales.x.min, u.scales.x.max];
            ctx.save();
            ctx.font = `${Math.round(11 * devicePixelRatio)}px system-ui, sans-serif`;
            let labelRow = 0;
            for (const mark of getMarks()) {
              if (mark.timeSec < xMin || mark.timeSec > xMax) continue;
              const x = Math.round(u.valToPos(mark.timeSec, 'x', true));
              const isFailure = mark.mark === 'exit' && mark.reason && mark.reason !== 'exited';
              const color = isFailure ? markColors['oom-kill'] : markColors[mark.mark] || markColors.other;
              ctx.strokeStyle = color;
              ctx.lineWidth = (labelled.has(mark.mark) || isFailure ? 2 : 1) * devicePixelRatio;
              ctx.setLineDash(mark.mark === 'start' || mark.mark === 'ready' ? [4, 4] : []);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + height);
              ctx.stroke();
              if (labelled.has(mark.mark) || isFailure) {
                const text = `${mark.process ? `${mark.process}: ` : ''}${mark.label}`;
                const y = top + (12 + 14 * (labelRow++ % 3)) * devicePixelRatio;
                const width = ctx.measureText(text).width;
                const left =
                  x + 3 * devicePixelRatio + width > u.bbox.left + u.bbox.width ? x - width - 3 : x + 3;
                ctx.fillStyle = 'rgba(255,255,255,0.85)';
                ctx.fillRect(left - 1, y - 10 * devicePixelRatio, width + 2, 13 * devicePixelRatio);
                ctx.fillStyle = color;
                ctx.fillText(text, left, y);
              }
            }
            ctx.restore();
          },
        ],
      },
    };
  }

  /** Options every chart shares: elapsed time on x, GiB on y starting at 0, a title. */
  function baseOptions(
    /** @type {{title: string, width: number, height: number, xRange: () => [number, number], marks: () => any[]}} */ o,
  ) {
    return /** @type {any} */ ({
      title: o.title,
      width: o.width,
      height: o.height,
      plugins: [marksPlugin(o.marks)],
      scales: {
        x: { time: false, range: () => o.xRange() },
        y: {
          range: (/** @type {any} */ _u, /** @type {number} */ _min, /** @type {number} */ max) => [
            0,
            niceTop(max),
          ],
        },
      },
      axes: [
        {
          label: 'time since start (m:ss)',
          incrs: timeSteps,
          values: (/** @type {any} */ _u, /** @type {number[]} */ splits) => splits.map(formatElapsed),
        },
        {
          label: 'GiB',
          size: 60,
          values: (/** @type {any} */ _u, /** @type {number[]} */ splits) => splits.map((v) => trimNumber(v)),
        },
      ],
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
    });
  }

  /** @param {number} value */
  function trimNumber(value) {
    return Number(value.toPrecision(4)).toString();
  }

  /** @param {number} max */
  function niceTop(max) {
    if (!Number.isFinite(max) || max <= 0) return 1;
    const padded = max * 1.08;
    const step = 10 ** Math.floor(Math.log10(padded));
    return Math.ceil(padded / (step / 2)) * (step / 2);
  }

  // The x series of every chart; uPlot copies its series options, so one object serves them all.
  const timeSeries = {
    label: 'time',
    value: (/** @type {any} */ _u, /** @type {number} */ v) => (v === null ? '–' : formatElapsed(v)),
  };

  const series = (/** @type {string} */ label, /** @type {string} */ stroke, extra = {}) => ({
    label,
    stroke,
    width: 2,
    value: (/** @type {any} */ _u, /** @type {number | null} */ v) => formatGiB(v),
    spanGaps: false,
    ...extra,
  });

  /** Host memory of one process's tree: RSS, PSS, swap, and its host limit. */
  function hostChart(/** @type {any} */ ctx) {
    const { model, process, color } = ctx;
    const s = model.series[process.name];
    const data = [model.timesSec, s.rssBytes.map(toGiB), s.pssBytes.map(toGiB), s.swapBytes.map(toGiB)];
    const opts = baseOptions({ ...ctx, title: `${process.name}: host memory (whole tree)` });
    opts.series = [
      timeSeries,
      series('RSS', color),
      series('PSS', color, { dash: [6, 3], width: 1.5 }),
      series('swap', '#7f8c8d', { width: 1, points: { show: false } }),
    ];
    if (process.hostLimitBytes !== null) {
      data.push(constant(model.timesSec, process.hostLimitBytes));
      opts.series.push(
        series('host limit', '#c0392b', { dash: [10, 5], width: 1.5, points: { show: false } }),
      );
    }
    return { opts, data };
  }

  /** GPU memory of one process's tree, and its budget. */
  function gpuChart(/** @type {any} */ ctx) {
    const { model, process, color } = ctx;
    const s = model.series[process.name];
    const data = [model.timesSec, s.gpuBytes.map(toGiB)];
    const opts = baseOptions({
      ...ctx,
      title: `${process.name}: GPU memory${process.device === null ? '' : ` (GPU ${process.device})`}`,
    });
    opts.series = [timeSeries, series('GPU used', color, { fill: `${color}22` })];
    if (process.gpuBudgetBytes !== null) {
      data.push(constant(model.timesSec, process.gpuBudgetBytes));
      opts.series.push(
        series('GPU budget', '#c0392b', { dash: [10, 5], width: 1.5, points: { show: false } }),
      );
    }
    return { opts, data };
  }

  /** One card's memory, stacked: each process on it, then what others hold; capacity on top. */
  function cardChart(/** @type {any} */ ctx) {
    const { model, card, colorOf } = ctx;
    const names = model.processes
      .filter((/** @type {any} */ p) => p.device === card.index)
      .map((/** @type {any} */ p) => p.name);
    const layers = names.map((/** @type {string} */ name) => ({
      label: name,
      values: model.series[name].gpuBytes,
      color: colorOf(name),
    }));
    const others = model.cardOthers[String(card.index)];
    if (others?.some((/** @type {any} */ v) => v !== null))
      layers.push({ label: 'others on the card', values: others, color: '#95a5a6' });
    // Running sums, drawn from the top layer down so each fill covers only its own band.
    /** @type {(number | null)[][]} */
    const sums = [];
    layers.forEach((/** @type {any} */ layer, /** @type {number} */ i) => {
      sums.push(
        model.timesSec.map((/** @type {number} */ _t, /** @type {number} */ j) => {
          const below = i === 0 ? 0 : sums[i - 1][j];
          const value = layer.values[j];
          return value === null && below === 0 ? null : (below ?? 0) + (value ?? 0);
        }),
      );
    });
    const order = layers.map((/** @type {any} */ _l, /** @type {number} */ i) => i).reverse();
    const data = [model.timesSec, ...order.map((/** @type {number} */ i) => sums[i].map(toGiB))];
    const opts = baseOptions({
      ...ctx,
      title: `GPU ${card.index} (${card.name}${card.simulated ? ', simulated' : ''}): memory by process, stacked`,
    });
    opts.series = [
      timeSeries,
      ...order.map((/** @type {number} */ i) =>
        series(layers[i].label, layers[i].color, {
          fill: layers[i].color,
          width: 1,
          points: { show: false },
          value: (
            /** @type {any} */ _u,
            /** @type {any} */ _v,
            /** @type {number} */ _s,
            /** @type {number | null} */ idx,
          ) => formatGiB(idx === null ? null : toGiB(layers[i].values[idx])),
        }),
      ),
      series('capacity', '#000000', { width: 1, points: { show: false } }),
    ];
    data.push(constant(model.timesSec, card.totalBytes));
    if (card.usableBytes !== null) {
      opts.series.push(
        series('usable (capacity − reserve)', '#c0392b', {
          dash: [10, 5],
          width: 1.5,
          points: { show: false },
        }),
      );
      data.push(constant(model.timesSec, card.usableBytes));
    }
    return { opts, data };
  }

  window.headroomCharts = {
    palette,
    markColors,
    formatElapsed,
    formatGiB,
    toGiB,
    hostChart,
    gpuChart,
    cardChart,
  };
})();
