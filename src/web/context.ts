import type { Services } from "../services/index.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
  }
}
