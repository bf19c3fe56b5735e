// Every colour pair the stylesheets use for text, checked from the design tokens themselves
// (style/tokens.css), in the light and the dark palette and the classroom's high contrast:
// WCAG 2 contrast of at least 4.5:1. axe checks the pages it opens; this covers the pairs
// whether or not a page state shows them.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const css = fs.readFileSync(path.join(here, "../../style/tokens.css"), "utf8");

/** The `--gx-*` declarations of the first block after `marker`. */
function block(marker) {
  const start = css.indexOf(marker);
  assert.ok(start >= 0, marker);
  const open = css.indexOf("{", start + marker.length - 1);
  let depth = 0;
  let i = open;
  for (; i < css.length; i++) {
    if (css[i] === "{") depth++;
    if (css[i] === "}" && --depth === 0) break;
  }
  const body = css.slice(open + 1, i);
  return Object.fromEntries([...body.matchAll(/(--gx-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}
const light = block(":root, .gx-cls--contrast {");
const dark = { ...light, ...block("@media (prefers-color-scheme: dark) {") };
const contrast = { ...light, ...block("\n.gx-cls--contrast {") };

function rgb(value, tokens) {
  const v = value.startsWith("var(") ? tokens[value.slice(4, -1)] : value;
  let m = v.match(/^#([0-9a-f]{6})$/i);
  if (m) return [0, 2, 4].map((k) => parseInt(m[1].slice(k, k + 2), 16));
  m = v.match(/^hsl\((\d+) (\d+)% (\d+)%\)$/);
  assert.ok(m, `colour ${v}`);
  const [h, s, l] = [Number(m[1]), Number(m[2]) / 100, Number(m[3]) / 100];
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
const lum = ([r, g, b]) => {
  const c = (x) => ((x /= 255) <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
};
const ratio = (a, b) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** [text token, background token] pairs the stylesheets draw text with. */
const PAIRS = [
  ...["bg", "surface", "accent-soft", "notice-soft", "error-soft", "highlight", "lane-wait", "lane-exit", "lane", "lane-inactive", "sched-ready", "sector-idle"].map((b) => ["text", b]),
  ...Array.from({ length: 32 }, (_, k) => ["text", `lane-${k}`]),
  ["muted", "bg"], ["muted", "surface"],
  ["accent", "bg"], ["accent", "surface"],
  ["error", "bg"], ["error", "surface"], ["error", "error-soft"],
  ["on-accent", "accent"], ["surface", "accent"],
  ["lane-on-text", "lane-on"],
];

test("every text colour pair is at least 4.5:1 in the light, dark and high-contrast palettes", () => {
  const low = [];
  let n = 0;
  for (const [name, tokens] of [["light", light], ["dark", dark], ["contrast", contrast]]) {
    for (const [fg, bg] of PAIRS) {
      const r = ratio(rgb(tokens[`--gx-${fg}`], tokens), rgb(tokens[`--gx-${bg}`], tokens));
      n++;
      if (r < 4.5) low.push(`${name}: --gx-${fg} on --gx-${bg} = ${r.toFixed(2)}:1`);
    }
  }
  console.log(`${n} pairs checked`);
  assert.deepEqual(low, []);
});
