// Today's GPUs (H200, H100 PCIe, B200, RTX 5090) in every chapter with a GPU switch, in both
// languages: exact occupancy, fractional waves, the roofline's datasheet note and measured layer,
// and the chip chapter saying what it does not draw.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, SHOTS } from "./harness.mjs";

const text = (page, id) => page.locator(`[data-testid=${id}]`).first().textContent();
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, name), fullPage: true });

async function open(route) {
  const ctx = await openPage(browser);
  await ctx.page.goto(server.base + route);
  await ctx.page.waitForSelector("h1");
  return ctx;
}

test("occupancy: RTX 5090 (CC 12.0) holds 24 blocks of 64 threads = 48 warps; B200 and H200 from links", async () => {
  const { context, page, errors } = await open("occupancy?gpu=rtx5090&threads=64&regs=16");
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  assert.equal(await text(page, "blocks-per-sm"), "24");
  assert.equal(await text(page, "warps-per-sm"), "48");
  assert.equal(await text(page, "occupancy"), "100 %");
  assert.match(await text(page, "numbers"), /RTX 5090 · CC 12\.0 · 170 SMs/);
  await shot(page, "gpus-occupancy-rtx5090-en.png");
  await page.click("[data-testid=lang-zh]");
  assert.match(await text(page, "limiter"), /限制因素/);
  await shot(page, "gpus-occupancy-rtx5090-zh.png");
  await page.click("[data-testid=lang-en]");
  // B200: the H100's budgets, so spec §1 #7 (100 KiB dynamic) gives 2 blocks.
  await page.goto(server.base + "occupancy?gpu=b200&threads=256&regs=32&dsmem=102400");
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  assert.equal(await text(page, "blocks-per-sm"), "2");
  assert.match(await text(page, "numbers"), /B200.*CC 10\.0 · 148 SMs/);
  await shot(page, "gpus-occupancy-b200-en.png");
  for (const id of ["h200", "h100pcie"]) {
    await page.locator("[data-testid=select-gpu]").selectOption(id);
    await page.waitForFunction((id) => location.search.includes(`gpu=${id}`), id);
    assert.equal(await text(page, "blocks-per-sm"), "2");
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("dispatch: a 170-SM RTX 5090 with one tile per SM runs 544 tiles in 3.2 waves, 160 in 0.94", async () => {
  const { context, page, errors } = await open("dispatch?gpu=rtx5090&threads=1024&regs=64&grid=544");
  await page.waitForSelector("[data-testid=wave-fractional]");
  const cell = (key) => page.locator(`[data-testid=wave-${key}] .gx-value`).textContent();
  assert.equal(await cell("full-wave"), "170");
  assert.equal(await cell("waves"), "4");
  assert.equal(await cell("fractional"), "3.2");
  assert.equal(await cell("efficiency"), "80 %");
  await shot(page, "gpus-dispatch-rtx5090-en.png");
  await page.click("[data-testid=lang-zh]");
  assert.match(await text(page, "wave-fractional"), /波数（小数）/);
  assert.match(await text(page, "waves-decimal-note"), /0\.94 波/);
  await shot(page, "gpus-dispatch-rtx5090-zh.png");
  await page.click("[data-testid=lang-en]");
  await page.goto(server.base + "dispatch?gpu=rtx5090&threads=1024&regs=64&grid=160");
  await page.waitForSelector("[data-testid=wave-fractional]");
  assert.equal(await cell("fractional"), "0.94");
  assert.equal(await cell("waves"), "1");
  assert.deepEqual(errors, []);
  await context.close();
});

test("roofline: the H200 preset carries the H200's measurements; B200 and RTX 5090 say their roofs are datasheet values", async () => {
  const { context, page, errors } = await open("roofline?gpu=h200");
  await page.waitForSelector("[data-testid=point-user] circle");
  assert.equal(await page.locator("[data-testid^=point-measured]").count(), 4);
  assert.match(await text(page, "no-course-values"), /H200 SXM 141GB/);
  await shot(page, "gpus-roofline-h200-en.png");
  await page.goto(server.base + "roofline?gpu=h100");
  await page.waitForSelector("[data-testid=point-user] circle");
  assert.equal(await page.locator("[data-testid^=point-measured]").count(), 0);
  assert.equal(await page.locator("[data-testid=no-course-values]").count(), 0);
  for (const [id, re] of [["b200", /B200.*1,000 W/], ["rtx5090", /RTX 5090.*AI TOPS/]]) {
    await page.goto(server.base + `roofline?gpu=${id}`);
    await page.waitForSelector("[data-testid=point-user] circle");
    assert.match(await text(page, "no-course-values"), re);
    await shot(page, `gpus-roofline-${id}-en.png`);
  }
  await page.click("[data-testid=lang-zh]");
  assert.match(await text(page, "no-course-values"), /课程没有给出 GeForce RTX 5090 的数值/);
  await shot(page, "gpus-roofline-rtx5090-zh.png");
  assert.deepEqual(errors, []);
  await context.close();
});

test("chip: the H200 draws GH100's 132 of 144 SMs; B200, RTX 5090 and H100 PCIe say what is not drawn", async () => {
  const { context, page, errors } = await open("chip?gpu=h200");
  await page.waitForSelector("[data-testid=figure] svg");
  assert.equal(await page.locator(".gx-die__sm:not(.gx-die__sm--fused)").count(), 132);
  assert.equal(await page.locator("[data-testid=not-drawn]").count(), 0);
  await shot(page, "gpus-chip-h200-en.png");
  for (const [id, re] of [["b200", /148 SMs × 128 FP32 lanes = 18,944/], ["rtx5090", /170 SMs × 128 FP32 lanes = 21,760/], ["h100pcie", /114 SMs/]]) {
    await page.locator("[data-testid=select-gpu]").selectOption(id);
    await page.waitForFunction((id) => location.search.includes(`gpu=${id}`), id);
    assert.match(await text(page, "not-drawn"), re);
    assert.equal(await page.locator(".gx-die__sm").count(), 0);
  }
  await shot(page, "gpus-chip-h100pcie-en.png");
  await page.locator("[data-testid=select-gpu]").selectOption("b200");
  await page.waitForFunction(() => location.search.includes("gpu=b200"));
  await shot(page, "gpus-chip-b200-en.png");
  await page.click("[data-testid=lang-zh]");
  assert.match(await text(page, "not-drawn"), /不画 die/);
  await shot(page, "gpus-chip-b200-zh.png");
  assert.deepEqual(errors, []);
  await context.close();
});
