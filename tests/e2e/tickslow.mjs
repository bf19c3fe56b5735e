// Why a slider tick is slow: a Chromium trace of N frame-aligned ticks (as bench.mjs's "input"
// section makes them), each tick cut out of the trace by its own marks and split by what the
// renderer's main thread did inside it. Per tick: wall (input → painted), the main thread's CPU
// time (thread time of its top-level tasks), time it was runnable-but-descheduled (wall time of
// its tasks minus their thread time), idle (no task on the main thread at all), and the top-level
// phases: script (the input handler: wasm + JS), style, layout, pre-paint/paint/layerize, commit,
// GC, other; the renderer's other threads' CPU time in the tick (compositor, V8's background wasm
// compilation, raster). Also the wasm memory size (growth shows as a changed size). "desched" is time the
// main thread's tasks were not on a CPU (preempted by another thread, or blocked): on a 2-CPU
// machine it is where a busy machine shows. Thread times come from the VM's per-thread clock and
// now and then exceed the wall time by 1–2 ms (a negative desched): read it to ±2 ms.
// Usage: SLUG=occupancy TICKS=40 node tickslow.mjs   (DIST=…, SHOW=n: the n slowest ticks in
// full, their main-thread events listed; TRACE=path keeps the trace file; FIRST=1: see below)
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../../dist");
const SLUG = process.env.SLUG ?? "occupancy";
const TICKS = Number(process.env.TICKS ?? 40);
const SHOW = Number(process.env.SHOW ?? 3);
const FIRST = Boolean(process.env.FIRST);
const TRACE = process.env.TRACE ?? `/tmp/tickslow-${process.pid}.json`;
const server = await startServer(DIST, "/warpscope/", { gzip: true });
const browser = await launch();
const { context, page } = await openPage(browser, { serviceWorkers: "block" });
// Keep the wasm memories the page instantiates, to read their size per tick.
await page.addInitScript(() => {
  window.__mems = [];
  const keep = (r) => {
    const inst = r.instance ?? r;
    for (const v of Object.values(inst.exports ?? {})) if (v instanceof WebAssembly.Memory) window.__mems.push(v);
    return r;
  };
  for (const k of ["instantiate", "instantiateStreaming"]) {
    const f = WebAssembly[k];
    WebAssembly[k] = (...a) => f.apply(WebAssembly, a).then(keep);
  }
});
await page.goto(server.base + SLUG);
await page.waitForSelector(`[data-testid=chapter-${SLUG}] input[type=range]`);
await page.waitForTimeout(300);
await browser.startTracing(page, {
  path: TRACE,
  categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "blink.user_timing", "v8", "v8.execute", "toplevel", "disabled-by-default-v8.gc", "cc", "viz", "gpu"],
});
const ticks = await page.evaluate(
  async ({ SLUG, TICKS, FIRST }) => {
    const range = document.querySelector(`[data-testid=chapter-${SLUG}] input[type=range]`);
    const lo = Number(range.min || 0), hi = Number(range.max || 100);
    const a = String(lo + Math.round((hi - lo) * 0.25));
    const b = String(lo + Math.round((hi - lo) * 0.75));
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const mem = () => window.__mems.reduce((s, m) => s + m.buffer.byteLength, 0);
    const out = [];
    // The first input after load (default → a) untimed, as bench.mjs keeps it apart (FIRST=1:
    // the first tick is default → b, as bench.mjs counted it before session 14).
    if (!FIRST) {
      await frame();
      range.value = a;
      range.dispatchEvent(new Event("input", { bubbles: true }));
      await frame();
      await new Promise((r) => setTimeout(r, 50));
    }
    for (let i = 0; i < TICKS; i++) {
      await frame();
      const m0 = mem();
      const r = await new Promise((resolve) =>
        requestAnimationFrame((ts) => {
          const t0 = performance.now();
          performance.mark(`tick${i}-s`);
          range.value = b;
          range.dispatchEvent(new Event("input", { bubbles: true }));
          const t1 = performance.now();
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            const painted = performance.now() - t0;
            performance.mark(`tick${i}-e`);
            requestAnimationFrame((ts2) => resolve({ painted, handler: t1 - t0, next: ts2 - ts }));
          };
          ch.port2.postMessage(0);
        }),
      );
      r.grew = mem() - m0;
      out.push(r);
      await new Promise((r) => setTimeout(r, 20));
      range.value = a; // the random-phase tick of bench.mjs, untimed here
      range.dispatchEvent(new Event("input", { bubbles: true }));
      await frame();
      await new Promise((r) => setTimeout(r, 20 + (i % 7) * 2));
    }
    return out;
  },
  { SLUG, TICKS, FIRST },
);
await browser.stopTracing();
await context.close();
await browser.close();
server.close();

