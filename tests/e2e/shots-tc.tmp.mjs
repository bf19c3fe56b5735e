import path from "node:path";
import { startServer } from "./server.mjs";
import { launch, openPage } from "./browser.mjs";
const server = await startServer(path.resolve("../../dist"));
const browser = await launch();
const shots = path.resolve("screenshots");
for (const [name, q, lang] of [["en", "?lane=5&row=9&col=6", "en-US"], ["zh", "?lane=5&step=0", "zh-CN"]]) {
  const { page, errors } = await openPage(browser, { locale: lang });
  await page.goto(server.base + "tensor-cores" + q);
  await page.waitForSelector("[data-testid=cell-0-0]");
  for (const s of ["quant", "launch", "fragments", "steps", "layers", "generations"]) {
    await page.locator(`[data-testid=${s}]`).screenshot({ path: `${shots}/tc-${name}-${s}.png` });
  }
  console.log(name, errors);
}
await browser.close(); server.close();
