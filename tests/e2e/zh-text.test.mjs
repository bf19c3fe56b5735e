// Both languages' text is in the wasm: a Chinese link starts in Chinese and the language switch
// changes every string at once, with no request and offline as online; a chapter opened after
// the switch is in Chinese too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const ready = "article.gx-chapter figure, article.gx-chapter svg, article.gx-chapter canvas";
const h1 = async (page) => (await page.locator("h1").textContent()).trim();

test("a Chinese link, the switch and a chapter loaded after it show Chinese, with no request", async () => {
  const { context, page, errors } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base + "dispatch?lang=zh");
  await page.waitForSelector(ready);
  assert.equal(await h1(page), "block 分派");
  assert.equal(await page.locator("html").getAttribute("lang"), "zh-CN");
  await context.close();

  const en = await openPage(browser, { serviceWorkers: "block", locale: "en-US" });
  await en.page.goto(server.base + "roofline");
  await en.page.waitForSelector(ready);
  assert.equal(await h1(en.page), "Roofline");
  // Offline from here on: the switch needs nothing from the network.
  await en.context.setOffline(true);
  const before = en.requests.length;
  await en.page.click("[data-testid=lang-zh]");
  assert.equal(await h1(en.page), "Roofline 模型");
  assert.equal(await en.page.locator("html").getAttribute("lang"), "zh-CN");
  assert.deepEqual(en.requests.slice(before), []);
  await en.context.setOffline(false);
  // A chapter whose module arrives after the switch.
  await en.page.click("nav a[href$='/occupancy']");
  await en.page.waitForSelector("[data-testid=occupancy]");
  assert.equal(await h1(en.page), "占用率");
  await en.page.click("[data-testid=lang-en]");
  assert.equal(await h1(en.page), "Occupancy");
  assert.deepEqual([...errors, ...en.errors], []);
  await en.context.close();
});
