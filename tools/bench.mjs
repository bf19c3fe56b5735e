// The first-load benchmark (issue "First load: …"), printed, never asserted. Every figure is
// min / median / p95 over RUNS cold runs (a fresh browser context each: no HTTP cache, no
// service worker) against the built site served from localhost:
//  - per route: bytes of everything a deep link fetches until its figure is on screen (gzip -9
//    and brotli of the files as shipped), and the number of requests;
//  - per chapter: navigation → first answer on screen (the chapter's first figure; occupancy's
//    occupancy figure: the route page's prerendered copy, or the app's if it comes first) and
//    → the app's own answer (interactive), chapter → chapter inside the app (the "next" link → the next figure),
//    input → painted (an input event on the chapter's first slider → the next animation frame
//    after the DOM and canvases are updated);
//  - the dispatch simulation of 2^20 jittered blocks on 132 SMs in wasm, and the dispatch and
//    scheduling animation frame times;
//  - the kernel lab: every preset analysed and painted after an edit (the edit's debounce, then
//    the analysis and the paint), and a 2^20-thread grid-stride copy (its time and its longest
//    task, the page answering throughout);
//  - a visit after the first with the network off.
//  - two profiles, each as min / median / p95 over cold runs interleaved with the reference peer:
//    "desktop" (this machine as it is) and "phone" (a 390 px screen, Chrome DevTools Protocol CPU
//    throttling 4×, the network at 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip): a deep
//    link's first answer and a link with parameters' first answer and interactive time (its
//    first slider moved by the page in the task after the answer is painted, the frame after
//    its figure changed), beside the peer's answer, and where the link's time
//    went (its last wasm byte, the app's performance marks); input → painted per chapter on
//    the phone; a CPU check of the machine beside them.
// Env: DIST (default ../dist), RUNS (default 7), ENCODING (how both sites are served: "gzip",
// the default, as GitHub Pages does; "br", brotli as Netlify and Cloudflare Pages do; "raw"
// unencoded; RAW=1 is "raw"), PEER (a local copy of the reference peer page,
// its index.html; skipped when unset), ONLY (a comma-separated list of sections), ROUTES (a
// comma-separated list of routes for section "load"), SLUGS (chapters for "input").
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { startServerProcess } from "../tests/e2e/server.mjs";
import { launch, openPage } from "../tests/e2e/browser.mjs";
import { cpuCheck } from "./cpuprobe.mjs";
import { PROFILES, clickNextAndTime, throttle } from "./profiling.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = process.env.DIST ?? path.join(here, "../dist");
const RUNS = Number(process.env.RUNS ?? 7);
// ONLY=comma-separated sections (load, next, input, frames, sim, offline, peer, profiles): run
// just those.
const ONLY = process.env.ONLY ? new Set(process.env.ONLY.split(",")) : null;
const want = (section) => !ONLY || ONLY.has(section);
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const pct = (xs, p) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const stats = (xs) => `${Math.min(...xs).toFixed(1)} / ${pct(xs, 0.5).toFixed(1)} / ${pct(xs, 0.95).toFixed(1)}`;
const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;

const registry = fs.readFileSync(path.join(here, "../src/ui/app/registry.rs"), "utf8");
const SLUGS = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
// The numbered chapters ("next" walks them): not the quiz, the kernel lab or the glossary.
const CHAPTERS = SLUGS.filter((s) => s !== "quiz" && s !== "lab" && s !== "glossary");
/** What "first answer on screen" means for a chapter, drawn by the app: its first figure, or
 * for a chapter whose first screen has none, its first result (occupancy's number; tensor
 * cores' activation scale s_x, the first result its first screen shows: its first figure, the
 * fragment map, is two sections further down). */
const answer = (slug) =>
  slug === "occupancy"
    ? "[data-testid=occupancy]"
    : slug === "lab"
      ? "[data-testid=chapter-lab] [data-testid=lab-source]"
    : slug === "quiz"
      ? "[data-testid=quiz]"
    : slug === "glossary"
      ? "[data-testid=glossary] dl"
      : slug === "tensor-cores"
        ? "[data-testid=chapter-tensor-cores] [data-testid=s-x]"
        : `[data-testid=chapter-${slug}] :is(figure, svg, canvas)`;
/** The same answer in the route page's prerendered first screen (scripts/prerender.mjs), where
 * it is shown (not html.gx-pre-off; the copy of the screen's layout): occupancy's number, tensor cores' s_x line (the copy keeps no test id inside a chapter), another
 * chapter's first SVG figure (a canvas is blank in the copy, so it does not count). */
const SHOWN_COPY = "html:not(.gx-pre-off) :is(html:not(.gx-pre-narrow) [data-ws-pre=wide], html.gx-pre-narrow [data-ws-pre=narrow])";
const preAnswer = (slug) =>
  slug === "occupancy"
    ? `${SHOWN_COPY} [data-pre-testid=occupancy]`
    : slug === "lab"
      ? `${SHOWN_COPY} [data-pre-testid=chapter-lab] textarea`
    : slug === "glossary"
      ? `${SHOWN_COPY} [data-pre-testid=glossary] dl`
    : slug === "tensor-cores"
      ? `${SHOWN_COPY} [data-pre-testid=chapter-tensor-cores] .gx-formula`
      : `${SHOWN_COPY} [data-pre-testid=chapter-${slug}] svg`;
