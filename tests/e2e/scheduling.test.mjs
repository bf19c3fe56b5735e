// The warp scheduling chapter in a real headless Chromium: the timeline renders, controls
// change the numbers and the URL, the URL restores, 中文, bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = (page, id) => page.locator(`[data-testid=${id}]`).first().textContent();

test("the course's example: 64 warps, L / k = 60 per scheduler, measured points drawn", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "scheduling");
  await page.waitForSelector("[data-testid=figure] [data-testid=warp-row]");
  assert.equal(await page.locator("[data-testid=sched-timeline] [data-testid=warp-row]").count(), 64);
  assert.match(await text(page, "warps-needed"), /^60(\.0)? > 16/);
  assert.equal(await page.locator("[data-testid=measured-point]").count(), 10);
  assert.match(await text(page, "mark-lk"), /240/);
  assert.match(await text(page, "cycle-info"), /^Cycle 0: S0: issues warp 0/);
  await page.click("[data-testid=step-next]");
  assert.match(await text(page, "cycle-info"), /^Cycle 4:/);
  await page.click("[data-testid=step-last]");
  assert.match(await text(page, "cycle-info"), /^Cycle 1199:/);
  await page.screenshot({ path: path.join(SHOTS, "scheduling-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the cursor is in the URL: a permalink restores it, the player writes it", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "scheduling?w=8&step=3");
  await page.waitForSelector("[data-testid=cycle-info]");
  assert.match(await text(page, "cycle-info"), /^Cycle 12:/);
  await page.click("[data-testid=step-next]");
  assert.match(await text(page, "cycle-info"), /^Cycle 16:/);
  await page.waitForFunction(() => new URL(location.href).searchParams.get("step") === "4");
  await page.click("[data-testid=step-first]");
  assert.match(await text(page, "cycle-info"), /^Cycle 0:/);
  await page.waitForFunction(() => !new URL(location.href).searchParams.has("step"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("ILP raises utilisation; the URL restores the state", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "scheduling");
  await page.waitForSelector("[data-testid=utilisation]");
  const before = parseFloat(await text(page, "utilisation"));
  const field = page.locator("[data-testid=slider-ilp] input[type=text]");
  await field.fill("4");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("ilp=4"));
  const after = parseFloat(await text(page, "utilisation"));
  assert.ok(after > before, `${after} > ${before}`);
  await page.locator("[data-testid=select-latency]").selectOption("h200-l2");
  await page.waitForFunction(() => location.search.includes("l=280"));
  const w = page.locator("[data-testid=slider-w] input[type=text]");
  await w.fill("8");
  await w.press("Enter");
  await page.waitForFunction(() => location.search.includes("w=8"));
  assert.equal(await page.locator("[data-testid=sched-timeline] [data-testid=warp-row]").count(), 8);
  const url = page.url();
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=utilisation]");
  assert.equal(await second.page.locator("[data-testid=slider-ilp] input[type=text]").inputValue(), "4");
  assert.equal(await text(second.page, "utilisation"), await text(page, "utilisation"));
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("中文, typed garbage and a malformed permalink", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "scheduling?l=abc&w=999&kernel=%3Cb%3E");
  await page.waitForSelector("[data-testid=notices]");
  assert.match(await text(page, "notices"), /w=999/);
  assert.equal(await page.locator("[data-testid=slider-w] input[type=text]").inputValue(), "64");
  const k = page.locator("[data-testid=slider-k] input[type=text]");
  await k.fill("ten");
  await k.press("Enter");
  assert.match(await page.locator("[data-testid=slider-k] .gx-field__error").textContent(), /not a whole number/);
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "warp 调度");
  assert.match(await text(page, "numbers"), /每个调度器/);
  await page.screenshot({ path: path.join(SHOTS, "scheduling-zh.png"), fullPage: true });
  await page.click("[data-testid=lang-en]");
  assert.deepEqual(errors, []);
  await context.close();
});
