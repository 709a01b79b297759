import { Hono } from "hono";
import type { Services } from "../services/index.ts";

/**
 * What a worker process (ROLE=worker) answers on its port: its health (role, the live shards it holds, the
 * cluster), for an orchestrator's probe and for operators. Pages and the API are served by web processes.
 */
export function createWorkerApp(services: Services) {
  const app = new Hono();
  app.get("/api/v1/health", async (c) => c.json(await services.health.report(), 200));
  app.all("*", (c) =>
    c.json(
      {
        error: "This is a worker process (jobs only): pages and the API are served by the web processes.",
        code: "worker",
      },
      404,
    ),
  );
  return app;
}
