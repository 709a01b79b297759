import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { Services } from "../services/index.ts";
import { accountRoutes } from "./api/accounts.ts";
import { type ApiOptions, createApi } from "./api/app.ts";
import { bodyLimits } from "./api/contract.ts";
import { createMailbox } from "./mailbox.ts";
import { loadStaticFiles, memoryStatic } from "./memory-static.ts";
import { createTelegramDevPage } from "./telegram-dev.ts";
import { affiliateTracking } from "./affiliate-cookie.ts";
import { type RequestVars, requestContext } from "./request-context.ts";
import { createPageCache } from "./page-cache.ts";
import { cspNonceOf, pageSecurityPolicy, securityHeaders } from "./security-headers.ts";
import { createSeoRoutes } from "./seo.ts";
import { webManifest } from "./manifest.ts";
import { withPersonTimeZone } from "./time-zone.ts";

/** The web build's folder: BUILD_DIR, `build` by default (scripts/build-web.mjs writes it). */
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");

export async function loadWebBuild(): Promise<ServerBuild> {
  const entry = path.join(BUILD_DIR, "server", "index.js");
  if (!existsSync(entry)) throw new Error("the web build is missing: run `npm run build` (npm start does it for you)");
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

export interface HttpOptions {
  mode: string;
  trustProxy: boolean;
  secureCookies: boolean;
  /** the outbox folder shown at /dev/mailbox; null where the development tools are off (devToolsAllowed) */
  mailboxDir: string | null;
  /** the offline Telegram store shown at /dev/telegram; null with bot tokens or in production */
  telegramDir?: string | null;
  /** refused and failed API requests, one line each */
  logger?: ApiOptions["logger"];
}

/** One HTTP app: the API under /api/v1, built assets, and the React Router SSR handler for the rest. */
export function createHttpApp(services: Services, build: ServerBuild, options: HttpOptions) {
  const app = new Hono<{ Variables: RequestVars }>();
  const security = { https: options.secureCookies, captcha: Boolean(services.accounts.publicConfig().captcha) };
  app.use("*", securityHeaders(security));
  // Page forms (React Router actions, /apple, /dev/telegram) take the API's limits: a bigger body is refused
  // with 413 before it is read (by its Content-Length; a chunked one once past the limit), never parsed whole.
  app.use("*", (c, next) => (c.req.path.startsWith("/api/v1/") ? next() : bodyLimits(c as never, next)));
  // Public pages for visitors without a session come from the page cache; its data version is the clock's
  // minute and the predictions' generation (live minutes, results and new predictions; a stale page is
  // refreshed in the background), so a page costs one render a minute however many visitors read it.
  const cache = createPageCache({ version: services.dataVersion.current });
  cache.configure({ captcha: security.captcha });
  // Static files first, from memory: they need no session lookup.
  const statics = loadStaticFiles(path.join(BUILD_DIR, "client"), ["assets", "favicon.svg", "sw.js", "icons"]);
  app.use("/assets/*", memoryStatic(statics, "public, max-age=31536000, immutable"));
  for (const file of ["/favicon.svg", "/sw.js", "/icons/*"]) app.use(file, memoryStatic(statics, "no-cache"));
  // Pages and API answers: gzip on the fly (a page's HTML shrinks about tenfold).
  app.use("*", compress());
  app.use("*", pageSecurityPolicy(security));
  app.use("*", requestContext(services, { trustProxy: options.trustProxy }));
  const api = createApi(services, options);
  // The fixtures of a day as a visitor asks for them (the site's calendar and the apps): the same cache.
  app.get("/api/v1/fixtures/web", (c, next) =>
    !c.get("user") ? cache.serve(c, async () => api.fetch(new Request(c.req.url.replace("/api/v1/", "/")))) : next(),
  );
  app.route("/api/v1", api);
  app.use("*", affiliateTracking(services, options.secureCookies));
  app.get("/manifest.webmanifest", webManifest);
  app.route("/", createSeoRoutes(services));
  if (options.mailboxDir) app.route("/dev/mailbox", createMailbox(options.mailboxDir));
  else app.all("/dev/mailbox/*", (c) => c.text("The development mailbox is off on this server.", 404));
  if (options.telegramDir) app.route("/dev/telegram", createTelegramDevPage(options.telegramDir, services));

  // Apple's sign-in answer is a form POST to /apple (SPEC §2.3). Without Apple's keys there is nothing to finish:
  // the return page (routes/auth/apple.tsx) says so, reached with a GET (React Router refuses a cross-site action).
  const { finishOAuth } = accountRoutes(services, options);
  app.post("/apple", async (c) => {
    if (!services.accounts.publicConfig().providers.includes("apple")) return c.redirect("/apple", 303);
    const body = await c.req.parseBody();
    const field = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : undefined);
    return finishOAuth(c, "apple", field("code"), field("state"), field("user"));
  });

  const handle = createRequestHandler(build, options.mode);
  app.all("*", async (c) => {
    const user = c.get("user");
    // One time zone per person: the profile's for a signed-in user (visitors, whom the cache serves, have none).
    const { request, setCookie } = withPersonTimeZone(c.req.raw, user?.timezone);
    const context = {
      services,
      user,
      access: c.get("access"),
      sessionToken: c.get("sessionToken"),
      clientIp: c.get("clientIp"),
      secureCookies: options.secureCookies,
      nonce: cspNonceOf(c),
    };
    const method = c.req.method;
    const cookies = c.req.header("cookie") ?? "";
    const page = method === "GET" || method === "HEAD" ? cache.cachedPageOf(c.req.path) : null;
    const cacheable =
      page !== null &&
      !context.user &&
      !c.req.query("via") &&
      // the match page shows the visitor's own vote
      !(page.startsWith("match.") && /(?:^|;\s*)voter=/.test(cookies));
    if (!cacheable) {
      const response = await handle(request, context);
      if (setCookie) response.headers.append("Set-Cookie", setCookie);
      return response;
    }
    return cache.serve(c, (renderCookies, nonce) =>
      handle(new Request(c.req.url, { method: "GET", headers: renderCookies ? { cookie: renderCookies } : {} }), {
        ...context,
        clientIp: null,
        nonce,
      }),
    );
  });
  return app;
}
