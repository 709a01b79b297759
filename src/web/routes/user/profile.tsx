import { useTranslation } from "react-i18next";
import { Form, data, redirect, useNavigation } from "react-router";
import { MATCH_EVENTS } from "../../../domain/accounts/rules.ts";
import { clearedSessionCookie } from "../../../domain/accounts/session-cookie.ts";
import { type FormFailure, formAction, requireUser } from "../../auth.server.ts";
import { Field, FormAlert, inputClass, primaryButton } from "../../components/form.tsx";
import { LANGUAGE_NAMES } from "../../components/shell/settings-menu.tsx";
import { LOCALES, isLocale } from "../../../i18n/locales.ts";
import { homePath, translatePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { autoRenewalAction } from "../../premium.server.ts";
import { SubscriptionPanel } from "../../components/premium/subscription-panel.tsx";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    user: context.services.accounts.publicUser(user, { identities: await context.services.accounts.identities(user) }),
    timeZones: Intl.supportedValuesOf("timeZone"),
    premium: context.access.premium,
    overview: await context.services.payments.overview(user),
  };
}

const YEAR = 365 * 24 * 3600;

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = Object.fromEntries(await request.formData());
  const accounts = context.services.accounts;
  const intent = String(form.intent ?? "");
  if (intent === "logout") {
    await accounts.logout(context.sessionToken);
    return redirect(homePath(locale), { headers: { "Set-Cookie": clearedSessionCookie(context.secureCookies) } });
  }
  if (intent === "delete") {
    const done = await formAction(form, () => accounts.deleteAccount(user, String(form.password ?? "")));
    if (!done.ok) return done.failure;
    return redirect(`${homePath(locale)}?deleted=1`, {
      headers: { "Set-Cookie": clearedSessionCookie(context.secureCookies) },
    });
  }
  if (intent === "autoRenewal") return autoRenewalAction(context, user, form);
  if (intent === "password") {
    const done = await formAction(form, () => accounts.changePassword(user, form, context.sessionToken));
    return done.ok ? { intent, saved: "profile.passwordChanged" } : done.failure;
  }
  if (intent === "settings") {
    const language = String(form.languageCode);
    const events = form.allEvents === "on" ? ["all"] : MATCH_EVENTS.filter((e) => form[`event_${e}`] === "on");
    const done = await formAction(form, () =>
      accounts.update(user, {
        timezone: form.timezone ? String(form.timezone) : null,
        languageCode: language,
        notificationEvents: events,
      }),
    );
    if (!done.ok) return done.failure;
    const headers = new Headers();
    if (form.timezone)
      headers.append(
        "Set-Cookie",
        `tz=${encodeURIComponent(String(form.timezone))}; Path=/; Max-Age=${YEAR}; SameSite=Lax`,
      );
    // A new language: the profile again, in that language (SPEC §4 language change).
    if (isLocale(language) && language !== locale) {
      headers.append("Set-Cookie", `i18n_redirected=${language}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
      return redirect(translatePath(url.pathname, language) ?? homePath(language), { headers });
    }
    return data({ intent, saved: "profile.saved" }, { headers });
  }
  const done = await formAction(form, () =>
    accounts.update(user, {
      firstName: form.firstName,
      lastName: form.lastName,
      username: String(form.username ?? "").trim() || null,
      newsletter: form.newsletter === "on",
    }),
  );
  return done.ok ? { intent: "account", saved: "profile.saved" } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("profile.title") }),
    { name: "robots", content: "noindex" },
  ];
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { user, timeZones } = loaderData;
  const result = (actionData ?? null) as (Partial<FormFailure> & { intent?: string; saved?: string }) | null;
  const failure = result?.error ? (result as FormFailure) : null;
  const saved = (intent: string) =>
    result?.saved && result.intent === intent ? <FormAlert tone="success" message={result.saved} /> : null;
  const wants = (e: string) => user.notificationEvents.includes(e) || user.notificationEvents.includes("all");
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="logout"
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("auth.logout")}
          </button>
        </Form>
      </div>
      <FormAlert message={failure?.error} />

      <Section title={t("profile.editAccount")}>
        {saved("account")}
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <Field
            name="firstName"
            label={t("auth.firstName")}
            defaultValue={user.firstName}
            required
            autoComplete="given-name"
            error={failure?.fields.firstName}
          />
          <Field
            name="lastName"
            label={t("auth.lastName")}
            defaultValue={user.lastName}
            required
            autoComplete="family-name"
            error={failure?.fields.lastName}
          />
          <Field
            name="username"
            label={t("profile.username")}
            defaultValue={user.username ?? ""}
            autoComplete="nickname"
            error={failure?.fields.username}
          />
          <Field name="email" label={t("auth.email")} defaultValue={user.email} readOnly disabled />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="newsletter" defaultChecked={user.newsletter} className="size-4" />
            {t("profile.newsletter")}
          </label>
          {user.identities.length > 0 && (
            <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
              {t("profile.signedInWith", { providers: user.identities.join(", ") })}
            </p>
          )}
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="account" disabled={busy} className={primaryButton}>
              {t("profile.save")}
            </button>
          </div>
        </Form>
      </Section>

      <Section title={t("profile.changePassword")}>
        {saved("password")}
        <Form method="post" className="grid gap-4 sm:grid-cols-3">
          {user.hasPassword && (
            <Field
              name="currentPassword"
              type="password"
              label={t("profile.currentPassword")}
              autoComplete="current-password"
            />
          )}
          <Field
            name="password"
            type="password"
            label={t("auth.newPassword")}
            autoComplete="new-password"
            minLength={8}
          />
          <Field name="confirmPassword" type="password" label={t("auth.confirmPassword")} autoComplete="new-password" />
          <div className="sm:col-span-3">
            <button type="submit" name="intent" value="password" disabled={busy} className={primaryButton}>
              {t("profile.changePassword")}
            </button>
          </div>
        </Form>
      </Section>

      <Section title={t("settings.title")}>
        {saved("settings")}
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium">
            {t("profile.timezone")}
            <select name="timezone" defaultValue={user.timezone ?? ""} className={inputClass}>
              <option value="">—</option>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t("profile.language")}
            <select name="languageCode" defaultValue={user.languageCode} className={inputClass}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium">{t("profile.notificationEvents")}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="allEvents"
                  defaultChecked={user.notificationEvents.includes("all")}
                  className="size-4"
                />
                {t("profile.events.all")}
              </label>
              {MATCH_EVENTS.map((e) => (
                <label key={e} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`event_${e}`} defaultChecked={wants(e)} className="size-4" />
                  {t(`profile.events.${e}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="settings" disabled={busy} className={primaryButton}>
              {t("profile.save")}
            </button>
          </div>
        </Form>
      </Section>

      <Section title={t("profile.subscription")}>
        {saved("autoRenewal")}
        <SubscriptionPanel overview={loaderData.overview} premium={loaderData.premium} />
      </Section>

      <Section title={t("profile.yourData")}>
        <a
          href="/api/v1/users/me/export"
          download
          className="inline-block rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {t("profile.export")}
        </a>
        <Form method="post" className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <h3 className="font-medium text-red-700 dark:text-red-400">{t("profile.deleteAccount")}</h3>
          <p className="text-sm">{t("profile.deleteWarning")}</p>
          {user.hasPassword && (
            <Field
              name="password"
              type="password"
              label={t("profile.deleteConfirm")}
              autoComplete="current-password"
              error={failure?.fields.password}
            />
          )}
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {t("profile.deleteAccount")}
          </button>
        </Form>
      </Section>
    </main>
  );
}
