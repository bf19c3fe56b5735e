// The SIMT divergence chapter in a real headless Chromium: presets change the mask and the
// efficiency, stepping moves the highlighted line, permalinks restore, 中文, bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = (page, id) => page.locator(`[data-testid=${id}]`).first().textContent();

test("odd/even: step through the masks; the warp-aligned preset has no divergence", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "divergence");
  await page.waitForSelector("[data-testid=figure] [data-testid=lane]");
  assert.equal(await page.locator("[data-testid=lanes] [data-testid=lane]").count(), 32);
  assert.equal(await text(page, "mask-hex"), "0xffffffff");
  assert.equal(await text(page, "efficiency"), "80 %");
  assert.equal(await text(page, "issue-slots"), "5");
  const line0 = await page.locator("[data-testid=current-line]").getAttribute("data-line");
  await page.click("[data-testid=step-next]");
  await page.click("[data-testid=step-next]");
  // The else side ran first on the H200: odd lanes.
  assert.equal(await text(page, "mask-hex"), "0xaaaaaaaa");
  const line2 = await page.locator("[data-testid=current-line]").getAttribute("data-line");
  assert.notEqual(line2, line0);
  assert.equal(await page.locator("[data-testid=lane][data-state=active]").count(), 16);
  await page.waitForFunction(() => location.search.includes("step=2"));
  await page.screenshot({ path: path.join(SHOTS, "divergence-en.png"), fullPage: true });
  await page.locator("[data-testid=select-preset]").selectOption("warp-aligned");
  await page.waitForFunction(() => location.search.includes("preset=warp-aligned"));
  assert.equal(await text(page, "efficiency"), "100 %");
  assert.equal(await text(page, "divergent-branches"), "0");
  assert.deepEqual(errors, []);
  await context.close();
});

test("partial warp: blockDim 48 gives 0x0000ffff, and the block size control changes it", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "divergence?preset=partial-warp");
  await page.waitForSelector("[data-testid=lane]");
  assert.equal(await text(page, "mask-hex"), "0x0000ffff");
  assert.equal(await text(page, "efficiency"), "50 %");
  const field = page.locator("[data-testid=slider-block] input[type=text]");
  await field.fill("40");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("block=40"));
  assert.equal(await text(page, "mask-hex"), "0x000000ff");
  // Garbage keeps the state and says why.
  await field.fill("lots");
  await field.press("Enter");
  assert.match(await page.locator("[data-testid=slider-block] .gx-field__error").textContent(), /not a whole number/);
  assert.equal(await text(page, "mask-hex"), "0x000000ff");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a permalink restores preset, parameters and step", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "divergence?preset=bounds-check&n=1001&step=2");
  await page.waitForSelector("[data-testid=current-line]");
  assert.equal(await text(page, "mask-hex"), "0x000001ff");
  assert.equal(await page.locator("[data-testid=slider-n] input[type=text]").inputValue(), "1001");
  const line = await page.locator("[data-testid=current-line]").textContent();
  assert.match(line, /y\[i\] = a \* x\[i\]/);
  assert.equal(await page.locator("[data-testid=warp-row].gx-row--diverges").count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("play advances the steps and stops at the end", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "divergence?preset=lane-lt-16");
  await page.waitForSelector("[data-testid=play]");
  await page.click("[data-testid=play]");
  await page.waitForFunction(() => document.querySelector("[data-testid=play]").getAttribute("aria-pressed") === "false" && location.search.includes("step="), null, { timeout: 15000 });
  assert.match(await text(page, "step-info"), /Step 5 of 5/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("中文, and a malformed permalink shows notices and the page keeps working", async () => {
  const { context, page, errors } = await openPage(browser);
  const evil = encodeURIComponent("<img src=x onerror=alert(1)>");
  await page.goto(server.base + `divergence?preset=${evil}&block=5000&warp=abc&order=sideways&%ZZ`);
  await page.waitForSelector("[data-testid=notices]");
  const notices = await text(page, "notices");
  assert.match(notices, /<img src=x/);
  assert.match(notices, /block=5000/);
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("[data-testid=slider-block] input[type=text]").inputValue(), "1024");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "SIMT 分歧");
  assert.match(await text(page, "numbers"), /lane 利用率/);
  await page.screenshot({ path: path.join(SHOTS, "divergence-zh-notices.png"), fullPage: true });
  await page.locator("[data-testid=select-preset]").selectOption("early-return");
  await page.click("[data-testid=step-last]");
  assert.equal(await text(page, "mask-hex"), "0x000fffff");
  assert.equal(await page.locator("[data-testid=lane][data-state=exited]").count(), 12);
  await page.screenshot({ path: path.join(SHOTS, "divergence-zh-return.png"), fullPage: true });
  await page.click("[data-testid=lang-en]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("clicking a lane shows its path and its bit of the mask; loops hide the branch order", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "divergence?lang=en");
  await page.waitForSelector("[data-testid=figure] [data-testid=lane]");
  // odd/even: lane 1 takes the odd side only.
  await page.locator("[data-testid=lanes] [data-testid=lane]").nth(1).click();
  const path = await text(page, "lane-path");
  assert.match(path, /^Lane 1: bit 1 of this step's mask is 1\./);
  assert.match(path, /active in \d+ of the warp's \d+ issued instructions: L\d+ main/);
  assert.equal(await page.locator("[data-testid=order-thenfirst], [data-testid^=order-]").count() > 0, true);
  // A loop kernel has no then/else to order.
  await page.locator("[data-testid=select-preset]").selectOption("loop-per-lane");
  await page.waitForFunction(() => location.search.includes("loop-per-lane"));
  assert.equal(await page.locator("[data-testid^=order-]").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
