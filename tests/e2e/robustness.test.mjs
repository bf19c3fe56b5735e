// Honest under bad input and never blank: one rule for bad values (URL and typed), many
// notices collapse into one line, and a page whose WebAssembly cannot start says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

test("a number out of range is clamped to the nearest limit, and the notice names the range", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "occupancy?threads=-1&regs=1e308");
  await page.waitForSelector("[data-testid=notices]");
  const notices = await page.locator("[data-testid=notices]").textContent();
  assert.match(notices, /threads=-1.*1–1024.*using 1\b/);
  assert.match(notices, /regs=1e308.*1–255.*using 255/);
  assert.equal(await page.locator("[data-testid=slider-threads] input[type=text]").inputValue(), "1");
  // Typed: the same rule, and the message says what is allowed.
  const field = page.locator("[data-testid=slider-threads] input[type=text]");
  await field.fill("-5");
  await field.press("Enter");
  await page.waitForFunction(() => document.querySelector("[data-testid=slider-threads] input[type=text]").value === "1");
  assert.match(await page.locator("[data-testid=slider-threads] .gx-field__error").textContent(), /Allowed: 1–1,024; using 1/);
  assert.equal(await field.getAttribute("aria-invalid"), "false");
  await field.fill("lots");
  await field.press("Enter");
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  // An emptied box asks for a number in the range, not ““” is not a whole number”.
  await field.fill("");
  await field.press("Enter");
  assert.equal((await page.locator("[data-testid=slider-threads] .gx-field__error").textContent()).trim(), "Enter a whole number from 1 to 1,024.");
  assert.equal(await field.getAttribute("aria-invalid"), "true");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a language the site does not have gets a notice, and the page is in its default language", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "occupancy?lang=fr&threads=256");
  await page.waitForSelector("[data-testid=notices]");
  assert.match(await page.locator("[data-testid=notices]").textContent(), /“lang=fr” is not valid; using the default/);
  assert.equal(await page.locator("html").getAttribute("lang"), "en");
  assert.deepEqual(errors, []);
  await context.close();
});

test("300 unknown link parameters collapse into one summary line; the figure stays on screen", async () => {
  const { context, page, errors } = await openPage(browser);
  const junk = Array.from({ length: 300 }, (_, i) => `k${i}=${i}`).join("&");
  await page.goto(server.base + "occupancy?" + junk);
  await page.waitForSelector("[data-testid=notices-summary]");
  const box = await page.locator("[data-testid=notices]").boundingBox();
  assert.ok(box.height < 200, `notice box ${box.height} px tall`);
  assert.match(await page.locator("[data-testid=notices-summary] summary").textContent(), /300 link parameters/);
  await page.click("[data-testid=notices-summary] summary");
  assert.equal(await page.locator("[data-testid=notices-summary] li").count(), 300);
  await page.waitForSelector("[data-testid=figure]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the static loading message goes when the app mounts; a wasm that cannot load says so", async () => {
  const ok = await openPage(browser);
  await ok.page.goto(server.base + "roofline");
  await ok.page.waitForSelector("[data-testid=figure]");
  assert.equal(await ok.page.locator("#gx-boot").count(), 0);
  await ok.context.close();

  const { context, page } = await openPage(browser);
  await page.route(/\.wasm$/, (route) => route.abort());
  await page.goto(server.base + "roofline");
  await page.waitForSelector(".gx-boot__failed:not([hidden])", { timeout: 25000 });
  const text = await page.locator("#gx-boot").innerText();
  assert.match(text, /could not start/);
  assert.match(text, /未能在此浏览器中启动/);
  assert.equal(await page.locator("#gx-boot-reload").count(), 1);
  assert.equal(await page.locator("#gx-boot").getAttribute("role"), "alert");
  await context.close();
});
