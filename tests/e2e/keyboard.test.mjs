// Keyboard only: how many Tab presses each chapter takes from the top of the page to its
// questions (every figure is one tab stop with arrow keys inside), and one chapter operated
// with keys alone: a slider, a preset, play and step. Focus is visible on every stop.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const CHAPTERS = ["chip", "hierarchy", "occupancy", "dispatch", "scheduling", "divergence", "coalescing", "bank-conflicts", "tensor-cores", "tensor-core-generations", "roofline"];
/** Most Tab presses from the top of a chapter to its questions, not counting the glossary links
 * of its prose (a term's first use links its entry). Chapter 10 walks nine sections (the PE
 * array, peaks, Volta, Hopper, wgmma's fragments, the descriptor, Tensor Memory, its loads, the
 * data path), each with its own controls, and chapter 9 five. */
const MAX_STOPS = 30;
const BUDGET = { "tensor-cores": 36, "tensor-core-generations": 60 };

/** What has focus: inside the questions, a short description, and whether it shows a focus ring. */
const focusState = () => {
  const e = document.activeElement;
  if (!e || e === document.body) return { where: "body" };
  const q = document.querySelector("[data-testid=questions]");
  const cs = getComputedStyle(e);
  // A focus ring: an outline or a shadow, or (an SVG part) a stroke of at least 2 units.
  const shape = e.matches("rect, circle, path") ? e : e.querySelector("rect, circle, path");
  const ss = shape && e instanceof SVGElement ? getComputedStyle(shape) : null;
  const ring = (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== "none" ||
    (!!ss && ss.stroke !== "none" && parseFloat(ss.strokeWidth) >= 2);
  const inFigure = !!e.closest("svg") || e.hasAttribute("data-roving");
  const name = e.getAttribute("aria-label") || e.getAttribute("data-testid") || e.textContent.trim().slice(0, 30);
  const term = e.matches("a.gx-term");
  return { where: q && q.contains(e) ? "questions" : "page", desc: `${e.tagName.toLowerCase()} ${name}`, ring, inFigure, term };
};

/** From the skip link ("Skip to content", the first stop) presses Tab until focus reaches the
 * questions; returns the stops on the way (the header's links are skipped, as a keyboard user
 * skips them). */
async function stopsBeforeQuestions(page, limit = 400) {
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const stops = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const s = await page.evaluate(focusState);
    if (s.where === "questions") return stops;
    stops.push(s);
  }
  return stops;
}

