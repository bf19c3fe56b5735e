// The kernel lab (/lab) in headless Chromium: every preset's counters equal what Nsight Compute
// measured (tests/fixtures/kernel_lab_h100.json, where the model matches ncu on every preset);
// an edit analyses again; a picked line shows one warp's lanes on the chapters' figures; errors
// are shown at their line; the kernel survives a permalink; Chinese; a phone's read-only editor
// with Edit; endless and huge kernels in links end with a message, never a hang.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = JSON.parse(fs.readFileSync(path.join(here, "../fixtures/kernel_lab_h100.json"), "utf8"));
const PRESETS = FIXTURE.launches.filter((l) => l.preset);

const text = async (page, id) => (await page.locator(`[data-testid=${id}]`).first().textContent()).trim();
const number = async (page, id) => Number((await text(page, id)).replace(/,/g, ""));
/** Waits until the analysis of the kernel on screen has ended (done, stopped or failed). */
const analysed = (page) =>
  page.waitForFunction(() => {
    const s = document.querySelector("[data-testid=lab-status]");
    return s && s.getAttribute("aria-busy") === "false" && (s.textContent.trim() !== "" || document.querySelector("[data-testid=lab-error]"));
  }, null, { timeout: 20000 });

const TOTALS = {
  "lab-total-global-load-requests": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
  "lab-total-global-load-sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
  "lab-total-global-store-requests": "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
  "lab-total-global-store-sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
  "lab-total-shared-load-instructions": "smsp__sass_inst_executed_op_shared_ld.sum",
  "lab-total-shared-load-wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
  "lab-total-shared-load-bank-conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
  "lab-total-shared-store-instructions": "smsp__sass_inst_executed_op_shared_st.sum",
  "lab-total-shared-store-wavefronts": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
  "lab-total-shared-store-bank-conflicts": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
};

