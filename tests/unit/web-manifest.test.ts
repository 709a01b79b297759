import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { webManifest } from "../../src/server/manifest.ts";
import type { RequestVars } from "../../src/server/request-context.ts";

/** The manifest route alone, with the signed-in member the request context would have found. */
function site(languageCode: string | null) {
  const app = new Hono<{ Variables: RequestVars }>();
  app.use("*", async (c, next) => {
    c.set("user", languageCode ? ({ languageCode } as RequestVars["user"]) : null);
    await next();
  });
  app.get("/manifest.webmanifest", webManifest);
  return app;
}

async function manifestOf(app: Hono<{ Variables: RequestVars }>, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
  return (await response.json()) as Record<string, unknown>;
}

describe("web app manifest", () => {
  it("is installable: name, icons, colours, standalone display, one id for every language", async () => {
    const manifest = await manifestOf(site(null), "/manifest.webmanifest?lang=en");
    expect(manifest).toMatchObject({
      id: "/",
      name: "Pitchlab",
      short_name: "Pitchlab",
      description: "Football predictions and betting statistics",
      lang: "en",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#136639",
      background_color: "#f1f5f9",
    });
    expect(manifest.icons).toEqual([
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ]);
  });

  it("starts in the page's language, else the member's, else the chosen one, else the browser's", async () => {
    const de = await manifestOf(site("ru"), "/manifest.webmanifest?lang=de");
    expect([de.lang, de.start_url, de.description]).toEqual(["de", "/de", "Fußballprognosen und Wettstatistiken"]);
    expect((await manifestOf(site("ru"), "/manifest.webmanifest")).start_url).toBe("/ru");
    expect(
      (await manifestOf(site(null), "/manifest.webmanifest", { cookie: "i18n_redirected=tr", "accept-language": "pl" }))
        .start_url,
    ).toBe("/tr");
    expect(
      (await manifestOf(site(null), "/manifest.webmanifest", { "accept-language": "pl,en;q=0.5" })).start_url,
    ).toBe("/pl");
  });

  it("refuses a language that does not exist with 400 and the languages that do", async () => {
    const response = await site(null).request("/manifest.webmanifest?lang=xx");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; fields: { lang: string } };
    expect(body.code).toBe("apiErrors.invalidInput");
    expect(body.fields.lang).toContain("en, de, el");
  });
});
