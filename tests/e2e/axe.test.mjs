// axe-core (npm, run inside the page) over every page and state the suite opens: home, every
// chapter (with every <details> opened, so the data tables are checked too), the quiz, the
// classroom (a step, the overview, the help, the presenter view, the lesson editor) and the
// 404 page, in English and 中文, in the light and the dark theme. Any violation of any impact
// fails the test; the counts per page are printed either way.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { server, browser } from "./harness.mjs";

const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** `AXE_ONLY=regex` checks only the states whose name matches (while fixing). */
const ONLY = process.env.AXE_ONLY ? new RegExp(process.env.AXE_ONLY) : null;
const CHAPTERS = ["chip", "hierarchy", "occupancy", "dispatch", "scheduling", "divergence", "coalescing", "bank-conflicts", "tensor-cores", "tensor-core-generations", "roofline"];

/** A question set as its link carries it: a coalescing question and a course question. */
const SET = zlib
  .deflateRawSync(Buffer.from(JSON.stringify({ t: "Week 3", s: 5, p: false, e: false, i: [["coalescing-sectors", 1], ["c:000-6-5", 1]] })))
  .toString("base64url");

/** The pages and states: [name, path and query, what to do once the page is up]. */
const STATES = [
  ["home", "", null],
  ...CHAPTERS.map((c) => [c, c, openDetails]),
  ["notices", "occupancy?threads=99999&regs=abc&zz=1&yy=2&xx=3", openDetails],
  // The kernel lab: a global access on the coalescing figure, a shared one on the bank figure,
  // a branch's masks, a kernel that does not parse (the error at its line) and a bad launch.
  ["lab", "lab?line=5&warp=312", labReady("lab-coalescing")],
  ["lab-shared", "lab?preset=transpose-tiled&line=16", labReady("lab-banks")],
  ["lab-branch", "lab?line=4&warp=312", labReady("lab-lanes")],
  ["lab-error", `lab?v=1&k=${labLink("__global__ void k(float* out) {\n    out[0] = ;\n}\n")}&grid=0`, labReady("lab-error")],
  ["quiz", "quiz", openDetails],
  // Question sets: the maker with a set, taking one (a verdict shown), the sheet, and the
  // results of one good file and one bad one.
  ["quiz-set-make", "quiz?mode=make", async (page) => {
    await page.fill("[data-testid=set-count-coalescing-sectors]", "2");
    await page.check("[data-testid=set-course-000-6-5]");
    await page.waitForSelector("[data-testid=set-take-link]");
  }],
  ["quiz-set-take", `quiz?mode=take&v=1&set=${SET}`, async (page) => {
    await page.fill("[data-testid=set-name]", "Ada");
    await page.click("[data-testid=set-start]");
    await page.fill("[data-testid=quiz-input-0]", "3");
    await page.fill("[data-testid=quiz-input-1]", "1");
    await page.click("[data-testid=set-submit]");
    await page.waitForSelector("[data-testid=set-next]");
  }],
  ["quiz-set-sheet", `quiz?mode=sheet&v=1&set=${SET}`, null],
  ["quiz-set-results", `quiz?mode=results&v=1&set=${SET}`, async (page) => {
    await page.setInputFiles("[data-testid=results-files]", [
      { name: "ada.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ format: "warpscope-set-answers", v: 1, set: SET, student: "Ada", questions: [{ answers: ["16", "1"] }] })) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") },
    ]);
    await page.waitForSelector("[data-testid=results-share-chart][data-min-font-px]");
  }],
  ["glossary", "glossary", null],
  // An entry opened from a chapter's link: marked as the target.
  ["glossary-target", "glossary", async (page) => {
    await page.evaluate(() => {
      history.pushState(null, "", location.pathname + location.search + "#bank-conflict");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForSelector(".gx-glossary__term--target");
  }],
  ["quiz-answered", "quiz?kind=occupancy-blocks&seed=2", async (page) => {
    await page.fill("[data-testid=quiz-input-0]", "3");
    await page.click("[data-testid=quiz-check]").catch(() => page.keyboard.press("Enter"));
    await page.waitForSelector("[data-testid=quiz-result]");
    await openDetails(page);
  }],
  ["classroom", "classroom?lesson=course&step=1", null],
  ["classroom-divergence", "classroom?lesson=course&step=14", null],
  ["classroom-overview", "classroom?lesson=course&step=3", async (page) => {
    await page.keyboard.press("o");
    await page.waitForSelector("[data-testid=cls-overview]");
  }],
  ["classroom-help", "classroom?lesson=course&step=3", async (page) => {
    await page.keyboard.press("?");
    await page.waitForSelector("[data-testid=cls-help-overlay]");
  }],
  ["classroom-jump", "classroom?lesson=course&step=3", async (page) => {
    await page.keyboard.press("g");
    await page.waitForSelector("[data-testid=cls-jump]");
  }],
  ["classroom-contrast-reveal", "classroom?lesson=course&step=14", async (page) => {
    await page.keyboard.press("h");
    await page.keyboard.press("r");
    await page.waitForTimeout(150);
  }],
  ["classroom-blank", "classroom?lesson=course&step=3", async (page) => {
    await page.keyboard.press("b");
    await page.waitForSelector("[data-testid=cls-blank]");
  }],
  ["classroom-presenter", "classroom?lesson=course&step=3&view=presenter", null],
  ["classroom-editor", "classroom?lesson=course&step=3", async (page) => {
    await page.keyboard.press("e");
    await page.waitForTimeout(200);
  }],
  // The app's own page for an unknown route (a static host answers a missing file itself; the
  // app shows this one when it is asked, inside the app, for a route it does not have).
  ["404", "", async (page) => {
    await page.evaluate(() => {
      history.pushState(null, "", location.pathname + "no-such-page" + location.search);
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForSelector("[data-testid=not-found]");
  }],
];

/** Every step of the built-in lesson (each shows a chapter's figure; as many as the lesson has
 * now), in two of the four runs. */
const LESSON_RUNS = ["light en", "dark zh"];

/** A kernel as the lab's link carries it: raw deflate, base64url. */
function labLink(source) {
  return zlib.deflateRawSync(Buffer.from(source)).toString("base64url");
}

/** Waits for the lab's analysis to end and `testid` to show, then opens every <details>. */
function labReady(testid) {
  return async (page) => {
    await page.waitForSelector(`[data-testid=${testid}]`, { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector("[data-testid=lab-status]")?.getAttribute("aria-busy") === "false");
    await openDetails(page);
  };
}

async function openDetails(page) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  await page.waitForTimeout(150);
}

/** Runs axe in the page (evaluated over the DevTools protocol, so the page's CSP does not apply). */
async function axe(page) {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      help: v.help,
      first: v.nodes.slice(0, 12).map((n) => `${n.target.join(" ")} ${n.failureSummary.split("\n").slice(1, 2).join("")}`),
    }));
  });
}

