// What every browser test file shares: the built site served under /warpscope/ and one headless
// Chromium, started before the file's tests and stopped after. Importing this module registers
// the hooks; `server` and `browser` are live bindings filled in by `before`.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The release build under test (`scripts/dist.sh`). */
export const DIST = process.env.DIST ?? path.join(here, "../../dist");
/** Screenshots for people to look at (git-ignored). */
export const SHOTS = path.join(here, "screenshots");
/** `{ origin, base, close }` of the static server. */
export let server;
/** The Chromium instance. */
export let browser;

before(async () => {
  assert.ok(fs.existsSync(path.join(DIST, "index.html")), `no build in ${DIST}: run scripts/dist.sh`);
  server = await startServer(DIST);
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  server?.close();
});
