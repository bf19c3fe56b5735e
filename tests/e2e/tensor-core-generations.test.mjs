// Chapter 10, inside the Tensor Core, in a real headless Chromium: the PE array steps to the
// matrix product, the peak table rebuilds 989.4 TFLOPS from units at 1,830 MHz, clicking a lane
// names its quad-pair and elements, wgmma's counts follow N, the page speaks Chinese, and no
// text is under 12 CSS px at desktop, projector (1280×720 at 150 %) and phone (390 px) sizes,
// with no horizontal page scroll.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const ROUTE = "tensor-core-generations";

async function open(query = "", opts = {}) {
  const o = await openPage(browser, opts);
  await o.page.goto(server.base + ROUTE + query);
  await o.page.waitForSelector("[data-testid=pe-grid] [data-testid=pe-3-3]");
  return o;
}

/** Text elements under 12 CSS px inside the chapter, and whether the page scrolls sideways. */
async function legibility(page) {
  return page.evaluate(() => {
    const root = document.querySelector("[data-testid=chapter-tensor-core-generations]");
    const small = [...root.querySelectorAll("*")]
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => ({ tag: e.tagName, cls: e.className, size: parseFloat(getComputedStyle(e).fontSize), text: e.textContent.trim().slice(0, 30) }))
      .filter((s) => s.size < 12);
    const doc = document.scrollingElement;
    return { small, sideways: doc.scrollWidth > innerWidth + 1 };
  });
}

