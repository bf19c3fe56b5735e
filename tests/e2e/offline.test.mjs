// Lazy chapters, offline and installable: a deep link fetches a handful of files, the service
// worker caches the shell and (once the page is idle) every chapter, and a second visit works
// with the network off; the manifest and its icons are served; no script is inline.
import { test } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openPage } from "./browser.mjs";
import { server, browser, DIST } from "./harness.mjs";

const registry = fs.readFileSync(new URL("../../src/ui/app/registry.rs", import.meta.url), "utf8");
const SLUGS = [...registry.matchAll(/slug: "([a-z-]+)"/g)].map((m) => m[1]);
const pkg = fs.readdirSync(DIST).find((d) => d.startsWith("pkg-"));
const PACKS = fs.readdirSync(path.join(DIST, pkg)).filter((f) => /^pack-.*\.wasm$/.test(f)).length;

test("the home page fetches no chapter; a deep link fetches its chapter in a handful of requests", async () => {
  const home = await openPage(browser, { serviceWorkers: "block" });
  await home.page.goto(server.base);
  await home.page.waitForSelector("[data-testid=chapter-map]");
  await home.page.waitForLoadState("load");
  assert.deepEqual(home.requests.filter((u) => /pack-/.test(u)), [], "the home page loads no chapter pack");
  await home.context.close();

  // The folder form of the link (`…/divergence/`, as older links and some hosts write it) works too.
  const slash = await openPage(browser, { serviceWorkers: "block" });
  await slash.page.goto(server.base + "divergence/");
  await slash.page.waitForSelector("[data-testid=chapter-divergence] figure");
  assert.deepEqual(slash.errors, []);
  await slash.context.close();

  const { context, page, requests, errors } = await openPage(browser, { serviceWorkers: "block" });
  // What the page fetches up to its load event (the next chapter's packs follow once it is idle).
  let atLoad = null;
  page.on("load", () => (atLoad = [...requests]));
  const response = await page.goto(server.base + "tensor-cores");
  // The link as the app writes it (no trailing slash) is answered by tensor-cores.html: no 301.
  assert.equal(response.request().redirectedFrom(), null, "a deep link needs no redirect");
  assert.equal(response.status(), 200);
  await page.waitForSelector("[data-testid=chapter-tensor-cores] figure");
  await page.waitForLoadState("load");
  assert.ok(atLoad.length <= 11, `${atLoad.length} requests: ${atLoad.join(" ")}`);
  assert.ok(atLoad.some((u) => u.endsWith("pack-tensor_cores.wasm")));
  assert.ok(!atLoad.some((u) => u.endsWith("pack-tensor_core_generations.wasm")), "the next chapter is not fetched before the page has loaded");
  // Once the page is idle, the next chapter's pack and the chapters' stylesheet are fetched
  // ahead, without a hover; the click then fetches nothing more.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("pack-tensor_core_generations.wasm")), null, { timeout: 10000 });
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => /\/chapters-[0-9a-f]+\.css$/.test(e.name)), null, { timeout: 10000 });
  const before = requests.length;
  await page.click("[data-testid=chapter-next]");
  await page.waitForSelector("[data-testid=chapter-tensor-core-generations] figure");
  // (The chapter after it is fetched ahead in turn once the page rests again: on a busy machine
  // that can come before its figure shows, so only the opened chapter's files count here.)
  assert.deepEqual(requests.slice(before).filter((u) => /pack-(common|tensor_core_generations)\.wasm$|\.css$/.test(u)), [], "the next chapter was fetched ahead");
  assert.deepEqual(errors, []);
  await context.close();
});

test("hovering a chapter link fetches its modules before the click", async () => {
  const { context, page, requests } = await openPage(browser, { serviceWorkers: "block" });
  await page.goto(server.base);
  await page.waitForSelector("[data-testid=chapter-map]");
  await page.waitForLoadState("load");
  assert.ok(!requests.some((u) => u.endsWith("pack-roofline.wasm")));
  await page.hover("[data-testid=chapter-map] a[href$='/roofline']");
  await page.waitForRequest((r) => r.url().endsWith("pack-roofline.wasm"), { timeout: 5000 }).catch(() => {});
  assert.ok(requests.some((u) => u.endsWith("pack-roofline.wasm")), "hover fetched the roofline pack");
  await context.close();
});

test("no inline script but one the CSP names by its hash; manifest and icons are served", async () => {
  const html = fs.readFileSync(path.join(DIST, "roofline/index.html"), "utf8");
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
  const scriptSrc = csp.match(/script-src[^;]*/)[0];
  assert.doesNotMatch(scriptSrc, /unsafe-inline/);
  const headers = fs.readFileSync(path.join(DIST, "_headers"), "utf8");
  assert.match(headers, /Content-Security-Policy: default-src 'self'/);
  let inline = 0;
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/src=/.test(m[1])) {
      assert.equal(m[2].trim(), "");
      continue;
    }
    // The route page's show-or-hide check of its prerendered first screen (assets/precheck.js).
    inline++;
    const hash = `'sha256-${crypto.createHash("sha256").update(m[2]).digest("base64")}'`;
    assert.ok(scriptSrc.includes(hash), `the inline script's hash ${hash} is in the page's CSP`);
    assert.ok(headers.includes(hash), `and in _headers`);
  }
  assert.equal(inline, 1, "one inline script: the check");
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, "manifest.webmanifest"), "utf8"));
  for (const icon of manifest.icons) assert.ok(fs.existsSync(path.join(DIST, icon.src)), icon.src);
  for (const f of ["index.html", `${pkg}/warpscope_bg.wasm`]) {
    assert.ok(fs.existsSync(path.join(DIST, f + ".gz")) && fs.existsSync(path.join(DIST, f + ".br")), `${f}.gz/.br`);
  }
});

test("after one visit every chapter opens with the network off", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base + "occupancy");
  await page.waitForSelector("[data-testid=occupancy]");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  // (waitForFunction would take the async predicate's promise for a truthy answer: poll here.)
  const deadline = Date.now() + 60000;
  const cachedPacks = () =>
    page.evaluate(async () => {
      const key = (await caches.keys()).find((k) => k.startsWith("warpscope-"));
      if (!key) return 0;
      return (await (await caches.open(key)).keys()).filter((r) => /pack-.*\.wasm$/.test(r.url)).length;
    });
  while ((await cachedPacks()) < PACKS) {
    assert.ok(Date.now() < deadline, "the service worker cached every chapter within 60 s");
    await page.waitForTimeout(250);
  }
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("[data-testid=occupancy]");
  for (const slug of SLUGS) {
    await page.click(`.gx-nav a[href$='/${slug}']`);
    await page.waitForSelector(`[data-testid=chapter-${slug}]`, { timeout: 15000 });
    await page.waitForSelector("[data-testid=chapter-loading]", { state: "detached" });
  }
  await page.click(".gx-nav a[href$='/classroom']");
  await page.waitForSelector("[data-testid=cls-stage] figure, [data-testid=cls-stage] svg", { timeout: 15000 });
  // A deep link typed while offline, and the home page.
  await page.goto(server.base + "roofline");
  await page.waitForSelector("[data-testid=chapter-roofline] figure");
  await page.goto(server.base);
  await page.waitForSelector("[data-testid=chapter-map]");
  assert.deepEqual(
    errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
    [],
  );
  await context.close();
});
