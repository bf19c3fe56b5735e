// State follows the URL: a link, a preset, Back and Forward change what the chapter on screen
// shows, and every cross-chapter link opens the same page as a fresh load of its URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const blocks = (page) => page.locator("[data-testid=blocks-per-sm]").first().textContent();

/** The chapter's visible state: every text in the article except the permalink's href. */
async function snapshot(page) {
  await page.waitForSelector("[data-testid^=chapter-] [data-testid=figure], [data-testid^=chapter-] canvas, [data-testid^=chapter-] svg");
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const article = document.querySelector("article.gx-chapter");
    const values = [...article.querySelectorAll("input, select")].map((e) => `${e.type}:${e.value}`);
    // Timings the page measures on itself differ from run to run ("in 2.5 ms", "in < 0.1 ms").
    const text = article.innerText.replace(/in (?:< )?[\d.,]+ ms/g, "in … ms");
    return { slug: article.dataset.testid, text, values };
  });
}

test("a preset pushes a history entry: Back returns to the previous preset and its URL", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "occupancy?regs=128");
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  assert.equal(await blocks(page), "2");
  const urlA = page.url();
  await page.click("[data-testid=preset-regs64]");
  await page.waitForFunction(() => location.search.includes("lang=") && !location.search.includes("regs=128"));
  assert.equal(await blocks(page), "4");
  await page.goBack();
  await page.waitForFunction(() => location.search.includes("regs=128"));
  assert.equal(await blocks(page), "2");
  assert.equal(new URL(page.url()).search.replace(/&?lang=en/, ""), new URL(urlA).search.replace(/&?lang=en/, ""));
  await page.goForward();
  await page.waitForFunction(() => !location.search.includes("regs=128"));
  assert.equal(await blocks(page), "4");
  assert.deepEqual(errors, []);
  await context.close();
});

test("an in-page link to another state of the same chapter changes the figure; Back restores it", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "occupancy?regs=64");
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  assert.equal(await blocks(page), "4");
  // A link as a lesson or the text would write it, clicked as a reader would.
  await page.evaluate(() => {
    const a = document.createElement("a");
    a.href = "occupancy?regs=128&threads=256";
    a.textContent = "see 128 registers";
    a.dataset.testid = "probe-link";
    document.querySelector("article.gx-chapter").prepend(a);
  });
  await page.click("[data-testid=probe-link]");
  await page.waitForFunction(() => location.search.includes("regs=128"));
  assert.equal(await blocks(page), "2");
  assert.match(await page.locator("[data-testid=limiter]").textContent(), /register/i);
  await page.goBack();
  await page.waitForFunction(() => location.search.includes("regs=64") || !location.search.includes("regs="));
  assert.equal(await blocks(page), "4");
  // Moving a slider after Back edits the restored state, not the one Back left.
  const range = page.locator("[data-testid=slider-regs] input[type=range]");
  if (await range.count()) {
    await range.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => {
      const m = /regs=(\d+)/.exec(location.search);
      return m && Number(m[1]) > 64 && Number(m[1]) < 128;
    });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("Back from a chapter returns to the page before it with that page's own query", async () => {
  const { context, page, errors } = await openPage(browser);
  const written = [];
  await page.exposeFunction("recordWrite", (u) => written.push(u));
  await page.addInitScript(() => {
    const replace = history.replaceState.bind(history);
    history.replaceState = (s, t, u) => {
      window.recordWrite(String(u));
      return replace(s, t, u);
    };
  });
  // The quiz's chapter link, then Back: the same question, its URL untouched by the chapter left.
  for (const kind of ["divergence-mask", "coalescing-sectors", "roofline-ridge"]) {
    await page.goto(`${server.base}quiz?kind=${kind}&seed=7`);
    await page.waitForSelector(`[data-testid=quiz-question][data-kind=${kind}]`);
    const question = await page.locator("[data-testid=quiz-prompt]").textContent();
    await page.click("[data-testid=quiz-solution]");
    await page.click("[data-testid=quiz-chapter-link]");
    await page.waitForSelector("main [data-testid^=chapter-]");
    await page.waitForTimeout(300);
    written.length = 0;
    await page.goBack();
    await page.waitForSelector(`[data-testid=quiz-question][data-kind=${kind}]`);
    await page.waitForTimeout(500);
    assert.match(page.url(), new RegExp(`quiz/?\\?kind=${kind}&seed=7`));
    assert.equal(await page.locator("[data-testid=quiz-prompt]").textContent(), question);
    assert.deepEqual(written.filter((u) => !u.includes(`kind=${kind}&seed=7`)), [], `${kind}: writes after Back`);
  }
  // Chapter to chapter: the "next" link, then Back keeps the first chapter's query.
  await page.goto(server.base + "occupancy?regs=128");
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  await page.click("[data-testid=chapter-next]");
  await page.waitForSelector("[data-testid=chapter-dispatch]");
  await page.waitForTimeout(300);
  await page.goBack();
  await page.waitForSelector("[data-testid=blocks-per-sm]");
  await page.waitForTimeout(500);
  assert.match(page.url(), /occupancy\/?\?regs=128/);
  assert.equal(await blocks(page), "2");
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [from, link] of [
  ["tensor-cores", "[data-testid=roofline-link]"],
  ["tensor-cores", "[data-testid=generations-link]"],
  ["tensor-core-generations", "[data-testid=swizzle-link]"],
  ["occupancy?regs=96&threads=512", "[data-testid=to-dispatch]"],
  ["dispatch?regs=40&grid=5000", "[data-testid=edit-kernel]"],
]) {
  test(`the link ${link} from /${from} shows what a fresh load of its URL shows`, async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(server.base + from);
    await page.waitForSelector(link);
    await page.click(link);
    await page.waitForFunction((f) => !location.pathname.endsWith("/" + f.split("?")[0]), from);
    const followed = await snapshot(page);
    const url = page.url();
    const fresh = await openPage(browser);
    await fresh.page.goto(url);
    const loaded = await snapshot(fresh.page);
    assert.equal(followed.slug, loaded.slug);
    assert.deepEqual(followed.values, loaded.values);
    assert.equal(followed.text, loaded.text);
    assert.deepEqual(errors, []);
    assert.deepEqual(fresh.errors, []);
    await fresh.context.close();
    await context.close();
  });
}