/** First answer on screen: the prerendered one or the app's, whichever comes first. */
const firstAnswer = (slug) => (slug === "quiz" ? answer(slug) : `${answer(slug)}, ${preAnswer(slug)}`);

// Served as a static host serves them: gzip-encoded by default (dist/'s .gz files; the peer's
// files gzipped once), both sites alike, each server in a process of its own (ENCODING above).
const SERVE = { encoding: process.env.RAW ? "raw" : (process.env.ENCODING ?? "gzip") };
if (!["raw", "gzip", "br"].includes(SERVE.encoding)) throw new Error(`bench: ENCODING=${SERVE.encoding}: use gzip, br or raw`);
const server = await startServerProcess(DIST, "/warpscope/", SERVE);
const browser = await launch();
const sizeCache = new Map();
function shipped(url) {
  const rel = new URL(url).pathname.replace("/warpscope/", "");
  let file = path.join(DIST, decodeURIComponent(rel));
  if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
  if (!fs.existsSync(file)) return null;
  if (!sizeCache.has(file)) {
    const raw = fs.readFileSync(file);
    const gz = fs.existsSync(file + ".gz") ? fs.statSync(file + ".gz").size : zlib.gzipSync(raw, { level: 9 }).length;
    const br = fs.existsSync(file + ".br")
      ? fs.statSync(file + ".br").size
      : zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizeCache.set(file, { file, raw: raw.length, gz, br });
  }
  return sizeCache.get(file);
}

/** `window[key]` once the page has set it, polled every 25 ms with plain evaluations;
 * undefined after `timeoutMs`. */
async function stamped(page, key, timeoutMs) {
  const t0 = Date.now();
  for (;;) {
    const value = await page.evaluate((key) => window[key], key).catch(() => undefined);
    if (value !== undefined || Date.now() - t0 > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Navigation → first answer, timed in the page: a MutationObserver (installed before the page's
 * own scripts) sees `selector` match, and the time is that of the next animation frame, the
 * frame that paints it. The harness learns it by polling (25 ms, a round trip): that figure
 * is kept as `harnessMs`. */
async function timeAnswer(page, selector, key = "__benchAnswerMs") {
  await page.addInitScript(
    ([sel, key]) => {
      const seen = () => {
        if (!document.querySelector(sel)) return;
        observer.disconnect();
        requestAnimationFrame(() => (window[key] = performance.now()));
      };
      const observer = new MutationObserver(seen);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    [selector, key],
  );
  // Polled with plain evaluations: Playwright's own waits (waitForSelector, waitForFunction)
  // inject its ~100 KB script into the page while it loads, which a trace showed taking 68–116 ms
  // of the main thread before the first paint (both sites alike).
  return async () => {
    const ms = await stamped(page, key, 30000);
    if (ms === undefined) throw new Error(`bench: no ${selector} after 30 s`);
    return { ms, harnessMs: await page.evaluate(() => performance.now()) };
  };
}

/** A cold load of `route`, waiting for `selector` (the first answer) and, if given, for
 * `appSelector` (the app's own answer, once the prerendered one is replaced): bytes, requests,
 * time to the first answer (`ms`) and to the app's (`appMs`). */
async function cold(route, selector, appSelector = selector, profile = "desktop") {
  const { context, page, requests, errors } = await openPage(browser, { serviceWorkers: "block", ...PROFILES[profile].page });
  await throttle(page, profile);
  const answered = await timeAnswer(page, selector);
  const appAnswered = appSelector === selector ? answered : await timeAnswer(page, appSelector, "__benchAppMs");
  await page.addInitScript(armSliderMove, appSelector);
  // The requests made up to the load event, taken when it fires: read later, on a busy machine
  // the list would also hold the next chapter's packs, fetched 0.5 s after load.
  let atLoad;
  page.once("load", () => (atLoad = requests.slice()));
  await page.goto(server.base + route, { waitUntil: "commit" });
  const { ms, harnessMs } = await answered();
  const appMs = appSelector === selector ? ms : (await appAnswered()).ms;
  // Interactive: the chapter's first slider moved in the task after the app's answer was
  // painted, and the time of the frame after its figure changed (from navigation start).
  const interactiveMs = await sliderMoved(page).catch(() => null);
  const phases = await page.evaluate(phasesBefore, ms).catch(() => null);
  // The classroom's answer needs a pack fetched after load (its first step's chapter): it
  // counts up to its answer. (A chapter's route page preloads all it needs before load; up to
  // its answer, on a busy machine, would count the next chapter's packs, fetched 0.5 s after.)
  const atAnswer = route === "classroom" ? requests.slice() : [];
  await page.waitForLoadState("load");
  // What the page fetched up to its load event (the classroom: or its answer, whichever came
  // later); the next chapter's packs, fetched ahead once the page is idle, are not part of it.
  const loaded = atLoad ?? requests;
  const upTo = loaded.length >= atAnswer.length ? loaded : atAnswer;
  const fetched = upTo.filter((u) => !u.endsWith("/sw.js"));
  const files = new Map();
  for (const u of fetched) {
    const s = shipped(u);
    if (s) files.set(s.file, s);
  }
  const bytes = [...files.values()].reduce((a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz, br: a.br + s.br }), { raw: 0, gz: 0, br: 0 });
  await context.close();
  return { ms, appMs, interactiveMs, harnessMs, phases, bytes, requests: fetched.length, files: [...files.values()], errors };
}

/** In the page: where the time to the answer at `answerMs` went, as milliseconds from navigation
 * start: the last byte of the wasm fetched before it (resource timing), the app's entry running
 * ("ws:main", src/main.rs), its first view mounted ("ws:mounted"), the last pack instantiated
 * before it ("ws:pack:<name>", assets/loader.js). */
function phasesBefore(answerMs) {
  const before = (entries, at) => entries.map(at).filter((t) => t <= answerMs);
  const last = (ts) => (ts.length ? Math.max(...ts) : null);
  const mark = (name) => last(before(performance.getEntriesByName(name, "mark"), (m) => m.startTime));
  return {
    wasm: last(before(performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".wasm")), (r) => r.responseEnd)),
    main: mark("ws:main"),
    mounted: mark("ws:mounted"),
    packs: last(before(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("ws:pack:")), (m) => m.startTime)),
  };
}

