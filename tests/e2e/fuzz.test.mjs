// Malformed permalinks, many per route, fast: each route loads once, then every generated URL
// is applied as a Back/Forward would (pushState + popstate: the chapter's state follows the
// URL). After each: no page error, the figure is there, a notice says what was wrong, and no
// markup from the URL is live in the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

const ROUTES = ["chip", "hierarchy", "occupancy", "dispatch", "scheduling", "divergence", "coalescing", "bank-conflicts", "tensor-cores", "roofline", "lab"];
const PER_ROUTE = 100;
const KEYS = ["gpu", "threads", "regs", "smem", "dsmem", "carveout", "grid", "dur", "jit", "run", "l", "k", "w", "preset", "block", "warp", "n", "seed", "step", "elem", "stride", "offset", "lanes", "f", "kind", "m", "bm", "gx", "bx", "tx", "lane", "op", "v", "a.n", "line", "at"];

/** xorshift32: the same URLs every run. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s ^= s << 13), (s ^= s >>> 17), (s ^= s << 5), (s >>> 0) / 4294967296);
}

const MARKUP = "<b data-fuzz=1>x</b><img src=x onerror=alert(1)>";
function badValue(r) {
  const pick = Math.floor(r() * 8);
  switch (pick) {
    case 0: return String(-Math.floor(r() * 1e6) - 1); // negative
    case 1: return "9".repeat(5 + Math.floor(r() * 40)); // huge
    case 2: return "1e" + Math.floor(r() * 400); // float beyond range
    case 3: return encodeURIComponent(MARKUP); // markup
    case 4: return "x".repeat(200 + Math.floor(r() * 2000)); // long
    case 5: return Array.from({ length: 1 + Math.floor(r() * 12) }, () => "%" + Math.floor(r() * 256).toString(16).padStart(2, "0")).join(""); // random bytes
    case 6: return "NaN";
    default: return "abc";
  }
}
function badQuery(r) {
  const parts = [];
  const n = 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const kind = r();
    if (kind < 0.55) parts.push(`${KEYS[Math.floor(r() * KEYS.length)]}=${badValue(r)}`);
    else if (kind < 0.7) { const k = KEYS[Math.floor(r() * KEYS.length)]; parts.push(`${k}=1`, `${k}=${badValue(r)}`); } // repeated key
    else if (kind < 0.85) parts.push(`zz${Math.floor(r() * 1000)}=${badValue(r)}`); // unknown key
    else parts.push(`${encodeURIComponent(MARKUP)}=1`); // markup as a key
  }
  // At least one key no chapter knows, so every URL must raise a notice.
  parts.push(`unknown${Math.floor(r() * 1e6)}=1`);
  return parts.join("&");
}

test(`${PER_ROUTE} malformed URLs per route: no error, the figure renders, a notice, no live markup`, async () => {
  let total = 0;
  for (const [i, route] of ROUTES.entries()) {
    const { context, page, errors } = await openPage(browser);
    page.on("dialog", (d) => { errors.push("dialog: " + d.message()); d.dismiss(); });
    await page.goto(server.base + route + "?lang=en");
    await page.waitForSelector("[data-testid=figure], [data-testid=chapter-" + route + "] canvas, [data-testid=lab-source]");
    const r = rng(1000 + i);
    for (let n = 0; n < PER_ROUTE; n++) {
      const query = badQuery(r);
      const result = await page.evaluate(async (q) => {
        history.pushState(null, "", location.pathname + "?" + q);
        dispatchEvent(new PopStateEvent("popstate"));
        await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
        const article = document.querySelector("article.gx-chapter");
        return {
          article: !!article,
          figure: !!(article && article.querySelector("[data-testid=figure], canvas, svg, [data-testid=lab-source]")),
          notice: !!document.querySelector("[data-testid=notices]"),
          live: document.querySelectorAll("[data-fuzz], img[src=x]").length,
        };
      }, query);
      total++;
      const where = `${route}?${query.slice(0, 120)}`;
      assert.ok(result.article && result.figure, `no figure after ${where}`);
      assert.ok(result.notice, `no notice after ${where}`);
      assert.equal(result.live, 0, `markup went live after ${where}`);
    }
    assert.deepEqual(errors, [], route);
    await context.close();
  }
  assert.equal(total, ROUTES.length * PER_ROUTE);
});
