// `node scripts/main-thread.mjs BASE_URL PATH [RUNS=3] [--json]`: where a public page's main-thread time goes
// (docs/performance.md, Lighthouse). Chromium (CHROME_PATH, default /usr/bin/chromium) through playwright-core
// and a CDP session, 4× CPU (Emulation.setCPUThrottlingRate, Lighthouse's mobile slowdown), a mobile viewport,
// the cache off; a trace from the navigation to 3 s after <html data-hydrated>. Prints the scripts loaded (bytes
// decoded / on the wire), compile and evaluate time per file, JavaScript self time per file (CPU profile
// samples), the main thread's CPU time, and each task over 50 ms with what ran inside it. DUMP=file.json keeps
// the last run's raw trace events.
import { chromium } from 'playwright-core';

const [base, pagePath, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const json = process.argv.includes('--json');

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

const short = (u) => (u ? u.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') : '');

async function once() {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const responses = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') responses.set(e.requestId, { url: e.response.url, encoded: 0, decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'toplevel',
      'v8',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'disabled-by-default-v8.compile',
      'disabled-by-default-v8.cpu_profiler',
    ].join(','),
    transferMode: 'ReportEvents',
  });
  // CDP only: Playwright's own selector engine would be evaluated in the page and show in the trace.
  await cdp.send('Page.enable');
  const loaded = new Promise((r) => cdp.once('Page.loadEventFired', r));
  await cdp.send('Page.navigate', { url: base + pagePath });
  await loaded;
  for (let i = 0; i < 600; i++) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.documentElement.dataset.hydrated === "true"',
    });
    if (result.value) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Idle: 3 s after hydration (telemetry's idle start, prefetches).
  await new Promise((r) => setTimeout(r, 3000));
  await cdp.send('Tracing.end');
  await done;
  if (process.env.DUMP) {
    const fs = await import('node:fs');
    fs.writeFileSync(process.env.DUMP, JSON.stringify(events));
  }
  await context.close();

  // Main thread of the page's renderer.
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const navStart = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const pid = navStart?.pid;
  const tid = mainThreads.find((t) => t.pid === pid)?.tid;
  const t0 = navStart.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= t0);
  // CPU profile samples of the main thread: [ts, url, functionName].
  const samples = [];
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid);
  for (const p of profiles) {
    const nodes = new Map();
    let ts = p.args.data.startTime;
    for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.id === p.id && e.pid === p.pid)) {
      const cp = c.args.data.cpuProfile ?? {};
      for (const n of cp.nodes ?? []) nodes.set(n.id, n);
      const deltas = c.args.data.timeDeltas ?? [];
      (cp.samples ?? []).forEach((id, i) => {
        ts += deltas[i] ?? 0;
        const n = nodes.get(id);
        samples.push([ts, short(n?.callFrame?.url ?? ''), n?.callFrame?.functionName ?? '']);
      });
    }
  }
  samples.sort((a, b) => a[0] - b[0]);
  const selfByUrl = (from, to) => {
    const by = new Map();
    let prev = null;
    for (const s of samples) {
      if (prev && prev[0] >= from && prev[0] < to) {
        const key = prev[1] || `(${prev[2] || 'native'})`;
        by.set(key, (by.get(key) ?? 0) + (s[0] - prev[0]));
      }
      prev = s;
    }
    return by;
  };
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const long = tasks.filter((t) => t.dur > 50000);
  const inside = (t, e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur;
  const scriptOf = (e) => short(e.args?.data?.url ?? e.args?.fileName ?? e.args?.data?.fileName ?? e.args?.url ?? '');
  const attribute = (t) => {
    const kids = main.filter((e) => e !== t && e.ph === 'X' && inside(t, e));
    const by = new Map();
    for (const k of kids) {
      if (
        ![
          'v8.compileModule',
          'v8.compile',
          'v8.evaluateModule',
          'EvaluateScript',
          'FunctionCall',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'PrePaint',
          'Layerize',
          'v8.parseOnBackground',
          'V8.GCScavenger',
          'MajorGC',
          'MinorGC',
          'TimerFire',
          'FireAnimationFrame',
          'RunMicrotasks',
          'v8.produceModuleCache',
          'v8.run',
          'ParseAuthorStyleSheet',
          'HitTest',
          'EventDispatch',
          'v8.callFunction',
          'ScheduleStyleRecalculation',
          'CommitLoad',
          'ResourceReceivedData',
          'FireIdleCallback',
        ].includes(k.name)
      )
        continue;
      const key = `${k.name}${scriptOf(k) ? ' ' + scriptOf(k) : ''}${k.args?.data?.functionName ? ' ' + k.args.data.functionName : ''}`;
      by.set(key, (by.get(key) ?? 0) + k.dur);
    }
    const js = [...selfByUrl(t.ts, t.ts + t.dur)]
      .filter(([, d]) => d >= 2000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    return [
      ...[...by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`),
      '| JS self:',
      ...js.map(([k, d]) => `${k} ${(d / 1000).toFixed(1)}`),
    ];
  };
  const perScript = new Map();
  for (const e of main) {
    if (e.ph !== 'X') continue;
    const kind = {
      'v8.compileModule': 'compile',
      'v8.compile': 'compile',
      'v8.evaluateModule': 'evaluate',
      EvaluateScript: 'evaluate',
    }[e.name];
    if (!kind) continue;
    const s = scriptOf(e) || '(unknown)';
    const r = perScript.get(s) ?? { compile: 0, evaluate: 0 };
    r[kind] += e.dur / 1000;
    perScript.set(s, r);
  }
  const fcpTs = fcp?.ts ?? t0;
  const jsSelf = Object.fromEntries([...selfByUrl(t0, Infinity)].map(([k, v]) => [k, +(v / 1000).toFixed(1)]));
  const tbt =
    long
      .filter((t) => t.ts + t.dur > fcpTs)
      .reduce((s, t) => s + Math.max(0, t.ts + t.dur - Math.max(t.ts, fcpTs) - 50000), 0) / 1000;
  const scriptTotal = tasks.reduce((s, t) => s + t.dur, 0) / 1000;
  // Thread CPU time (tdur): what the main thread really computed, less sensitive to other load on the machine.
  const cpuTotal = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000;
  const cpuAfterFcp = tasks.filter((t) => t.ts >= fcpTs).reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000;
  const cpuLong = tasks.filter((t) => t.ts >= fcpTs && (t.tdur ?? 0) > 50000);
  const cpuTbt = cpuLong.reduce((s, t) => s + t.tdur - 50000, 0) / 1000;
  return {
    fcpMs: (fcpTs - t0) / 1000,
    tbtMs: tbt,
    mainThreadBusyMs: scriptTotal,
    cpuTotal,
    cpuAfterFcp,
    cpuTbt,
    cpuLongAfterFcp: cpuLong.map((t) => +(t.tdur / 1000).toFixed(0)),
    scripts: [...responses.values()].map((r) => ({ file: short(r.url), raw: r.decoded, transferred: r.encoded })),
    perScript: Object.fromEntries(
      [...perScript].map(([k, v]) => [k, { compile: +v.compile.toFixed(1), evaluate: +v.evaluate.toFixed(1) }]),
    ),
    jsSelf,
    long: long.map((t) => ({
      startMs: +((t.ts - t0) / 1000).toFixed(0),
      durMs: +(t.dur / 1000).toFixed(0),
      cpuMs: +((t.tdur ?? 0) / 1000).toFixed(0),
      what: attribute(t),
    })),
  };
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
await browser.close();
if (json) console.log(JSON.stringify(results, null, 1));
else {
  const med = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor((s.length - 1) / 2)] === undefined
      ? NaN
      : s.length % 2
        ? s[(s.length - 1) / 2]
        : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  console.log(
    `${pagePath}: FCP median ${med(results.map((r) => r.fcpMs)).toFixed(0)} ms; TBT(FCP..idle) ${results.map((r) => r.tbtMs.toFixed(0)).join(', ')} (median ${med(results.map((r) => r.tbtMs)).toFixed(0)}); long tasks ${results.map((r) => r.long.length).join(', ')}; main-thread task time ${results.map((r) => r.mainThreadBusyMs.toFixed(0)).join(', ')} ms`,
  );
  const r0 = results[0];
  console.log(
    `  main-thread CPU after FCP ${results.map((r) => r.cpuAfterFcp.toFixed(0)).join(', ')} ms; ` +
      `tasks over 50 ms of CPU after FCP ${results.map((r) => r.cpuLongAfterFcp.join('/') || '-').join(', ')}`,
  );
  console.log('scripts (raw / transferred bytes):');
  let raw = 0,
    tr = 0;
  for (const s of r0.scripts) {
    raw += s.raw;
    tr += s.transferred;
    console.log(`  ${s.file} ${s.raw} / ${s.transferred}`);
  }
  console.log(`  total ${r0.scripts.length} files ${raw} / ${tr}`);
  console.log('compile / evaluate ms per script (median over runs):');
  const files = new Set(results.flatMap((r) => Object.keys(r.perScript)));
  for (const f of files) {
    const c = med(results.map((r) => r.perScript[f]?.compile ?? 0));
    const e = med(results.map((r) => r.perScript[f]?.evaluate ?? 0));
    if (c + e >= 0.5) console.log(`  ${f}: compile ${c.toFixed(1)}, evaluate ${e.toFixed(1)}`);
  }
  console.log('JS self time ms by file, whole load (median over runs, sampled):');
  const jf = new Set(results.flatMap((r) => Object.keys(r.jsSelf)));
  const rows = [...jf].map((f) => [f, med(results.map((r) => r.jsSelf[f] ?? 0))]).sort((a, b) => b[1] - a[1]);
  for (const [f, v] of rows) if (v >= 1) console.log(`  ${f}: ${v.toFixed(1)}`);
  results.forEach((r, i) => {
    console.log(`run ${i + 1}: FCP ${r.fcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms`);
    for (const t of r.long) console.log(`  long task @${t.startMs} ms, ${t.durMs} ms: ${t.what.join('; ')}`);
  });
}