/** In the peer's page: presses its Calculate button the moment its form handler is set (a user
 * who clicks at once). */
function peerClick() {
  const click = () => {
    const form = document.getElementsByTagName("form")[0];
    if (form && form.onsubmit) form.querySelector("button[type=submit]").click();
    else setTimeout(click, 1);
  };
  document.addEventListener("DOMContentLoaded", click);
}

/** Before the page's scripts: once the app's answer `selector` is on screen (the frame that
 * paints it), in the next task the chapter's first range slider is moved to its other end (an
 * input event, as a drag makes), and `window.__benchMoved` is stamped with the time of the frame
 * after the app changed the figure and controls that hold the slider (their `.gx-figure-grid`;
 * the chapter where there is none). Moved from inside the page, so that the harness's polling
 * (a 25 ms poll and a round trip, which waits behind the page's own tasks: 150–220 ms measured
 * on the phone profile) is not counted. */
function armSliderMove(selector) {
  const moveOnce = () => {
    const chapter = document.querySelector("[data-testid^=chapter-]");
    const range = chapter && chapter.querySelector("input[type=range]");
    if (!range) return (window.__benchMoved = null);
    const watched = range.closest(".gx-figure-grid") ?? chapter;
    const obs = new MutationObserver(() => {
      obs.disconnect();
      requestAnimationFrame(() => (window.__benchMoved = performance.now()));
    });
    obs.observe(watched, { childList: true, subtree: true, attributes: true, characterData: true });
    const lo = Number(range.min || 0);
    const hi = Number(range.max || 100);
    range.value = String(Number(range.value) === hi ? lo : hi);
    range.dispatchEvent(new Event("input", { bubbles: true }));
  };
  const seen = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(moveOnce, 0));
  });
  seen.observe(document, { childList: true, subtree: true, characterData: true });
}

/** The time [`armSliderMove`] stamped (null: no slider, or no change within 5 s). */
async function sliderMoved(page) {
  return (await stamped(page, "__benchMoved", 5000)) ?? null;
}

// 1. Deep links: bytes, requests, navigation → first answer.
console.log(`warpscope benchmark: ${DIST}, ${RUNS} cold runs per figure, min / median / p95, served ${{ raw: "unencoded", gzip: "gzip-encoded", br: "brotli-encoded (gzip where not accepted)" }[SERVE.encoding]}`);
if (want("load")) {
  console.log("\n| route | deep link gzip | brotli | requests | navigation → first answer (ms) | → the app's answer, interactive (ms) |");
  console.log("|---|---|---|---|---|---|");
  const allRoutes = [["", "[data-testid=chapter-map] a"], ...SLUGS.map((s) => [s, firstAnswer(s), answer(s)]), ["classroom", "[data-testid=cls-stage] figure, [data-testid=cls-stage] svg"]];
  const routes = process.env.ROUTES ? allRoutes.filter(([r]) => process.env.ROUTES.split(",").includes(r || "home")) : allRoutes;
  let heaviest = { gz: 0 };
  for (const [route, selector, appSelector] of routes) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await cold(route, selector, appSelector));
    const r = runs[runs.length - 1];
    if (r.errors.length) console.log(`  (errors on /${route}: ${r.errors.slice(0, 3).join(" | ")})`);
    if (route && route !== "classroom" && r.bytes.gz > heaviest.gz) heaviest = { route, ...r.bytes };
    console.log(`| /${route} | ${kib(r.bytes.gz)} | ${kib(r.bytes.br)} | ${r.requests} | ${stats(runs.map((x) => x.ms))} | ${stats(runs.map((x) => x.appMs))} |`);
    if (process.env.FILES || route === "") for (const f of r.files) console.log(`|   ${path.relative(DIST, f.file)} | ${f.gz} B | ${f.br} B | raw ${f.raw} B | |`);
  }
  // The targets are in KB (1000 B): 300 KB = 292.97 KiB.
  const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
  console.log(`heaviest deep link: /${heaviest.route} ${kib(heaviest.gz)} = ${kb(heaviest.gz)} gzip (${heaviest.gz <= 300000 ? "met" : "over"}), ${kib(heaviest.br)} brotli (targets: home ≤ 150 KB, deep link ≤ 300 KB = 292.97 KiB, ≤ 12 requests)`);
}

