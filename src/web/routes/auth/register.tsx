import { Trans, useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { type FormFailure, formAction, safeTarget } from "../../auth.server.ts";
import { Captcha } from "../../components/captcha.tsx";
import { AuthCard, Field, FormAlert, primaryButton } from "../../components/form.tsx";
import { SocialButtons } from "../../components/social-buttons.tsx";
import { homePath, pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/register";
import { FEATURE_FLAGS } from "../../../domain/premium/features.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  if (context.user) throw redirect(homePath(locale));
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    redirectTo: safeTarget(url.searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, timeZone } = pageContext(request);
  const form = Object.fromEntries(await request.formData());
  const done = await formAction(form, () =>
    context.services.accounts.register(
      { ...form, terms: form.terms === "on", languageCode: locale, timezone: timeZone === "UTC" ? null : timeZone },
      {
        ip: context.clientIp,
        captcha: String(form.captcha ?? form["g-recaptcha-response"] ?? "") || undefined,
        affiliateId: Number(/(?:^|;\s*)pl_via=(\d+)/.exec(request.headers.get("cookie") ?? "")?.[1]) || null,
      },
    ),
  );
  return done.ok ? { registered: true } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.registerTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const { locale, redirectTo } = loaderData;
  if (actionData && "registered" in actionData) {
    return (
      <AuthCard title={t("auth.registerTitle")}>
        <FormAlert tone="success" message="auth.registered" />
        <Link
          to={pagePath(locale, "login")}
          className="inline-block font-semibold text-pitch-700 underline dark:text-pitch-100"
        >
          {t("auth.login")}
        </Link>
      </AuthCard>
    );
  }
  const err = (field: string) => failure?.fields[field];
  const legal = "font-medium text-pitch-700 underline dark:text-pitch-100";
  return (
    <AuthCard
      title={t("auth.registerTitle")}
      intro={t(FEATURE_FLAGS.liveScanner ? "auth.registerIntro" : "site.registerIntro")}
    >
      <FormAlert message={failure?.error} vars={failure?.vars} />
      <Form method="post" noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="firstName"
            label={t("auth.firstName")}
            autoComplete="given-name"
            required
            defaultValue={failure?.values.firstName}
            error={err("firstName")}
          />
          <Field
            name="lastName"
            label={t("auth.lastName")}
            autoComplete="family-name"
            required
            defaultValue={failure?.values.lastName}
            error={err("lastName")}
          />
        </div>
        <Field
          name="email"
          type="email"
          label={t("auth.email")}
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={err("email")}
        />
        <Field
          name="password"
          type="password"
          label={t("auth.password")}
          autoComplete="new-password"
          required
          minLength={8}
          error={err("password")}
        />
        <Field
          name="confirmPassword"
          type="password"
          label={t("auth.confirmPassword")}
          autoComplete="new-password"
          required
          error={err("confirmPassword")}
        />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 size-4"
              aria-invalid={err("terms") ? true : undefined}
              aria-describedby={err("terms") ? "terms-error" : undefined}
            />
            <span>
              <Trans
                i18nKey="auth.termsLabel"
                components={{
                  terms: <Link to={pagePath(locale, "terms")} className={legal} />,
                  privacy: <Link to={pagePath(locale, "privacy")} className={legal} />,
                }}
              />
            </span>
          </label>
          {err("terms") && (
            <p id="terms-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {t(err("terms")!)}
            </p>
          )}
        </div>
        <Captcha action="register" />
        {err("captcha") && <FormAlert message={err("captcha")} />}
        <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
          {t("auth.register")}
        </button>
      </Form>
      <SocialButtons redirectTo={redirectTo} />
      <p className="text-sm">
        {t("auth.haveAccount")}{" "}
        <Link to={pagePath(locale, "login")} className="font-semibold text-pitch-700 underline dark:text-pitch-100">
          {t("auth.login")}
        </Link>
      </p>
    </AuthCard>
  );
}