test("every preset's counters are what Nsight Compute measured", async () => {
  assert.equal(PRESETS.length, 14);
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "lab?lang=en");
  await page.waitForSelector("[data-testid=lab-source]");
  for (const p of PRESETS) {
    await page.locator("[data-testid=lab-preset]").selectOption(p.name);
    await page.waitForFunction((src) => document.querySelector("[data-testid=lab-source]").value === src, p.source);
    await analysed(page);
    await page.waitForSelector("[data-testid=lab-total-global-load-requests]");
    // The counts shown are the current kernel's (no stale note).
    assert.equal(await page.locator("[data-testid=lab-stale]").count(), 0, p.name);
    for (const [id, metric] of Object.entries(TOTALS)) {
      assert.equal(await number(page, id), p.ncu[metric], `${p.name}: ${metric}`);
    }
    assert.equal(await number(page, "lab-total-fp32-operations"), p.ncu_diagnostics.fp32_flops, `${p.name}: FP32`);
    assert.match(await text(page, "lab-teaches"), /\w/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("an edit analyses again; a picked line shows the warp's lanes; an error is shown at its line", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "lab?preset=strided-read&lang=en");
  await analysed(page);
  // stride 2 over 64 × 256 threads: 512 warps, 8 sectors each.
  assert.equal(await number(page, "lab-total-global-load-sectors"), 4096);
  // Edit: read in[i * stride * 4].
  const area = page.locator("[data-testid=lab-source]");
  await area.fill((await area.inputValue()).replace("in[i * stride]", "in[i * stride * 4]"));
  await page.waitForFunction(() => location.search.includes("k="));
  await analysed(page);
  assert.equal(await number(page, "lab-total-global-load-sectors"), 512 * 32);
  // Pick line 4 in the table: warp 0's load on the coalescing figure, 32 sectors.
  await page.locator("[data-testid=lab-line-4] button").click();
  await page.waitForSelector("[data-testid=lab-coalescing] [data-testid=lane-31]");
  assert.match(await text(page, "lab-why-numbers"), /32 sectors/);
  assert.equal(await page.locator("[data-testid=lab-coalescing] [data-testid=line]").count(), 8);
  // The store on the same line: 4 sectors.
  await page.locator("[data-testid=lab-item-1]").click();
  assert.match(await text(page, "lab-why-numbers"), /4 sectors/);
  await page.screenshot({ path: path.join(SHOTS, "lab-strided-en.png"), fullPage: true });
  // A syntax error: shown with its line and column, the gutter marks the line.
  await area.fill((await area.inputValue()).replace("int i =", "int i = )"));
  await page.waitForSelector("[data-testid=lab-error]");
  assert.match(await text(page, "lab-error"), /Line 3, column \d+:/);
  assert.equal(await page.locator(".gx-lab-ed__no--error").textContent(), "3");
  // The last counts stay, marked as the kernel before the change.
  assert.equal(await page.locator("[data-testid=lab-stale]").count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("counts read as counted: a statement runs once, a full wave is full, stale counts keep their code, a refused launch did not start", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "lab?lang=en&line=3");
  await analysed(page);
  // `int i = blockIdx.x * blockDim.x + threadIdx.x;`: one execution, however many warp-level steps.
  await page.waitForSelector("[data-testid=lab-why-numbers]");
  assert.equal(await page.locator("[data-testid=lab-exec]").count(), 0, "one execution: no stepper");
  const code3 = await text(page, "lab-line-3");
  // Two comment lines above the kernel and a broken line: the counts stay, with the code they
  // were counted for, and no notes beside the new text.
  const area = page.locator("[data-testid=lab-source]");
  await area.fill("// a\n// b\n" + (await area.inputValue()).replace("out[i] = in[i];", "out[i] = in[i] +;"));
  await page.waitForSelector("[data-testid=lab-stale]");
  assert.equal(await text(page, "lab-line-3"), code3);
  assert.deepEqual((await page.locator(".gx-lab-ed__note").allTextContents()).filter((t) => t.trim()), []);
  // 40 blocks of 1,024 threads on a T4 (40 SMs, one block each): one full wave.
  await page.goto(server.base + "lab?lang=en&gpu=t4&block=1024");
  await analysed(page);
  await page.waitForSelector("[data-testid=lab-waves-line]");
  assert.match(await text(page, "lab-waves-line"), /one full wave; wave efficiency 100/);
  // A grid of 0 blocks never starts.
  await page.goto(server.base + "lab?lang=en&grid=0");
  await page.waitForSelector("[data-testid=lab-error]");
  assert.match(await text(page, "lab-error"), /^The launch cannot start gridDim\.x is 0\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a branch line shows the masks; the warp chooser moves to the partial warp", async () => {
  const { context, page, errors } = await openPage(browser);
  // copy-bounds: n = 10,000; warp 312 (block 39, warp 0) has 16 lanes in bounds.
  await page.goto(server.base + "lab?line=4&warp=312&lang=en");
  await analysed(page);
  await page.waitForSelector("[data-testid=lab-lanes] [data-testid=lane]");
  const states = await page.$$eval("[data-testid=lab-lanes] [data-testid=lane]", (ls) => ls.map((l) => l.getAttribute("data-state")));
  assert.equal(states.filter((s) => s === "active").length, 16);
  assert.equal(states.filter((s) => s === "masked").length, 16);
  assert.match(await text(page, "lab-warp-place"), /block \(39, 0, 0\), warp 0/);
  assert.match(await text(page, "lab-why-numbers"), /16 lanes take it, 16 go the other way/);
  // Line 5 for warp 313: no lane in bounds, the warp never runs it.
  await page.locator("[data-testid=lab-line-5] button").click();
  await page.locator("[data-testid=lab-warp]").fill("313");
  await page.locator("[data-testid=lab-warp]").press("Enter");
  await page.waitForFunction(() => location.search.includes("warp=313"));
  assert.match(await text(page, "lab-why-message"), /did not execute line 5/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the warp and launch fields say what they did with text they cannot use as typed", async () => {
  const { context, page, errors } = await openPage(browser);
  // copy-bounds: 40 blocks × 8 warps = 320 warps, 0–319.
  await page.goto(server.base + "lab?line=4&warp=312&lang=en");
  await analysed(page);
  const warp = page.locator("[data-testid=lab-warp]");
  const typed = async (value) => {
    await warp.fill(value);
    await warp.press("Enter");
    return (await page.locator("#lab-warp-err").textContent()).trim();
  };
  assert.equal(await typed("99999"), "Allowed: 0–319; using 319.");
  assert.equal(await warp.inputValue(), "319");
  await page.waitForFunction(() => location.search.includes("warp=319"));
  assert.equal(await typed("-4"), "Allowed: 0–319; using 0.");
  assert.equal(await typed("2.5"), "“2.5” is not a whole number.");
  assert.equal(await warp.getAttribute("aria-invalid"), "true");
  assert.equal(await typed(""), "Enter a whole number from 0 to 319.");
  // 1e3 is a whole number (clamped), and 1e2 one in range: taken as it is.
  assert.equal(await typed("1e2"), "");
  await page.waitForFunction(() => location.search.includes("warp=100"));
  const grid = page.locator("[data-testid=lab-grid]");
  await grid.fill("99999999999");
  await grid.press("Enter");
  assert.match((await page.locator("#lab-grid-err").textContent()).trim(), /^Too large: each number can be at most 2,147,483,647/);
  await grid.fill("8x");
  await grid.press("Enter");
  assert.match((await page.locator("#lab-grid-err").textContent()).trim(), /^Type one to three whole numbers/);
  // Registers per thread: the chapters' rule, clamped with the range.
  const regs = page.locator("[data-testid=lab-regs]");
  await regs.fill("300");
  await regs.press("Enter");
  assert.equal((await page.locator("#lab-regs-err").textContent()).trim(), "Allowed: 1–255; using 255.");
  assert.equal(await regs.inputValue(), "255");
  // Typing the value used (no change event: the box already holds it) takes the note away.
  await regs.fill("255");
  await regs.press("Enter");
  assert.equal((await page.locator("#lab-regs-err").textContent()).trim(), "");
  // A kernel that does not parse: the warp panel says what it waits for.
  await page.locator("[data-testid=lab-source]").fill("__global__ void k() { printf(\"hi\"); }");
  await page.waitForFunction(() => /kernel parses/.test(document.querySelector("[data-testid=lab-why-message]")?.textContent ?? ""));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the kernel, launch and picked line survive a permalink", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "lab?preset=gemv&lang=en");
  await analysed(page);
  const area = page.locator("[data-testid=lab-source]");
  const edited = (await area.inputValue()).replace("k++", "k += 2");
  await area.fill(edited);
  await page.locator("[data-testid=lab-grid]").fill("4");
  await page.locator("[data-testid=lab-grid]").press("Enter");
  await page.locator("[data-testid=lab-arg-cols]").fill("64");
  await page.locator("[data-testid=lab-arg-cols]").press("Enter");
  await page.locator("[data-testid=lab-line-7] button").click();
  await page.waitForFunction(() => /v=1&k=.*grid=4.*a\.cols=64.*line=7/.test(location.search));
  await analysed(page);
  const sectors = await number(page, "lab-total-global-load-sectors");
  const url = page.url();
  const fresh = await context.newPage();
  await fresh.goto(url);
  await analysed(fresh);
  assert.equal(await fresh.locator("[data-testid=lab-source]").inputValue(), edited);
  assert.equal(await fresh.locator("[data-testid=lab-grid]").inputValue(), "4");
  assert.equal(await number(fresh, "lab-total-global-load-sectors"), sectors);
  assert.match(await text(fresh, "lab-why-line"), /Line 7/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Chinese: the page, the counts and the errors are worded in Chinese", async () => {
  const { context, page, errors } = await openPage(browser, { locale: "zh-CN" });
  await page.goto(server.base + "lab?lang=zh&line=4");
  await analysed(page);
  assert.match(await text(page, "lab-status-text"), /已运行/);
  assert.match(await page.locator("[data-testid=lab-counters] th").first().textContent(), /计数器/);
  const area = page.locator("[data-testid=lab-source]");
  await area.fill((await area.inputValue()).replace("int n)", "long n)"));
  await page.waitForSelector("[data-testid=lab-error]");
  assert.match(await text(page, "lab-error"), /第 1 行第 \d+ 列：实验室不支持类型 `long`/);
  await page.screenshot({ path: path.join(SHOTS, "lab-zh.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone the editor is read-only until Edit", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.base + "lab?lang=en");
  await analysed(page);
  const area = page.locator("[data-testid=lab-source]");
  assert.equal(await area.getAttribute("readonly"), "");
  await page.locator("[data-testid=lab-edit]").click();
  assert.equal(await area.getAttribute("readonly"), null);
  await area.fill((await area.inputValue()).replace("i < n", "i < n / 2"));
  await page.waitForFunction(() => location.search.includes("k="));
  await analysed(page);
  assert.equal(await number(page, "lab-total-global-load-requests"), 157);
  await page.screenshot({ path: path.join(SHOTS, "lab-phone.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

/** The `k` of a kernel, as the page writes it: raw deflate + base64url, from the page itself. */
async function linkOf(page, source) {
  const area = page.locator("[data-testid=lab-source]");
  await area.fill(source);
  await page.waitForFunction(() => location.search.includes("k="));
  return new URL(page.url()).search;
}

test("endless, huge and malformed kernels in links: a message, no hang, no error", async () => {
  const { context, page, errors } = await openPage(browser);
  page.on("dialog", (d) => { errors.push("dialog: " + d.message()); d.dismiss(); });
  await page.goto(server.base + "lab?lang=en");
  await analysed(page);
  const endless = await linkOf(page, "__global__ void spin(float* out)\n{\n    while (1) { }\n}\n");
  const t0 = Date.now();
  await page.goto(server.base + "lab" + endless);
  // The page answers while the kernel spins: the Stop button is there and clickable.
  await page.waitForSelector("[data-testid=lab-stop]", { timeout: 5000 }).catch(() => {});
  const probe = await page.evaluate(() => new Promise((ok) => { const t = performance.now(); setTimeout(() => ok(performance.now() - t), 0); }));
  assert.ok(probe < 200, `a task waited ${probe} ms`);
  await analysed(page);
  assert.match(await text(page, "lab-error"), /loop ran more than|warp-level steps/);
  assert.ok(Date.now() - t0 < 30000);
  // Malformed links, applied as Back/Forward would (a 30,000-character query is longer than an
  // HTTP request line the test server takes): notices, the default kernel, no live markup.
  for (const q of ["v=1&k=%%%", "v=1&k=" + "A".repeat(30000), "v=9&k=abc", "k=" + encodeURIComponent("<img src=x onerror=alert(1)>"), "grid=99999999999x2&block=0", "a.n=<b>x</b>&warp=-1&line=1e9", "a." + "x".repeat(100) + "=1&" + Array.from({ length: 200 }, (_, i) => `a.p${i}=${i}`).join("&")]) {
    const seen = await page.evaluate(async (q) => {
      history.pushState(null, "", location.pathname + "?" + q + "&lang=en");
      dispatchEvent(new PopStateEvent("popstate"));
      await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50)));
      return {
        source: !!document.querySelector("[data-testid=lab-source]"),
        said: !!document.querySelector("[data-testid=notices], [data-testid=lab-error], [data-testid=lab-launch-error]"),
        live: document.querySelectorAll("img[src=x], b").length,
      };
    }, q);
    const where = q.slice(0, 60);
    assert.ok(seen.source, `no editor after ${where}`);
    assert.ok(seen.said, `nothing said after ${where}`);
    assert.equal(seen.live, 0, `markup went live after ${where}`);
  }
  // A launch past the lab's limit says so.
  await page.goto(server.base + "lab?grid=65536&block=1024&lang=en");
  await analysed(page);
  assert.match(await text(page, "lab-launch-error"), /more than the 4,194,304 the lab runs/);
  assert.deepEqual(errors, []);
  await context.close();
});
