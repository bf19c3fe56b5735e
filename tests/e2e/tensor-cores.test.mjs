// Chapter 8, Tensor Cores and the W8A8 GEMV, in a real headless Chromium: the fragment map
// follows the lane and shape controls, the launch numbers follow K, bad input shows a message,
// the permalink restores the state, and the page speaks Chinese.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

async function open(query = "", opts = {}) {
  const o = await openPage(browser, opts);
  await o.page.goto(server.base + "tensor-cores" + query);
  await o.page.waitForSelector("[data-testid=figure] [data-testid=cell-0-0]");
  return o;
}

async function highlighted(page) {
  return page.locator("[data-testid=fragment-grid] g.is-hl").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-testid")));
}

test("the chapter renders its fragment map, launch numbers and questions", async () => {
  const { context, page, errors } = await open();
  assert.equal(await page.locator("[data-testid=fragment-grid] g.gx-frag__cell").count(), 256);
  assert.equal((await page.locator("[data-testid=elements-per-lane]").textContent()).trim(), "8");
  assert.match(await page.locator("[data-testid=layout-caveat]").textContent(), /observed on sm_90, SASS identical on sm_80/);
  assert.equal((await page.locator("[data-testid=grid-blocks]").textContent()).trim(), "256");
  assert.equal((await page.locator("[data-testid=mma-total]").textContent()).trim(), "65,536");
  assert.equal((await page.locator("[data-testid=useful-macs]").textContent()).trim(), "16,777,216");
  assert.match(await page.locator("[data-testid=smem]").textContent(), /6,144 B/);
  assert.match(await page.locator("[data-testid=hbm]").textContent(), /16\.03 MiB/);
  assert.match(await page.locator("[data-testid=ptx]").textContent(), /wmma\.mma\.sync\.aligned\.row\.col\.m16n16k16\.s32\.s8\.s8\.s32/);
  assert.match(await page.locator("[data-testid=measured-table]").textContent(), /31\.1 µs/);
  // The questions are in the page's tail, built a few tasks after the figure (ui::shell::staged).
  await page.locator("[data-testid=questions] li").first().waitFor();
  assert.equal(await page.locator("[data-testid=questions] li").count(), 5);
  await page.screenshot({ path: path.join(SHOTS, "tensor-cores-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("focusing lane 5 of the s8 A fragment highlights row 1 and row 9, cols 4–7", async () => {
  const { context, page, errors } = await open();
  await page.locator("[data-testid=lane-5]").focus();
  await page.waitForFunction(() => location.search.includes("lane=5"));
  const want = [];
  for (const r of [1, 9]) for (let c = 4; c < 8; c++) want.push(`cell-${r}-${c}`);
  assert.deepEqual((await highlighted(page)).sort(), want.sort());
  assert.equal(await page.locator("[data-testid=lane-info] tbody tr").count(), 8);
  // Clicking an element names its lane, index and register.
  await page.locator("#tc-cell-9-6").click();
  await page.waitForFunction(() => location.search.includes("row=9") && location.search.includes("col=6"));
  assert.match(await page.locator("[data-testid=cell-info]").textContent(), /lane 5, x\[6\], register 1/);
  // Arrow keys move the selection inside the grid.
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => location.search.includes("col=7"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("switching to f16 shows 16 elements per lane; mma.sync shapes draw their tiles", async () => {
  const { context, page, errors } = await open("?lane=0");
  await page.locator("[data-testid=select-element]").selectOption("f16");
  await page.waitForFunction(() => location.search.includes("el=f16"));
  assert.equal((await page.locator("[data-testid=elements-per-lane]").textContent()).trim(), "16");
  assert.equal(await page.locator("[data-testid=lane-info] tbody tr").count(), 16);
  await page.locator("[data-testid=select-shape]").selectOption("mma_m16n8k32");
  await page.waitForFunction(() => location.search.includes("shape=mma_m16n8k32"));
  // m16n8k32 takes only 8-bit inputs: the element switches back to s8; A is 16 × 32.
  assert.equal(await page.locator("[data-testid=fragment-grid] g.gx-frag__cell").count(), 512);
  assert.match(await page.locator("[data-testid=layout-source]").textContent(), /PTX ISA/);
  await page.locator("[data-testid=op-b]").check();
  await page.waitForFunction(() => location.search.includes("op=b"));
  assert.equal(await page.locator("[data-testid=fragment-grid] g.gx-frag__cell").count(), 256);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an invalid K shows the model's error and the page keeps working", async () => {
  const { context, page, errors } = await open();
  const field = page.locator("[data-testid=slider-k] input[type=text]");
  await field.fill("1000");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("k=1000"));
  assert.match(await page.locator("[data-testid=launch-error]").textContent(), /multiple of 16 × warps per block = 64/);
  assert.match(await page.locator("[data-testid=trace-error]").textContent(), /multiple/);
  // Typed garbage: inline error, state kept.
  await field.fill("many");
  await field.press("Enter");
  assert.match(await page.locator("[data-testid=slider-k] .gx-field__error").textContent(), /not a whole number/);
  assert.ok(page.url().includes("k=1000"));
  // Garbage activations: inline error, the table keeps its values.
  const x = page.locator("#tc-x");
  await x.fill("1, 2, banana");
  await x.press("Enter");
  assert.match(await page.locator("[data-testid=field-x] .gx-field__error").textContent(), /exactly 8 numbers/);
  // The fragment map still works.
  await page.locator("[data-testid=lane-3]").click();
  await page.waitForFunction(() => location.search.includes("lane=3"));
  assert.equal((await highlighted(page)).length, 8);
  // WMMA bf16 is not modelled: the layout error is shown in words.
  await page.locator("[data-testid=select-element]").selectOption("bf16");
  await page.waitForSelector("[data-testid=layout-error]");
  assert.match(await page.locator("[data-testid=layout-error]").textContent(), /bf16 is not drawn: WMMA bf16 exists on sm_80\+/);
  // An element type the instruction does not take, in Chinese too.
  await page.locator("[data-testid=select-shape]").selectOption("mma_m16n8k32");
  await page.locator("[data-testid=select-element]").selectOption("f16");
  const layoutError = page.locator("[data-testid=layout-error]");
  assert.match(await layoutError.textContent(), /mma\.sync m16n8k32 multiplies s8 or u8 inputs \(A and B\), not f16/);
  await page.click("[data-testid=lang-zh]");
  assert.match(await layoutError.textContent(), /mma\.sync m16n8k32 的输入（A 与 B）是 s8 或 u8，不能是 f16/);
  await page.click("[data-testid=lang-en]");
  await page.locator("[data-testid=select-shape]").selectOption("wmma_m16n16k16");
  await page.screenshot({ path: path.join(SHOTS, "tensor-cores-error.png"), fullPage: true });
  // Back to a valid K.
  await field.fill("4096");
  await field.press("Enter");
  await page.waitForSelector("[data-testid=launch-numbers]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the permalink restores lane, shape and step; the step controls move", async () => {
  const { context, page, errors } = await open();
  await page.locator("[data-testid=select-shape]").selectOption("mma_m16n8k16");
  await page.locator("[data-testid=lane-7]").click();
  await page.locator("[data-testid=step-next]").click();
  await page.locator("[data-testid=step-next]").click();
  await page.waitForFunction(() => location.search.includes("step=2") && location.search.includes("lane=7"));
  assert.match(await page.locator("[data-testid=step-title]").textContent(), /load_matrix_sync\(a_frag\)/);
  const url = page.url();
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=lane-info]");
  assert.equal(await second.page.locator("[data-testid=select-shape]").inputValue(), "mma_m16n8k16");
  assert.equal(await second.page.locator("[data-testid=lane-7]").getAttribute("aria-pressed"), "true");
  assert.match(await second.page.locator("[data-testid=step-title]").textContent(), /load_matrix_sync\(a_frag\)/);
  assert.equal((await second.page.locator("[data-testid=fragment-grid] g.is-hl").count()), 8);
  // Step 1 shows which lane writes which byte.
  await second.page.locator("[data-testid=step-prev]").click();
  await second.page.locator("[data-testid=step-prev]").click();
  await second.page.waitForSelector("[data-testid=fill-grid]");
  assert.equal(await second.page.locator("[data-testid=fill-grid] g.is-hl").count(), 8);
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("a malformed permalink shows notices and the page works", async () => {
  const { context, page, errors } = await open("?k=abc&shape=huge&lane=99&x=%3Cb%3Ehi&%ZZ");
  const notices = await page.locator("[data-testid=notices]").textContent();
  assert.match(notices, /k=abc/);
  assert.match(notices, /<b>hi/);
  assert.equal(await page.locator("[data-testid=notices] b").count(), 0);
  assert.equal(await page.locator("[data-testid=lane-31]").getAttribute("aria-pressed"), "true");
  assert.equal((await page.locator("[data-testid=grid-blocks]").textContent()).trim(), "256");
  assert.deepEqual(errors, []);
  await context.close();
});

test("中文: switching language changes the chapter's text", async () => {
  const { context, page, errors } = await open("?lane=5&step=4");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "Tensor Core 与 W8A8 GEMV");
  assert.match(await page.locator("[data-testid=fragments] h2").textContent(), /fragment 映射/);
  assert.match(await page.locator("[data-testid=step-text]").textContent(), /Tensor Core 做/);
  assert.match(await page.locator("[data-testid=questions]").textContent(), /为什么不能把 WMMA fragment/);
  await page.screenshot({ path: path.join(SHOTS, "tensor-cores-zh.png"), fullPage: true });
  await page.click("[data-testid=lang-en]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Play steps through the trace on its own; the roofline link carries K and N", async () => {
  const { context, page, errors } = await open("?k=8192");
  assert.equal(await page.locator("[data-testid=roofline-link]").getAttribute("href"), "./roofline?kind=w8a8&wk=8192&wn=4096");
  await page.locator("[data-testid=step-play]").click();
  await page.waitForFunction(() => location.search.includes("step=1"), null, { timeout: 10000 });
  await page.locator("[data-testid=step-play]").click();
  assert.equal(await page.locator("[data-testid=step-play]").getAttribute("aria-pressed"), "false");
  // Arrow keys on the step controls move the step too.
  await page.locator(".gx-steps__controls").focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => /step=(11|10|0)\b/.test(location.search) || !location.search.includes("step="));
  assert.deepEqual(errors, []);
  await context.close();
});

test("after clicking a step in the step list, ← and → move through the steps", async () => {
  const { context, page, errors } = await open();
  const list = page.locator("[data-testid=step-list] button");
  await list.nth(2).click();
  const title = async () => (await page.locator("[data-testid=step-title]").textContent()).trim();
  const third = await title();
  assert.equal(third, (await list.nth(2).textContent()).trim());
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction((t) => document.querySelector("[data-testid=step-title]").textContent.trim() !== t, third);
  assert.equal(await title(), (await list.nth(3).textContent()).trim());
  // Focus follows the current step (a frame after the list is patched), so the keys keep working.
  await page.waitForFunction(() => document.activeElement?.getAttribute("aria-current") === "step");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((t) => document.querySelector("[data-testid=step-title]").textContent.trim() === t, third);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a new weight seed rewrites the quantisation tables' numbers in place (a tick writes texts, not a table)", async () => {
  const { context, page, errors } = await open();
  const before = await page.locator("[data-testid=quant-out] [data-testid=z]").first().evaluate((td) => {
    window.__z = td;
    return td.textContent;
  });
  const field = page.locator("[data-testid=slider-seed] input[type=text]");
  await field.fill("2");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("seed=2"));
  await page.waitForFunction((b) => window.__z.textContent !== b, before);
  // The same cell, still on the page, with the new seed's number.
  assert.equal(await page.evaluate(() => window.__z.isConnected && window.__z === document.querySelector("[data-testid=quant-out] [data-testid=z]")), true);
  assert.match(await page.evaluate(() => window.__z.textContent), /^-?\d{1,3}(,\d{3})*$/);
  assert.deepEqual(errors, []);
  await context.close();
});
