// The README's serve command (`make serve`, scripts/serve.sh): it builds once, serves, and stays
// idle until a file the build reads changes; then it builds exactly once more. The server answers
// throughout. The server (trunk, and the build it may be running) is stopped by its process group.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PORT = 8181;
const IDLE_S = 60;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test("make serve builds once, stays idle, and rebuilds once per change", { timeout: 40 * 60_000 }, async () => {
  const log = [];
  // Its own process group (detached), so that stopping it stops the build it runs too.
  const child = spawn("bash", ["scripts/serve.sh"], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(PORT), SERVE_DIST: "target/serve-test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const s of [child.stdout, child.stderr]) s.on("data", (d) => log.push(String(d)));
  const text = () => log.join("");
  const count = (re) => (text().match(re) || []).length;
  const starts = () => count(/starting build/g);
  const done = () => count(/✅ success/g);
  const failed = () => count(/❌ error/g);
  const answers = async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/`);
        await res.arrayBuffer();
        if (res.status === 200) return true;
      } catch {}
      await sleep(250); // trunk swaps the new build into place between two requests
    }
    return false;
  };
  const waitFor = async (what, until, minutes) => {
    const end = Date.now() + minutes * 60_000;
    while (!until()) {
      assert.equal(failed(), 0, `a build failed:\n${text().slice(-3000)}`);
      assert.equal(child.exitCode, null, `serve exited:\n${text().slice(-3000)}`);
      assert.ok(Date.now() < end, `no ${what} within ${minutes} min:\n${text().slice(-3000)}`);
      await sleep(1000);
    }
  };
  try {
    const t0 = Date.now();
    await waitFor("first build", () => done() >= 1, 30);
    const firstS = (Date.now() - t0) / 1000;
    assert.ok(await answers(), "the server answers after the first build");
    // Idle: no second build with nothing edited, the server answering all along.
    for (let s = 0; s < IDLE_S; s += 2) {
      assert.ok(await answers(), `the server answers (${s} s after the first build)`);
      await sleep(2000);
    }
    assert.equal(starts(), 1, `a build started with nothing edited:\n${text().slice(-2000)}`);
    // One source file saved (its bytes written again, as an editor does): exactly one rebuild.
    // (A bare `touch` changes only metadata, which trunk's watcher does not count as an edit.)
    const edited = path.join(root, "style/tokens.css");
    fs.writeFileSync(edited, fs.readFileSync(edited));
    const t1 = Date.now();
    await waitFor("rebuild", () => done() >= 2, 20);
    const rebuildS = (Date.now() - t1) / 1000;
    for (let s = 0; s < 20; s += 2) {
      assert.ok(await answers(), "the server answers after the rebuild");
      await sleep(2000);
    }
    assert.equal(starts(), 2, `not exactly one rebuild after one change:\n${text().slice(-2000)}`);
    console.log(`serve: first build ${firstS.toFixed(0)} s, rebuild after a change ${rebuildS.toFixed(0)} s`);
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await sleep(1000);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
  }
});
