import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { OAuthProviderName } from "../../services/accounts.ts";
import type { Session } from "../../services/accounts.ts";
import { ServiceError, isServiceError } from "../../services/errors.ts";
import { safeTarget } from "../../domain/safe-redirect.ts";
import type { Services } from "../../services/index.ts";
import { clearedSessionCookie, sessionCookie } from "../../domain/accounts/session-cookie.ts";
import { DEFAULT_LOCALE, isLocale, localePrefix } from "../../i18n/locales.ts";
import * as answers from "./answers.gen.ts";
import {
  type ApiContext,
  Done,
  type ErrorBody,
  createApiApp,
  done,
  idNumber,
  idText,
  jsonBody,
  ok,
  requestLocale,
  requireUser,
  route,
  serviceErrorResponse,
  z,
} from "./contract.ts";
import { VIA_COOKIE } from "../affiliate-cookie.ts";
import { translate } from "../../i18n/messages.server.ts";
import { pagePath } from "../../i18n/paths.ts";

type C = ApiContext;

const text = (description?: string) =>
  z
    .string()
    .max(10_000)
    .optional()
    .openapi(description ? { description } : {});
const flag = z.union([z.boolean(), z.enum(["true", "false", "on"])]).optional();
const captcha = {
  captcha: text("reCAPTCHA answer, when configured"),
  "g-recaptcha-response": text("the same, as reCAPTCHA's widget names it"),
};

const RegisterBody = z
  .object({
    firstName: text(),
    lastName: text(),
    email: text(),
    password: text(),
    confirmPassword: text(),
    terms: flag.openapi({ description: "true: the terms and the privacy policy are accepted" }),
    languageCode: text("one of the 11 locales; default en"),
    timezone: z.string().max(64).nullable().optional(),
    ...captcha,
  })
  .openapi("Registration");
const LoginBody = z.object({ email: text(), password: text(), rememberMe: flag, ...captcha }).openapi("Login");
const EmailBody = z.object({ email: text(), ...captcha }).openapi("PasswordResetRequest");
const PreferencesBody = z
  .object({
    oddsFormat: z.number().optional(),
    theme: z.enum(["light", "dark"]).optional(),
    bookmakerCountry: z.number().optional(),
    showHomeUpperDescription: z.boolean().optional(),
    topLeagues: z.object({ countryCode: z.string(), expiresAt: z.number() }).optional(),
  })
  .openapi("Preferences");
const ProfileBody = z
  .object({
    firstName: text(),
    lastName: text(),
    username: z.string().max(200).nullable().optional(),
    languageCode: text(),
    timezone: z.string().max(64).nullable().optional(),
    newsletter: z.boolean().optional(),
    telegramUsername: z.string().max(64).nullable().optional(),
    telegramNotificationsEnabled: z.boolean().optional(),
    telegramPreMatchNotificationsEnabled: z.boolean().optional(),
    valueBetNotificationsEnabled: z.boolean().optional(),
    notificationEvents: z.array(z.string().max(32)).max(50).optional(),
    preferences: PreferencesBody.optional(),
  })
  .openapi("ProfileUpdate");
const TimezoneBody = z.object({ timezone: z.string().max(64).nullable().optional() }).openapi("TimezoneUpdate");
const PasswordChangeBody = z
  .object({ currentPassword: text(), password: text(), confirmPassword: text() })
  .openapi("PasswordChange");
const DeleteAccountBody = z
  .object({ password: text("the password, for an account that has one") })
  .openapi("AccountDeletion");
const NewPasswordBody = z
  .object({
    users_id: z.union([idNumber, idText]),
    users_key: z.string().max(200),
    password: text(),
    confirmPassword: text(),
  })
  .openapi("PasswordReset");
const UnsubscribeBody = z
  .object({ user_id: z.union([idNumber, idText]), user_key: z.string().max(200) })
  .openapi("NewsletterUnsubscribe");
const FilterNotificationBody = z
  .object({ type: z.enum(["live", "prematch"]) })
  .catchall(z.boolean())
  .openapi("FilterNotificationSettings", {
    description: "type, and true/false per figure (roi, successPercentage, picks, odds1x2, …)",
  });

