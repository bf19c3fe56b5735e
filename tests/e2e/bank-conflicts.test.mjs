// The bank-conflict chapter in headless Chromium: presets change the wavefronts, the typed
// formula redraws the figure and reports errors inline, permalinks restore the state (formula
// included), and text from a link or a formula stays text.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = async (page, id) => (await page.locator(`[data-testid=${id}]`).first().textContent()).trim();
const counts = async (page) => [await text(page, "count-wavefronts"), await text(page, "count-ideal"), await text(page, "count-conflicts")];

test("presets change the wavefronts and the URL", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "bank-conflicts");
  await page.waitForSelector("[data-testid=figure] [data-testid=lane-0]");
  assert.deepEqual(await counts(page), ["1", "1", "0"]);
  await page.locator("[data-testid=select-preset]").selectOption("stride-32");
  await page.waitForFunction(() => location.search.includes("preset=stride-32"));
  assert.deepEqual(await counts(page), ["32", "1", "31"]);
  assert.equal(await page.locator("[data-testid=bank-row]").count(), 32);
  await page.locator("[data-testid=select-preset]").selectOption("tile-column");
  assert.deepEqual(await counts(page), ["32", "1", "31"]);
  await page.locator("[data-testid=select-preset]").selectOption("tile-column-padded");
  assert.deepEqual(await counts(page), ["1", "1", "0"]);
  await page.locator("[data-testid=select-preset]").selectOption("tile-column-xor");
  assert.deepEqual(await counts(page), ["1", "1", "0"]);
  await page.locator("[data-testid=select-preset]").selectOption("forum-lane-mod-4");
  assert.deepEqual(await counts(page), ["4", "4", "0"]);
  await page.locator("[data-testid=select-preset]").selectOption("float4-broadcast");
  assert.equal(await text(page, "count-wavefronts"), "2");
  assert.match(await text(page, "packing"), /n\^1/);
  await page.locator("[data-testid=select-preset]").selectOption("float2-stride-2");
  assert.deepEqual(await counts(page), ["4", "2", "2"]);
  await page.locator("[data-testid=lane-17]").focus();
  assert.match(await text(page, "lane-readout"), /lane 17: .*bank 4, 5; phase 1/);
  await page.screenshot({ path: path.join(SHOTS, "bank-conflicts-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a typed formula redraws at once; a bad one shows an error and the page keeps working", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "bank-conflicts");
  const field = page.locator("[data-testid=formula] input");
  await field.fill("lane * 32");
  await page.waitForFunction(() => location.search.includes("f=lane"));
  assert.deepEqual(await counts(page), ["32", "1", "31"]);
  await field.fill("lane * 33");
  assert.deepEqual(await counts(page), ["1", "1", "0"]);
  await field.fill("lane ^ (lane / 8)");
  assert.equal(await page.locator("[data-testid=formula-error]").textContent(), "");
  await field.fill("lane * 32 + lane ^ 3");
  assert.match(await text(page, "formula-error"), /parentheses/);
  await field.fill("(lane * 2");
  assert.match(await text(page, "formula-error"), /Unbalanced parentheses/);
  assert.equal(await text(page, "count-wavefronts"), "1", "keeps the last valid pattern");
  // The forum case typed by hand, with 16-byte loads.
  await page.locator("[data-testid=select-elem]").selectOption("16");
  await field.fill("lane % 4");
  assert.deepEqual(await counts(page), ["4", "4", "0"]);
  await page.click("[data-testid=lang-zh]");
  await field.fill("lane * 1.5");
  assert.match(await text(page, "formula-error"), /整数/);
  await page.screenshot({ path: path.join(SHOTS, "bank-conflicts-zh-error.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a permalink restores the state, formula included", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "bank-conflicts");
  await page.locator("[data-testid=select-preset]").selectOption("tile-column");
  await page.locator("[data-testid=formula] input").fill("lane * n + col + 1");
  await page.waitForFunction(() => location.search.includes("f="));
  const before = await counts(page);
  assert.deepEqual(before, ["32", "1", "31"]);
  const url = page.url();
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=count-wavefronts]");
  assert.equal(await second.page.locator("[data-testid=formula] input").inputValue(), "lane * n + col + 1");
  assert.deepEqual(await counts(second.page), before);
  assert.equal(await second.page.locator("[data-testid=select-preset]").inputValue(), "tile-column");
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("a formula or link with markup is shown as text; a malformed link shows notices", async () => {
  const { context, page, errors } = await openPage(browser);
  const evil = encodeURIComponent("<script>alert(1)</script><img src=x onerror=alert(2)>");
  await page.goto(server.base + `bank-conflicts?f=${evil}&preset=nope&lanes=99`);
  await page.waitForSelector("[data-testid=notices]");
  assert.equal(await page.locator("[data-testid=formula] input").inputValue(), "<script>alert(1)</script><img src=x onerror=alert(2)>");
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("main script").count(), 0);
  assert.notEqual(await text(page, "formula-error"), "");
  assert.match(await text(page, "notices"), /lanes=99/);
  await page.locator("[data-testid=select-preset]").selectOption("stride-2");
  assert.deepEqual(await counts(page), ["2", "1", "1"]);
  assert.equal(await page.locator("[data-testid=formula-error]").textContent(), "");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Chinese text and the self-check questions", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "bank-conflicts");
  await page.waitForSelector("h1");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "bank 冲突");
  assert.match(await page.locator("[data-testid=questions]").textContent(), /数据复用的场所/);
  await page.locator("[data-testid=questions] button").nth(1).click();
  assert.match(await page.locator(".gx-question__answer").first().textContent(), /400–800/);
  await page.screenshot({ path: path.join(SHOTS, "bank-conflicts-zh.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("conflicts as Nsight Compute counts them sit beside wavefronts − ideal where pair packing makes them differ", async () => {
  const { context, page, errors } = await openPage(browser);
  // float2 at element (lane / 2) × 2: one packed phase of 2 wavefronts; ideal 2 → 0, ncu counts 1
  // (measured on the H200: tests/fixtures/bank_conflicts_quiz_h200.json). The quiz's link form.
  await page.goto(server.base + "bank-conflicts?preset=custom&elem=8&stride=2&f=(lane/2)*2");
  await page.waitForSelector("[data-testid=count-ncu-conflicts]");
  assert.deepEqual(await counts(page), ["2", "2", "0"]);
  assert.equal(await text(page, "count-ncu-conflicts"), "1");
  assert.match(await text(page, "conflicts-note"), /wavefronts − phases/);
  // Without packing the two agree.
  await page.locator("[data-testid=select-preset]").selectOption("float2-stride-2");
  assert.equal(await text(page, "count-ncu-conflicts"), "2");
  assert.deepEqual(errors, []);
  await context.close();
});
