// The chapters' prerendered first screens (scripts/prerender.mjs), wide and narrow: a deep link
// shows the chapter's answer before the wasm runs, the same answer the app then draws at that
// width, only where the app would draw exactly that, and never in the way of the app or of a
// failure message.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, DIST, SHOTS } from "./harness.mjs";

const registry = fs.readFileSync(new URL("../../src/ui/app/registry.rs", import.meta.url), "utf8");
const CHAPTERS = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]).filter((s) => s !== "quiz");

/** A page whose wasm is still on its way (its requests never answered): what the route page
 * shows by itself. */
async function withoutWasm(opts = {}) {
  const o = await openPage(browser, { serviceWorkers: "block", ...opts });
  await o.page.route("**/*.wasm", () => {});
  return o;
}

test("every chapter's route pages carry its first screen, renamed so nothing finds it instead of the app", () => {
  for (const slug of CHAPTERS) {
    for (const file of [path.join(DIST, slug, "index.html"), path.join(DIST, `${slug}.html`)]) {
      const html = fs.readFileSync(file, "utf8");
      const copy = html.slice(html.indexOf("<body>"), html.indexOf('id="gx-boot"'));
      assert.match(copy, /data-ws-pre="wide"/, `${file}: no prerendered copy of the wide layout`);
      assert.match(copy, /data-ws-pre="narrow"/, `${file}: no prerendered copy of the narrow layout`);
      assert.match(copy, new RegExp(`data-pre-testid="chapter-${slug}"`), file);
      assert.doesNotMatch(copy, /\sdata-testid=/, `${file}: a data-testid left in the copy`);
      assert.doesNotMatch(copy, /<script/i, `${file}: a script in the copy`);
      assert.match(html, new RegExp(`<link rel="stylesheet" href="chapter-${slug}-[0-9a-f]+\\.css" integrity="sha256-[^"]+" data-ws-chapters="${slug.replaceAll("-", "_")}"`), `${file}: no share of the chapters' stylesheet`);
    }
  }
  const home = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  assert.doesNotMatch(home, /data-ws-pre|data-ws-chapters/, "the home page carries no copy and no chapters' stylesheet");
  assert.doesNotMatch(fs.readFileSync(path.join(DIST, "quiz", "index.html"), "utf8"), /data-ws-pre=/, "the quiz (random questions) carries no copy");
});

