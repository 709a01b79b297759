import type { User } from "../services/accounts.ts";
import type { Services } from "../services/index.ts";
import type { Access } from "../domain/premium/access.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** the signed-in account of this request, resolved once by the server */
    user: User | null;
    /** premium and add-ons of this request's caller */
    access: Access;
    sessionToken: string | null;
    clientIp: string | null;
    secureCookies: boolean;
    /** the Content-Security-Policy nonce of this render: every inline script the app emits carries it */
    nonce?: string;
  }
}
