import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { type ServerBuild, createRequestHandler } from "react-router";
import type { Services } from "../services/index.ts";
import { createApi } from "./api/app.ts";
import { createSeoRoutes } from "./seo.ts";

const BUILD_DIR = path.resolve("build");

export async function loadWebBuild(): Promise<ServerBuild> {
  const entry = path.join(BUILD_DIR, "server", "index.js");
  if (!existsSync(entry)) throw new Error("the web build is missing: run `npm run build` (npm start does it for you)");
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** One HTTP app: the API under /api/v1, built assets, and the React Router SSR handler for the rest. */
export function createHttpApp(services: Services, build: ServerBuild, mode: string) {
  const app = new Hono();
  app.route("/api/v1", createApi(services));
  app.route("/", createSeoRoutes(services));
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), path.join(BUILD_DIR, "client")),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use("/favicon.svg", serveStatic({ root: path.relative(process.cwd(), path.join(BUILD_DIR, "client")) }));
  const handle = createRequestHandler(build, mode);
  app.all("*", (c) => handle(c.req.raw, { services }));
  return app;
}
