import { OpenAPIHono } from "@hono/zod-openapi";
import type { Services } from "../../services/index.ts";
import type { RequestVars } from "../request-context.ts";

/** API of the trends area, mounted under /api/v1. */
export function trendsRoutes(_services: Services) {
  const api = new OpenAPIHono<{ Variables: RequestVars }>();
  return api;
}