/** A body sent as JSON or as an HTML form (links in mails post forms). */
const formOrJson = <T extends z.ZodType>(schema: T) => ({
  // not `required`: with both types required, the JSON validator would refuse a form and the form one JSON
  body: { content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } } },
});
/** The validated body of a formOrJson route, whichever content type came. */
function formOrJsonBody<T extends z.ZodType>(c: C, schema: T): z.infer<T> {
  const type = c.req.header("content-type") ?? "";
  const raw = type.includes("json")
    ? c.req.valid("json" as never)
    : type.includes("form")
      ? c.req.valid("form" as never)
      : undefined;
  return schema.parse(raw) as z.infer<T>;
}

const signedIn = { 401: "Not signed in" } as const;
const attempts = { 429: "Too many attempts" } as const;
/** A JSON value (the export holds the account's rows as they are stored). */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const JsonValue: z.ZodType<Json> = z
  .lazy(() =>
    z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)]),
  )
  .openapi("JsonValue");
const Rows = z.array(z.record(z.string(), JsonValue));
const AccountExport = z
  .object({
    exportedAt: z.string(),
    account: z.record(z.string(), JsonValue),
    affiliate: z.object({
      referredBy: z.record(z.string(), JsonValue).nullable(),
      referrals: Rows,
      clicks: Rows,
      commissions: Rows,
      payouts: Rows,
    }),
    otherRecords: z
      .record(z.string(), Rows)
      .openapi({ description: "rows of every other table that refers to the account, by table" }),
  })
  .catchall(Rows)
  .openapi("AccountExport", {
    description:
      "the account, then every table's rows that belong to it (sessions, identities, favourites, payments, …)",
  });

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

