import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { type FormFailure, formAction, redirectAfterLogin, safeTarget } from "../../auth.server.ts";
import { Captcha } from "../../components/captcha.tsx";
import { AuthCard, Field, FormAlert, primaryButton } from "../../components/form.tsx";
import { SocialButtons } from "../../components/social-buttons.tsx";
import { homePath, pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/login";
import { hasScanners } from "../../../domain/premium/features.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const redirectTo = safeTarget(url.searchParams.get("redirectTo"));
  if (context.user) throw redirect(redirectTo ?? homePath(locale));
  return { locale, origin: url.origin, pathname: url.pathname, redirectTo, error: url.searchParams.get("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const client = {
    ip: context.clientIp,
    captcha: String(form.captcha ?? form["g-recaptcha-response"] ?? "") || undefined,
  };
  if (form.intent === "resend") {
    const { locale } = pageContext(request);
    const done = await formAction(form, () =>
      context.services.accounts.sendActivationLink(String(form.email ?? ""), locale, client),
    );
    return done.ok ? { sent: true } : done.failure;
  }
  const done = await formAction(form, () =>
    context.services.accounts.login(
      { email: form.email, password: form.password, rememberMe: form.rememberMe === "on" },
      client,
      context.sessionToken,
    ),
  );
  if (!done.ok) return done.failure;
  return redirectAfterLogin(done.result, safeTarget(form.redirectTo), context.secureCookies);
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.loginTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const sent = actionData && "sent" in actionData;
  const { locale, redirectTo } = loaderData;
  return (
    <AuthCard title={t("auth.loginTitle")} intro={t(hasScanners() ? "auth.loginIntro" : "site.loginIntro")}>
      <FormAlert message={failure?.error ?? loaderData.error} vars={failure?.vars} />
      {sent && <FormAlert tone="success" message="auth.activationSent" />}
      <Form method="post" noValidate className="space-y-4">
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <Field
          name="email"
          type="email"
          label={t("auth.email")}
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fields.email}
        />
        <Field
          name="password"
          type="password"
          label={t("auth.password")}
          autoComplete="current-password"
          required
          error={failure?.fields.password}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="rememberMe"
            className="size-4"
            defaultChecked={failure?.values.rememberMe === "on"}
          />
          {t("auth.rememberMe")}
        </label>
        {failure?.fields.captcha && <Captcha action="login" />}
        <button type="submit" name="intent" value="login" disabled={busy} className={`${primaryButton} w-full`}>
          {t("auth.login")}
        </button>
        {failure?.error === "auth.notVerified" && (
          <button
            type="submit"
            name="intent"
            value="resend"
            className="w-full rounded-lg border border-pitch-700 px-4 py-2 font-medium text-pitch-700 dark:border-pitch-100 dark:text-pitch-100"
          >
            {t("auth.sendActivationLink")}
          </button>
        )}
      </Form>
      <SocialButtons redirectTo={redirectTo} />
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to={pagePath(locale, "forgotPassword")} className="text-pitch-700 underline dark:text-pitch-100">
          {t("auth.forgotPassword")}
        </Link>
        <span>
          {t("auth.noAccount")}{" "}
          <Link
            to={`${pagePath(locale, "register")}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
            className="font-semibold text-pitch-700 underline dark:text-pitch-100"
          >
            {t("auth.register")}
          </Link>
        </span>
      </div>
    </AuthCard>
  );
}
