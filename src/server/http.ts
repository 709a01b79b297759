import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { Services } from "../services/index.ts";
import { accountRoutes } from "./api/accounts.ts";
import { createApi } from "./api/app.ts";
import { createMailbox } from "./mailbox.ts";
import { affiliateTracking } from "./affiliate-cookie.ts";
import { type RequestVars, requestContext } from "./request-context.ts";
import { createSeoRoutes } from "./seo.ts";
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
  /** the outbox folder shown at /dev/mailbox; null in production */
  mailboxDir: string | null;
}

/** One HTTP app: the API under /api/v1, built assets, and the React Router SSR handler for the rest. */
export function createHttpApp(services: Services, build: ServerBuild, options: HttpOptions) {
  const app = new Hono<{ Variables: RequestVars }>();
  // Static files first: they need no session lookup.
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), path.join(BUILD_DIR, "client")),
      // .br/.gz copies written after the build
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  for (const file of ["/favicon.svg", "/sw.js"]) {
    app.use(file, serveStatic({ root: path.relative(process.cwd(), path.join(BUILD_DIR, "client")), precompressed: true }));
  }
  // Pages and API answers: gzip on the fly (a page's HTML shrinks about tenfold).
  app.use("*", compress());
  app.use("*", requestContext(services, { trustProxy: options.trustProxy }));
  app.route("/api/v1", createApi(services, options));
  app.use("*", affiliateTracking(services, options.secureCookies));
  app.route("/", createSeoRoutes(services));
  if (options.mailboxDir) app.route("/dev/mailbox", createMailbox(options.mailboxDir));

  // Apple's sign-in answer is a form POST to /apple (SPEC §2.3).
  const { finishOAuth } = accountRoutes(services, options);
  app.post("/apple", async (c) => {
    const body = await c.req.parseBody();
    const field = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : undefined);
    return finishOAuth(c, "apple", field("code"), field("state"), field("user"));
  });

  const handle = createRequestHandler(build, options.mode);
  app.all("*", async (c) => {
    const user = c.get("user");
    const { request, setCookie } = withPersonTimeZone(c.req.raw, user?.timezone);
    const response = await handle(request, { services, user, access: c.get("access"), sessionToken: c.get("sessionToken"), clientIp: c.get("clientIp"), secureCookies: options.secureCookies });
    if (setCookie) response.headers.append("Set-Cookie", setCookie);
    return response;
  });
  return app;
}
