// Every generated quiz kind, in both languages, over several seeds: the question renders with its
// prompt and fields, an answer is graded (a verdict, never a blank), the hints and the worked
// solution show text, and the link into the chapter opens it with the question's parameters and
// no notice (the parameters a question draws are all valid in its chapter). The kinds are read
// from the model (`Kind::slug` in src/model/quiz/mod.rs), so a new kind is walked without
// editing this file.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const source = fs.readFileSync(path.join(here, "../../src/model/quiz/mod.rs"), "utf8");
const slugFn = source.slice(source.indexOf("pub fn slug(self)"), source.indexOf("pub fn from_slug"));
const KINDS = [...slugFn.matchAll(/Kind::\w+ => "([a-z0-9-]+)"/g)].map((m) => m[1]);
const SEEDS = [1, 7, 40];

test("the kinds are read from the model", () => {
  assert.ok(KINDS.length >= 18, `only ${KINDS.length} kinds found`);
});

// Moves inside the app the way its links do (history + popstate, which the router follows), so
// the walk does not recompile the app for each of its ~110 questions.
async function visit(page, url) {
  if (!page.url().startsWith(server.origin)) return page.goto(url);
  await page.evaluate((u) => {
    history.pushState(null, "", u);
    dispatchEvent(new PopStateEvent("popstate"));
  }, url);
}

for (const lang of ["en", "zh"]) {
  test(`every quiz kind renders, grades and links to its chapter (${lang})`, async () => {
    const { context, page, errors, requests } = await openPage(browser, { locale: lang === "zh" ? "zh-CN" : "en-US" });
    const problems = [];
    for (const kind of KINDS) {
      for (const seed of SEEDS) {
        const at = `${kind} seed ${seed}`;
        await visit(page, `${server.base}quiz?kind=${kind}&seed=${seed}&lang=${lang}`);
        await page.waitForSelector(`[data-testid=quiz-question][data-kind=${kind}]`);
        if (await page.locator("[data-testid=notices]").count()) problems.push(`${at}: a notice on a valid link`);
        const prompt = (await page.locator("[data-testid=quiz-prompt]").textContent()).trim();
        if (prompt.length < 20) problems.push(`${at}: prompt "${prompt}"`);
        if (/undefined|NaN|\{\}|inf\b/.test(prompt)) problems.push(`${at}: prompt shows "${prompt}"`);
        // Answer every field: numbers with 0, choices with their first option.
        const inputs = page.locator("[data-testid^=quiz-input-]");
        const choices = page.locator("[data-testid^=quiz-field-]");
        const fields = (await inputs.count()) + (await choices.count());
        if (!fields) problems.push(`${at}: no field to answer`);
        for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill("0");
        for (let i = 0; i < (await choices.count()); i++) await choices.nth(i).locator("input").first().check();
        await page.click("[data-testid=quiz-check]");
        await page.waitForSelector("[data-testid=quiz-result]");
        const verdict = (await page.locator("[data-testid=quiz-verdict]").textContent()).trim();
        if (!verdict) problems.push(`${at}: empty verdict`);
        await page.click("[data-testid=quiz-hint]");
        await page.click("[data-testid=quiz-solution]");
        const worked = (await page.locator("[data-testid=quiz-worked]").textContent()).trim();
        if (worked.length < 20) problems.push(`${at}: worked solution "${worked}"`);
        if (seed === SEEDS[0]) {
          const href = await page.locator("[data-testid=quiz-chapter-link]").getAttribute("href");
          await visit(page, new URL(href, page.url()).href);
          await page.waitForSelector("main [data-testid^=chapter-]");
          if (await page.locator("[data-testid=notices]").count()) {
            problems.push(`${at}: the chapter link ${href} gives a notice: ${await page.locator("[data-testid=notices]").textContent()}`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(requests.every((u) => u.startsWith(server.origin) || u.startsWith("data:")), "no request off the origin");
    assert.deepEqual(errors, []);
    await context.close();
  });
}
