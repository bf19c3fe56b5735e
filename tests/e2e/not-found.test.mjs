// Unknown paths and the ends of chapters (issue #14): a static host's 404 is the app's own page
// with a message and the chapter list, at any depth under the site; every chapter ends with
// links to the previous and the next chapter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openPage } from "./browser.mjs";
import { server, browser } from "./harness.mjs";

test("an unknown path shows the app's 404 page with every chapter, at any depth", async () => {
  const { context, page, errors } = await openPage(browser);
  for (const path of ["no-such-page", "no/such/page/at/all", "roofline/extra"]) {
    const res = await page.goto(server.base + path);
    assert.equal(res.status(), 404, path);
    await page.waitForSelector("[data-testid=not-found]");
    const links = page.locator("[data-testid=not-found-chapters] a");
    assert.ok((await links.count()) >= 10, `${path}: chapter links`);
  }
  // A link from the 404 page opens the chapter under the site's base.
  await page.locator("[data-testid=not-found-chapters] a", { hasText: "Roofline" }).first().click();
  await page.waitForSelector("[data-testid=figure]");
  assert.equal(new URL(page.url()).pathname, "/warpscope/roofline");
  // Only the 404 document itself is a 404; its assets load.
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});

test("every chapter ends with links to the previous and the next chapter", async () => {
  const { context, page, errors } = await openPage(browser);
  await page.goto(server.base);
  await page.waitForSelector("[data-testid=chapter-map] a");
  const slugs = await page.locator("[data-testid=chapter-map] a").evaluateAll((as) => [...new Set(as.map((a) => new URL(a.href).pathname.split("/").filter(Boolean).pop()))]);
  // The numbered chapters: the kernel lab, the quiz, the classroom and the glossary are tools.
  const chapters = slugs.filter((s) => s && !["quiz", "classroom", "glossary", "lab"].includes(s));
  for (const [i, slug] of chapters.entries()) {
    await page.goto(server.base + slug);
    await page.waitForSelector("[data-testid=figure]");
    // The links are in the page's tail, built a few tasks after the figure (ui::shell::staged).
    await page.waitForSelector("nav.gx-prevnext");
    const prev = await page.locator("[data-testid=chapter-prev]").count();
    const next = await page.locator("[data-testid=chapter-next]").count();
    if (i > 0) assert.equal(prev, 1, `${slug}: previous link`);
    if (i < chapters.length - 1) assert.equal(next, 1, `${slug}: next link`);
    if (next) {
      const href = await page.locator("[data-testid=chapter-next]").getAttribute("href");
      assert.ok(href.endsWith(`/${chapters[i + 1]}`), `${slug}: next is ${href}, want ${chapters[i + 1]}`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});
