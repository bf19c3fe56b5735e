// Screenshots of the Tensor Cores chapter, section by section, in English, Chinese and dark
// mode, into screenshots/ (gitignored), for a human to look at. Needs dist/ (scripts/dist.sh).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = await startServer(process.env.DIST ?? path.join(here, "../../dist"));
const browser = await launch();
const shots = path.join(here, "screenshots");
fs.mkdirSync(shots, { recursive: true });
for (const [name, q, locale] of [["en", "?lane=5&row=9&col=6", "en-US"], ["zh", "?lane=5&step=0", "zh-CN"]]) {
  const { page, errors } = await openPage(browser, { locale });
  await page.goto(server.base + "tensor-cores" + q);
  await page.waitForSelector("[data-testid=cell-0-0]");
  for (const s of ["quant", "launch", "fragments", "steps", "layers", "generations"]) {
    await page.locator(`[data-testid=${s}]`).screenshot({ path: path.join(shots, `tc-${name}-${s}.png`) });
  }
  console.log(name, errors);
}
const ctx = await browser.newContext({ colorScheme: "dark", viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto(server.base + "tensor-cores?lane=5&op=acc");
await page.waitForSelector("[data-testid=cell-0-0]");
await page.locator("[data-testid=figure]").screenshot({ path: path.join(shots, "tc-dark-fragments.png") });
await browser.close();
server.close();
