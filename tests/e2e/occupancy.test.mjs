// The Occupancy chapter in a real headless Chromium: the course's numbers, sliders that move the
// limiter and the bars, permalinks, a launch that cannot run, language, bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = (page, id) => page.locator(`[data-testid=${id}]`).first().textContent();
const usedWidth = (page, bar) =>
  page.locator(`[data-testid=bar-${bar}] rect[data-kind=used]`).evaluateAll((rs) => rs.reduce((s, r) => s + Number(r.getAttribute("width")), 0));

async function open(query = "") {
  const ctx = await openPage(browser);
  await ctx.page.goto(server.base + "occupancy" + query);
  await ctx.page.waitForSelector("[data-testid=figure] [data-testid=bar-registers]");
  return ctx;
}

test("the default kernel is the course's 256 × 64 on the A100: 4 blocks, 32 warps, 50 %", async () => {
  const { context, page, errors } = await open();
  assert.equal(await text(page, "blocks-per-sm"), "4");
  assert.equal(await text(page, "warps-per-sm"), "32");
  assert.equal(await text(page, "occupancy"), "50 %");
  assert.match(await text(page, "limiter"), /Limited by registers/);
  assert.match(await page.locator("[data-testid=step-regs-per-warp]").textContent(), /2,048/);
  assert.match(await page.locator("[data-testid=step-blocks]").textContent(), /min\(4, 8, 32, 164\)/);
  assert.equal(await page.locator("[data-testid=bar-registers]").getAttribute("class"), "gx-bar gx-bar--binds");
  assert.equal(await page.locator("[data-testid^=sweep-] circle[tabindex='0']").count(), 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test("sliders change the limiter text, the bars and the URL; the URL restores the state", async () => {
  const { context, page, errors } = await open();
  const before = await usedWidth(page, "warps");
  // Registers 64 → 32 with the keyboard: registers now allow 8 blocks, warp slots bind too.
  const regs = page.locator("[data-testid=slider-regs] input[type=range]");
  await regs.focus();
  for (let i = 0; i < 32; i++) await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => location.search.includes("regs=32"));
  assert.match(await text(page, "limiter"), /Limited by registers and warp slots: 8 blocks/);
  assert.equal(await text(page, "occupancy"), "100 %");
  const after = await usedWidth(page, "warps");
  assert.ok(after > before, `warp bar used ${before} → ${after}`);
  // Typed: 100 threads (not a multiple of 32) and 40 KiB of dynamic shared memory.
  const threads = page.locator("[data-testid=slider-threads] input[type=text]");
  await threads.fill("100");
  await threads.press("Enter");
  const dsmem = page.locator("[data-testid=slider-dsmem] input[type=text]");
  await dsmem.fill("40");
  await dsmem.press("Enter");
  await page.waitForFunction(() => location.search.includes("dsmem=40960"));
  assert.match(await text(page, "limiter"), /Limited by shared memory: 4 blocks/);
  assert.match(await page.locator("[data-testid=step-warps-per-block]").textContent(), /⌈100 \/ 32⌉/);
  const url = page.url();
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=limiter]");
  assert.equal(await second.page.locator("[data-testid=slider-threads] input[type=text]").inputValue(), "100");
  assert.equal(await second.page.locator("[data-testid=slider-regs] input[type=text]").inputValue(), "32");
  assert.equal(await second.page.locator("[data-testid=slider-dsmem] input[type=text]").inputValue(), "40");
  assert.equal(await text(second.page, "limiter"), await text(page, "limiter"));
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("the course's presets: 256 × 128 is register-limited at 25 %; the GEMM tile gets 4 blocks", async () => {
  const { context, page, errors } = await open("?gpu=h100&threads=999");
  await page.click("[data-testid=preset-regs128]");
  await page.waitForFunction(() => location.search.includes("regs=128"));
  assert.equal(await text(page, "occupancy"), "25 %");
  assert.match(await text(page, "limiter"), /Limited by registers: 2 blocks/);
  await page.click("[data-testid=preset-gemmtile]");
  await page.waitForFunction(() => location.search.includes("smem=32768"));
  assert.equal(await text(page, "blocks-per-sm"), "4");
  assert.match(await text(page, "limiter"), /shared memory/);
  assert.match(await text(page, "step-smem-per-block"), /33,792 B/);
  assert.match(await text(page, "gemm-note"), /167,936 \/ 33,792 = 4\.97/);
  assert.equal(await page.locator("[data-testid=preset-gemmtile]").getAttribute("aria-pressed"), "true");
  await page.screenshot({ path: path.join(SHOTS, "occupancy-gemm.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("1024 threads × 65 registers cannot run: the reason is shown and the page keeps working", async () => {
  const { context, page, errors } = await open("?threads=1024&regs=65");
  assert.match(await text(page, "launch-error"), /73,728 per block > 65,536/);
  assert.equal(await page.locator("[data-testid=figure] rect[data-kind=used]").count(), 0);
  await page.screenshot({ path: path.join(SHOTS, "occupancy-error.png"), fullPage: true });
  await page.click("[data-testid=lang-zh]");
  assert.match(await text(page, "launch-error"), /无法启动/);
  assert.match(await text(page, "launch-error"), /每 block 73,728/);
  await page.click("[data-testid=lang-en]");
  // Back to a launchable kernel with the slider.
  const regs = page.locator("[data-testid=slider-regs] input[type=text]");
  await regs.fill("64");
  await regs.press("Enter");
  await page.waitForSelector("[data-testid=verdict]");
  assert.equal(await page.locator("[data-testid=launch-error]").count(), 0);
  assert.equal(await text(page, "blocks-per-sm"), "1");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Chinese, the sweep toggle and the suggested block size", async () => {
  const { context, page, errors } = await open("?regs=32");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "占用率");
  assert.match(await text(page, "limiter"), /限制因素/);
  await page.screenshot({ path: path.join(SHOTS, "occupancy-zh.png"), fullPage: true });
  await page.click("[data-testid=lang-en]");
  await page.click("[data-testid=y-warps]");
  await page.waitForFunction(() => location.search.includes("y=warps"));
  assert.match(await page.locator("[data-testid=sweep-threads] .gx-sweep__readout").textContent(), /→ 64 warps/);
  assert.match(await text(page, "suggested"), /suggests 1024 threads/);
  // The same kernel in the Block dispatch chapter: 8 blocks/SM × 108 SMs per wave.
  await page.click("[data-testid=to-dispatch]");
  await page.waitForSelector("[data-testid=wave-full-wave]");
  assert.match(await page.locator("[data-testid=wave-full-wave]").textContent(), /864/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("typed garbage and a malformed permalink show messages; the page keeps working", async () => {
  const { context, page, errors } = await open("?threads=abc&regs=999&gpu=b300&carveout=x&%3Cb%3E=1");
  assert.match(await text(page, "notices"), /threads=abc/);
  assert.match(await text(page, "notices"), /regs=999/);
  assert.equal(await page.locator("[data-testid=notices] b").count(), 0);
  assert.equal(await page.locator("[data-testid=slider-regs] input[type=text]").inputValue(), "255");
  const threads = page.locator("[data-testid=slider-threads] input[type=text]");
  await threads.fill("lots");
  await threads.press("Enter");
  assert.match(await page.locator("[data-testid=slider-threads] .gx-field__error").textContent(), /not a whole number/);
  await threads.fill("2048");
  await threads.press("Enter");
  // Out of range is clamped to the nearest limit, and the message says what is allowed.
  assert.match(await page.locator("[data-testid=slider-threads] .gx-field__error").textContent(), /Allowed: 1–1,024; using 1,024/);
  assert.equal(await threads.inputValue(), "1024");
  await page.locator("[data-testid=select-gpu]").selectOption("h100");
  await page.waitForFunction(() => location.search.includes("gpu=h100"));
  assert.match(await text(page, "numbers"), /H100/);
  assert.deepEqual(errors, []);
  await context.close();
});