for (const [layout, opts] of [["wide", {}], ["narrow", { viewport: { width: 390, height: 844 } }]]) test(`a deep link shows the occupancy answer before any wasm runs, the same the app then shows (${layout})`, async () => {
  const pre = await withoutWasm(opts);
  await pre.page.goto(server.base + "occupancy");
  const other = layout === "wide" ? "narrow" : "wide";
  assert.equal(await pre.page.locator(`[data-ws-pre=${other}]`).first().isVisible(), false, `the ${other} copy is hidden`);
  const preAnswer = pre.page.locator(`[data-ws-pre=${layout}] [data-pre-testid=occupancy]`);
  await preAnswer.waitFor({ state: "visible" });
  const preText = (await preAnswer.innerText()).trim();
  await pre.page.screenshot({ path: path.join(SHOTS, `prerender-occupancy-${layout}.png`) });
  await pre.context.close();

  const { context, page, errors } = await openPage(browser, { serviceWorkers: "block", ...opts });
  await page.goto(server.base + "occupancy");
  const app = page.locator("[data-testid=occupancy]");
  await app.waitFor({ state: "visible" });
  assert.equal((await app.innerText()).trim(), preText);
  assert.match(preText, /\d+(\.\d+)?\s*%/);
  assert.equal(await page.locator("[data-ws-pre]").count(), 0, "the copy is gone once the app's chapter is in");
  assert.equal(await page.locator("[data-testid=chapter-occupancy]").isVisible(), true);
  await page.screenshot({ path: path.join(SHOTS, `prerender-occupancy-app-${layout}.png`) });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [layout, opts] of [["wide", {}], ["narrow", { viewport: { width: 390, height: 844 } }]]) test(`each chapter's ${layout} copy shows the title and first figure text the app draws`, async () => {
  const withFigure = [];
  for (const slug of CHAPTERS) {
    const { context, page, errors } = await openPage(browser, { serviceWorkers: "block", ...opts });
    const html = fs.readFileSync(path.join(DIST, `${slug}.html`), "utf8");
    const parsed = await page.evaluate(
      ([h, slug, layout]) => {
        const d = new DOMParser().parseFromString(h, "text/html");
        const root = d.querySelector(`[data-ws-pre=${layout}] [data-pre-testid=chapter-${slug}], [data-ws-pre=${layout}][data-pre-testid=chapter-${slug}]`);
        const svg = root?.querySelector("svg");
        return { h1: d.querySelector(`[data-ws-pre=${layout}] h1`)?.textContent.trim(), svg: svg ? svg.textContent.replace(/\s+/g, " ").trim() : null };
      },
      [html, slug, layout],
    );
    await page.goto(server.base + slug);
    await page.waitForSelector(`[data-testid=chapter-${slug}]`);
    await page.waitForLoadState("networkidle");
    const app = await page.evaluate((slug) => {
      const root = document.querySelector(`[data-testid=chapter-${slug}]`);
      const svg = root?.querySelector("svg");
      // (without its tooltips: the copy leaves out what is not seen)
      const seen = svg?.cloneNode(true);
      for (const t of seen?.querySelectorAll("title") ?? []) t.remove();
      return { h1: document.querySelector("h1")?.textContent.trim(), svg: seen ? seen.textContent.replace(/\s+/g, " ").trim() : null, copies: document.querySelectorAll("[data-ws-pre]").length };
    }, slug);
    assert.equal(app.copies, 0, `${slug}: the copy is gone`);
    assert.equal(parsed.h1, app.h1, `${slug}: title`);
    // A chapter whose first figure starts below the first screen has none in its copy.
    if (parsed.svg !== null) {
      withFigure.push(slug);
      assert.ok(parsed.svg === app.svg, `${slug}: the copy's first figure says ${parsed.svg.slice(0, 200)}…, the app's ${app.svg?.slice(0, 200)}…`);
    }
    assert.deepEqual(errors, [], slug);
    await context.close();
  }
  assert.ok(withFigure.length >= (layout === "wide" ? 5 : 3), `chapters whose ${layout} copy holds their first figure: ${withFigure}`);
});

test("the copy stays hidden where the app draws something else: a link with inputs, Chinese; a phone shows the narrow copy", async () => {
  const cases = [
    ["occupancy?threads=128", {}],
    ["occupancy?lang=zh", {}],
    ["occupancy", { locale: "zh-CN" }],
    ["occupancy#x", {}],
  ];
  for (const [route, opts] of cases) {
    const { context, page } = await withoutWasm(opts);
    await page.goto(server.base + route);
    await page.waitForSelector("[data-testid=boot]");
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("gx-pre-off")), true, route);
    assert.equal(await page.locator("[data-ws-pre]").first().isVisible(), false, `${route}: the copy is hidden`);
    assert.equal(await page.locator("[data-testid=boot] .gx-boot__loading").isVisible(), true, `${route}: "Loading" shows`);
    await context.close();
  }
  const phone = await withoutWasm({ viewport: { width: 390, height: 844 } });
  await phone.page.goto(server.base + "occupancy", { waitUntil: "commit" });
  // (attached: the "Loading" message is behind the copy while the copy shows)
  await phone.page.waitForSelector("[data-testid=boot]", { state: "attached" });
  // Once the stylesheet is in (before it, every element has a box): the narrow copy shows and
  // the wide one does not.
  await phone.page.waitForFunction(() =>
    [...document.styleSheets].some((s) => {
      try {
        return /app-[^/]*\.css$/.test(s.href ?? "") && s.cssRules.length > 0;
      } catch {
        return false;
      }
    }),
  );
  assert.equal(await phone.page.locator("[data-ws-pre=wide]").first().isVisible(), false, "phone: the wide copy is hidden");
  assert.equal(await phone.page.locator("[data-ws-pre=narrow]").first().isVisible(), true, "phone: the narrow copy shows");
  await phone.context.close();
});

test("if the app cannot start, the failure message replaces the copy", async () => {
  const { context, page } = await openPage(browser, { serviceWorkers: "block" });
  await page.route("**/*.wasm", (r) => r.abort());
  await page.goto(server.base + "occupancy");
  await page.locator("[data-testid=boot] .gx-boot__failed").waitFor({ state: "visible", timeout: 15000 });
  assert.equal(await page.locator("[data-ws-pre]").first().isVisible(), false);
  await context.close();
});