test(`every chapter: at most ${MAX_STOPS} tab stops (chapters 9 and 10 more, by section) from the skip link to its questions besides glossary links, each with a visible focus ring`, async () => {
  const { context, page, errors } = await openPage(browser);
  const rows = [];
  const fails = [];
  for (const c of CHAPTERS) {
    await page.goto(server.base + c + "?lang=en");
    await page.waitForSelector("[data-testid=questions]");
    await page.waitForTimeout(200);
    const stops = await stopsBeforeQuestions(page);
    const inFigures = stops.filter((s) => s.inFigure).length;
    const terms = stops.filter((s) => s.term).length;
    const controls = stops.length - terms;
    const budget = BUDGET[c] ?? MAX_STOPS;
    rows.push(`${c.padEnd(24)} ${String(controls).padStart(4)} stops (budget ${budget}), ${String(inFigures).padStart(4)} in figures, ${String(terms).padStart(3)} glossary links`);
    if (controls > budget) fails.push(`${c}: ${controls} stops: ${stops.filter((s) => !s.term).map((s) => s.desc).join(" | ")}`);
    const noRing = stops.filter((s) => !s.ring);
    if (noRing.length) fails.push(`${c}: no visible focus on ${noRing.map((s) => s.desc).join(" | ")}`);
    // A figure's container is not a stop of its own (its parts are, one at a time).
    const containers = stops.filter((s) => /^svg /.test(s.desc));
    if (containers.length) fails.push(`${c}: a figure's <svg> is a tab stop: ${containers.map((s) => s.desc).join(" | ")}`);
  }
  // Home and the quiz: a visible focus ring on every stop (no questions section to stop at).
  for (const route of ["", "quiz"]) {
    await page.goto(server.base + route + "?" + "lang=en");
    await page.waitForSelector("#gx-boot", { state: "detached" });
    await page.waitForTimeout(200);
    const stops = await stopsBeforeQuestions(page, 120);
    const noRing = stops.filter((s) => s.where !== "body" && !s.ring);
    if (noRing.length) fails.push(`/${route}: no visible focus on ${noRing.map((s) => s.desc).join(" | ")}`);
  }
  console.log("tab stops from the skip link to the questions:\n" + rows.join("\n"));
  assert.deepEqual(fails, []);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Presses Tab (Shift+Tab when `back`) until the focused element matches `selector`. */
async function tabTo(page, selector, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`no tab stop ${selector} within ${limit} presses`);
}

test("keys only: skip link, step, play and pause, a preset, a slider (Block dispatch)", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "dispatch?dur=1000&lang=en");
  await page.waitForSelector("[data-testid=dispatch-canvas]");
  const url = page.url();
  const readout = () => page.locator("[data-testid=dispatch-readout]").textContent();
  // The first Tab reaches the skip link; Enter moves on into the chapter, on the same page.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.className), "gx-skip");
  await page.keyboard.press("Enter");
  assert.equal(page.url().split("#")[0], url);
  // Step once with Enter on the step button.
  await tabTo(page, "[data-testid=step]");
  await page.keyboard.press("Enter");
  assert.match(await readout(), /Cycle 250 of 3,000/);
  // Play with Space (two stops back), let it run, pause with Space.
  await tabTo(page, "[data-testid=play]", { back: true });
  await page.keyboard.press("Space");
  await page.waitForFunction(() => !/Cycle 250 of/.test(document.querySelector("[data-testid=dispatch-readout]").textContent));
  await page.keyboard.press("Space");
  assert.match(await page.locator("[data-testid=play]").textContent(), /Play/);
  // A preset with Enter.
  await tabTo(page, "[data-testid=dpreset-fullwave]");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.search.includes("grid=432"));
  // The grid slider with the arrow keys and End.
  await tabTo(page, "[data-testid=slider-grid] input[type=range]");
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => !location.search.includes("grid=432"));
  await page.keyboard.press("End");
  await page.waitForFunction(() => Number(new URLSearchParams(location.search).get("grid")) > 432);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a figure is one tab stop: the arrow keys walk its parts (chip die, divergence lanes)", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "chip?lang=en");
  await page.waitForSelector(".gx-die [data-roving]");
  await tabTo(page, ".gx-die [data-roving]");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.roving), "0");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.roving), "3");
  assert.match(await page.locator("[data-testid=info]").first().textContent(), /GPC 0/);
  await page.keyboard.press("ArrowDown");
  assert.match(await page.locator("[data-testid=info]").first().textContent(), /SM 0 of/);
  await page.keyboard.press("End");
  const last = await page.evaluate(() => Number(document.activeElement.dataset.roving));
  assert.equal(last, (await page.locator(".gx-die [data-roving]").count()) - 1);
  // Tab leaves the figure for the next control; Shift+Tab comes back to the part last focused.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.closest(".gx-die")), null);
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => Number(document.activeElement.dataset.roving)), last);

  await page.goto(server.base + "divergence?lang=en");
  await page.waitForSelector("[data-testid=lanes] [data-roving]");
  await tabTo(page, "[data-testid=lanes] [data-roving]");
  await page.keyboard.press("End");
  assert.match(await page.evaluate(() => document.activeElement.getAttribute("aria-label")), /lane 31/i);
  assert.equal(await page.locator("[data-testid=lanes] [tabindex='0']").count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the classroom: Tab only reaches the classroom's own controls, never the site links under it", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(server.base + "classroom?lesson=course&step=3");
  await page.waitForSelector("[data-testid=cls-stage]");
  await page.waitForTimeout(500);
  const outside = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() => {
      const e = document.activeElement;
      return e && e !== document.body && !e.closest(".gx-cls") ? (e.textContent || e.tagName).trim().slice(0, 30) : null;
    });
    if (where) outside.push(where);
  }
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
  await context.close();
});
