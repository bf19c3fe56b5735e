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

// Issue #42: the newest Tensor Core paths, lane by lane.

test("wgmma's map: a thread clicked shows its elements, an element its thread and register", async () => {
  const { context, page, errors } = await open();
  await page.locator("[data-testid=wgmma-map]").scrollIntoViewIfNeeded();
  // Thread 70 = warp 2, lane 6: rows 32 + 6 / 4 = 33 and 41, columns 4 and 5 of every 8 (PTX ISA Fig. 149).
  await page.locator("[data-testid=wg-thread-70]").click();
  await page.waitForFunction(() => location.search.includes("wt=70"));
  assert.match(await page.locator("[data-testid=wg-thread]").textContent(), /Thread 70warp 2 of the group, lane 6: 32 elements in 32 registers, rows 33, 41\./);
  assert.equal(await page.locator("[data-testid=wg-thread-elements] tbody tr").count(), 32);
  assert.match(await page.locator("[data-testid=wg-thread-elements] tbody tr").first().textContent(), /d0\(33, 4\)0/);
  assert.match(await page.locator("[data-testid=wg-zoom-caption]").textContent(), /Rows 32–47 × columns 0–7, held by warp 2/);
  assert.equal(await page.locator("[data-testid=wg-overview] .gx-wgm__mark").count(), 32);
  // D[40][1]: warp 2, lane 4 · 0 + 1 / 2 = 0 → thread 64; i = 2 · (8 / 8) + 1 = 3.
  await page.locator("[data-testid=wg-cell-40-1]").click();
  await page.waitForFunction(() => location.search.includes("wr=40") && location.search.includes("wc=1"));
  assert.match(await page.locator("[data-testid=wg-element]").textContent(), /D\[40\]\[1\]held by thread 64 \(warp 2, lane 0\) as d3: register 3, bits 0–31\./);
  // f16 accumulators: two per .f16x2 register, d3 in the high half of register 1.
  await page.locator("[data-testid=select-wf]").selectOption("d-f16");
  await page.waitForFunction(() => location.search.includes("wf=d-f16"));
  assert.match(await page.locator("[data-testid=wg-element]").textContent(), /as d3: register 1, bits 16–31\./);
  // A tile of the overview zooms: columns 56–63 of warp 3's band.
  await page.locator("[data-testid=wg-tile-3-7]").click();
  await page.waitForFunction(() => location.search.includes("wband=3") && location.search.includes("wb=7"));
  assert.match(await page.locator("[data-testid=wg-zoom-caption]").textContent(), /Rows 48–63 × columns 56–63/);
  // The arrow keys walk the zoomed cells and select as they go.
  await page.locator("[data-testid=wg-cell-48-56] rect").focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => location.search.includes("wr=49"));
  // s32 has no N = 40: the map says why.
  await page.goto(`${server.base}${ROUTE}?n=40&wf=d-s32`);
  await page.waitForSelector("[data-testid=wg-error]");
  assert.match(await page.locator("[data-testid=wg-error]").textContent(), /s32 accumulators .* not 40/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the descriptor: its bits, the swizzle over the banks, and an offset that breaks the layout", async () => {
  const { context, page, errors } = await open();
  await page.locator("[data-testid=descriptor]").scrollIntoViewIfNeeded();
  // 128-byte swizzle, K-major bf16, 64 rows: LBO 16 (1), SBO 1,024 (64), mode 1 in bits 63–62.
  assert.equal(await page.locator("#desc-hex").inputValue(), "0x4000004000010000");
  assert.match(await page.locator("[data-testid=banks-stored-sum]").textContent(), /1 wavefront, no conflict/);
  assert.match(await page.locator("[data-testid=banks-plain-sum]").textContent(), /8 wavefronts, 7 bank conflicts \(8-way\)/);
  assert.match(await page.locator("[data-testid=swizzle-effect]").textContent(), /128 B128 B81/);
  // Row 1 of shared memory: K chunk 0 of row 1 moved to 16-byte chunk 0 ^ 1 = 1.
  assert.equal((await page.locator("[data-testid=chunk-1-1] text").textContent()).trim(), "0:1");
  // A core matrix picked on the grid selects its first element.
  await page.locator("[data-testid=cm-3-1]").click();
  await page.waitForFunction(() => location.search.includes("drow=24") && location.search.includes("dk=8"));
  assert.match(await page.locator("[data-testid=desc-element]").textContent(), /Element \(24, 8\) is at byte 3,088, in core matrix 7\./);
  // Typed fields: an LBO that is not a multiple of 16 is refused with the reason.
  await page.locator("[data-testid=select-dswz]").selectOption("none");
  await page.waitForFunction(() => location.search.includes("dswz=none"));
  const lbo = page.locator("[data-testid=slider-dlbo] input[type=text]");
  await lbo.fill("24");
  await lbo.press("Enter");
  await page.waitForSelector("[data-testid=desc-error]");
  assert.match(await page.locator("[data-testid=desc-error]").textContent(), /LBO must be a multiple of 16 bytes.*24 is not/);
  assert.equal(await page.locator("[data-testid=desc-memory]").count(), 0);
  // SBO too small: two core matrices on the same bytes.
  await page.locator("[data-testid=desc-canonical]").click();
  const sbo = page.locator("[data-testid=slider-dsbo] input[type=text]");
  await sbo.fill("128");
  await sbo.press("Enter");
  await page.waitForFunction(() => /both use byte/.test(document.querySelector("[data-testid=desc-error]")?.textContent ?? ""));
  // A descriptor typed in hex with a reserved bit set is refused; a good one sets the fields.
  await page.locator("#desc-hex").fill("0x4000004000014000");
  await page.locator("#desc-hex").press("Enter");
  assert.match(await page.locator("#desc-hex-err").textContent(), /reserved descriptor bits/);
  await page.locator("#desc-hex").fill("0x4000004000010000");
  await page.locator("#desc-hex").press("Enter");
  await page.waitForFunction(() => location.search.includes("dswz=128b") || !location.search.includes("dswz"));
  await page.waitForSelector("[data-testid=desc-memory]");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Tensor Memory: the accumulator's place for cta_group::1 and ::2, and tcgen05.ld's lanes", async () => {
  const { context, page, errors } = await open("?cg=2&tm=128&tn=256");
  await page.locator("[data-testid=tmem]").scrollIntoViewIfNeeded();
  assert.equal((await page.locator("[data-testid=tm-fact-0]").textContent()).trim(), "Layout B · 2x2");
  assert.equal((await page.locator("[data-testid=tm-fact-1]").textContent()).trim(), "128");
  assert.equal((await page.locator("[data-testid=tm-fact-3]").textContent()).trim(), "128");
  assert.equal(await page.locator("[data-testid=tm-cta-1]").count(), 1);
  assert.match(await page.locator("[data-testid=tm-m-allowed]").textContent(), /cta_group::1 allows M = 64, 128; cta_group::2 allows M = 128, 256/);
  // D[64][128] → the second SM of the pair, lane 64, its first column; warp 2 reads it back.
  await page.locator("[data-testid=d-4-16]").click();
  await page.waitForFunction(() => location.search.includes("tr=64") && location.search.includes("tc=128"));
  assert.match(await page.locator("[data-testid=tm-element]").textContent(), /D\[64\]\[128\] → CTA 1, lane 64, column 0 .*Only warp 2 of a warp group/);
  // One SM: M = 64 uses half the lanes (Layout F), 256 columns.
  await page.goto(`${server.base}${ROUTE}?cg=1&tm=64&tn=256`);
  await page.waitForSelector("[data-testid=tm-fact-0]");
  assert.equal((await page.locator("[data-testid=tm-fact-0]").textContent()).trim(), "Layout F · 4x1 (1/2 datapath utilized)");
  assert.equal((await page.locator("[data-testid=tm-fact-2]").textContent()).trim(), "64");
  assert.equal(await page.locator("[data-testid=tm-cta-1]").count(), 0);
  // M = 256 needs the pair: the page says which M each group has.
  await page.goto(`${server.base}${ROUTE}?cg=1&tm=256`);
  await page.waitForSelector("[data-testid=tm-error]");
  assert.match(await page.locator("[data-testid=tm-error]").textContent(), /cta_group::1 has M = 64, 128, not 256/);
  // The RTX 5090 has no Tensor Memory; the data path names where D lives.
  assert.match(await page.locator("[data-testid=tm-5090]").textContent(), /RTX 5090 .* no Tensor Memory and no tcgen05/);
  assert.match(await page.locator("[data-testid=tm-gpus]").textContent(), /GeForce RTX 509012\.0nomma\.sync/);
  assert.equal((await page.locator("[data-testid=gen-blackwell] [data-testid=d-storage]").textContent()).trim(), "Tensor Memory");
  assert.equal((await page.locator("[data-testid=gen-hopper] [data-testid=d-storage]").textContent()).trim(), "registers");
  // tcgen05.ld .16x256b.x4: thread 0 meets lanes 0 and 8, 16 registers (the m16n8 C/D fragment, repeated).
  await page.locator("[data-testid=select-ls]").selectOption("16x256b");
  await page.waitForFunction(() => location.search.includes("ls=16x256b"));
  await page.locator("[data-testid=ld-8-1]").click();
  await page.waitForFunction(() => location.search.includes("lt=0"));
  assert.match(await page.locator("[data-testid=ld-thread]").textContent(), /Thread 0: 16 registers/);
  assert.equal((await page.locator("[data-testid=ld-8-1] text").textContent()).trim(), "r3");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the newest paths speak Chinese", async () => {
  const { context, page, errors } = await open("?lang=zh&cg=2&tm=256");
  assert.match(await page.locator("[data-testid=wgmma-map] h2").textContent(), /wgmma 的寄存器 fragment/);
  assert.match(await page.locator("[data-testid=wg-thread]").textContent(), /线程 37/);
  assert.match(await page.locator("[data-testid=descriptor] h2").textContent(), /shared memory 矩阵描述符/);
  assert.match(await page.locator("[data-testid=banks-plain-sum]").textContent(), /8 个 wavefront/);
  assert.match(await page.locator("[data-testid=tmem] h2").textContent(), /专用的 Tensor Memory/);
  assert.match(await page.locator("[data-testid=tmem]").textContent(), /跨 SM 协作的 UTCMMA\.2SM/);
  assert.match(await page.locator("[data-testid=tm-fact-0]").textContent(), /Layout A/);
  assert.deepEqual(errors, []);
  await context.close();
});
