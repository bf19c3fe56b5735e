// Chinese text on demand (scripts/site.mjs): the wasm ships without the Chinese characters of its
// strings; zh.bin brings them back when Chinese is wanted. English pages never fetch it and never
// show a hole (a NUL character where a cut character was); a Chinese link, the language switch
// and a chapter opened after the switch show every character.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const registry = fs.readFileSync(new URL("../../src/ui/app/registry.rs", import.meta.url), "utf8");
const SLUGS = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
const ready = "[data-testid=chapter-map] a, article.gx-chapter figure, article.gx-chapter svg, article.gx-chapter canvas, [data-testid=quiz], [data-testid=glossary] dl, [data-testid=cls-stage] figure";

/** NUL characters in the page's markup (text and attributes), with some context. */
const holes = (page) =>
  page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    const at = html.indexOf("\u0000");
    return at < 0 ? "" : html.slice(Math.max(0, at - 80), at + 20);
  });
const zhFetches = (requests) => requests.filter((u) => u.endsWith("/zh.bin")).length;

test("English pages fetch no Chinese text and show no hole", async () => {
  const { context, page, requests, errors } = await openPage(browser, { serviceWorkers: "block" });
  for (const route of ["", ...SLUGS, "classroom"]) {
    await page.goto(server.base + route + "?lang=en");
    await page.waitForSelector(ready, { timeout: 20000 });
    await page.waitForTimeout(100);
    assert.equal(await holes(page), "", `/${route}`);
  }
  assert.equal(zhFetches(requests), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Chinese link, the switch and a chapter loaded after it show every character", async () => {
  const { context, page, requests, errors } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + "dispatch?lang=zh");
  await page.waitForSelector(ready);
  assert.equal((await page.locator("h1").textContent()).trim(), "block 分派");
  assert.equal(await holes(page), "");
  await context.close();

  const en = await openPage(browser, { serviceWorkers: "block", locale: "en-US" });
  await en.page.goto(server.base + "roofline");
  await en.page.waitForSelector(ready);
  assert.equal(zhFetches(en.requests), 0);
  await en.page.click("[data-testid=lang-zh]");
  assert.equal((await en.page.locator("h1").textContent()).trim(), "Roofline 模型");
  assert.equal(await holes(en.page), "");
  assert.equal(zhFetches(en.requests), 1);
  // A chapter whose module arrives after the switch.
  await en.page.click("nav a[href$='/occupancy']");
  await en.page.waitForSelector("[data-testid=occupancy]");
  assert.equal((await en.page.locator("h1").textContent()).trim(), "占用率");
  assert.equal(await holes(en.page), "");
  // Back to English and to Chinese again: nothing more to fetch.
  await en.page.click("[data-testid=lang-en]");
  assert.equal((await en.page.locator("h1").textContent()).trim(), "Occupancy");
  await en.page.click("[data-testid=lang-zh]");
  assert.equal((await en.page.locator("h1").textContent()).trim(), "占用率");
  assert.equal(zhFetches(en.requests), 1);
  assert.deepEqual([...errors, ...en.errors], []);
  await en.context.close();
  assert.equal(zhFetches(requests), 1);
});

test("Chinese whose text cannot be loaded (offline, never cached) shows English and says why", async () => {
  const { context, page, errors } = await openPage(browser, { serviceWorkers: "block", locale: "en-US" });
  await context.route("**/zh.bin", (route) => route.abort("internetdisconnected"));
  // A Chinese link: the app starts in English with the note, no hole, and works.
  await page.goto(server.base + "occupancy?lang=zh");
  await page.waitForSelector("[data-testid=occupancy]");
  assert.equal((await page.locator("h1").textContent()).trim(), "Occupancy");
  assert.match(await page.locator("[data-testid=zh-missing]").textContent(), /could not be loaded.*未能载入中文/);
  assert.equal(await holes(page), "");
  assert.equal(await page.locator("html").getAttribute("lang"), "en");
  // The switch: stays in English and says why; English clears the note.
  await page.goto(server.base + "roofline?lang=en");
  await page.waitForSelector(ready);
  assert.equal(await page.locator("[data-testid=zh-missing]").count(), 0);
  // (the locator's click: page.click on this button waits for <html lang> to say zh-CN)
  await page.locator("[data-testid=lang-zh]").click();
  await page.waitForSelector("[data-testid=zh-missing]");
  assert.equal((await page.locator("h1").textContent()).trim(), "Roofline");
  assert.equal(await page.locator("html").getAttribute("lang"), "en");
  assert.equal(await holes(page), "");
  await page.click("[data-testid=lang-en]");
  await page.waitForFunction(() => !document.querySelector("[data-testid=zh-missing]"));
  // Once the text can be loaded again, the switch works.
  await context.unroute("**/zh.bin");
  await page.locator("[data-testid=lang-zh]").click();
  await page.waitForFunction(() => document.querySelector("h1")?.textContent.trim() === "Roofline 模型");
  assert.equal(await page.locator("[data-testid=zh-missing]").count(), 0);
  assert.equal(await holes(page), "");
  assert.deepEqual(errors.filter((e) => !/zh\.bin|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  await context.close();
});
