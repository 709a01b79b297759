import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  PREVIEWS_LIST_SLUGS,
  PREVIEW_LOCALES,
  type PreviewLocale,
  previewPath,
  previewsListPath,
} from "../../src/i18n/routes-previews.ts";
import { launchBrowser } from "../support/browser.ts";
import { freshAddress, screenshots } from "../support/e2e-session.ts";
import { siteNow } from "../support/site-clock.ts";

const baseUrl = inject("baseUrl");
let browser: Browser;
const OTHER_LOCALES = ["de", "el", "pl", "ro", "ru", "tr"] as const;

async function content(
  body: unknown,
): Promise<{ status: number; body: { data: Array<Record<string, string>>; total: number; error?: string } }> {
  const response = await fetch(`${baseUrl}/api/v1/_content`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": freshAddress() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * The slug of a preview of a language: the next upcoming one, else (a week without top-division
 * matches in the next days) the latest one of the matches just played.
 */
async function upcomingSlug(locale: PreviewLocale): Promise<string> {
  const { body } = await content({
    path: `/previews/${locale}`,
    where: { kickoff: { $gt: new Date(siteNow()).toISOString() } },
    sortBy: [{ field: "kickoff" }],
    only: ["slug"],
    limit: 1,
  });
  if (body.data[0]) return body.data[0].slug!;
  const played = await content({
    path: `/previews/${locale}`,
    sortBy: [{ field: "kickoff", direction: "desc" }],
    only: ["slug"],
    limit: 1,
  });
  return played.body.data[0]!.slug!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync("test-results", { recursive: true });
  // On a fresh data directory the previews come a little after the prediction back-fill.
  const deadline = Date.now() + 8 * 60_000;
  while ((await content({ path: "/previews/en" })).body.total === 0) {
    if (Date.now() > deadline) throw new Error("no previews were written");
    await new Promise((r) => setTimeout(r, 3000));
  }
}, 9 * 60_000);
afterAll(async () => browser?.close());

const get = (path: string) =>
  fetch(`${baseUrl}${path}`, { headers: { "x-forwarded-for": freshAddress() }, redirect: "manual" });

describe("match previews pages", () => {
  it("answer in en, fr, it, pt and es, with structured data, Open Graph and hreflang among the five", {
    timeout: 180_000,
  }, async () => {
    for (const locale of PREVIEW_LOCALES) {
      const list = await get(previewsListPath(locale));
      expect(list.status, previewsListPath(locale)).toBe(200);
      const slug = await upcomingSlug(locale);
      const article = await get(previewPath(locale, slug));
      expect(article.status).toBe(200);
      const html = await article.text();
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      const types = ld.flatMap((d) => (d["@graph"] ?? [d]).map((x: { "@type": string }) => x["@type"]));
      expect(types).toEqual(expect.arrayContaining(["SportsEvent", "Article"]));
      expect(html).toContain(`<link rel="canonical" href="${baseUrl}${previewPath(locale, slug)}"`);
      const hreflangs = [...html.matchAll(/hrefLang="([^"]+)"/gi)].map((m) => m[1]);
      expect(hreflangs.sort()).toEqual(["en-GB", "es-ES", "fr-FR", "it-IT", "pt-BR", "x-default"]);
      expect(html).toContain('property="og:type" content="article"');
      expect(html).toMatch(/property="og:title" content="[^"]+"/);
    }
  });

  it("answer 404 in the six other languages, and have no side-menu entry there", async () => {
    const slug = await upcomingSlug("en");
    for (const locale of OTHER_LOCALES) {
      for (const path of [`/${locale}/${PREVIEWS_LIST_SLUGS.en}`, `/${locale}/match-preview/${slug}`]) {
        expect((await get(path)).status, path).toBe(404);
      }
      expect(await (await get(`/${locale}`)).text()).not.toContain("match-preview");
    }
    // The English menu links the list; the French one its own slug.
    expect(await (await get("/")).text()).toContain(`href="/${PREVIEWS_LIST_SLUGS.en}"`);
    expect(await (await get("/fr")).text()).toContain(`href="/fr/${PREVIEWS_LIST_SLUGS.fr}"`);
  });

  it("are in the sitemap of their language only", async () => {
    const slug = await upcomingSlug("it");
    const it = await (await get("/sitemap-it.xml")).text();
    expect(it).toContain(`${baseUrl}${previewPath("it", slug)}</loc>`);
    expect(it).toContain(previewsListPath("it"));
    expect(await (await get("/sitemap-de.xml")).text()).not.toMatch(/anteprima|match-preview|avant-match/);
  });

  it("open on a phone: the list, a search, an article with its result box or prediction", {
    timeout: 180_000,
  }, async () => {
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 800 },
      timezoneId: "Europe/London",
      locale: "en-GB",
      extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}${previewsListPath("en")}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Football match previews with predictions");
    const first = page.locator("main ul li h3 a").first();
    const title = (await first.textContent())!;
    const team = title.split(" vs ")[0]!;
    await page.getByRole("searchbox", { name: "Search previews" }).fill(team);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\?q=/);
    await expect.poll(() => page.locator("main ul li h3 a").first().textContent()).toContain(team);
    await screenshots(page, baseUrl, "previews-list", { clipHeight: 1800 });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator("main ul li h3 a").first().click();
    await page.waitForURL(/\/match-preview\/.+_\d+$/);
    await expect.poll(() => page.locator("h1").textContent()).toContain(team);
    expect(await page.getByRole("heading", { name: "Our prediction" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Similar previews" }).count()).toBe(1);
    await screenshots(page, baseUrl, "preview-article", { clipHeight: 2600 });
    // The French version of the same article, from the language menu's address.
    const fr = new URL(page.url()).pathname.replace(
      /^\/match-preview\/(.*)-preview-prediction_(\d+)$/,
      "/fr/avant-match/$1-avant-match-pronostic_$2",
    );
    await page.goto(`${baseUrl}${fr}`);
    await expect.poll(() => page.locator("h1").textContent()).toContain("avant-match et pronostic");
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("have no serious or critical axe violation: light on a phone, dark on a desktop", {
    timeout: 300_000,
  }, async () => {
    const paths = [
      previewsListPath("en"),
      previewPath("en", await upcomingSlug("en")),
      previewsListPath("pt"),
      previewPath("fr", await upcomingSlug("fr")),
    ];
    const found: string[] = [];
    for (const [theme, width] of [
      ["light", 375],
      ["dark", 1280],
    ] as const) {
      const ctx = await browser.newContext({
        viewport: { width, height: 900 },
        extraHTTPHeaders: { "x-forwarded-for": freshAddress() },
      });
      await ctx.addCookies([
        { name: "theme", value: theme, url: baseUrl },
        { name: "cookie_consent", value: "1", url: baseUrl },
      ]);
      const page = await ctx.newPage();
      for (const path of paths) {
        await page.goto(`${baseUrl}${path}`);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
          found.push(
            `${theme} ${width}px ${path}: ${v.id} at ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(" "))
              .join(" | ")}`,
          );
        }
      }
      await ctx.close();
    }
    expect(found).toEqual([]);
  });

  it("answer the content API with 400 on bad input", async () => {
    expect((await content({ limit: 0 })).status).toBe(400);
    expect((await content({ where: { password: "x" } })).body.error).toMatch(/where/);
  });
});
