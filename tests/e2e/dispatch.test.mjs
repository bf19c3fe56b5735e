// The Block dispatch chapter in a real headless Chromium: the course's waves, the transport,
// permalinks shared with the Occupancy chapter, a launch that cannot run, language, reduced motion.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const cell = (page, key) => page.locator(`[data-testid=wave-${key}] .gx-value`).textContent();

async function open(query = "", opts = {}) {
  const ctx = await openPage(browser, opts);
  await ctx.page.goto(server.base + "dispatch" + query);
  await ctx.page.waitForSelector("[data-testid=figure] [data-testid=dispatch-canvas]");
  return ctx;
}

test("the default grid is the spec's 1000 blocks: 3 waves of 432, a tail of 136", async () => {
  const { context, page, errors } = await open();
  assert.equal(await cell(page, "full-wave"), "432");
  assert.equal(await cell(page, "waves"), "3");
  assert.equal(await cell(page, "last-wave"), "136");
  assert.equal(await cell(page, "efficiency"), "77.2 %");
  const size = await page.locator("[data-testid=dispatch-canvas]").evaluate((c) => [c.width, c.height]);
  assert.ok(size[0] >= 780 && size[1] > 200, `canvas ${size}`);
  assert.match(await page.locator("[data-testid=dispatch-readout]").textContent(), /wave 1 of 3/);
  // Equal durations: the time is the closed form's, and the note says why it is ~0 ms.
  assert.match(await page.locator("[data-testid=compute-ms]").textContent(), /closed form: your browser wrote it down in (< 0\.1|\d+\.\d) ms/);
  await page.screenshot({ path: path.join(SHOTS, "dispatch-en.png"), fullPage: true });
  // Jittered durations are simulated block by block.
  await page.goto(server.base + "dispatch?jit=20");
  await page.waitForFunction(() => /^Your browser computed this schedule \(1,000 blocks\) in (< 0\.1|\d+\.\d) ms\.$/.test(document.querySelector("[data-testid=compute-ms]")?.textContent ?? ""));
  assert.deepEqual(errors, []);
  await context.close();
});

