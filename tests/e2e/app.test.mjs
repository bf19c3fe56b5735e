// The built site in a real headless Chromium: loads, reproduces the course's table, follows
// the sliders, keeps permalinks, switches language, and survives bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

async function ready(page) {
  await page.waitForSelector("[data-testid=chapter-map], [data-testid=figure], [data-testid=chapter-soon], [data-testid=quiz], [data-testid=glossary], [data-testid=lab], [data-testid=not-found]");
}

function offOrigin(requests) {
  return requests.filter((u) => !u.startsWith(server.origin) && !u.startsWith("data:"));
}

test("the home page loads with every chapter and makes no off-origin request", async () => {
  const { context, page, requests, errors } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const cards = await page.locator("[data-testid=chapter-map] li").count();
  assert.ok(cards >= 10, `chapter cards: ${cards}`);
  assert.deepEqual(offOrigin(requests), []);
  assert.deepEqual(errors, []);
  await context.close();
});

// No page writes a warning to the console on load (the route pages' fetch preloads once carried
// an integrity attribute Chromium ignores there, and said so three times a page).
test("no page logs a console warning as it loads", async () => {
  const { context, page } = await openPage(browser);
  const warnings = [];
  page.on("console", (m) => {
    if (m.type() === "warning" && !/Service Worker registration blocked/.test(m.text())) warnings.push(`${page.url()}: ${m.text()}`);
  });
  for (const route of ["", "occupancy", "dispatch?grid=1000", "roofline", "quiz", "classroom?lesson=course&step=3"]) {
    await page.goto(server.base + route);
    await ready(page).catch(() => page.waitForSelector("[data-testid=cls-count]"));
    await page.waitForTimeout(1500);
  }
  assert.deepEqual(warnings, []);
  await context.close();
});

test("the roofline chapter reproduces the course's table", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "roofline");
  await page.waitForSelector("[data-testid=course-table] tbody tr");
  const a100 = await page.locator("[data-testid=course-a100]").allTextContents();
  const h100 = await page.locator("[data-testid=course-h100]").allTextContents();
  assert.deepEqual(a100, ["1610.6", "67.1", "268.4", "440.5"]);
  assert.deepEqual(h100, ["961.6", "40.1", "160.3", "139.0"]);
  const table = await page.locator("[data-testid=course-table]").textContent();
  assert.match(table, /1\.68×/);
  assert.match(table, /3\.17×/);
  await page.screenshot({ path: path.join(SHOTS, "roofline-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("moving a slider moves the point, updates the URL, and the URL restores the state", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "roofline");
  await page.waitForSelector("[data-testid=point-user] circle");
  const before = await page.locator("[data-testid=point-user] circle").getAttribute("cx");
  assert.match(await page.locator("[data-testid=user-bound]").textContent(), /compute-bound/);
  // Drag K's slider down to 64 with the keyboard, as a reader would (it stops at powers of two
  // and at 1-2-5 values on the way).
  const range = page.locator("[data-testid=slider-k] input[type=range]");
  const typed = page.locator("[data-testid=slider-k] input[type=text]");
  await range.focus();
  for (let i = 0; i < 40 && (await typed.inputValue()) !== "64"; i++) await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => location.search.includes("k=64"));
  const after = await page.locator("[data-testid=point-user] circle").getAttribute("cx");
  assert.notEqual(after, before);
  assert.match(await page.locator("[data-testid=user-bound]").textContent(), /memory-bound/);
  assert.equal(await page.locator("[data-testid=slider-k] input[type=text]").inputValue(), "64");
  const url = page.url();
  // A fresh page from that URL shows the same state.
  const second = await openPage(browser);
  await second.page.goto(url);
  await second.page.waitForSelector("[data-testid=point-user] circle");
  assert.equal(await second.page.locator("[data-testid=slider-k] input[type=text]").inputValue(), "64");
  assert.equal(await second.page.locator("[data-testid=point-user] circle").getAttribute("cx"), after);
  assert.deepEqual(errors, []);
  assert.deepEqual(second.errors, []);
  await second.context.close();
  await context.close();
});

test("typing a number moves the point; typing garbage shows an error and keeps the state", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "roofline");
  const field = page.locator("[data-testid=slider-m] input[type=text]");
  await field.fill("1");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("m=1"));
  await field.fill("lots");
  await field.press("Enter");
  assert.match(await page.locator("[data-testid=slider-m] .gx-field__error").textContent(), /not a whole number/);
  assert.ok(page.url().includes("m=1"));
  // The rest of the page keeps working.
  await page.locator("[data-testid=select-gpu]").selectOption("h100");
  await page.waitForFunction(() => location.search.includes("gpu=h100"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("switching language changes the visible text and is remembered", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "roofline");
  await page.waitForSelector("h1");
  assert.equal((await page.locator("h1").textContent()).trim(), "Roofline");
  await page.click("[data-testid=lang-zh]");
  assert.equal((await page.locator("h1").textContent()).trim(), "Roofline 模型");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-CN");
  assert.match(await page.locator("[data-testid=course-table]").textContent(), /课程中的表/);
  await page.screenshot({ path: path.join(SHOTS, "roofline-zh.png"), fullPage: true });
  await page.reload();
  await page.waitForSelector("h1");
  assert.equal((await page.locator("h1").textContent()).trim(), "Roofline 模型");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Chinese browser starts in Chinese", async () => {
  const { context, page } = await openPage(browser, { locale: "zh-CN" });
  await page.goto(server.base);
  await ready(page);
  assert.match(await page.locator("h1").textContent(), /GPU 如何运行/);
  await context.close();
});