// 2. Chapter → chapter inside the app: the "next" link, timed to the frame that lays out the
//    next chapter's figure, clicked at once (the page just loaded: its packs are fetched on the
//    click) and after the page has rested 2 s, as a reader would (the page fetches the next
//    chapter's packs ahead once it is idle, assets/start.js).
if (want("next")) {
  console.log("\n| chapter → next chapter | clicked at once (ms) | after 2 s on the page (ms, target ≤ 100) |\n|---|---|---|");
  const once = async (from, to, restMs) => {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + from);
    await page.waitForSelector(answer(from));
    await page.waitForLoadState("load");
    if (restMs) await page.waitForTimeout(restMs);
    // Timed to the frame after the figure is inserted (profiling.mjs).
    const ms = await clickNextAndTime(page, answer(to));
    await context.close();
    return ms;
  };
  for (let k = 0; k + 1 < CHAPTERS.length; k++) {
    const [from, to] = [CHAPTERS[k], CHAPTERS[k + 1]];
    const [now, rested] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      now.push(await once(from, to, 0));
      rested.push(await once(from, to, 2000));
    }
    console.log(`| ${from} → ${to} | ${stats(now)} | ${stats(rested)} |`);
  }
}

// 3. Input → painted, every chapter: the first range slider, moved between two values.
//    A slider dragged by a user gets its input events at the start of a frame (Chromium aligns
//    continuous input to animation frames), so the main figure is frame-aligned: the input is
//    dispatched from a requestAnimationFrame callback, and "painted" is a message posted from
//    that callback, which runs once the frame's style, layout and paint are done. p95 ≤ 16.7 ms
//    means the update lands in the very frame of the input. "missed" counts ticks whose next
//    animation frame came later than one frame after (a frame dropped). The second figure
//    dispatches at a random point of the frame and waits for the next animation frame, as
//    earlier sessions measured: it adds the wait for the frame (uniform 0–16.7 ms), so its p95
//    could meet 16.7 ms only if a tick took under 1 ms.
//    The 40 frame-aligned ticks are all the same change (25 % → 75 %): the first input after load
//    (the chapter's default value → 25 %) is a different change, often of the figure's shape
//    (bank conflicts: 31 rows moved), and the first call of code paths (wasm functions compiled
//    on first call, memory grown), so it is timed alike but printed in a column of its own, not
//    mixed into the 40 (not the first of them, default → 75 %: the slowest
//    tick in 12 of 15 loads, one of the two slowest in 14, 13.6–160.8 ms, and as the p95 of 40
//    is the second slowest, it decided the p95 whenever one more tick was slow).
//    The machine's CPU is checked before and after each chapter's ticks (tools/cpuprobe.mjs:
//    two threads of fixed work for 1 s, the share of their time lost): a few % when the machine
//    has its two CPUs; this VM at times loses ~50 % (its two vCPUs on one host CPU), and then the
//    ticks, which Chromium runs on several threads, are slow whatever the page does.
if (want("input")) {
  console.log("\n| chapter | input → painted, frame-aligned: min / p50 / p95 (ms, target p95 ≤ 16.7) | frames missed | first input after load (default → 25 %), ms | random phase → next frame min / p50 / p95 | DOM writes per tick (attributes + nodes added/removed, median) | CPU check before / after (2 threads' time lost, %) |\n|---|---|---|---|---|---|---|");
  for (const slug of process.env.SLUGS ? process.env.SLUGS.split(",") : SLUGS) {
    // The CPU check before the page opens (not between its load and the ticks: that would move them).
    const before = await cpuCheck();
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + slug);
    await page.waitForSelector(answer(slug));
    await page.waitForTimeout(300);
    const res = await page.evaluate(async (slug) => {
      const range = document.querySelector(`[data-testid=chapter-${slug}] input[type=range]`);
      if (!range) return null;
      const lo = Number(range.min || 0);
      const hi = Number(range.max || 100);
      const a = String(lo + Math.round((hi - lo) * 0.25));
      const b = String(lo + Math.round((hi - lo) * 0.75));
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      // Each tick moves the slider: the frame-aligned one to b, the random-phase one back to a.
      const set = (i) => {
        range.value = i % 2 ? a : b;
        range.dispatchEvent(new Event("input", { bubbles: true }));
      };
      const aligned = [];
      let missed = 0;
      const phase = [];
      const writes = [];
      let attrs = 0;
      let nodes = 0;
      const count = (records) => {
        for (const r of records) {
          if (r.type === "attributes") attrs++;
          else if (r.type === "childList") nodes += r.addedNodes.length + r.removedNodes.length;
        }
      };
      // The first input after load: default → a, frame-aligned like the ticks below.
      await frame();
      const first = await new Promise((resolve) =>
        requestAnimationFrame(() => {
          const t0 = performance.now();
          set(1);
          const ch = new MessageChannel();
          ch.port1.onmessage = () => resolve(performance.now() - t0);
          ch.port2.postMessage(0);
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
      const observer = new MutationObserver(count);
      observer.observe(document.body, { attributes: true, childList: true, subtree: true });
      for (let i = 0; i < 40; i++) {
        // Frame-aligned: dispatched in a frame's rAF callback; painted = after that frame.
        await frame();
        observer.takeRecords();
        attrs = 0;
        nodes = 0;
        const { painted, next } = await new Promise((resolve) =>
          requestAnimationFrame((ts) => {
            const t0 = performance.now();
            set(0);
            const ch = new MessageChannel();
            ch.port1.onmessage = () => {
              const painted = performance.now() - t0;
              requestAnimationFrame((ts2) => resolve({ painted, next: ts2 - ts }));
            };
            ch.port2.postMessage(0);
          }),
        );
        aligned.push(painted);
        if (next > 1.5 * 16.7) missed++;
        count(observer.takeRecords());
        writes.push([attrs, nodes]);
        await new Promise((r) => setTimeout(r, 20));
        // Random phase → the next animation frame.
        const t0 = performance.now();
        set(1);
        await frame();
        phase.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20 + (i % 7) * 2));
      }
      observer.disconnect();
      writes.sort((x, y) => x[0] + x[1] - (y[0] + y[1]));
      return { aligned, missed, n: 40, first, phase, writes: writes[writes.length >> 1] };
    }, slug);
    const after = res ? await cpuCheck() : "";
    await context.close();
    if (!res) console.log(`| ${slug} | (no slider) | | | | | |`);
    else console.log(`| ${slug} | ${stats(res.aligned)} | ${res.missed} of ${res.n} | ${res.first.toFixed(1)} | ${stats(res.phase)} | ${res.writes[0]} + ${res.writes[1]} | ${before} / ${after} |`);
  }
}

