import { ServiceError, isServiceError } from "../../services/errors.ts";
import type { Services } from "../../services/index.ts";
import { clearedSessionCookie } from "../../domain/accounts/session-cookie.ts";
import { translate } from "../../i18n/messages.server.ts";
import * as answers from "./answers.gen.ts";
import {
  AccountExport,
  DeleteAccountBody,
  FilterNotificationBody,
  NewPasswordBody,
  PasswordChangeBody,
  ProfileBody,
  TimezoneBody,
  UnsubscribeBody,
  attempts,
  formOrJson,
  formOrJsonBody,
  signedIn,
} from "./accounts-schemas.ts";
import {
  Done,
  type ErrorBody,
  createApiApp,
  done,
  idText,
  jsonBody,
  ok,
  requestLocale,
  requireUser,
  route,
  z,
} from "./contract.ts";

/** The `/users` part of the accounts API: profile, password, export, deletion, mailed links (SPEC §7.1). */
export function profileRoutes(services: Services, options: { secureCookies: boolean }) {
  const api = createApiApp();
  const tags = ["Accounts"];

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
      auth: "none",
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
      auth: "none",
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
      auth: "none",
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
      auth: "none",
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

  return api;
}
