import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { type FormFailure, formAction } from "../../auth.server.ts";
import { AuthCard, Field, FormAlert, primaryButton } from "../../components/form.tsx";
import { pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/reset-password";

function linkOf(url: URL) {
  return { userId: Number(url.searchParams.get("userId")), userKey: url.searchParams.get("userKey") ?? "" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const { userId, userKey } = linkOf(url);
  const valid = await context.services.accounts.resetLinkValid(userId, userKey);
  return { locale, origin: url.origin, pathname: url.pathname, valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { userId, userKey } = linkOf(new URL(request.url));
  const form = Object.fromEntries(await request.formData());
  const done = await formAction(form, () => context.services.accounts.resetPassword(userId, userKey, form));
  return done.ok ? { done: true } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.resetTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const { locale } = loaderData;
  const done = actionData && "done" in actionData;
  // resetPasswordKO: the link is unknown, used or expired.
  const invalid = !done && (!loaderData.valid || failure?.error === "auth.resetLinkInvalid");
  return (
    <AuthCard title={t("auth.resetTitle")}>
      {done ? (
        <FormAlert tone="success" message="auth.resetDone" />
      ) : invalid ? (
        <>
          <FormAlert message="auth.resetLinkInvalid" />
          <Link
            to={pagePath(locale, "forgotPassword")}
            className="inline-block font-semibold text-pitch-700 underline dark:text-pitch-100"
          >
            {t("auth.sendResetLink")}
          </Link>
        </>
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <FormAlert message={failure?.error} />
          <Field
            name="password"
            type="password"
            label={t("auth.newPassword")}
            autoComplete="new-password"
            required
            minLength={8}
            error={failure?.fields.password}
          />
          <Field
            name="confirmPassword"
            type="password"
            label={t("auth.confirmPassword")}
            autoComplete="new-password"
            required
            error={failure?.fields.confirmPassword}
          />
          <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
            {t("auth.savePassword")}
          </button>
        </Form>
      )}
      {(done || invalid) && (
        <Link to={pagePath(locale, "login")} className="block text-sm text-pitch-700 underline dark:text-pitch-100">
          {t("auth.login")}
        </Link>
      )}
    </AuthCard>
  );
}