// 4. Animation frame times: rAF intervals while a chapter plays, p50 / p95 over ~3 s.
async function frames(pathAndQuery, label) {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + pathAndQuery);
  await page.waitForSelector("[data-testid=play]");
  await page.waitForTimeout(500);
  await page.click("[data-testid=play]");
  const gaps = await page.evaluate(async () => {
    const out = [];
    let last = performance.now();
    const end = last + 3000;
    await new Promise((done) => {
      const tick = (t) => {
        out.push(t - last);
        last = t;
        if (t < end) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    return out.slice(2);
  });
  console.log(`${label}: frame p50 ${pct(gaps, 0.5).toFixed(1)} ms, p95 ${pct(gaps, 0.95).toFixed(1)} ms over ${gaps.length} frames (60 fps = 16.7 ms)`);
  await context.close();
}
if (want("frames")) {
  console.log("");
  await frames("dispatch?gpu=h100&threads=32&regs=16&grid=1048576", "dispatch animation, H100 132 SMs × 32 slots, grid 2^20");
  await frames("scheduling", "warp-scheduling animation (default view)");
}

// 5. The dispatch model, 2^20 jittered blocks on 132 SMs, in wasm: the page times its memo
//    (data-ms on [data-testid=compute-ms]); each cold run is a fresh page with its own jitter.
if (want("sim")) {
  const xs = [];
  // One untimed page first: the first page a freshly started browser opens is slow whatever it
  // runs (its processes and caches start),
  // and a reader's browser is already running. Each timed run is still a fresh context.
  {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + "dispatch?gpu=h100&threads=32&regs=16&grid=1024");
    await page.waitForSelector("[data-testid=compute-ms]");
    await context.close();
  }
  const before = await cpuCheck();
  for (let i = 0; i < Math.max(RUNS, 11); i++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + `dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=${20 + 5 * i}`);
    await page.waitForSelector("[data-testid=compute-ms]");
    xs.push(Number(await page.locator("[data-testid=compute-ms]").getAttribute("data-ms")));
    await context.close();
  }
  console.log(`dispatch simulation in wasm, 2^20 jittered blocks on 132 SMs: min / median / p95 ${stats(xs)} ms over ${xs.length} cold runs (target p95 ≤ 50 ms); in run order: ${xs.map((x) => x.toFixed(0)).join(" ")}; CPU check before / after ${before} / ${await cpuCheck()}`);
}

