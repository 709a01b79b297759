import { OpenAPIHono, type RouteConfig, createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { OAuthProviderName } from "../../data/oauth.ts";
import type { Session } from "../../services/accounts.ts";
import { ServiceError, isServiceError } from "../../services/errors.ts";
import type { Services } from "../../services/index.ts";
import type { RequestVars } from "../request-context.ts";
import { clearedSessionCookie, sessionCookie } from "../session-cookie.ts";
import { requestLocale, requireUser } from "./errors.ts";
import { VIA_COOKIE } from "../affiliate-cookie.ts";
import { pagePath } from "../../i18n/paths.ts";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales.ts";

type Env = { Variables: RequestVars };
type C = Context<Env>;

const Body = z.record(z.string(), z.unknown()).openapi("Fields");
const ErrorBody = z.object({ error: z.string(), code: z.string(), fields: z.record(z.string(), z.string()).optional() }).openapi("FormError");
const errors = {
  400: { description: "Bad input: the message and per-field messages in the caller's language", content: { "application/json": { schema: ErrorBody } } },
  401: { description: "Not signed in, or wrong credentials", content: { "application/json": { schema: ErrorBody } } },
  429: { description: "Too many attempts", content: { "application/json": { schema: ErrorBody } } },
};
const ok = (description: string) => ({ 200: { description, content: { "application/json": { schema: z.object({ data: z.any() }) } } }, ...errors });

export function route<const M extends "get" | "post" | "put" | "delete", const P extends string, const R extends NonNullable<RouteConfig["request"]>>(
  method: M,
  path: P,
  summary: string,
  request: R = {} as R,
) {
  return createRoute({ method, path, summary, request, responses: ok(summary) });
}
export const jsonBody = { body: { content: { "application/json": { schema: Body } } } };
const formBody = { body: { content: { "application/x-www-form-urlencoded": { schema: Body }, "application/json": { schema: Body } } } };

export async function readBody(c: C): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) return ((await c.req.json().catch(() => null)) ?? {}) as Record<string, unknown>;
  if (type.includes("form")) return Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  return {};
}

const OAUTH_COOKIE = "pl_oauth";

