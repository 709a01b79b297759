/**
 * Draws the PNG icons of the web app manifest (192 and 512 px, and the 180 px Home Screen icon of iPhones) from
 * public/favicon.svg with Debian's Chromium, so that no icon is fetched or drawn at run time. The PNGs are
 * committed under public/icons/; run again after a change of the logo: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const svg = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [size, name] of [
    [192, "icon-192.png"],
    [512, "icon-512.png"],
    [180, "apple-touch-icon.png"],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // iOS rounds the corners itself and shows transparency as black: its icon fills the square.
    const body = name.startsWith("apple") ? svg.replace(/ rx="[\d.]+"/, "") : svg;
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${body.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `public/icons/${name}`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