// 6. The kernel lab. (a) Each preset: an edit (a line added at the top, so every line moves and
//    the kernel is new) → the analysis → the frame that paints its counts, timed in the page:
//    from the input event, and from the commit that ends the debounce (the status turns busy).
//    (b) The grid-stride copy over 2^20 threads (grid 4096 × 256): from the commit to the
//    painted counts, with every long task (PerformanceObserver "longtask", > 50 ms) the page ran
//    meanwhile. Printed, never asserted.
if (want("lab")) {
  const presets = JSON.parse(fs.readFileSync(path.join(here, "../tests/fixtures/kernel_lab_h100.json"), "utf8")).launches.filter((l) => l.preset);
  /** In the page: edit the source (prepend a line), and time input → commit → painted. */
  const edit = (page) =>
    page.evaluate(
      () =>
        new Promise((done) => {
          const status = document.querySelector("[data-testid=lab-status]");
          const area = document.querySelector("[data-testid=lab-source]");
          let commit = null;
          const obs = new MutationObserver(() => {
            const busy = status.getAttribute("aria-busy") === "true";
            if (busy && commit === null) commit = performance.now();
            if (!busy && commit !== null) {
              obs.disconnect();
              requestAnimationFrame(() => setTimeout(() => done({ fromInput: performance.now() - t0, fromCommit: performance.now() - commit }), 0));
            }
          });
          obs.observe(status, { attributes: true, attributeFilter: ["aria-busy"] });
          area.value = "// edit\n" + area.value;
          const t0 = performance.now();
          area.dispatchEvent(new Event("input", { bubbles: true }));
        }),
    );
  const fromInput = [];
  const fromCommit = [];
  const perPreset = [];
  for (const p of presets) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.goto(server.base + `lab?preset=${p.name}`);
    await page.waitForSelector("[data-testid=lab-total-global-load-requests]");
    const mine = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await edit(page);
      fromInput.push(r.fromInput);
      fromCommit.push(r.fromCommit);
      mine.push(r.fromCommit);
    }
    perPreset.push(`${p.name} ${pct(mine, 0.5).toFixed(0)}`);
    await context.close();
  }
  console.log(`\nkernel lab, a preset edited (${presets.length} presets × ${RUNS} edits): input → painted ${stats(fromInput)} ms (includes the 250 ms debounce); the debounce's end → analysed and painted ${stats(fromCommit)} ms (target ≤ 100); median per preset: ${perPreset.join(", ")}`);
  const copies = [];
  let longest = 0;
  let longTasks = 0;
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block" });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((l) => window.__longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: "longtask", buffered: true });
    });
    await page.goto(server.base + "lab?preset=grid-stride-copy");
    await page.waitForSelector("[data-testid=lab-total-global-load-requests]");
    const r = await page.evaluate(
      () =>
        new Promise((done) => {
          window.__longTasks = [];
          const status = document.querySelector("[data-testid=lab-status]");
          let commit = null;
          const obs = new MutationObserver(() => {
            const busy = status.getAttribute("aria-busy") === "true";
            if (busy && commit === null) commit = performance.now();
            if (!busy && commit !== null) {
              obs.disconnect();
              requestAnimationFrame(() => setTimeout(() => done({ ms: performance.now() - commit, tasks: window.__longTasks.slice() }), 0));
            }
          });
          obs.observe(status, { attributes: true, attributeFilter: ["aria-busy"] });
          const grid = document.querySelector("[data-testid=lab-grid]");
          grid.value = "4096";
          grid.dispatchEvent(new Event("change", { bubbles: true }));
        }),
    );
    const threads = await page.locator("[data-testid=lab-status-text]").textContent();
    if (i === 0) console.log(`kernel lab, grid-stride copy: ${threads.trim()}`);
    copies.push(r.ms);
    longTasks += r.tasks.length;
    longest = Math.max(longest, ...r.tasks, 0);
    await context.close();
  }
  console.log(`kernel lab, grid-stride copy over 2^20 threads: analysed and painted ${stats(copies)} ms (target ≤ 2000); tasks over 50 ms while it ran: ${longTasks} in ${copies.length} runs${longTasks ? `, longest ${longest.toFixed(0)} ms` : ""}`);
}

// 7. A visit after the first, offline: every chapter opens from the service worker's cache.
if (want("offline")) {
  const { context, page } = await openPage(browser);
  await page.goto(server.base);
  const sw = await page.evaluate(() => "serviceWorker" in navigator && navigator.serviceWorker.getRegistration().then((r) => !!r));
  if (!fs.existsSync(path.join(DIST, "sw.js"))) console.log("offline: no service worker in this build");
  else {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    const pkg = fs.readdirSync(DIST).find((d) => d.startsWith("pkg-"));
    const packs = fs.readdirSync(path.join(DIST, pkg)).filter((f) => /^pack-.*\.wasm$/.test(f)).length;
    const deadline = Date.now() + 60000;
    const cachedPacks = () =>
      page.evaluate(async () => {
        const key = (await caches.keys()).find((k) => k.startsWith("warpscope-"));
        if (!key) return 0;
        return (await (await caches.open(key)).keys()).filter((r) => /pack-.*\.wasm$/.test(r.url)).length;
      });
    while ((await cachedPacks()) < packs && Date.now() < deadline) await page.waitForTimeout(250);
    await page.waitForTimeout(2000);
    await context.setOffline(true);
    await page.reload();
    let ok = 0;
    for (const slug of SLUGS) {
      await page.evaluate((slug) => document.querySelector(`a[href$='/${slug}']`)?.click(), slug);
      try {
        await page.waitForSelector(answer(slug), { timeout: 10000 });
        ok++;
      } catch {
        console.log(`offline: ${slug} did not open`);
      }
    }
    console.log(`offline after one visit (service worker ${sw ? "registered" : "missing"}): ${ok} of ${SLUGS.length} chapters open`);
  }
  await context.close();
}

