// One cold dispatch deep link (2^20 jittered blocks) traced: the renderer's wasm compile jobs
// (by thread) against the main thread's long tasks: prints compute-ms and a timeline of events longer
// than MIN_US µs (1500). Usage: [JIT=30] [MIN_US=…] [DIST=…] node simtrace.mjs (trace in /tmp/simtrace.json)
import fs from "node:fs";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const dist = process.env.DIST ?? new URL("../../dist", import.meta.url).pathname;
const server = await startServer(dist, "/warpscope/", { gzip: true });
const browser = await launch();
{ const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + "dispatch?grid=1024"); await page.waitForSelector("[data-testid=compute-ms]"); await context.close(); }
const { context, page } = await openPage(browser, { serviceWorkers: "block" });
await browser.startTracing(page, { path: "/tmp/simtrace.json", categories: ["devtools.timeline", "v8", "v8.wasm", "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.wasm.turbofan", "disabled-by-default-v8.compile"] });
await page.goto(server.base + `dispatch?gpu=h100&threads=32&regs=16&grid=1048576&dur=1000000&jit=${process.env.JIT ?? 30}`);
await page.waitForSelector("[data-testid=compute-ms]");
const ms = await page.locator("[data-testid=compute-ms]").getAttribute("data-ms");
await page.waitForTimeout(300);
await browser.stopTracing();
await context.close(); await browser.close(); server.close();
console.log("compute-ms", ms);
const ev = JSON.parse(fs.readFileSync("/tmp/simtrace.json", "utf8")).traceEvents;
const names = new Map();
for (const e of ev) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args.name);
const X = ev.filter((e) => e.ph === "X" && e.dur > 0);
const mainPid = X.find((e) => names.get(`${e.pid}:${e.tid}`) === "CrRendererMain")?.pid;
const t0 = Math.min(...X.filter((e) => e.pid === mainPid).map((e) => e.ts));
const rows = X.filter((e) => e.pid === mainPid && (e.dur > Number(process.env.MIN_US ?? 1500)) && (names.get(`${e.pid}:${e.tid}`) !== "CrRendererMain" || e.name === "RunTask" || /wasm|Wasm|Compile|v8\.execute|FunctionCall/.test(e.name)));
rows.sort((a, b) => a.ts - b.ts);
for (const e of rows) console.log(`${((e.ts - t0) / 1000).toFixed(1).padStart(8)} +${(e.dur / 1000).toFixed(1).padStart(6)}  ${(names.get(`${e.pid}:${e.tid}`) ?? e.tid).toString().padEnd(22)} ${e.name} ${e.args?.data?.functionName ?? e.args?.func_index ?? ""}`);
