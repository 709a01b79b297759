import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { type FormFailure, formAction } from "../../auth.server.ts";
import { Captcha } from "../../components/captcha.tsx";
import { AuthCard, Field, FormAlert, primaryButton } from "../../components/form.tsx";
import { pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/forgot-password";

export function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const done = await formAction(form, () =>
    context.services.accounts.requestPasswordReset(String(form.email ?? ""), {
      ip: context.clientIp,
      captcha: String(form.captcha ?? form["g-recaptcha-response"] ?? "") || undefined,
    }),
  );
  return done.ok ? { sent: true } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.forgotTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  return (
    <AuthCard title={t("auth.forgotTitle")} intro={t("auth.forgotIntro")}>
      {actionData && "sent" in actionData ? (
        <FormAlert tone="success" message="auth.resetSent" />
      ) : (
        <Form method="post" noValidate className="space-y-4">
          <FormAlert message={failure?.error} vars={failure?.vars} />
          <Field
            name="email"
            type="email"
            label={t("auth.email")}
            autoComplete="email"
            required
            defaultValue={failure?.values.email}
            error={failure?.fields.email}
          />
          <Captcha action="reset" />
          <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
            {t("auth.sendResetLink")}
          </button>
        </Form>
      )}
      <Link
        to={pagePath(loaderData.locale, "login")}
        className="inline-block text-sm text-pitch-700 underline dark:text-pitch-100"
      >
        {t("auth.login")}
      </Link>
    </AuthCard>
  );
}