test("axe-core: zero violations on every page and state, both languages, both themes", async () => {
  const rows = [];
  const failures = [];
  for (const scheme of ["light", "dark"]) {
    for (const lang of ["en", "zh"]) {
      const context = await browser.newContext({
        locale: lang === "zh" ? "zh-CN" : "en-US",
        colorScheme: scheme,
        reducedMotion: "reduce",
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      for (const [name, route, then] of STATES) {
        if (ONLY && !ONLY.test(name)) continue;
        const sep = route.includes("?") ? "&" : "?";
        await page.goto(server.base + route + sep + "lang=" + lang);
        await page.waitForSelector("#gx-boot", { state: "detached" });
        await page.waitForTimeout(250);
        if (then) await then(page);
        const violations = await axe(page);
        const count = violations.reduce((n, v) => n + v.nodes, 0);
        rows.push(`${scheme.padEnd(5)} ${lang} ${name.padEnd(22)} ${String(count).padStart(4)} ${violations.map((v) => `${v.id}(${v.impact}):${v.nodes}`).join(" ")}`);
        for (const v of violations) failures.push(`${scheme} ${lang} ${name}: ${v.id} (${v.impact}) ×${v.nodes}: ${v.help}\n    ${v.first.join("\n    ")}`);
      }
      if (!ONLY || ONLY.test("classroom-step-1")) {
        if (LESSON_RUNS.includes(`${scheme} ${lang}`)) {
          await page.goto(server.base + "classroom?lesson=course&step=1&lang=" + lang);
          await page.waitForSelector("[data-testid=cls-count]");
          const total = Number((await page.locator("[data-testid=cls-count]").textContent()).match(/\/\s*(\d+)/)?.[1]);
          assert.ok(total >= 20, `lesson has ${total} steps`);
          for (let n = 1; n <= total; n++) {
            await page.goto(server.base + `classroom?lesson=course&step=${n}&lang=${lang}`);
            await page.waitForSelector("#gx-boot", { state: "detached" });
            await page.waitForTimeout(250);
            const violations = await axe(page);
            const count = violations.reduce((k, v) => k + v.nodes, 0);
            rows.push(`${scheme.padEnd(5)} ${lang} ${`classroom-step-${n}`.padEnd(22)} ${String(count).padStart(4)} ${violations.map((v) => `${v.id}(${v.impact}):${v.nodes}`).join(" ")}`);
            for (const v of violations) failures.push(`${scheme} ${lang} classroom step ${n}: ${v.id} (${v.impact}) ×${v.nodes}: ${v.help}\n    ${v.first.join("\n    ")}`);
          }
        }
      }
      await context.close();
    }
  }
  console.log("axe violations (nodes) per page:\n" + rows.join("\n"));
  assert.equal(failures.length, 0, failures.join("\n"));
});