test("presets: one full wave, 109 blocks on 108 SMs, the W8A8 GEMV", async () => {
  const { context, page, errors } = await open();
  await page.click("[data-testid=dpreset-fullwave]");
  await page.waitForFunction(() => location.search.includes("grid=432"));
  assert.equal(await cell(page, "waves"), "1");
  assert.equal(await cell(page, "efficiency"), "100 %");
  await page.click("[data-testid=dpreset-onetoomany]");
  await page.waitForFunction(() => location.search.includes("grid=109"));
  assert.equal(await cell(page, "full-wave"), "108");
  assert.equal(await cell(page, "waves"), "2");
  assert.equal(await cell(page, "last-wave"), "1");
  await page.click("[data-testid=dpreset-w8a8]");
  await page.waitForFunction(() => location.search.includes("grid=256"));
  assert.match(await page.locator("[data-testid=kernel]").textContent(), /10 blocks per SM/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("play, pause, step and scrub move through the trace; the tail shows idle SMs", async () => {
  const { context, page, errors } = await open("?dur=1000");
  const readout = () => page.locator("[data-testid=dispatch-readout]").textContent();
  await page.click("[data-testid=step]");
  assert.match(await readout(), /Cycle 250 of 3,000/);
  await page.click("[data-testid=back]");
  assert.match(await readout(), /Cycle 0 of/);
  await page.selectOption("[data-testid=speed]", "256");
  await page.click("[data-testid=play]");
  await page.waitForFunction(() => /Cycle 3,000 of 3,000/.test(document.querySelector("[data-testid=dispatch-readout]").textContent), null, { timeout: 10000 });
  assert.match(await page.locator("[data-testid=play]").textContent(), /Play/);
  // 109 blocks at 1 per SM: in the second wave one block runs and 107 SMs are idle.
  await page.click("[data-testid=dpreset-onetoomany]");
  await page.locator("[data-testid=scrub]").evaluate((el) => {
    el.value = "1500";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  assert.match(await readout(), /wave 2 of 2 \(the tail\).*107 of 108 SMs idle/);
  await page.screenshot({ path: path.join(SHOTS, "dispatch-tail.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the event cursor: next / previous event write the URL's event key, a permalink restores it, play hands back to the clock", async () => {
  const { context, page, errors } = await open("?threads=1024&grid=109");
  const readout = () => page.locator("[data-testid=dispatch-readout]").textContent();
  const event = () => page.locator("[data-testid=dispatch-event]").textContent();
  assert.equal(await page.locator("[data-testid=dispatch-event]").count(), 0);
  await page.click("[data-testid=event-next]");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("event") === "1");
  assert.match(await event(), /^Event 2 of 3, cycle 10,000: 108 blocks finish and 1 start\./);
  assert.match(await readout(), /Cycle 10,000 of 20,000/);
  await page.click("[data-testid=event-next]");
  await page.click("[data-testid=event-next]");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("event") === "2");
  assert.match(await event(), /^Event 3 of 3/);
  await page.click("[data-testid=event-back]");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("event") === "1");
  // The permalink restores the event; a number past the range is clamped with a notice.
  const second = await openPage(browser);
  await second.page.goto(page.url());
  await second.page.waitForSelector("[data-testid=dispatch-event]");
  assert.match(await second.page.locator("[data-testid=dispatch-event]").textContent(), /^Event 2 of 3/);
  await second.page.goto(server.base + "dispatch?threads=1024&grid=109&event=99999999&lang=en");
  await second.page.waitForSelector("[data-testid=dispatch-event]");
  assert.match(await second.page.locator("[data-testid=notices]").textContent(), /event.*0–2,?097,?152/s);
  assert.match(await second.page.locator("[data-testid=dispatch-event]").textContent(), /^Event 3 of 3/);
  await second.context.close();
  // A step of the clock starts from the event's time and leaves the event cursor.
  await page.click("[data-testid=step]");
  await page.waitForFunction(() => !new URL(location.href).searchParams.has("event"));
  assert.match(await readout(), /Cycle 12,500 of 20,000/);
  assert.equal(await page.locator("[data-testid=dispatch-event]").count(), 0);
  // From a free time, the next event is the first after it.
  await page.click("[data-testid=event-next]");
  await page.waitForFunction(() => new URL(location.href).searchParams.get("event") === "2");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the permalink restores the state and shares the kernel with the Occupancy chapter", async () => {
  const { context, page, errors } = await open();
  const grid = page.locator("[data-testid=slider-grid] input[type=text]");
  await grid.fill("5000");
  await grid.press("Enter");
  await page.waitForFunction(() => location.search.includes("grid=5000"));
  const second = await openPage(browser);
  await second.page.goto(page.url());
  await second.page.waitForSelector("[data-testid=wave-waves]");
  assert.equal(await cell(second.page, "waves"), "12");
  await second.context.close();
  // The kernel's link opens the Occupancy chapter with the same keys.
  await page.goto(server.base + "dispatch?regs=128&grid=300");
  await page.waitForSelector("[data-testid=edit-kernel]");
  assert.equal(await cell(page, "full-wave"), "216");
  await page.click("[data-testid=edit-kernel]");
  await page.waitForSelector("[data-testid=limiter]");
  assert.match(await page.locator("[data-testid=limiter]").textContent(), /Limited by registers: 2 blocks/);
  assert.equal(await page.locator("[data-testid=notices]").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a launch that cannot run shows why; Chinese; reduced motion steps instead of animating", async () => {
  const { context, page, errors } = await open("?threads=1024&regs=65&grid=abc", { reducedMotion: "reduce" });
  assert.match(await page.locator("[data-testid=dispatch-error]").textContent(), /73,728 per block > 65,536/);
  assert.match(await page.locator("[data-testid=notices]").textContent(), /grid=abc/);
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "block 分派");
  assert.match(await page.locator("[data-testid=dispatch-error]").textContent(), /无法启动/);
  await page.click("[data-testid=dpreset-fullwave]");
  assert.equal(await page.locator("[data-testid=dispatch-error]").count(), 0);
  assert.equal(await page.locator("[data-testid=speed]").isDisabled(), true);
  await page.click("[data-testid=play]");
  await page.waitForTimeout(900);
  assert.match(await page.locator("[data-testid=dispatch-readout]").textContent(), /第 2,500 \//);
  await page.screenshot({ path: path.join(SHOTS, "dispatch-zh.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

const replayCell = (page, key, col) =>
  page.locator(`[data-testid=replay-${key}] td`).nth(col).textContent();

test("observed on an H200: the measurement replays beside the model and the differences are named", async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector("[data-testid=replay-table]");
  // Default run: 150 KB of shared memory, 1 block per SM: 4 clean waves and a tail of 37.
  assert.equal(await page.locator("[data-testid=run-smem_limited_1_per_sm]").isChecked(), true);
  assert.equal(await replayCell(page, "wave-starts", 0), "0.0, 50.8, 101.6, 152.4, 203.2");
  assert.equal(await replayCell(page, "spread", 0), "95 SMs × 4, 37 SMs × 5");
  assert.equal(await replayCell(page, "spread", 1), "95 SMs × 4, 37 SMs × 5");
  assert.equal(await replayCell(page, "refill", 0), "288 ns");
  assert.match(await replayCell(page, "first-sms", 0), /^128, 129, 130, 131, 124, 125, 126, 127, 0, 1, 16, 17/);
  assert.match(await replayCell(page, "first-sms", 1), /^0, 1, 2, 3, 4, 5/);
  const findings = await page.locator("[data-testid=replay-findings]").textContent();
  assert.match(findings, /SMs 124–131/);
  assert.match(findings, /same numbers of blocks, 95 SMs × 4, 37 SMs × 5/);
  // 253.9 − 252.7, as the table prints them.
  assert.match(findings, /last block ends 1\.2 µs earlier/);
  // It opens when the H200 has started its whole first wave (within 0.1 µs), not at t = 0.
  assert.match(await page.locator("[data-testid=replay-observed-readout]").textContent(), /^t = 0\.1 \/ 253\.9 µs: wave 1 of 5; 132 blocks started/);
  // Keyboard scrubbing moves 1/200 of the run, and says where it is.
  assert.equal(await page.locator("[data-testid=replay-scrub]").getAttribute("step"), "1269");
  // One clock drives both canvases (the scrubber snaps to steps of 1/200 of the run: 120.6 µs).
  const canvas = page.locator("[data-testid=replay-observed-canvas]");
  const before = await canvas.evaluate((c) => c.toDataURL());
  await page.locator("[data-testid=replay-scrub]").evaluate((el) => {
    el.value = "120000";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  assert.match(await page.locator("[data-testid=replay-observed-readout]").textContent(), /t = 120\.6 \/ 253\.9 µs: wave 3 of 5; 396 blocks started, 264 finished, 132 running; 0 of 132 SMs idle/);
  assert.equal(await page.locator("[data-testid=replay-scrub]").getAttribute("aria-valuetext"), "t = 120.6 / 253.9 µs");
  assert.match(await page.locator("[data-testid=replay-model-readout]").textContent(), /wave 3 of 5/);
  // In the tail (after 203.2 µs) only 37 SMs are busy: the canvas has changed.
  await page.locator("[data-testid=replay-scrub]").evaluate((el) => {
    el.value = "215000";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  assert.match(await page.locator("[data-testid=replay-observed-readout]").textContent(), /wave 5 of 5 \(the tail\).*95 of 132 SMs idle/);
  assert.notEqual(await canvas.evaluate((c) => c.toDataURL()), before, "the canvas redrew");
  // The model figure's own clock did not move.
  assert.match(await page.locator("[data-testid=dispatch-readout]").textContent(), /^Cycle 0 of/);
  await page.locator("[data-testid=replay]").screenshot({ path: path.join(SHOTS, "dispatch-replay.png") });
  // Another run: 2 per SM by shared memory, where the spread differs; the URL remembers it.
  await page.click("[data-testid=run-smem_limited_2_per_sm]");
  await page.waitForFunction(() => location.search.includes("run=smem_limited_2_per_sm"));
  assert.equal(await replayCell(page, "spread", 0), "105 SMs × 4, 17 SMs × 5, 10 SMs × 6");
  assert.match(await page.locator("[data-testid=replay-findings]").textContent(), /Here they differ/);
  const second = await openPage(browser);
  await second.page.goto(page.url());
  await second.page.waitForSelector("[data-testid=replay-table]");
  assert.equal(await second.page.locator("[data-testid=run-smem_limited_2_per_sm]").isChecked(), true);
  await second.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test("the replay: an unknown run is a notice, Chinese text, the variable-duration run", async () => {
  const { context, page, errors } = await open("?run=%3Cscript%3Ex");
  assert.match(await page.locator("[data-testid=notices]").textContent(), /run=/);
  assert.equal(await page.locator("[data-testid=run-smem_limited_1_per_sm]").isChecked(), true);
  assert.equal(await page.locator("script:text('x')").count(), 0);
  await page.click("[data-testid=lang-zh]");
  assert.match(await page.locator("[data-testid=replay] h2").textContent(), /在 H200 上的实测/);
  await page.click("[data-testid=run-smem_limited_1_per_sm_variable_duration]");
  await page.waitForFunction(() => document.querySelector("[data-testid=replay-findings]").textContent.includes("波次模糊"));
  assert.match(await replayCell(page, "spread", 0), /个 SM × 3/);
  await page.locator("[data-testid=replay]").screenshot({ path: path.join(SHOTS, "dispatch-replay-zh.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the replay can draw the H200's SMs in the order they got their first block", async () => {
  const { context, page, errors } = await open();
  await page.waitForSelector("[data-testid=replay-table]");
  const canvas = page.locator("[data-testid=replay-observed-canvas]");
  const hoverFirst = async () => {
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + 12, box.y + 12);
    return page.locator("[data-testid=replay-observed-readout]").textContent();
  };
  // By id, the top-left SM is SM 0; in first-block order it is SM 128, which got block 0.
  assert.match(await hoverFirst(), /SM 0: 1 block\(s\) resident/);
  await page.click("[data-testid=replay-arrange]");
  await page.waitForFunction(() => location.search.includes("arrange=true"));
  assert.match(await hoverFirst(), /SM 128: 1 block\(s\) resident \[0\]/);
  const second = await openPage(browser);
  await second.page.goto(page.url());
  await second.page.waitForSelector("[data-testid=replay-table]");
  assert.equal(await second.page.locator("[data-testid=replay-arrange]").isChecked(), true);
  await second.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
