// The coalescing chapter in headless Chromium: presets change the counts, the typed formula
// redraws the figure and reports errors inline, permalinks restore the state (formula included),
// and text from a link or a formula stays text.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = async (page, id) => (await page.locator(`[data-testid=${id}]`).first().textContent()).trim();

test("presets change the counts and the URL", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "coalescing");
  await page.waitForSelector("[data-testid=figure] [data-testid=lane-0]");
  // The course's unit-stride case: 32 × 4 B = 128 B = 4 sectors = 1 line, 100 %.
  assert.equal(await text(page, "count-sectors"), "4");
  assert.equal(await text(page, "count-lines"), "1");
  assert.equal(await text(page, "count-requests"), "1");
  assert.equal(await text(page, "efficiency"), "100 %");
  assert.equal(await page.locator("[data-testid=line]").count(), 1);
  await page.locator("[data-testid=select-preset]").selectOption("course-scattered");
  await page.waitForFunction(() => location.search.includes("preset=course-scattered"));
  assert.equal(await text(page, "count-sectors"), "32");
  assert.equal(await text(page, "efficiency"), "12.5 %");
  assert.equal(await text(page, "legacy-efficiency"), "3.1 %");
  await page.locator("[data-testid=select-preset]").selectOption("misaligned-4b");
  assert.equal(await text(page, "count-sectors"), "5");
  // float4: the legacy view splits into four quarter-warps, the H200 counts 1 request.
  await page.locator("[data-testid=select-preset]").selectOption("float4-unit");
  assert.equal(await text(page, "legacy-requests"), "4");
  assert.equal(await text(page, "measured-requests"), "1");
  // A lane shows its address and sector.
  await page.locator("[data-testid=lane-5]").click();
  assert.match(await text(page, "lane-readout"), /address 0 \+ 5 × 16 = 80.*sector 2/);
  await page.screenshot({ path: path.join(SHOTS, "coalescing-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a typed formula redraws at once; a bad one shows an error and the page keeps working", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "coalescing");
  const field = page.locator("[data-testid=formula] input");
  await field.fill("lane * 8");
  await page.waitForFunction(() => location.search.includes("f=lane"));
  assert.equal(await text(page, "count-sectors"), "32");
  await field.fill("lane * ");
  assert.match(await text(page, "formula-error"), /^An operator is missing a value on one side/);
  assert.equal(await text(page, "count-sectors"), "32", "keeps the last valid pattern");
  // The numbers that stayed say so, and are dimmed with the figure.
  assert.match(await text(page, "stale-note"), /last pattern that could be drawn, not for the inputs above/);
  assert.equal(await page.locator("[data-testid=numbers].gx-stale").count(), 1);
  assert.equal(await page.locator("[data-testid=figure].gx-stale").count(), 1);
  await field.fill("lane 2");
  assert.match(await text(page, "formula-error"), /no operator between them/);
  await field.fill("lane / (lane - 3)");
  assert.match(await text(page, "formula-error"), /Division by zero at lane 3/);
  await field.fill("lane * k");
  assert.match(await text(page, "formula-error"), /Unknown variable “k”/);
  await field.fill("-lane");
  assert.match(await text(page, "formula-error"), /negative/);
  // Misaligned: 8-byte loads at odd element offsets... via the offset slider.
  await field.fill("lane");
  await page.locator("[data-testid=select-elem]").selectOption("8");
  const offset = page.locator("[data-testid=slider-offset] input[type=text]");
  await offset.fill("4");
  await offset.press("Enter");
  // The offset caused it, so the message sits under the offset, not under the formula.
  assert.match(await text(page, "offset-error"), /not a multiple of 8 bytes/);
  assert.equal(await page.locator("[data-testid=formula-error]").textContent(), "");
  await offset.fill("0");
  await offset.press("Enter");
  assert.equal(await page.locator("[data-testid=offset-error]").count(), 0);
  assert.equal(await page.locator("[data-testid=formula-error]").textContent(), "");
  assert.equal(await text(page, "count-sectors"), "8");
  await page.click("[data-testid=lang-zh]");
  await field.fill("lane % 0");
  assert.match(await text(page, "formula-error"), /除以零/);
  await page.screenshot({ path: path.join(SHOTS, "coalescing-zh-error.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a permalink restores the state, formula included", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "coalescing");
  await page.locator("[data-testid=select-preset]").selectOption("stride-2");
  await page.locator("[data-testid=formula] input").fill("(lane % 4) * 16 + lane / 4");
  const lanes = page.locator("[data-testid=slider-lanes] input[type=text]");
  await lanes.fill("20");
  await lanes.press("Enter");
  await page.waitForFunction(() => location.search.includes("lanes=20"));
  const sectors = await text(page, "count-sectors");
  const url = page.url();
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=count-sectors]");
  assert.equal(await second.page.locator("[data-testid=formula] input").inputValue(), "(lane % 4) * 16 + lane / 4");
  assert.equal(await text(second.page, "count-sectors"), sectors);
  assert.equal(await text(second.page, "count-lanes"), "20");
  assert.equal(await second.page.locator("[data-testid=select-preset]").inputValue(), "stride-2");
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("a formula or link with markup is shown as text; a malformed link shows notices", async () => {
  const { context, page, errors } = await openPage(browser);
  const evil = encodeURIComponent("<script>alert(1)</script><img src=x onerror=alert(2)>");
  await page.goto(server.base + `coalescing?f=${evil}&elem=3&stride=zz&${evil}=1`);
  await page.waitForSelector("[data-testid=notices]");
  assert.equal(await page.locator("[data-testid=formula] input").inputValue(), "<script>alert(1)</script><img src=x onerror=alert(2)>");
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("main script").count(), 0);
  assert.notEqual(await text(page, "formula-error"), "");
  assert.match(await text(page, "notices"), /elem=3/);
  // The figure shows the default pattern and the page keeps working.
  assert.equal(await text(page, "count-sectors"), "4");
  await page.locator("[data-testid=formula] input").fill("lane * 2");
  assert.equal(await text(page, "count-sectors"), "8");
  await page.screenshot({ path: path.join(SHOTS, "coalescing-evil.png"), fullPage: false });
  assert.deepEqual(errors, []);
  await context.close();
});

test("an edited preset that gives no pattern does not claim the figure is for its values", async () => {
  const { context, page, errors } = await openPage(browser);
  // Unit stride's preset, edited into 8-byte loads at byte offset 4: misaligned.
  await page.goto(server.base + "coalescing?elem=8&stride=2&offset=4&lanes=17");
  await page.waitForSelector("[data-testid=offset-error]");
  assert.match(await text(page, "offset-error"), /last pattern that could be drawn/);
  const described = await text(page, "preset-description");
  assert.match(described, /^Changed from/);
  assert.doesNotMatch(described, /for your values/);
  // Valid again: the line says the figure is for the reader's values.
  const offset = page.locator("[data-testid=slider-offset] input[type=text]");
  await offset.fill("8");
  await offset.press("Enter");
  assert.equal(await page.locator("[data-testid=offset-error]").count(), 0);
  assert.match(await text(page, "preset-description"), /for your values/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Chinese text and the self-check questions", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "coalescing");
  await page.waitForSelector("h1");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "合并访存");
  assert.match(await page.locator("[data-testid=questions]").textContent(), /访存不合并/);
  await page.locator("[data-testid=questions] button").first().click();
  assert.match(await page.locator(".gx-question__answer").first().textContent(), /1\/8/);
  await page.screenshot({ path: path.join(SHOTS, "coalescing-zh.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("broadcast: the efficiency counts each byte once, as the figure paints it", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "coalescing?preset=broadcast");
  await page.waitForSelector("[data-testid=figure] [data-testid=lane-0]");
  // Every lane reads the same 4 bytes: 1 sector of 32 bytes moved, 4 distinct bytes used.
  assert.equal(await text(page, "count-sectors"), "1");
  assert.equal(await text(page, "bytes-moved"), "32 B");
  assert.equal(await text(page, "bytes-used"), "4 B");
  assert.equal(await text(page, "efficiency"), "12.5 %");
  // The figure paints the same share: used bytes over the moved sectors' width.
  const share = await page.evaluate(() => {
    const w = (sel) => [...document.querySelectorAll(`[data-testid=figure] svg rect${sel}`)].reduce((s, r) => s + r.getBBox().width, 0);
    return w(".gx-sector__used") / w(".gx-sector--moved");
  });
  assert.ok(Math.abs(share - 0.125) < 0.01, `painted share ${share}`);
  // The note explains the broadcast and what the per-lane count would say.
  const note = await text(page, "broadcast-note");
  assert.match(note, /4 used of 32 moved = 12\.5 %/);
  assert.match(note, /128 \/ 32.*400 %/);
  assert.deepEqual(errors, []);
  await context.close();
});
