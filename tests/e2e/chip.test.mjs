// Chapter 1, chip anatomy: the die and the SM are drawn from the model, parts describe
// themselves on focus, the GPU switch redraws, and the permalink keeps the GPU.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

test("the A100 die has 108 enabled SMs of 128 and the totals are derived", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "chip");
  await page.waitForSelector("[data-testid=figure] svg");
  assert.equal(await page.locator(".gx-die__sm:not(.gx-die__sm--fused)").count(), 108);
  assert.equal(await page.locator(".gx-die__sm").count(), 128);
  const totals = await page.locator("[data-testid=totals]").textContent();
  assert.match(totals, /6,912/);
  assert.match(totals, /19\.5 TFLOP\/s/);
  assert.match(totals, /312 TFLOP\/s/);
  await page.locator(".gx-die__sm").first().hover();
  assert.match(await page.locator("[data-testid=info]").first().textContent(), /SM 0 of 108/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("switching to the H100 redraws 132 of 144 SMs and keeps it in the permalink", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "chip");
  await page.locator("[data-testid=select-gpu]").selectOption("h100");
  await page.waitForFunction(() => location.search.includes("gpu=h100"));
  assert.equal(await page.locator(".gx-die__sm:not(.gx-die__sm--fused)").count(), 132);
  assert.equal(await page.locator(".gx-die__sm").count(), 144);
  const again = await openPage(browser);
  await again.page.goto(page.url());
  await again.page.waitForSelector("[data-testid=figure] svg");
  assert.equal(await again.page.locator(".gx-die__sm:not(.gx-die__sm--fused)").count(), 132);
  await page.click("[data-testid=lang-zh]");
  assert.match(await page.locator("h1").textContent(), /芯片结构/);
  assert.deepEqual(errors, []);
  await again.context.close();
  await context.close();
});

test("an unknown GPU in the link falls back to the A100 with a notice", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "chip?gpu=rtx9999");
  await page.waitForSelector("[data-testid=notices]");
  assert.equal(await page.locator(".gx-die__sm:not(.gx-die__sm--fused)").count(), 108);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the hover readout clears when the pointer leaves the die and when the GPU changes", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "chip");
  await page.waitForSelector("[data-testid=figure] svg");
  const info = () => page.locator("[data-testid=figure] [data-testid=info]").textContent();
  const hint = await info();
  await page.locator(".gx-die__tpc--fused").first().hover();
  assert.match(await info(), /fused off/i);
  // Pointer leaves the figure: back to the hint.
  await page.mouse.move(2, 2);
  const shows = (h) => page.waitForFunction((h) => document.querySelector("[data-testid=figure] [data-testid=info]").textContent === h, h);
  await shows(hint);
  // A readout left by the keyboard does not survive a GPU switch (the fused TPCs differ).
  await page.locator(".gx-die__tpc--fused").first().focus();
  assert.match(await info(), /fused off/i);
  await page.locator("[data-testid=select-gpu]").selectOption("h100");
  await page.waitForFunction(() => location.search.includes("gpu=h100"));
  await shows(hint);
  assert.deepEqual(errors, []);
  await context.close();
});
