// @ts-check
// The report page: reads the model embedded as JSON, builds the summary, diagnosis, charts, events
// and plan from it; on a live dashboard it follows the server's event stream and appends as the
// run goes. Text from the record always goes in through textContent, never as HTML.
(() => {
  const charts = window.headroomCharts;
  const root = /** @type {HTMLElement} */ (document.getElementById('report'));
  const model = JSON.parse(
    /** @type {HTMLElement} */ (document.getElementById('headroom-model')).textContent || '{}',
  );
  const liveElement = document.getElementById('headroom-live');
  const live = liveElement ? JSON.parse(liveElement.textContent || '{}') : null;
  /** @type {{ plot: any, build: () => {data: any[]} }[]} */
  let plots = [];
  let state = model;
  let connection = live ? 'connecting' : 'file';

  /** @param {string} tag @param {Record<string, string>} [attrs] @param {(Node | string | null)[]} [children] */
  function el(tag, attrs = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    for (const child of children) if (child !== null) node.append(child);
    return node;
  }

  /** @param {number | null} bytes */
  const size = (bytes) => charts.formatGiB(charts.toGiB(bytes));
  const colorOf = (/** @type {string} */ name) =>
    charts.palette[
      state.processes.findIndex((/** @type {any} */ p) => p.name === name) % charts.palette.length
    ];

  /** @param {string[]} headers @param {(string | Node)[][]} rows @param {number[]} numeric */
  function table(headers, rows, numeric = []) {
    const head = el(
      'tr',
      {},
      headers.map((h, i) => el('th', numeric.includes(i) ? { class: 'num' } : {}, [h])),
    );
    const body = rows.map((row) =>
      el(
        'tr',
        {},
        row.map((cell, i) => el('td', numeric.includes(i) ? { class: 'num' } : {}, [cell])),
      ),
    );
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, body)]);
  }

  function header() {
    const ended = state.summary !== null;
    const status =
      connection === 'file' || ended
        ? ended
          ? `ended · exit code ${state.exitCode ?? '?'}`
          : 'no summary.json: the run was cut short or is still running'
        : connection === 'lost'
          ? 'live · connection lost (the run may have ended; reload)'
          : `live · ${state.timesSec.length} samples`;
    const duration =
      state.timesSec.length > 0 ? charts.formatElapsed(state.timesSec[state.timesSec.length - 1]) : '0:00';
    return el('header', {}, [
      el('h1', {}, [`headroom run ${state.runId ?? ''}`]),
      el('p', { class: 'meta' }, [
        el('span', { id: 'status', class: ended ? (state.exitCode === 0 ? 'ok' : 'bad') : 'live' }, [status]),
        ` · ${state.startedAt ? `started ${state.startedAt}` : ''} · ${duration} sampled · `,
        state.samplesPerPoint > 1
          ? `each chart point the highest of ${state.samplesPerPoint} samples · `
          : '',
        state.simulated ? el('span', { class: 'badge' }, ['simulated GPU']) : null,
        ` ${state.runDir}`,
      ]),
      state.problems.length
        ? el(
            'ul',
            { class: 'problems' },
            state.problems.map((/** @type {string} */ p) => el('li', {}, [`note: ${p}`])),
          )
        : null,
    ]);
  }

  /** A peak with its source: `480 MiB (cgroup)`. */
  function sourced(/** @type {number | null} */ bytes, /** @type {string | null} */ source) {
    return bytes === null || bytes === undefined ? size(bytes) : `${size(bytes)} (${source ?? 'sampled'})`;
  }

  function summarySection() {
    if (!state.summary)
      return el('section', {}, [el('h2', {}, ['Summary']), el('p', {}, ['No summary yet.'])]);
    const rows = state.summary.map((/** @type {any} */ p) => [
      el('span', { class: 'swatch', style: `background:${colorOf(p.name)}` }, []),
      p.name,
      el('span', { class: p.reason === 'exited' ? 'ok' : 'bad' }, [p.reason]),
      p.confidence ?? '',
      p.exitCode === null ? (p.signal ?? '–') : String(p.exitCode),
      String(p.restarts),
      String(p.oomKills ?? 0),
      sourced(p.peakHostBytes, p.peakHostSource),
      size(p.hostLimitBytes),
      sourced(p.peakGpuBytes, p.peakGpuSource),
      size(p.gpuBudgetBytes),
      state.logHrefs[p.name] ? el('a', { href: state.logHrefs[p.name] }, [p.log ?? 'log']) : (p.log ?? ''),
    ]);
    const headers = [
      '',
      'process',
      'reason',
      'confidence',
      'exit',
      'restarts',
      'OOM kills',
      'peak host',
      'host limit',
      'peak GPU',
      'GPU budget',
      'log',
    ];
    const why = state.summary
      .filter((/** @type {any} */ p) => p.reason !== 'exited' && p.because)
      .map((/** @type {any} */ p) => el('li', {}, [el('b', {}, [`${p.name}: `]), p.because]));
    // The sampled RSS and PSS, each named, beside a host peak taken from elsewhere (the cgroup).
    for (const p of state.summary) {
      if (p.sampledRssBytes === null || p.sampledRssBytes === undefined || p.peakHostSource === 'sampled')
        continue;
      why.push(
        el('li', {}, [
          el('b', {}, [`${p.name}: `]),
          `host peak ${size(p.peakHostBytes)} (${p.peakHostSource}); sampled: Σ RSS ${size(p.sampledRssBytes)}, Σ PSS ${size(p.sampledPssBytes)}`,
        ]),
      );
    }
    return el('section', { id: 'summary' }, [
      el('h2', {}, ['Summary']),
      table(headers, rows, [4, 5, 6, 7, 8, 9, 10]),
      why.length ? el('ul', {}, why) : null,
    ]);
  }

  function diagnosisSection() {
    if (state.diagnoses.length === 0) return null;
    const items = state.diagnoses.map((/** @type {any} */ d) =>
      el('div', { class: 'diagnosis' }, [
        el('h3', {}, [
          `${d.process ? `${d.process}: ` : ''}${d.summary}`,
          el('small', {}, [` ${d.code}, ${d.confidence}`]),
        ]),
        el('p', {}, [el('b', {}, ['cause ']), `${d.cause}`]),
        d.fixes.length
          ? el(
              'ul',
              {},
              d.fixes.map((/** @type {string} */ f) => el('li', {}, [f])),
            )
          : null,
        d.evidence ? el('pre', {}, [d.evidence]) : null,
      ]),
    );
    return el('section', { id: 'diagnosis' }, [el('h2', {}, ["doctor's diagnosis"]), ...items]);
  }

  function xRange() {
    const times = state.timesSec;
    const markTimes = state.marks.map((/** @type {any} */ m) => m.timeSec);
    const all = [...(times.length ? [times[0], times[times.length - 1]] : [0]), ...markTimes];
    const min = Math.min(...all);
    const max = Math.max(...all);
    return /** @type {[number, number]} */ ([min, max > min ? max : min + 1]);
  }

  /** Adds a chart to `parent`; `build` recomputes its data from the current state. */
  function addChart(
    /** @type {HTMLElement} */ parent,
    /** @type {(ctx: any) => {opts: any, data: any[]}} */ make,
    /** @type {any} */ ctx,
    /** @type {number} */ width,
    /** @type {(m: any) => boolean} */ showMark,
  ) {
    const full = {
      ...ctx,
      width,
      height: 240,
      xRange,
      marks: () => state.marks.filter(showMark),
      get model() {
        return state;
      },
    };
    const { opts, data } = make(full);
    const holder = el('div', { class: 'chart' }, []);
    parent.append(holder);
    const plot = new window.uPlot(opts, data, holder);
    plots.push({ plot, build: () => make(full) });
  }

  function chartSections() {
    const width = Math.max(420, Math.min(1180, root.clientWidth || 1180));
    const cards = el('section', { id: 'cards' }, [el('h2', {}, ['GPU memory by card'])]);
    for (const card of state.cards) addChart(cards, charts.cardChart, { card, colorOf }, width, () => true);
    if (state.cards.length === 0) cards.append(el('p', {}, ['No GPU in this run.']));
    const processes = el('section', { id: 'processes' }, [el('h2', {}, ['Memory by process'])]);
    for (const process of state.processes) {
      const row = el('div', { class: 'pair' }, []);
      processes.append(row);
      const color = colorOf(process.name);
      const own = (/** @type {any} */ m) => m.process === process.name || m.process === null;
      addChart(row, charts.hostChart, { process, color }, Math.floor((width - 16) / 2), own);
      const hasGpu = state.series[process.name].gpuBytes.some((/** @type {any} */ v) => v !== null);
      if (hasGpu || process.gpuBudgetBytes !== null)
        addChart(row, charts.gpuChart, { process, color }, Math.floor((width - 16) / 2), own);
      else row.append(el('p', { class: 'nogpu' }, [`${process.name} has no GPU memory sampled.`]));
    }
    return [cards, processes];
  }

  function eventsSection() {
    const legend = Object.entries(charts.markColors).map(([mark, color]) =>
      el('span', { class: 'legend' }, [
        el('span', { class: 'swatch', style: `background:${color}` }, []),
        mark,
      ]),
    );
    const rows = state.marks.map((/** @type {any} */ m) => [
      charts.formatElapsed(m.timeSec),
      m.process ?? 'headroom',
      el('span', { class: 'mark', style: `border-color:${charts.markColors[m.mark] ?? '#999'}` }, [m.label]),
      m.message,
    ]);
    return el('section', { id: 'events' }, [
      el('h2', {}, [`Events (${state.marks.length})`]),
      el('p', {}, legend),
      table(['time', 'process', 'event', 'message'], rows, [0]),
    ]);
  }

  function planSection() {
    if (!state.plan)
      return el('section', { id: 'plan' }, [el('h2', {}, ['Plan']), el('p', {}, ['No plan.json.'])]);
    const rows = state.plan.rows.map((/** @type {any} */ p) => [
      p.name,
      p.framework ?? '',
      p.device === null ? '–' : String(p.device),
      size(p.budgetBytes),
      p.fraction === null ? '–' : `${(p.fraction * 100).toFixed(1)}%`,
      size(p.overheadBytes),
      size(p.hostLimitBytes),
      p.capNote ?? '',
    ]);
    const envs = state.plan.rows.map((/** @type {any} */ p) =>
      el('details', {}, [
        el('summary', {}, [`${p.name}: environment`]),
        el('pre', {}, [
          Object.entries(p.env)
            .map(([k, v]) => `${k}=${v}`)
            .join('\n'),
        ]),
      ]),
    );
    const findings = state.plan.findings.map((/** @type {any} */ f) =>
      el('li', { class: f.severity }, [`${f.severity}: ${f.message} [${f.code}]`]),
    );
    const headers = ['process', 'framework', 'GPU', 'GPU budget', 'of card', 'context', 'host limit', 'cap'];
    return el('section', { id: 'plan' }, [
      el('h2', {}, ['Plan']),
      table(headers, rows, [2, 3, 4, 5, 6]),
      ...envs,
      findings.length ? el('ul', {}, findings) : null,
    ]);
  }

  function render() {
    for (const { plot } of plots) plot.destroy();
    plots = [];
    root.replaceChildren();
    root.append(header(), summarySection());
    const diagnosis = diagnosisSection();
    if (diagnosis) root.append(diagnosis);
    const [cards, processes] = [el('div', {}, []), el('div', {}, [])];
    root.append(cards, processes, eventsSection(), planSection());
    const [cardSection, processSection] = chartSections();
    cards.replaceWith(cardSection);
    processes.replaceWith(processSection);
    document.title = `headroom run ${state.runId ?? ''}`;
  }

  function refreshCharts() {
    for (const entry of plots) entry.plot.setData(entry.build().data);
  }

  /** Appends one sample's values (the same layout as the model's series). */
  function appendRow(/** @type {any} */ row) {
    state.timesSec.push(row.timeSec);
    for (const [name, series] of Object.entries(state.series)) {
      const values = row.values[name] ?? {};
      for (const metric of Object.keys(series)) series[metric].push(values[metric] ?? null);
    }
    for (const [key, others] of Object.entries(state.cardOthers)) others.push(row.cardOthers[key] ?? null);
    refreshCharts();
    const status = document.getElementById('status');
    if (status) status.textContent = `live · ${state.timesSec.length} samples`;
  }

  function follow() {
    if (!live) return;
    const source = new EventSource(live.eventsUrl);
    source.onopen = () => {
      connection = 'open';
    };
    source.onmessage = (message) => {
      const update = JSON.parse(message.data);
      if (update.type === 'model') {
        state = update.model;
        render();
      } else if (update.type === 'row') appendRow(update.row);
      else if (update.type === 'mark') {
        state.marks.push(update.mark);
        document.getElementById('events')?.replaceWith(eventsSection());
        for (const { plot } of plots) plot.redraw(false);
      }
    };
    const showStatus = () =>
      document.getElementById('status')?.replaceWith(header().querySelector('#status') ?? '');
    source.onerror = () => {
      // The server closes the stream when the run has ended: nothing more will come.
      if (state.summary !== null) return source.close();
      connection = 'lost';
      showStatus();
    };
  }

  render();
  follow();
  window.addEventListener('resize', () => {
    clearTimeout(/** @type {any} */ (window).headroomResize);
    /** @type {any} */ (window).headroomResize = setTimeout(render, 200);
  });
  document.body.dataset.rendered = 'true';
})();