// 7. The reference peer: a local copy of its page (index.html and the files it loads, served from
//    this machine like the site: nothing is fetched off it). Cold runs interleaved with
//    warpscope's occupancy deep link: navigation → the peer's occupancy answer on screen,
//    including its Calculate click (made by the page itself the moment its form handler is set,
//    i.e. a user who clicks instantly), and the bytes it fetched.
if (want("peer") && process.env.PEER && fs.existsSync(process.env.PEER)) {
  const peerDir = path.dirname(path.resolve(process.env.PEER));
  const peerServer = await startServerProcess(peerDir, "/peer/", SERVE);
  const peerUrl = peerServer.base + path.basename(process.env.PEER);
  const peerBytes = (urls) => {
    const files = new Map();
    for (const u of urls) {
      const rel = decodeURIComponent(new URL(u).pathname.replace("/peer/", ""));
      const file = path.join(peerDir, rel);
      if (!u.startsWith(peerServer.base) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) continue;
      const raw = fs.readFileSync(file);
      files.set(file, { raw: raw.length, gz: zlib.gzipSync(raw, { level: 9 }).length });
    }
    return [...files.values()].reduce((a, f) => ({ raw: a.raw + f.raw, gz: a.gz + f.gz, n: a.n + 1 }), { raw: 0, gz: 0, n: 0 });
  };
  async function peerCold(profile = "desktop") {
    const { context, page, requests, errors } = await openPage(browser, { serviceWorkers: "block", ...PROFILES[profile].page });
    await throttle(page, profile);
    await page.addInitScript(peerClick);
    const answered = await timeAnswer(page, "#occupancyOfMultiprocessor:not(:empty)");
    await page.goto(peerUrl, { waitUntil: "commit" });
    const { ms, harnessMs } = await answered();
    await page.waitForLoadState("load");
    const offOrigin = requests.filter((u) => !u.startsWith(peerServer.origin));
    await context.close();
    return { ms, harnessMs, bytes: peerBytes(requests), requests: requests.length, errors, offOrigin };
  }
  const ours = [];
  const oursApp = [];
  const peer = [];
  const oursHarness = [];
  const peerHarness = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const o = await cold("occupancy", firstAnswer("occupancy"), answer("occupancy"));
    ours.push(o.ms);
    oursApp.push(o.appMs);
    oursHarness.push(o.harnessMs);
    last = await peerCold();
    peer.push(last.ms);
    peerHarness.push(last.harnessMs);
  }
  if (last.errors.length) console.log(`  (peer errors: ${last.errors.slice(0, 3).join(" | ")})`);
  if (last.offOrigin.length) console.log(`  (peer asked for ${last.offOrigin.length} off-origin URLs, not served: ${last.offOrigin.slice(0, 3).join(" ")})`);
  const med = (xs) => pct(xs, 0.5);
  console.log(`\n| navigation → first occupancy answer, cold, interleaved (${RUNS} each) | min / median / p95 (ms) |\n|---|---|`);
  console.log(`| warpscope /occupancy (the route page's prerendered answer, or the app's if first) | ${stats(ours)} |`);
  console.log(`| warpscope /occupancy, the app's answer (interactive) | ${stats(oursApp)} |`);
  console.log(`| reference peer, including its Calculate click (${last.bytes.n} files, ${kib(last.bytes.gz)} gzip, ${last.requests} requests) | ${stats(peer)} |`);
  console.log(`warpscope / peer, medians: ${(med(ours) / med(peer)).toFixed(2)} (target ≤ 0.5 and ≤ 250 ms); the app's answer / peer: ${(med(oursApp) / med(peer)).toFixed(2)}`);
  console.log(`as the harness sees them (its 25 ms poll and a round trip): warpscope ${stats(oursHarness)}, peer ${stats(peerHarness)}, medians ${(med(oursHarness) / med(peerHarness)).toFixed(2)}`);
  peerServer.close();
} else if (want("peer")) console.log("peer comparison: skipped (no local copy of the reference peer page; set PEER=path/to/index.html)");

