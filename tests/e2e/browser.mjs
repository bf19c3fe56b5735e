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

/// A fresh page that records every request and console error.
/// `serviceWorkers: "block"` gives a first visit without the site's service worker.
export async function openPage(browser, { locale = "en-US", reducedMotion = "no-preference", serviceWorkers = "allow", viewport = { width: 1280, height: 900 }, deviceScaleFactor = 1 } = {}) {
  const context = await browser.newContext({ locale, reducedMotion, serviceWorkers, viewport, deviceScaleFactor });
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
