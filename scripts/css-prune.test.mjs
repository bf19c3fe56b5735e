// Unit tests of the chapters' stylesheet shares (scripts/css-prune.mjs): node --test scripts/
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chapterShare, classPrefixes, words } from "./css-prune.mjs";

test("a class built at run time is a prefix: a word ending in - or _, or continued by a format placeholder", () => {
  const rust = 'class=format!("gx-lane-{lane}") class="gx-tcg__lane--q{q}" "gx-cell_" "gx-plain" format!("{{gx-not-a-placeholder}}{{")';
  assert.deepEqual(classPrefixes(rust).sort(), ["gx-cell_", "gx-lane-", "gx-tcg__lane--q"]);
  assert.deepEqual(words('<rect class="gx-a"/> attr:data-cls-focus'), ["rect", "class", "gx-a", "attr", "data-cls-focus"]);
});

test("a chapter's share keeps the rules its code can match, and every rule of a class it builds at run time", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "css-prune-"));
  fs.writeFileSync(path.join(dir, "view.rs"), 'view! { <svg class="gx-fig"><text class=format!("gx-lane-{i}")/></svg> } // data-pick');
  const css = ".gx-fig text{a:1}.gx-lane-3{a:2}.gx-lane--on rect{a:3}.gx-other{a:4}.gx-fig:not(.gx-hidden){a:5}.gx-fig:is(.gx-x){a:6}svg text{a:7}[data-pick]{a:8}[data-else]{a:9}@media(max-width:600px){.gx-fig{a:10}.gx-other{a:11}}";
  const out = (await chapterShare(css, [dir])).replace(/\s+/g, "");
  for (const kept of [".gx-fig text{a:1}", ".gx-lane-3{a:2}", ".gx-fig:not(.gx-hidden){a:5}", "svg text{a:7}", "[data-pick]{a:8}", "@media(max-width:600px){.gx-fig{a:10}}"])
    assert.ok(out.includes(kept.replace(/\s+/g, "")), `kept ${kept}: ${out}`);
  for (const cut of [".gx-other", ".gx-lane--on", ".gx-x", "[data-else]"]) assert.ok(!out.includes(cut), `cut ${cut}: ${out}`);
  fs.rmSync(dir, { recursive: true });
});