/** Accounts for API clients and the site's scripts: registration, sessions, profile (SPEC §7.1). */
export function accountRoutes(services: Services, options: { secureCookies: boolean }) {
  const api = new OpenAPIHono<Env>();
  const client = (c: C, body: Record<string, unknown>) => ({
    ip: c.get("clientIp"),
    affiliateId: Number(getCookie(c, VIA_COOKIE)) || null,
    captcha: typeof body.captcha === "string" ? body.captcha : typeof body["g-recaptcha-response"] === "string" ? (body["g-recaptcha-response"] as string) : undefined,
  });
  const startSession = (c: C, session: Session) => {
    c.header("Set-Cookie", sessionCookie(session.token, { ...session, secure: options.secureCookies }), { append: true });
    return { token: session.token, expiresAt: session.expiresAt.toISOString(), rememberMe: session.rememberMe, user: services.accounts.publicUser(session.user) };
  };

  api.openapi(route("get", "/auth/config", "Captcha site key and version, and the social login providers that are configured"), (c) =>
    c.json({ data: services.accounts.publicConfig() }, 200),
  );

  api.openapi(route("post", "/auth/register", "Creates an account and mails the verification link", jsonBody), async (c) => {
    const body = await readBody(c);
    await services.accounts.register({ ...body, terms: body.terms === true || body.terms === "true" || body.terms === "on" }, client(c, body));
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("post", "/auth/login", "Signs in: sets the session cookie and returns the bearer token", jsonBody), async (c) => {
    const body = await readBody(c);
    const session = await services.accounts.login({ ...body, rememberMe: body.rememberMe === true || body.rememberMe === "true" }, client(c, body), c.get("sessionToken"));
    return c.json({ data: startSession(c, session) }, 200);
  });

  api.openapi(route("post", "/auth/logout", "Ends the session"), async (c) => {
    await services.accounts.logout(c.get("sessionToken"));
    c.header("Set-Cookie", clearedSessionCookie(options.secureCookies));
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("post", "/auth/forgot-password", "Mails a password reset link (the same answer for any address)", jsonBody), async (c) => {
    const body = await readBody(c);
    await services.accounts.requestPasswordReset(String(body.email ?? ""), client(c, body));
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("get", "/users/me", "The signed-in user", { query: z.object({ includeSubscription: z.string().optional(), includeStripePaymentData: z.string().optional() }) }), async (c) => {
    const user = requireUser(c);
    const { subscription } = await services.payments.overview(user);
    // SPEC §3: a present userSubscription means premium.
    const userSubscription = c.get("access").premium ? subscription : null;
    return c.json({ data: { ...services.accounts.publicUser(user, { identities: await services.accounts.identities(user) }), userSubscription } }, 200);
  });

  api.openapi(route("post", "/users/me", "Updates the profile, language, Telegram and notification flags or preferences", jsonBody), async (c) => {
    const updated = await services.accounts.update(requireUser(c), await readBody(c));
    return c.json({ data: services.accounts.publicUser(updated) }, 200);
  });

  api.openapi(route("post", "/users/timezone", "Saves the user's time zone", jsonBody), async (c) => {
    const body = await readBody(c);
    const updated = await services.accounts.update(requireUser(c), { timezone: body.timezone ?? null });
    return c.json({ data: services.accounts.publicUser(updated) }, 200);
  });

  api.openapi(route("post", "/users/me/password", "Changes the password (currentPassword, password, confirmPassword)", jsonBody), async (c) => {
    await services.accounts.changePassword(requireUser(c), await readBody(c), c.get("sessionToken"));
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("get", "/users/me/export", "Everything stored about the account, as a JSON download"), async (c) => {
    const data = await services.accounts.exportData(requireUser(c));
    c.header("Content-Disposition", 'attachment; filename="pitchlab-account.json"');
    return c.json({ data }, 200);
  });

  api.openapi(route("delete", "/users/me", "Deletes the account and all its data (body: password)", jsonBody), async (c) => {
    const body = await readBody(c);
    await services.accounts.deleteAccount(requireUser(c), typeof body.password === "string" ? body.password : undefined);
    c.header("Set-Cookie", clearedSessionCookie(options.secureCookies));
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("get", "/users/verify", "Verifies the e-mail address from the mailed link", { query: z.object({ userKey: z.string(), userId: z.coerce.number().int() }) }), async (c) => {
    const { userKey, userId } = c.req.valid("query");
    if (!(await services.accounts.verify(userId, userKey))) throw new ServiceError(400, "auth.activationKO");
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(route("post", "/users/generatepassword", "Sets a new password from a reset link (users_key, users_id, password)", formBody), async (c) => {
    const body = await readBody(c);
    try {
      await services.accounts.resetPassword(Number(body.users_id), String(body.users_key ?? ""), {
        password: body.password,
        confirmPassword: body.confirmPassword ?? body.password,
      });
    } catch (error) {
      // SPEC §7.1: a failure carries specificCode.
      if (isServiceError(error)) return c.json({ error: error.message, code: error.message, specificCode: error.message === "auth.resetLinkInvalid" ? "resetPasswordKO" : "invalidPassword" }, 400);
      throw error;
    }
    return c.json({ data: { ok: true } }, 200);
  });

  api.openapi(
    route("get", "/users/sendActivationLink/website", "Mails the activation link again (the same answer for any address)", {
      query: z.object({ email: z.string(), language: z.string().optional(), token: z.string().optional() }),
    }),
    async (c) => {
      const { email, language } = c.req.valid("query");
      await services.accounts.sendActivationLink(email, language, { ip: c.get("clientIp") });
      return c.json({ data: { ok: true } }, 200);
    },
  );

  api.openapi(route("get", "/users/filternotificationsettings", "Which figures the filter alerts carry", { query: z.object({ type: z.string() }) }), async (c) =>
    c.json({ data: await services.accounts.filterNotificationSettings(requireUser(c), c.req.valid("query").type) }, 200),
  );

  api.openapi(route("put", "/users/filternotificationsettings", "Saves which figures the filter alerts carry", jsonBody), async (c) =>
    c.json({ data: await services.accounts.saveFilterNotificationSettings(requireUser(c), await readBody(c)) }, 200),
  );

  api.openapi(route("post", "/users/newsletterUnsubscribe", "Unsubscribes from the newsletter (user_key, user_id)", formBody), async (c) => {
    const body = await readBody(c);
    await services.accounts.newsletterUnsubscribe(Number(body.user_id), String(body.user_key ?? ""));
    return c.json({ data: { ok: true } }, 200);
  });

  // Social login: the provider's page, then its callback; the state (and PKCE verifier) ride in a short cookie.
  api.get("/auth/oauth/:provider", (c) => {
    const provider = services.accounts.oauthProvider(c.req.param("provider"));
    const { url, state, verifier } = provider.start();
    setCookie(c, OAUTH_COOKIE, JSON.stringify({ state, verifier, locale: requestLocale(c), redirectTo: c.req.query("redirectTo") ?? "" }), {
      path: "/",
      httpOnly: true,
      // Apple comes back with a cross-site POST: that cookie must travel with it.
      sameSite: c.req.param("provider") === "apple" ? "None" : "Lax",
      secure: options.secureCookies || c.req.param("provider") === "apple",
      maxAge: 600,
    });
    return c.redirect(url.toString());
  });

  api.get("/auth/oauth/:provider/callback", async (c) => finishOAuth(c, c.req.param("provider") as OAuthProviderName, c.req.query("code"), c.req.query("state")));

  async function finishOAuth(c: C, name: string, code: string | undefined, state: string | undefined, appleUser?: string) {
    const saved = JSON.parse(getCookie(c, OAUTH_COOKIE) ?? "null") as { state: string; verifier: string; locale: string; redirectTo: string } | null;
    deleteCookie(c, OAUTH_COOKIE, { path: "/" });
    const locale = saved?.locale && isLocale(saved.locale) ? saved.locale : DEFAULT_LOCALE;
    const prefix = locale === DEFAULT_LOCALE ? "" : `/${locale}`;
    const login = pagePath(locale, "login");
    if (!saved || !code || state !== saved.state) return c.redirect(`${login}?error=auth.socialFailed`);
    try {
      const profile = await services.accounts.oauthProvider(name).finish(code, saved.verifier, appleUser);
      const session = await services.accounts.socialLogin(profile, saved.locale, c.get("sessionToken"));
      startSession(c, session);
      const target = saved.redirectTo.startsWith("/") && !saved.redirectTo.startsWith("//") ? saved.redirectTo : `${prefix}/`;
      return c.redirect(target);
    } catch (error) {
      const key = isServiceError(error) ? error.message : "auth.socialFailed";
      return c.redirect(`${login}?error=${encodeURIComponent(key)}`);
    }
  }

  return { api, finishOAuth };
}
