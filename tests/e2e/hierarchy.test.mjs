// Chapter 2, grid / block / warp / lane, in a real headless Chromium: pick a thread and read its
// warp and lane, a 24-wide block's warps straddle rows, a partial last warp, the global index
// picks the same thread, a bad permalink shows a notice, 中文.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = (page, id) => page.locator(`[data-testid=${id}]`).first().textContent();
const value = async (page, id) => (await page.locator(`[data-testid=coord-${id}] td`).last().textContent()).trim();
const typeInto = async (page, id, v) => {
  const input = page.locator(`[data-testid=${id}] .gx-field__number`);
  await input.fill(String(v));
  await input.press("Enter");
};

test("the default 16×16 block: thread (3, 2) of block 1 is warp 1, lane 3; warps are two rows", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy");
  await page.waitForSelector("[data-testid=block-figure] svg");
  assert.equal(await value(page, "tid"), "35");
  assert.equal(await value(page, "warp"), "1");
  assert.equal(await value(page, "lane"), "3");
  assert.equal(await value(page, "global"), "291");
  assert.equal(await page.locator("[data-testid=block-figure] rect").count(), 256);
  // Row 0 and row 1 are warp 0; row 2 starts warp 1.
  const warpOf = (i) => page.locator("[data-testid=block-figure] rect").nth(i).getAttribute("data-warp");
  assert.equal(await warpOf(31), "0");
  assert.equal(await warpOf(32), "1");
  assert.equal(await page.locator("[data-testid=partial-warp]").count(), 0);
  // Click thread (5, 7): tid 117, warp 3, lane 21.
  await page.locator("[data-testid=block-figure] rect").nth(7 * 16 + 5).click();
  await page.waitForFunction(() => location.search.includes("tx=5") && location.search.includes("ty=7"));
  assert.equal(await value(page, "warp"), "3");
  assert.equal(await value(page, "lane"), "21");
  assert.match(await text(page, "code-text"), /dim3 block\(16, 16, 1\)/);
  assert.match(await text(page, "code-text"), /int y = blockIdx\.y \* blockDim\.y \+ threadIdx\.y;/);
  await page.screenshot({ path: path.join(SHOTS, "hierarchy-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a 24-wide block: warps straddle rows and the last warp is partial", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy");
  await page.waitForSelector("[data-testid=block-figure] svg");
  await typeInto(page, "slider-by", 3);
  await typeInto(page, "slider-bx", 24);
  await page.waitForFunction(() => location.search.includes("bx=24"));
  assert.equal(await page.locator("[data-testid=block-figure] rect").count(), 72);
  const warpOf = (i) => page.locator("[data-testid=block-figure] rect").nth(i).getAttribute("data-warp");
  // Row 1 (threads 24–47) holds lanes of warp 0 and warp 1.
  assert.equal(await warpOf(24 + 7), "0");
  assert.equal(await warpOf(24 + 8), "1");
  // 72 threads: warp 2 has 8 live lanes and 24 hollow ones.
  assert.match(await text(page, "partial-warp"), /Warp 2 has 8 live lanes and 24 inactive/);
  assert.equal(await page.locator("[data-testid=warps-figure] rect[data-live=false]").count(), 24);
  // Pick by global index: block 1 of 16 (72 threads each) + thread 40 → global 112.
  await typeInto(page, "slider-global", 112);
  await page.waitForFunction(() => location.search.includes("tx=16"));
  assert.match(await text(page, "coord-thread-idx"), /\(16, 1, 0\)/);
  assert.match(await text(page, "coord-block-idx"), /\(1, 0, 0\)/);
  assert.equal(await value(page, "warp"), "1");
  assert.equal(await value(page, "lane"), "8");
  const href = await page.locator("[data-testid=link-divergence]").getAttribute("href");
  assert.match(href, /divergence\?preset=partial-warp&block=72&warp=1/);
  await page.screenshot({ path: path.join(SHOTS, "hierarchy-24wide.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a block of 64×32 threads cannot launch; the message says why", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy?bx=64&by=32");
  await page.waitForSelector("[data-testid=launch-error]");
  assert.match(await text(page, "launch-error"), /2,048 threads per block/);
  assert.equal(await page.locator("[data-testid=block-figure]").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("2^31 threads along x launch and are drawn; the note says an int index overflows", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy?gx=134217728&bx=16&by=1");
  await page.waitForSelector("[data-testid=int-overflow]");
  assert.match(await text(page, "int-overflow"), /^Valid, but gridDim\.x × blockDim\.x = 2,147,483,648 threads along x.*size_t/);
  assert.equal(await page.locator("[data-testid=launch-error]").count(), 0);
  await page.waitForSelector("[data-testid=block-figure] svg");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a bad permalink shows a notice and falls back; the language switch translates", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy?gz=0&gpu=zz&tx=abc");
  await page.waitForSelector("[data-testid=notices]");
  assert.match(await text(page, "notices"), /gz/);
  await page.waitForSelector("[data-testid=block-figure] svg");
  await page.click("[data-testid=lang-zh]");
  assert.match(await page.locator("h1").textContent(), /grid、block、warp 与 lane/);
  assert.match(await text(page, "not-paired"), /block → SM/);
  assert.match(await text(page, "code-text"), /本线程在 block 内的 warp 与 lane/);
  await page.screenshot({ path: path.join(SHOTS, "hierarchy-zh.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("an 8×8×4 block is 3-D: a z slice, a threadIdx.z slider, 3-D code; Copy answers", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "hierarchy");
  await page.waitForSelector("[data-testid=block-figure] svg");
  await page.click("[data-testid=shape-8x8x4]");
  await page.waitForFunction(() => location.search.includes("bz=4"));
  assert.equal(await page.locator("[data-testid=block-figure] rect").count(), 64);
  await typeInto(page, "slider-tz", 2);
  await page.waitForFunction(() => location.search.includes("tz=2"));
  // tid = 3 + 2·8 + 2·64 = 147 → warp 4, lane 19.
  assert.equal(await value(page, "tid"), "147");
  assert.equal(await value(page, "warp"), "4");
  assert.equal(await value(page, "lane"), "19");
  assert.match(await text(page, "code-text"), /int z = blockIdx\.z \* blockDim\.z \+ threadIdx\.z;/);
  assert.match(await text(page, "code-text"), /dim3 block\(8, 8, 4\)/);
  await page.click("[data-testid=copy-code]");
  await page.waitForFunction(() => document.querySelector("[data-testid=copy-status]").textContent.length > 0);
  assert.deepEqual(errors, []);
  await context.close();
});