test("the next chapter, built off the page once it is idle, writes nothing: the link's query, the edits and the notices stay", async () => {
  const { context, page, errors } = await openPage(browser);
  // Idle work (the warm-up, assets/start.js) held back until the edit is made; every address
  // bar write recorded.
  await page.addInitScript(() => {
    const ric = window.requestIdleCallback.bind(window), held = [];
    window.requestIdleCallback = (f, o) => (window.__idle ? ric(f, o) : held.push([f, o]), 1);
    window.__release = () => { window.__idle = true; held.splice(0).forEach(([f, o]) => ric(f, o)); };
    const replace = history.replaceState.bind(history), push = history.pushState.bind(history);
    window.__writes = [];
    history.replaceState = (s, t, u) => (__writes.push(String(u)), replace(s, t, u));
    history.pushState = (s, t, u) => (__writes.push(String(u)), push(s, t, u));
  });
  await page.goto(server.base + "bank-conflicts?f=lane*2&lanes=99&lang=en");
  await page.waitForSelector("[data-testid=notices]");
  await page.locator("[data-testid=formula] input").fill("lane * 3");
  await page.waitForFunction(() => location.search.includes("f=lane+*+3"));
  // As on a slow machine (CI's): frames come late, so the warm build (dropped once its tail,
  // built a frame after its body, is in) lives long enough for its timers to run.
  const before = await page.evaluate(() => {
    window.requestAnimationFrame = (f) => setTimeout(() => f(performance.now()), 400);
    window.__release();
    return __writes.length;
  });
  // The warm-up (ui/shell/warm.rs) links the chapters' whole stylesheet once it has run.
  await page.waitForSelector("link[data-ws-chapters='*']", { state: "attached", timeout: 15000 });
  await page.waitForTimeout(1500);
  const writes = await page.evaluate((n) => __writes.slice(n), before);
  assert.deepEqual(writes, [], "no address bar write after the edit");
  assert.match(await page.evaluate(() => location.search), /f=lane\+\*\+3/);
  assert.ok(await page.locator("[data-testid=notices]").count(), "the link's notice is still shown");
  assert.equal(await page.locator("[data-testid=formula] input").inputValue(), "lane * 3");
  assert.deepEqual(errors, []);
  await context.close();
});