// 8. The two profiles (DESIGN.md §3), cold runs interleaved with the peer: a deep link's first
//    answer (/occupancy), a link with parameters' first answer and interactive time, the peer's
//    answer; then input → painted per chapter on the phone (the first slider, 20 ticks).
if (want("profiles")) {
  const LINK = "occupancy?gpu=h100pcie&threads=384&regs=48&smem=20480";
  let peerServer = null;
  let peerUrl = null;
  if (process.env.PEER && fs.existsSync(process.env.PEER)) {
    peerServer = await startServerProcess(path.dirname(path.resolve(process.env.PEER)), "/peer/", SERVE);
    peerUrl = peerServer.base + path.basename(process.env.PEER);
  }
  /** The peer: navigation → its occupancy answer, its Calculate click made the moment it can be. */
  async function peerAnswer(profile) {
    const { context, page } = await openPage(browser, { serviceWorkers: "block", ...PROFILES[profile].page });
    await throttle(page, profile);
    await page.addInitScript(peerClick);
    const answered = await timeAnswer(page, "#occupancyOfMultiprocessor:not(:empty)");
    await page.goto(peerUrl, { waitUntil: "commit" });
    const { ms } = await answered();
    await context.close();
    return ms;
  }
  const med = (xs) => pct(xs, 0.5);
  const rows = [];
  // The link with parameters, step by step (medians, ms from navigation start; see phasesBefore).
  const PHASES = [["wasm", "last wasm byte"], ["main", "app entry runs"], ["mounted", "first view mounted"], ["packs", "chapter's packs instantiated"], ["answer", "the app's answer"], ["interactive", "interactive"]];
  const phaseRows = [];
  // The machine's CPU before and after (tools/cpuprobe.mjs): a VM that loses time slows both sites.
  const cpuBefore = await cpuCheck();
  for (const profile of (process.env.PROFILES ?? "desktop,phone").split(",")) {
    const deep = { first: [], app: [] };
    const link = { first: [], app: [], interactive: [], phases: [] };
    const peer = [];
    for (let i = 0; i < RUNS; i++) {
      const d = await cold("occupancy", firstAnswer("occupancy"), answer("occupancy"), profile);
      deep.first.push(d.ms);
      deep.app.push(d.appMs);
      const l = await cold(LINK, firstAnswer("occupancy"), answer("occupancy"), profile);
      link.first.push(l.ms);
      link.app.push(l.appMs);
      if (l.interactiveMs !== null) link.interactive.push(l.interactiveMs);
      if (l.phases) link.phases.push({ ...l.phases, answer: l.appMs, interactive: l.interactiveMs });
      if (peerUrl) peer.push(await peerAnswer(profile));
    }
    const ratio = (xs) => (peer.length ? `${(med(xs) / med(peer)).toFixed(2)}×` : "–");
    rows.push(`| ${profile} | deep link /occupancy: first answer | ${stats(deep.first)} | ${ratio(deep.first)} |`);
    rows.push(`| ${profile} | deep link /occupancy: the app's answer | ${stats(deep.app)} | ${ratio(deep.app)} |`);
    rows.push(`| ${profile} | link with parameters: first answer | ${stats(link.first)} | ${ratio(link.first)} |`);
    rows.push(`| ${profile} | link with parameters: interactive (a slider moved the figure) | ${link.interactive.length ? stats(link.interactive) : "–"} | ${link.interactive.length ? ratio(link.interactive) : "–"} |`);
    if (peer.length) rows.push(`| ${profile} | reference peer: its occupancy answer | ${stats(peer)} | 1.00× |`);
    phaseRows.push(`| ${profile} | ${PHASES.map(([key]) => {
      const ts = link.phases.map((p) => p[key]).filter((t) => t !== null && t !== undefined);
      return ts.length ? med(ts).toFixed(0) : "–";
    }).join(" | ")} |`);
  }
  console.log(`\n| profile | what | min / median / p95 (ms, ${RUNS} cold runs each, interleaved) | median / peer's |\n|---|---|---|---|`);
  for (const r of rows) console.log(r);
  console.log(`CPU check before / after (2 threads' time lost): ${cpuBefore} / ${await cpuCheck()}`);
  console.log("targets: phone — a deep link's first answer ≤ 1000 ms and ≤ 0.5× the peer's, a link with parameters interactive ≤ 2000 ms; desktop — a link with parameters answers in ≤ 0.5× the peer's time");
  console.log(`\n| profile | link with parameters, medians (ms from navigation start): ${PHASES.map(([, what]) => what).join(" | ")} |\n|---|${PHASES.map(() => "---|").join("")}`);
  for (const r of phaseRows) console.log(r);
  if (peerServer) peerServer.close();
  else console.log("(no peer: set PEER=path/to/index.html, see docs/peer.md)");

  // Input → painted on the phone, every numbered chapter, once the page has settled: the first
  // slider, 20 ticks, each timed from the input to the frame after it.
  if ((process.env.PROFILES ?? "desktop,phone").split(",").includes("phone")) {
    console.log("\n| chapter | phone: input → painted min / p50 / p95 (ms, target p95 ≤ 50) | CPU check before / after (2 threads' time lost, %) |\n|---|---|---|");
    for (const slug of process.env.SLUGS ? process.env.SLUGS.split(",") : CHAPTERS) {
      const before = await cpuCheck();
      const { context, page } = await openPage(browser, { serviceWorkers: "block", ...PROFILES.phone.page });
      await throttle(page, "phone");
      await page.goto(server.base + slug);
      await page.waitForSelector(answer(slug), { timeout: 60000 });
      // The page settled: its later parts' module fetched and every part built (no busy
      // placeholder left), so the ticks time the chapter answering, not its parts arriving.
      await page.waitForLoadState("networkidle");
      await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"), null, { timeout: 60000 });
      await page.waitForTimeout(500);
      const ticks = await page.evaluate(async (slug) => {
        const range = document.querySelector(`[data-testid=chapter-${slug}] input[type=range]`);
        if (!range) return null;
        const lo = Number(range.min || 0);
        const hi = Number(range.max || 100);
        const vals = [String(lo + Math.round((hi - lo) * 0.25)), String(lo + Math.round((hi - lo) * 0.75))];
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const out = [];
        for (let i = 0; i < 21; i++) {
          await frame();
          const t0 = performance.now();
          range.value = vals[i % 2];
          range.dispatchEvent(new Event("input", { bubbles: true }));
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          if (i > 0) out.push(performance.now() - t0);
        }
        return out;
      }, slug);
      // The check after closes the page first: while a page is CPU-throttled, the throttling
      // itself takes the probe's time (measured with a blank page open: 48–56 % lost at 4×,
      // 13–17 % at 1×), and so it takes time from the page's other threads too.
      await context.close();
      console.log(`| ${slug} | ${ticks ? stats(ticks) : "no slider"} | ${ticks ? `${before} / ${await cpuCheck()}` : ""} |`);
    }
  }
}

await browser.close();
server.close();