const ev = JSON.parse(fs.readFileSync(TRACE, "utf8")).traceEvents;
if (!process.env.TRACE) fs.unlinkSync(TRACE);
const names = new Map();
for (const e of ev) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const marks = new Map();
for (const e of ev) if (/^tick\d+-[se]$/.test(e.name) && (e.ph === "R" || e.ph === "I" || e.ph === "n" || e.ph === "b")) marks.set(e.name, { ts: e.ts, pid: e.pid, tid: e.tid });
const mainKey = (() => {
  const m = marks.get("tick0-s");
  return `${m.pid}:${m.tid}`;
})();
const on = (key) => ev.filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === key).sort((x, y) => x.ts - y.ts || y.dur - x.dur);
const main = on(mainKey);
const rendererPid = marks.get("tick0-s").pid;
const compKey = [...names].find(([k, n]) => n === "Compositor" && k.startsWith(`${rendererPid}:`))?.[0];
const comp = compKey ? on(compKey) : [];
// Top-level tasks: events not nested in another one on the same thread.
const top = (list) => {
  const out = [];
  let end = -1;
  for (const e of list) {
    if (e.ts >= end) {
      out.push(e);
      end = e.ts + e.dur;
    }
  }
  return out;
};
const mainTop = top(main);
const workers = ev.filter((e) => e.ph === "X" && e.pid === rendererPid && e.name === "ThreadPool_RunTask");
const compTop = top(comp);
const phase = (n) =>
  /GC|Scavenge|MarkCompact|V8.GC/.test(n)
    ? "gc"
    : /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)$/.test(n)
      ? "style"
      : /^(Layout|UpdateLayout)$/.test(n)
        ? "layout"
        : /^(PrePaint|Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|RasterTask|Decode.*)$/.test(n)
          ? "paint"
          : /^(Commit|ProxyMain::BeginMainFrame::commit|ProxyImpl::ScheduledActionCommit)$/.test(n)
            ? "commit"
            : /^(FunctionCall|EventDispatch|v8.callFunction|FireAnimationFrame|v8.run|TimerFire|V8.Execute)$/.test(n)
              ? "script"
              : null;
const clip = (e, s, t) => Math.max(0, Math.min(e.ts + e.dur, t) - Math.max(e.ts, s));
const rows = [];
for (let i = 0; i < ticks.length; i++) {
  const s = marks.get(`tick${i}-s`)?.ts;
  const t = marks.get(`tick${i}-e`)?.ts;
  if (s === undefined || t === undefined) continue;
  // The rAF task holding the start mark began before it: count from that task's start is not
  // part of the figure; count from the mark.
  const inside = main.filter((e) => e.ts + e.dur > s && e.ts < t);
  const tops = mainTop.filter((e) => e.ts + e.dur > s && e.ts < t);
  const busy = tops.reduce((a, e) => a + clip(e, s, t), 0);
  const cpu = tops.reduce((a, e) => a + (e.tdur !== undefined && e.dur > 0 ? (e.tdur * clip(e, s, t)) / e.dur : clip(e, s, t)), 0);
  // Per phase: outermost event of each phase (a phase nested in the same phase counted once).
  const ph = {};
  const seen = [];
  for (const e of inside) {
    const p = phase(e.name);
    if (!p) continue;
    if (seen.some((o) => o.p === p && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur)) continue;
    seen.push({ p, ts: e.ts, dur: e.dur });
    ph[p] = (ph[p] ?? 0) + clip(e, s, t);
  }
  // The renderer's other threads meanwhile: wasm compilation in the background (V8 tiering a hot
  // function up to TurboFan, or a pack fetched ahead) and raster (the previous frames' tiles),
  // thread time in the tick.
  const cpuIn = (list) => list.filter((e) => e.ts + e.dur > s && e.ts < t).reduce((a, e) => a + ((e.tdur ?? 0) * clip(e, s, t)) / Math.max(1, e.dur), 0) / 1000;
  const wasmc = cpuIn(workers.filter((e) => /wasm/.test(e.args?.src_file ?? "")));
  const raster = cpuIn(workers.filter((e) => /raster/.test(e.args?.src_file ?? "")));
  const compBusy = compTop.filter((e) => e.ts + e.dur > s && e.ts < t).reduce((a, e) => a + clip(e, s, t), 0);
  rows.push({ i, wall: (t - s) / 1000, painted: ticks[i].painted, handler: ticks[i].handler, next: ticks[i].next, busy: busy / 1000, cpu: cpu / 1000, desched: (busy - cpu) / 1000, idle: (t - s - busy) / 1000, comp: compBusy / 1000, wasmc, raster, grew: ticks[i].grew, ph: Object.fromEntries(Object.entries(ph).map(([k, v]) => [k, v / 1000])), s, t, tops });
}
const f = (x) => (x ?? 0).toFixed(1).padStart(5);
const head = "tick  painted handler  main-busy  cpu  desched  idle | script style layout paint commit  gc | comp-thread wasm-compile raster | wasm-grew | next-rAF";
const line = (r) =>
  `${String(r.i).padStart(4)} ${f(r.painted)}  ${f(r.handler)}   ${f(r.busy)}  ${f(r.cpu)}  ${f(r.desched)}  ${f(r.idle)} | ${f(r.ph.script)} ${f(r.ph.style)} ${f(r.ph.layout)} ${f(r.ph.paint)} ${f(r.ph.commit)} ${f(r.ph.gc)} | ${f(r.comp)} ${f(r.wasmc)} ${f(r.raster)} | ${String(r.grew).padStart(7)} | ${f(r.next)}`;
