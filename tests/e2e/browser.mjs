// Debian's headless Chromium through playwright-core (no browser download).
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/// Headless Chromium; `jsFlags`: V8 flags for a profiling run (`--no-liftoff`, …), never a test's.
export async function launch({ jsFlags = "" } = {}) {
  return chromium.launch({ executablePath: CHROMIUM, args: jsFlags ? [...FLAGS, `--js-flags=${jsFlags}`] : FLAGS });
}

/// The first switch to Chinese fetches the Chinese text (zh.bin, scripts/site.mjs) before the
/// page changes language: a click on a language button returns once `<html lang>` says zh-CN.
function waitForChinese(page) {
  const click = page.click.bind(page);
  page.click = async (selector, options) => {
    await click(selector, options);
    if (/^\[data-testid=(cls-)?lang-zh\]$/.test(selector)) await page.waitForFunction(() => document.documentElement.lang === "zh-CN", null, { timeout: 10000 });
  };
}

/// A fresh page that records every request and console error.
/// `serviceWorkers: "block"` gives a first visit without the site's service worker.
export async function openPage(browser, { locale = "en-US", reducedMotion = "no-preference", serviceWorkers = "allow", viewport = { width: 1280, height: 900 }, deviceScaleFactor = 1 } = {}) {
  const context = await browser.newContext({ locale, reducedMotion, serviceWorkers, viewport, deviceScaleFactor });
  context.on("page", waitForChinese);
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, requests, errors };
}