test("the PE array steps cycle by cycle to D = A · B + C", async () => {
  const { context, page, errors } = await open();
  assert.equal((await page.locator("[data-testid=macs-per-cycle]").textContent()).trim(), "64");
  assert.equal((await page.locator("[data-testid=adder-levels]").textContent()).trim(), "2");
  assert.match(await page.locator("[data-testid=pe-stage]").textContent(), /cycle 1 of 2 · stage 1 of 5 — broadcast/);
  // Stage 2: every PE holds its 4 products.
  await page.locator("[data-testid=step-next]").click();
  await page.waitForFunction(() => location.search.includes("step=1"));
  assert.match(await page.locator("[data-testid=pe-stage]").textContent(), /multiply/);
  assert.equal(await page.locator("[data-testid=pe-0-0] .gx-pe__vals span").count(), 4);
  // Two adder levels leave one sum; the accumulate adds it.
  await page.locator("[data-testid=step-next]").click();
  await page.locator("[data-testid=step-next]").click();
  await page.waitForFunction(() => location.search.includes("step=3"));
  assert.equal(await page.locator("[data-testid=pe-0-0] .gx-pe__vals span").count(), 1);
  await page.locator("[data-testid=step-next]").click();
  await page.waitForFunction(() => location.search.includes("step=4"));
  assert.equal((await page.locator("[data-testid=macs-done]").textContent()).trim(), "64");
  // The last stage holds the exact product.
  await page.locator("[data-testid=step-last]").click();
  await page.waitForFunction(() => location.search.includes("step=9"));
  assert.equal((await page.locator("[data-testid=macs-done]").textContent()).trim(), "128");
  assert.match(await page.locator("[data-testid=pe-result]").textContent(), /every accumulator equals the exact matrix product/);
  // Play runs from the first stage again and stops at the last.
  await page.locator("[data-testid=play]").click();
  await page.waitForFunction(() => location.search.includes("step=2"), null, { timeout: 5000 });
  await page.locator("[data-testid=play]").click();
  await page.screenshot({ path: path.join(SHOTS, "tensor-core-generations-en.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the peak table rebuilds the datasheets from units, at the clock that adds up", async () => {
  const { context, page, errors } = await open();
  const bf16 = page.locator("[data-testid=peak-bf16]");
  assert.equal((await bf16.locator("[data-testid=derived]").textContent()).trim(), "989.43");
  assert.equal((await bf16.locator("[data-testid=datasheet]").textContent()).trim(), "989.4");
  assert.match(await bf16.textContent(), /1,830 MHz/);
  assert.match(await page.locator("[data-testid=peak-notes]").textContent(), /1,070\.5 TFLOPS/);
  await page.locator("[data-testid=select-gpu]").selectOption("v100");
  await page.waitForFunction(() => location.search.includes("gpu=v100"));
  assert.equal((await page.locator("[data-testid=peak-fp16] [data-testid=derived]").textContent()).trim(), "125.34");
  await page.locator("[data-testid=select-gpu]").selectOption("a100");
  await page.waitForFunction(() => location.search.includes("gpu=a100"));
  assert.equal((await page.locator("[data-testid=peak-int8] [data-testid=derived]").textContent()).trim(), "623.74");
  await page.locator("[data-testid=select-gpu]").selectOption("b200");
  await page.waitForFunction(() => location.search.includes("gpu=b200"));
  assert.match(await page.locator("[data-testid=peak-notes]").textContent(), /neither its clock nor a per-Tensor-Core rate/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("clicking a lane shows its quad-pair, its elements and the same lane on Ampere", async () => {
  const { context, page, errors } = await open();
  await page.locator("[data-testid=lane-22]").click();
  await page.waitForFunction(() => location.search.includes("lane=22"));
  assert.match(await page.locator("[data-testid=lane-info]").textContent(), /Lane 22 belongs to quad-pair 1 \(lanes 4–7, 20–23\)/);
  assert.equal(await page.locator("[data-testid=lane-elements] li").count(), 8);
  // C/D .f32, lane 22 (PTX ISA Fig. 51): rows 4 and 6, columns 2, 3, 6, 7 of product 1.
  assert.match(await page.locator("[data-testid=lane-elements]").textContent(), /x\[0\] = C\(4, 2\) of product 1/);
  assert.equal(await page.locator("[data-testid=product-1] .is-own").count(), 8);
  assert.equal(await page.locator("[data-testid=product-0] .is-own").count(), 0);
  // Ampere: the same lane holds 4 of one 16 × 8 accumulator.
  assert.equal(await page.locator("[data-testid=ampere-grid] .is-own").count(), 4);
  assert.match(await page.locator("[data-testid=ampere-lane]").textContent(), /Lane 22 in m16n8k16: C\/D \(5, 4\), \(5, 5\), \(13, 4\), \(13, 5\)/);
  // A row-major: one row of four elements.
  await page.locator("[data-testid=select-frag]").selectOption("a_row");
  await page.waitForFunction(() => location.search.includes("frag=a_row"));
  assert.equal(await page.locator("[data-testid=lane-elements] li").count(), 4);
  assert.match(await page.locator("[data-testid=lane-elements]").textContent(), /A\(6, 0\) of product 1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("wgmma counts follow N and wait_group keeps the newest groups pending", async () => {
  const { context, page, errors } = await open("?n=8");
  assert.equal((await page.locator("[data-testid=wg-1]").textContent()).trim(), "4");
  assert.equal((await page.locator("[data-testid=wg-5]").textContent()).trim(), "HGMMA.64x8x16.F32.BF16");
  const field = page.locator("[data-testid=slider-n] input[type=text]");
  await field.fill("256");
  await field.press("Enter");
  await page.waitForFunction(() => location.search.includes("n=256"));
  assert.equal((await page.locator("[data-testid=wg-1]").textContent()).trim(), "128");
  assert.equal((await page.locator("[data-testid=wg-3]").textContent()).trim(), "128");
  assert.match(await page.locator("[data-testid=protocol-table]").textContent(), /WARPGROUP\.ARRIVE[\s\S]*HGMMA\.64x8x16\.F16[\s\S]*WARPGROUP\.DEPBAR\.LE/);
  assert.match(await page.locator("[data-testid=wait-summary]").textContent(), /the oldest 2 are complete and the newest 1 may still run/);
  assert.equal(await page.locator(".gx-tcg__group.is-done").count(), 2);
  assert.match(await page.locator("[data-testid=measured-table]").textContent(), /641\.5[\s\S]*953\.3/);
  assert.equal(await page.locator("[data-testid=swizzle-link]").getAttribute("href"), "./bank-conflicts?preset=tile-column-xor");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the chapter speaks Chinese, and a bad permalink falls back with notices", async () => {
  const { context, page, errors } = await open("?lang=zh&n=12&gpu=x&lane=99");
  assert.match(await page.locator("h1").textContent(), /Tensor Core 内部与代际演进/);
  assert.match(await page.locator("[data-testid=pe-stage]").textContent(), /第 1 \/ 2 周期/);
  assert.match(await page.locator("[data-testid=lane-info]").textContent(), /lane 31 属于 quad-pair 3/);
  assert.ok((await page.locator("[data-testid=notices]").textContent()).length > 0);
  await page.screenshot({ path: path.join(SHOTS, "tensor-core-generations-zh.png"), fullPage: true });
  await page.click("[data-testid=lang-en]");
  await page.waitForFunction(() => document.querySelector("h1").textContent.includes("Inside the Tensor Core"));
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, viewport, scale] of [
  ["desktop", { width: 1280, height: 800 }, 1],
  ["projector", { width: 853, height: 480 }, 1.5],
  ["phone", { width: 390, height: 844 }, 1],
]) {
  test(`no text under 12 px and no sideways scroll: ${name}`, async () => {
    for (const lang of ["en", "zh"]) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: scale, locale: lang === "zh" ? "zh-CN" : "en-US" });
      const page = await context.newPage();
      await page.goto(`${server.base}${ROUTE}?lang=${lang}&step=6`);
      await page.waitForSelector("[data-testid=pe-3-3]");
      const m = await legibility(page);
      await page.screenshot({ path: path.join(SHOTS, `tensor-core-generations-${lang}-${name}.png`), fullPage: true });
      assert.deepEqual(m.small, [], `${lang} ${name}: small text`);
      assert.equal(m.sideways, false, `${lang} ${name}: the page scrolls sideways`);
      await context.close();
    }
  });
}