const sortedRows = [...rows].sort((x, y) => x.painted - y.painted);
const p = (q) => sortedRows[Math.min(sortedRows.length - 1, Math.floor(sortedRows.length * q))].painted;
console.log(`${SLUG}: ${rows.length} ticks, painted min/p50/p95 ${sortedRows[0].painted.toFixed(1)} / ${p(0.5).toFixed(1)} / ${p(0.95).toFixed(1)} ms`);
console.log(head);
for (const r of sortedRows) console.log(line(r));
const med = (k) => {
  const xs = rows.map((r) => (k.startsWith("ph.") ? (r.ph[k.slice(3)] ?? 0) : r[k])).sort((a, b) => a - b);
  return xs[xs.length >> 1];
};
console.log(`median: painted ${f(med("painted"))} handler ${f(med("handler"))} busy ${f(med("busy"))} cpu ${f(med("cpu"))} desched ${f(med("desched"))} idle ${f(med("idle"))} script ${f(med("ph.script"))} style ${f(med("ph.style"))} layout ${f(med("ph.layout"))} paint ${f(med("ph.paint"))} gc ${f(med("ph.gc"))}`);
for (const r of SHOW > 0 ? sortedRows.slice(-SHOW).reverse() : []) {
  console.log(`\n-- tick ${r.i}: painted ${r.painted.toFixed(1)} ms; main-thread top-level tasks inside it (offset from input, ms):`);
  for (const e of r.tops) {
    console.log(`  +${((Math.max(e.ts, r.s) - r.s) / 1000).toFixed(1).padStart(5)} ${(clip(e, r.s, r.t) / 1000).toFixed(1).padStart(5)} ms (thread ${((e.tdur ?? 0) / 1000).toFixed(1)} of ${(e.dur / 1000).toFixed(1)}) ${e.name} ${e.args?.src_func ?? e.args?.data?.type ?? ""}`);
    const kids = main.filter((k) => k !== e && k.ts >= e.ts && k.ts + k.dur <= e.ts + e.dur && k.ts + k.dur > r.s && k.ts < r.t && k.dur >= 300);
    for (const k of kids.slice(0, 40)) console.log(`        +${((k.ts - r.s) / 1000).toFixed(1).padStart(5)} ${(k.dur / 1000).toFixed(1).padStart(5)} (thr ${((k.tdur ?? 0) / 1000).toFixed(1)}) ${k.name}`);
  }
  const ct = compTop.filter((e) => e.ts + e.dur > r.s && e.ts < r.t && e.dur >= 200);
  for (const e of ct) console.log(`  [comp] +${((e.ts - r.s) / 1000).toFixed(1).padStart(5)} ${(e.dur / 1000).toFixed(1).padStart(5)} (thr ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${e.name}`);
}