/** Accounts for API clients and the site's scripts: registration, sessions, profile (SPEC §7.1). */
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

  api.openapi(
    route({
      method: "get",
      path: "/users/me",
      tags,
      summary: "The signed-in user; userSubscription is present (not null) for a premium member",
      request: {
        query: z.object({
          includeSubscription: z.string().max(10).optional(),
          includeStripePaymentData: z.string().max(10).optional(),
        }),
      },
      data: answers.Me,
      errors: signedIn,
    }),
    async (c) => {
      const user = requireUser(c);
      const { subscription } = await services.payments.overview(user);
      // SPEC §3: a present userSubscription means premium.
      const userSubscription = c.get("access").premium ? subscription : null;
      return ok(c, {
        ...services.accounts.publicUser(user, { identities: await services.accounts.identities(user) }),
        userSubscription,
      });
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/users/me",
      tags,
      summary: "Updates the profile, language, Telegram and notification flags or preferences",
      request: jsonBody(ProfileBody),
      data: answers.PublicUser,
      errors: signedIn,
    }),
    async (c) =>
      ok(c, services.accounts.publicUser(await services.accounts.update(requireUser(c), c.req.valid("json")))),
  );

  api.openapi(
    route({
      method: "post",
      path: "/users/timezone",
      tags,
      summary: "Saves the user's time zone",
      request: jsonBody(TimezoneBody),
      data: answers.PublicUser,
      errors: signedIn,
    }),
    async (c) =>
      ok(
        c,
        services.accounts.publicUser(
          await services.accounts.update(requireUser(c), { timezone: c.req.valid("json").timezone ?? null }),
        ),
      ),
  );

  api.openapi(
    route({
      method: "post",
      path: "/users/me/password",
      tags,
      summary: "Changes the password (currentPassword, password, confirmPassword)",
      request: jsonBody(PasswordChangeBody),
      data: Done,
      errors: signedIn,
    }),
    async (c) => {
      await services.accounts.changePassword(requireUser(c), c.req.valid("json"), c.get("sessionToken"));
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/me/export",
      tags,
      summary: "Everything stored about the account, as a JSON download",
      data: AccountExport,
      errors: signedIn,
    }),
    async (c) => {
      // Streamed: `{"data": …}` written piece by piece as the rows are read, a batch at a time in memory.
      const pieces = services.accounts.exportStream(requireUser(c));
      const first = await pieces.next();
      const encoder = new TextEncoder();
      let started = false;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!started) {
            started = true;
            controller.enqueue(encoder.encode(`{"data":${first.done ? "null" : first.value}`));
            return;
          }
          const next = await pieces.next();
          if (next.done) {
            controller.enqueue(encoder.encode("}"));
            controller.close();
          } else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await pieces.return(undefined);
        },
      });
      return c.body(body, 200, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": 'attachment; filename="pitchlab-account.json"',
      }) as never;
    },
  );

  api.openapi(
    route({
      method: "delete",
      path: "/users/me",
      tags,
      summary: "Deletes the account and all its data (body: password)",
      request: { body: { content: { "application/json": { schema: DeleteAccountBody } } } },
      data: Done,
      errors: signedIn,
    }),
    async (c) => {
      await services.accounts.deleteAccount(requireUser(c), c.req.valid("json").password);
      c.header("Set-Cookie", clearedSessionCookie(options.secureCookies));
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/verify",
      tags,
      summary: "Verifies the e-mail address from the mailed link",
      request: { query: z.object({ userKey: z.string().min(1).max(200), userId: idText }) },
      data: Done,
    }),
    async (c) => {
      const { userKey, userId } = c.req.valid("query");
      if (!(await services.accounts.verify(userId, userKey))) throw new ServiceError(400, "auth.activationKO");
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "post",
      path: "/users/generatepassword",
      tags,
      summary: "Sets a new password from a reset link (users_key, users_id, password)",
      request: formOrJson(NewPasswordBody),
      data: Done,
    }),
    async (c) => {
      const body = formOrJsonBody(c, NewPasswordBody);
      try {
        await services.accounts.resetPassword(body.users_id, body.users_key, {
          password: body.password,
          confirmPassword: body.confirmPassword ?? body.password,
        });
      } catch (error) {
        // SPEC §7.1: a failure carries specificCode.
        if (!isServiceError(error)) throw error;
        const answer: ErrorBody = {
          error: translate(requestLocale(c), error.message),
          code: error.message,
          specificCode: error.message === "auth.resetLinkInvalid" ? "resetPasswordKO" : "invalidPassword",
        };
        return c.json(answer, 400);
      }
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/sendActivationLink/website",
      tags,
      summary: "Mails the activation link again (the same answer for any address)",
      request: {
        query: z.object({
          email: z.string().max(320),
          language: z.string().max(10).optional(),
          token: z.string().max(4000).optional(),
        }),
      },
      data: Done,
      errors: attempts,
    }),
    async (c) => {
      const { email, language } = c.req.valid("query");
      await services.accounts.sendActivationLink(email, language, { ip: c.get("clientIp") });
      return done(c);
    },
  );

  api.openapi(
    route({
      method: "get",
      path: "/users/filternotificationsettings",
      tags,
      summary: "Which figures the filter alerts carry",
      request: { query: z.object({ type: z.enum(["live", "prematch"]) }) },
      data: answers.FilterNotificationSettings,
      errors: signedIn,
    }),
    async (c) => ok(c, await services.accounts.filterNotificationSettings(requireUser(c), c.req.valid("query").type)),
  );

  api.openapi(
    route({
      method: "put",
      path: "/users/filternotificationsettings",
      tags,
      summary: "Saves which figures the filter alerts carry",
      request: jsonBody(FilterNotificationBody),
      data: answers.SavedFilterNotificationSettings,
      errors: signedIn,
    }),
    async (c) => ok(c, await services.accounts.saveFilterNotificationSettings(requireUser(c), c.req.valid("json"))),
  );

  api.openapi(
    route({
      method: "post",
      path: "/users/newsletterUnsubscribe",
      tags,
      summary: "Unsubscribes from the newsletter (user_key, user_id)",
      request: formOrJson(UnsubscribeBody),
      data: Done,
    }),
    async (c) => {
      const body = formOrJsonBody(c, UnsubscribeBody);
      await services.accounts.newsletterUnsubscribe(body.user_id, body.user_key);
      return done(c);
    },
  );

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
