import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { OAuthProviderName } from "../../services/accounts.ts";
import type { Session } from "../../services/accounts.ts";
import { ServiceError, isServiceError } from "../../services/errors.ts";
import { safeTarget } from "../../domain/safe-redirect.ts";
import type { Services } from "../../services/index.ts";
import { clearedSessionCookie, sessionCookie } from "../../domain/accounts/session-cookie.ts";
import { DEFAULT_LOCALE, isLocale, localePrefix } from "../../i18n/locales.ts";
import * as answers from "./answers.gen.ts";
import { EmailBody, LoginBody, RegisterBody, attempts } from "./accounts-schemas.ts";
import { profileRoutes } from "./accounts-profile.ts";
import {
  type ApiContext,
  Done,
  createApiApp,
  done,
  jsonBody,
  ok,
  requestLocale,
  route,
  serviceErrorResponse,
  z,
} from "./contract.ts";
import { VIA_COOKIE } from "../affiliate-cookie.ts";
import { pagePath } from "../../i18n/paths.ts";

type C = ApiContext;

const OAUTH_COOKIE = "pl_oauth";
/** What the OAuth start leaves in its cookie for the callback. */
const OAUTH_STATE = z.object({ state: z.string(), verifier: z.string(), locale: z.string(), redirectTo: z.string() });
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Accounts for API clients and the site's scripts: registration, sessions, profile (SPEC §7.1; /users in accounts-profile.ts). */
export function accountRoutes(services: Services, options: { secureCookies: boolean }) {
  const api = createApiApp();
  const client = (c: C, body: { captcha?: string; "g-recaptcha-response"?: string }) => ({
    ip: c.get("clientIp"),
    affiliateId: Number(getCookie(c, VIA_COOKIE)) || null,
    captcha: body.captcha ?? body["g-recaptcha-response"],
  });
  const startSession = (c: C, session: Session) => {
    c.header("Set-Cookie", sessionCookie(session.token, { ...session, secure: options.secureCookies }), {
      append: true,
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      rememberMe: session.rememberMe,
      user: services.accounts.publicUser(session.user),
    };
  };
  const tags = ["Accounts"];

  api.openapi(
    route({
      method: "get",
      path: "/auth/config",
      tags,
      auth: "none",
      summary: "Captcha site key and version, and the social login providers that are configured",
      data: answers.AuthConfig,
    }),
    (c) => ok(c, services.accounts.publicConfig()),
  );

  api.openapi(
    route({
      method: "post",
      path: "/auth/register",
      tags,
      auth: "none",
      summary: "Creates an account and mails the verification link",
      request: jsonBody(RegisterBody),
      data: Done,
      errors: { 409: "The address is taken", ...attempts },
    }),
    async (c) => {
      const body = c.req.valid("json");
      await services.accounts.register(
        { ...body, terms: body.terms === true || body.terms === "true" || body.terms === "on" },
        client(c, body),
      );
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/auth/login",
      tags,
      auth: "none",
      summary: "Signs in: sets the session cookie and returns the bearer token",
      request: jsonBody(LoginBody),
      data: answers.Session,
      errors: { 401: "Wrong credentials", 403: "The address is not verified yet", ...attempts },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const session = await services.accounts.login(
        { ...body, rememberMe: body.rememberMe === true || body.rememberMe === "true" || body.rememberMe === "on" },
        client(c, body),
        c.get("sessionToken"),
      );
      return ok(c, startSession(c, session));
    },
  );

  api.openapi(
    route({ method: "post", path: "/auth/logout", tags, summary: "Ends the session", data: Done }),
    async (c) => {
      await services.accounts.logout(c.get("sessionToken"));
      c.header("Set-Cookie", clearedSessionCookie(options.secureCookies));
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/auth/forgot-password",
      tags,
      auth: "none",
      summary: "Mails a password reset link (the same answer for any address)",
      request: jsonBody(EmailBody),
      data: Done,
      errors: attempts,
    }),
    async (c) => {
      const body = c.req.valid("json");
      await services.accounts.requestPasswordReset(body.email ?? "", client(c, body));
      return done(c);
    },
  );
  api.route("/", profileRoutes(services, options));

  // Social login: the provider's page, then its callback; the state (and PKCE verifier) ride in a short cookie.
  api.get("/auth/oauth/:provider", (c) => {
    const provider = services.accounts.oauthProvider(c.req.param("provider"));
    const { url, state, verifier } = provider.start();
    setCookie(
      c,
      OAUTH_COOKIE,
      JSON.stringify({
        state,
        verifier,
        locale: requestLocale(c),
        redirectTo: safeTarget(c.req.query("redirectTo")) ?? "",
      }),
      {
        path: "/",
        httpOnly: true,
        // Apple comes back with a cross-site POST: that cookie must travel with it.
        sameSite: c.req.param("provider") === "apple" ? "None" : "Lax",
        secure: options.secureCookies || c.req.param("provider") === "apple",
        maxAge: 600,
      },
    );
    return c.redirect(url.toString());
  });

  api.get("/auth/oauth/:provider/callback", async (c) =>
    finishOAuth(c, c.req.param("provider") as OAuthProviderName, c.req.query("code"), c.req.query("state")),
  );

  async function finishOAuth(
    c: C,
    name: string,
    code: string | undefined,
    state: string | undefined,
    appleUser?: string,
  ) {
    const raw = getCookie(c, OAUTH_COOKIE);
    deleteCookie(c, OAUTH_COOKIE, { path: "/" });
    const parsed = raw === undefined ? null : OAUTH_STATE.safeParse(parseJson(raw));
    // A cookie that is there but is not ours (edited, truncated) is a bad request, not a server error.
    if (parsed && !parsed.success) return serviceErrorResponse(c, new ServiceError(400, "auth.socialFailed"));
    const saved = parsed?.data ?? null;
    const locale = saved?.locale && isLocale(saved.locale) ? saved.locale : DEFAULT_LOCALE;
    const prefix = localePrefix(locale);
    const login = pagePath(locale, "login");
    if (!saved || !code || state !== saved.state) return c.redirect(`${login}?error=auth.socialFailed`);
    try {
      const profile = await services.accounts.oauthProvider(name).finish(code, saved.verifier, appleUser);
      const session = await services.accounts.socialLogin(profile, saved.locale, c.get("sessionToken"));
      startSession(c, session);
      // The same check as the login page's: a path of this site only (no //host, /\\host, control characters).
      const target = safeTarget(saved.redirectTo) ?? `${prefix}/`;
      return c.redirect(target);
    } catch (error) {
      const key = isServiceError(error) ? error.message : "auth.socialFailed";
      return c.redirect(`${login}?error=${encodeURIComponent(key)}`);
    }
  }

  return { api, finishOAuth };
}