test("a malformed permalink shows notices, renders text as text, and the page works", async () => {
  const { context, page, errors } = await openPage(browser);
  const evil = encodeURIComponent("<img src=x onerror=alert(1)>");
  await page.goto(server.base + `roofline?k=abc&gpu=b300&m=99999999999&kind=${evil}&${evil}=1&%ZZ`);
  await page.waitForSelector("[data-testid=notices]");
  const notices = await page.locator("[data-testid=notices]").textContent();
  assert.match(notices, /k=abc/);
  assert.match(notices, /<img src=x/);
  assert.equal(await page.locator("img").count(), 0);
  assert.equal(await page.locator("[data-testid=slider-m] input[type=text]").inputValue(), "131072");
  assert.match(await page.locator("[data-testid=course-table]").textContent(), /1610\.6/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("every chapter of the registry has a working route", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const hrefs = await page.locator("[data-testid=chapter-map] a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  for (const href of hrefs) {
    await page.goto(new URL(href, server.origin).href);
    await ready(page);
    assert.equal(await page.locator("[data-testid=not-found]").count(), 0, href);
  }
  // An unknown route inside the app (a static host would 404 before the app loads).
  await page.goto(server.base);
  await ready(page);
  await page.evaluate(() => {
    history.pushState({}, "", "no-such-chapter");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.waitForSelector("[data-testid=not-found]");
  assert.equal(await page.locator("[data-testid=not-found]").count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("every number of five or more digits a chapter shows is grouped in thousands (1,048,576), in tables, prose and titles", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const hrefs = await page.locator("[data-testid=chapter-map] a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const found = [];
  for (const href of hrefs) {
    await page.goto(new URL(href, server.origin).href);
    await ready(page);
    await page.waitForSelector(".gx-prevnext, .gx-cls-stage", { state: "attached" }); // a chapter's tail, built a frame after its body
    found.push(...(await page.evaluate((href) => {
      const out = [];
      const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
      for (let n; (n = walker.nextNode()); ) {
        // Code keeps its literals; the hierarchy's cells are one warp number per glyph position.
        if (n.parentElement.closest("code, pre, .gx-listing, .gx-hier__cell-text")) continue;
        for (const m of n.textContent.matchAll(/(?<![\w.,#-])\d{5,}(?![\w.,])/g)) out.push(`${href}: "${n.textContent.slice(Math.max(0, m.index - 25), m.index + 25)}"`);
      }
      return out;
    }, href)));
  }
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("hover and keyboard focus on a point show its formula", async () => {
  const { context, page } = await openPage(browser);
  await page.goto(server.base + "roofline");
  const gemm = page.locator("[data-testid=point-course-gemm-] circle");
  await gemm.focus();
  const tip = await page.locator("[data-testid=tooltip]").textContent();
  assert.match(tip, /GEMM 4096³/);
  assert.match(tip, /min\(/);
  await context.close();
});

test("header links stay under the sub-path, and the tab title names the chapter", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base);
  await ready(page);
  const hrefs = await page.locator(".gx-nav a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  for (const href of hrefs) assert.ok(href.startsWith("/warpscope/"), href);
  await page.click(".gx-nav a[href='/warpscope/roofline']");
  await page.waitForSelector("[data-testid=course-table]");
  assert.equal(new URL(page.url()).pathname, "/warpscope/roofline");
  assert.match(await page.title(), /Roofline/);
  await page.reload();
  await page.waitForSelector("[data-testid=course-table]");
  await page.click(".gx-brand");
  await page.waitForSelector("[data-testid=chapter-map]");
  assert.equal(new URL(page.url()).pathname, "/warpscope/");
  assert.deepEqual(errors, []);
  await context.close();
});

test("every figure's data table is empty while closed and filled when opened", async () => {
  // The tables are built only while open (ui/widgets/data_table.rs).
  const tables = {
    occupancy: "data-table", dispatch: "data-table", scheduling: "data-table", divergence: "data-table",
    coalescing: "data-table", "bank-conflicts": "data-table", "tensor-cores": "fragment-data-table", "tensor-core-generations": "pe-data-table", roofline: "data-table",
  };
  const { context, page, errors } = await openPage(browser);
  for (const [route, id] of Object.entries(tables)) {
    await page.goto(server.base + route);
    const details = page.locator(`[data-testid=${id}]`).first();
    await details.waitFor({ state: "attached" });
    assert.equal(await details.locator("tr, li").count(), 0, `${route}: closed table has no rows`);
    await details.locator("summary").click();
    await page.waitForFunction((sel) => document.querySelector(sel).querySelectorAll("tr, li").length > 2, `[data-testid=${id}]`);
    assert.ok((await details.locator("tr, li").count()) > 2, `${route}: open table has rows`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a phone (390 px) no chapter scrolls sideways; wide figures scroll inside their box", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ["", "chip", "hierarchy", "occupancy", "dispatch", "scheduling", "divergence", "coalescing", "bank-conflicts", "tensor-cores", "tensor-core-generations", "roofline", "tensor-cores?lang=zh"]) {
    await page.goto(server.base + route);
    await ready(page);
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 392, `${route || "home"}: page is ${width} px wide`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
