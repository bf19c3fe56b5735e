// The quiz: a generated question answered wrong (diagnosis, announced verdict) then right; the
// seed URL reproduces the question after a reload and in Chinese; progress survives a reload;
// export downloads JSON that parses; a course question reveals and records; keyboard only.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

// coalescing-sectors, seed 11: elem=4 stride=4 offset=72 → 16 sectors, 1 request, 5 lines.
const COALESCING = "quiz?ch=coalescing&kind=coalescing-sectors&seed=11";

async function answer(page, values) {
  for (const [i, v] of values.entries()) await page.fill(`[data-testid=quiz-input-${i}]`, v);
  await page.click("[data-testid=quiz-check]");
  await page.waitForSelector("[data-testid=quiz-result]");
}

test("a wrong answer is diagnosed and announced, a right one is graded right, and progress survives a reload", async () => {
  const { context, page, errors, requests } = await openPage(browser);
  await page.goto(server.base + COALESCING);
  await page.waitForSelector("[data-testid=quiz-question][data-kind=coalescing-sectors]");
  const prompt = await page.locator("[data-testid=quiz-prompt]").textContent();
  assert.match(prompt, /72 \+ lane × 4 × 4/);
  assert.match(await page.locator(".gx-quiz__rule").textContent(), /±1 %/);
  // A decimal comma is not read as thousands (16,2 → 162 would be marked wrong): the field says
  // how to type it, the verdict grades nothing and nothing is recorded.
  await answer(page, ["16,2", "1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-0]").textContent(), /not a number: .*point for decimals/);
  assert.match(await page.locator("[data-testid=quiz-result]").textContent(), /Not graded yet.*Nothing was recorded/);
  // An empty field just says so.
  await answer(page, ["", "1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-0]").textContent(), /^\? empty: type a number$/);
  // Counted 128-byte lines: 5 instead of 16 sectors.
  await answer(page, ["5", "1"]);
  const verdict = page.locator("[data-testid=quiz-verdict]");
  assert.equal(await verdict.getAttribute("aria-live"), "polite");
  assert.equal(await page.locator("[data-testid=quiz-result]").getAttribute("data-correct"), "false");
  assert.match(await verdict.textContent(), /Not yet.*1 of 2/);
  assert.match(await page.locator("[data-testid=quiz-diagnosis]").textContent(), /128-byte lines/);
  assert.match(await page.locator("[data-testid=quiz-mark-0]").textContent(), /wrong/);
  // Hints, the worked solution and the link into the chapter with the same parameters.
  await page.click("[data-testid=quiz-hint]");
  await page.click("[data-testid=quiz-solution]");
  assert.match(await page.locator("[data-testid=quiz-worked]").textContent(), /Sectors = 16 sectors/);
  const href = await page.locator("[data-testid=quiz-chapter-link]").getAttribute("href");
  assert.match(href, /coalescing\?preset=custom&elem=4&stride=4&offset=72/);
  await answer(page, ["16", "1"]);
  assert.equal(await page.locator("[data-testid=quiz-result]").getAttribute("data-correct"), "true");
  assert.match(await verdict.textContent(), /Correct/);
  // Progress: two attempts of this kind, kept after a reload.
  await page.reload();
  await page.waitForSelector("[data-testid=quiz-question]");
  const row = page.locator("[data-testid=quiz-stats] tr[data-kind=coalescing-sectors] [data-testid=quiz-attempts]");
  assert.equal((await row.textContent()).trim(), "2");
  // The chapter link opens the figure with those numbers.
  await page.goto(new URL(href, page.url()).href);
  await page.waitForSelector("[data-testid=chapter-coalescing]");
  assert.equal(await page.locator("[data-testid=notices]").count(), 0);
  assert.ok(requests.every((u) => u.startsWith(server.origin) || u.startsWith("data:")), "no request off the origin");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the seed URL gives the same question after a reload and in Chinese", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + COALESCING);
  await page.waitForSelector("[data-testid=quiz-prompt]");
  const en = await page.locator("[data-testid=quiz-prompt]").textContent();
  await page.reload();
  await page.waitForSelector("[data-testid=quiz-prompt]");
  assert.equal(await page.locator("[data-testid=quiz-prompt]").textContent(), en);
  await page.goto(server.base + COALESCING + "&lang=zh");
  await page.waitForSelector("[data-testid=quiz-prompt]");
  const zh = await page.locator("[data-testid=quiz-prompt]").textContent();
  assert.match(zh, /sector/);
  assert.match(zh, /72 \+ lane × 4 × 4/);
  assert.notEqual(zh, en);
  // "Another like this" draws a new seed of the same kind.
  await page.click("[data-testid=quiz-another]");
  // Compare the parameter, not a substring: a new seed such as 1134… also contains "seed=11".
  await page.waitForFunction(() => new URLSearchParams(location.search).get("seed") !== "11");
  assert.match(page.url(), /kind=coalescing-sectors/);
  // A malformed link falls back with a notice, never a blank page.
  await page.goto(server.base + "quiz?kind=nope&seed=abc");
  await page.waitForSelector("[data-testid=notices]");
  await page.waitForSelector("[data-testid=quiz-question]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("keyboard only: type, pick the limiter with the arrow keys, submit with Enter", async () => {
  const { context, page, errors } = await openPage(browser);
  // occupancy-blocks seed 2: H100, 416 threads, 66 regs, 25,600 B dynamic → 2 blocks, registers (option 3).
  await page.goto(server.base + "quiz?kind=occupancy-blocks&seed=2");
  await page.waitForSelector("[data-testid=quiz-input-0]");
  await page.focus("[data-testid=quiz-input-0]");
  await page.keyboard.type("2");
  await page.keyboard.press("Tab"); // into the radio group (first option)
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  assert.ok(await page.locator("[data-testid=quiz-choice-1-3]").isChecked());
  await page.keyboard.press("Tab"); // the Check button
  await page.keyboard.press("Enter");
  await page.waitForSelector("[data-testid=quiz-result]");
  assert.equal(await page.locator("[data-testid=quiz-result]").getAttribute("data-correct"), "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("export downloads JSON that parses; a course question reveals and records", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + COALESCING);
  await page.waitForSelector("[data-testid=quiz-input-0]");
  await answer(page, ["16", "1"]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.click("[data-testid=quiz-export-json]"),
  ]);
  const file = await download.path();
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(data.format, "warpscope-quiz");
  const last = data.attempts.at(-1);
  assert.deepEqual([last.kind, last.seed, last.correct], ["coalescing-sectors", 11, true]);
  assert.match(last.parameters, /elem=4 stride=4 offset=72/);
  const [csv] = await Promise.all([page.waitForEvent("download"), page.click("[data-testid=quiz-export-csv]")]);
  assert.match(fs.readFileSync(await csv.path(), "utf8"), /^kind,seed,parameters,answer,correct,time\n"coalescing-sectors",11,/);
  // All 18 course questions, each once; reveal one and mark it.
  await page.goto(server.base + "quiz");
  await page.waitForSelector("[data-testid=quiz-course] .gx-quiz__course-item");
  const items = page.locator("[data-testid=quiz-course] .gx-quiz__course-item");
  assert.equal(await items.count(), 18);
  const first = items.first();
  await first.locator("[data-testid=quiz-course-reveal]").click();
  assert.ok((await first.locator("[data-testid=quiz-course-answer]").textContent()).length > 20);
  await first.locator("[data-testid=quiz-course-got]").click();
  assert.match(await first.locator("[data-testid=quiz-course-recorded]").textContent(), /Recorded/);
  await page.reload();
  await page.waitForSelector("[data-testid=quiz-course]");
  await page.locator("[data-testid=quiz-course] [data-testid=quiz-course-reveal]").first().click();
  assert.equal(await page.locator("[data-testid=quiz-course-got]").first().getAttribute("aria-pressed"), "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("corrupt storage gives a message and the quiz still works; a worksheet has its key", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "quiz");
  await page.evaluate(() => localStorage.setItem("warpscope.quiz.v1", "{garbage"));
  await page.goto(server.base + COALESCING);
  await page.waitForSelector("[data-testid=quiz-storage-note]");
  await answer(page, ["16", "1"]);
  assert.equal(await page.locator("[data-testid=quiz-result]").getAttribute("data-correct"), "true");
  await page.goto(server.base + "quiz?ch=roofline&kind=roofline-ridge&seed=5&sheet=6");
  await page.waitForSelector("[data-testid=worksheet]");
  assert.equal(await page.locator(".gx-sheet__list > li").count(), 6);
  assert.equal(await page.locator("[data-testid=worksheet-key] li").count(), 6);
  assert.match(await page.locator("[data-testid=worksheet]").textContent(), /sheet seed 5/);
  // The chapter frame links to the quiz filtered to the chapter.
  await page.goto(server.base + "roofline");
  await page.click("[data-testid=practise]");
  await page.waitForSelector("[data-testid=quiz-question][data-kind=roofline-ridge]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the worksheet size says what it did with a size it cannot use; the lab is listed without a number", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "quiz?lang=en");
  const size = page.locator("[data-testid=quiz-sheet-size]");
  await size.waitFor();
  const typed = async (value) => {
    await size.fill(value);
    await size.press("Enter");
    return (await page.locator("#quiz-sheet-size-err").textContent()).trim();
  };
  assert.equal(await typed("-3"), "Allowed: 1–40; using 1.");
  assert.equal(await size.inputValue(), "1");
  assert.equal(await typed("100000"), "Allowed: 1–40; using 40.");
  assert.equal(await typed("2.5"), "“2.5” is not a whole number.");
  assert.equal(await typed(""), "Enter a whole number from 1 to 40.");
  assert.equal(await typed("6"), "");
  await page.click("[data-testid=quiz-sheet-make]");
  await page.waitForSelector("[data-testid=worksheet]");
  assert.equal(await page.locator(".gx-sheet__list > li").count(), 6);
  // The chapter filter: numbered chapters as "3. Occupancy", the lab by its title alone.
  await page.goto(server.base + "quiz?lang=en");
  const options = await page.locator("[data-testid=quiz-chapter] option").allTextContents();
  assert.ok(options.includes("3. Occupancy"), options.join(" | "));
  assert.ok(!options.some((o) => /^0\./.test(o.trim())), options.join(" | "));
  assert.deepEqual(errors, []);
  await context.close();
});

test("another question starts with empty fields; the chip question says the chapter is drawn at the boost clock", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "quiz?kind=dispatch-waves&seed=1");
  await page.waitForSelector("[data-testid=quiz-input-1]");
  await answer(page, ["10", "1736"]);
  await page.click("[data-testid=quiz-another]");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("seed") !== "1");
  await page.waitForSelector("[data-testid=quiz-input-0]");
  assert.equal(await page.locator("[data-testid=quiz-input-0]").inputValue(), "");
  assert.equal(await page.locator("[data-testid=quiz-input-1]").inputValue(), "");
  assert.equal(await page.locator("[data-testid=quiz-result]").count(), 0);
  // A choice question after another choice question: no option left ticked.
  await page.goto(server.base + "quiz?kind=occupancy-blocks&seed=2");
  await page.waitForSelector("[data-testid=quiz-choice-1-3]");
  await page.check("[data-testid=quiz-choice-1-3]");
  await page.click("[data-testid=quiz-another]");
  await page.waitForFunction(() => !/seed=2(&|$)/.test(location.search));
  await page.waitForSelector("[data-testid=quiz-choice-1-0]");
  assert.equal(await page.locator("[data-testid^=quiz-choice-1-]:checked").count(), 0);
  // chip-fp32 seed 1 is the H100 PCIe drawn at 1,320 MHz; the chapter shows it at its boost clock.
  await page.goto(server.base + "quiz?kind=chip-fp32&seed=1");
  await page.waitForSelector("[data-testid=quiz-link-note]");
  assert.match(await page.locator("[data-testid=quiz-link-note]").textContent(), /boost clock, 1755 MHz.*at 1320 MHz/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a bounds check lists the kernel it runs; answers that cannot be counts say why; FP64 is the datasheet's 34", async () => {
  const { context, page, errors } = await openPage(browser);
  // divergence-mask seed 6: block 38 of 960 threads, warp 21, n = 37166 → then 0x00003fff, 1 path.
  await page.goto(server.base + "quiz?kind=divergence-mask&seed=6");
  await page.waitForSelector("[data-testid=quiz-listing]");
  const listing = await page.locator("[data-testid=quiz-listing]").textContent();
  assert.match(listing, /if \(i < n\) \{/);
  assert.doesNotMatch(listing, /else/);
  await answer(page, ["0x00003fff", "2"]);
  assert.match(await page.locator("[data-testid=quiz-diagnosis]").textContent(), /no instructions is not a path/);
  // Not answers: each its own message, nothing graded.
  await answer(page, ["0x00003fff", "-1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-1]").textContent(), /cannot be negative/);
  assert.match(await page.locator("[data-testid=quiz-result]").textContent(), /Not graded yet.*Nothing was recorded/);
  await answer(page, ["0x1_0000_0000", "1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-0]").textContent(), /wider than 32 bits/);
  await answer(page, ["0x3fzz", "1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-0]").textContent(), /not a hex mask/);
  await answer(page, ["0x00003fff", "1e999"]);
  assert.match(await page.locator("[data-testid=quiz-mark-1]").textContent(), /too large/);
  await answer(page, ["0x00003fff", "1"]);
  assert.equal(await page.locator("[data-testid=quiz-result]").getAttribute("data-correct"), "true");
  await page.goto(server.base + "quiz?kind=divergence-mask&seed=6&lang=zh");
  await page.waitForSelector("[data-testid=quiz-listing]");
  await answer(page, ["0x00003fff", "-1"]);
  assert.match(await page.locator("[data-testid=quiz-mark-1]").textContent(), /不能为负数/);
  // roofline-ridge seed 5: H100 FP64 at the datasheet's 34 TFLOP/s against 3.35 TB/s → ridge 10.15;
  // an unpicked bound is not "type a number".
  await page.goto(server.base + "quiz?kind=roofline-ridge&seed=5");
  await page.waitForSelector("[data-testid=quiz-input-0]");
  assert.match(await page.locator("[data-testid=quiz-prompt]").textContent(), /peak 34 TFLOP\/s, memory bandwidth 3\.35 TB\/s/);
  await answer(page, ["10.15"]);
  assert.match(await page.locator("[data-testid=quiz-mark-1]").textContent(), /no option picked/);
  assert.deepEqual(errors, []);
  await context.close();
});
