import type { User } from "../services/accounts.ts";
import type { Services } from "../services/index.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** the signed-in account of this request, resolved once by the server */
    user: User | null;
    sessionToken: string | null;
    clientIp: string | null;
    secureCookies: boolean;
  }
}
