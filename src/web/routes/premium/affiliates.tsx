import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { PAYOUT_METHODS } from "../../../domain/premium/affiliate.ts";
import { type FormFailure, formAction, requireUser } from "../../auth.server.ts";
import { FormAlert, inputClass, primaryButton } from "../../components/form.tsx";
import { formatMoney } from "../../components/premium/premium-gate.tsx";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { prefix } from "../../../i18n/paths.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/affiliates";
import { ScrollRegion } from "../../components/scroll-region.tsx";

/** The affiliate dashboard: tracking link, clicks, sign-ups, payments, earnings and payouts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    dashboard: await context.services.affiliates.dashboard(user),
    currency: context.services.payments.prices.currency,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = Object.fromEntries(await request.formData());
  const done = await formAction(form, () =>
    context.services.affiliates.requestPayout(user, { method: form.method, details: form.details }),
  );
  return done.ok ? { saved: "affiliates.payoutRequested" } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("affiliates.title") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Affiliates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { dashboard: d, origin, currency } = loaderData;
  const busy = useNavigation().state !== "idle";
  const tag = LOCALE_TAGS[locale];
  const money = (cents: number) => formatMoney(cents, currency, tag);
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const link = `${origin}${prefix(locale) || "/"}?via=${d.affiliateId}`;
  const figures: Array<[string, string]> = [
    ["clicks", String(d.clicks)],
    ["signups", String(d.signups)],
    ["payments", String(d.payments)],
    ["pending", money(d.earnings.pendingCents)],
    ["locked", money(d.earnings.lockedCents)],
    ["paid", money(d.earnings.paidCents)],
  ];
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("affiliates.title")}</h1>
      <p className="text-slate-600 dark:text-slate-400">
        {t("affiliates.intro")}{" "}
        <a className="underline" href={premiumPath(locale, "affiliateGuide")}>
          {t("affiliates.guideLink")}
        </a>
      </p>
      <label className="block text-sm font-medium">
        {t("affiliates.yourLink")}
        <input readOnly value={link} className={`${inputClass} font-mono`} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`affiliates.figures.${key}`)}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-labelledby="payout-heading"
        className="space-y-3 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900"
      >
        <h2 id="payout-heading" className="text-lg font-semibold">
          {t("affiliates.payoutHeading")}
        </h2>
        <p className="text-sm">{t("affiliates.payoutRules", { minimum: money(d.minPayoutCents) })}</p>
        <FormAlert message={actionData && "saved" in actionData ? actionData.saved : null} tone="success" />
        <FormAlert message={failure?.error} />
        {d.canRequestPayout ? (
          <Form method="post" className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
            <label className="text-sm font-medium">
              {t("affiliates.method")}
              <select name="method" className={inputClass}>
                {PAYOUT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`affiliates.methods.${m}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-medium">
              {t("affiliates.details")}
              <input name="details" className={inputClass} aria-invalid={failure?.fields.details ? true : undefined} />
            </label>
            <button type="submit" disabled={busy} className={primaryButton}>
              {t("affiliates.requestPayout")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("affiliates.nothingToPay")}</p>
        )}
      </section>
      <section aria-labelledby="commissions-heading" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
        <h2 id="commissions-heading" className="mb-2 text-lg font-semibold">
          {t("affiliates.commissions")}
        </h2>
        {d.commissions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("affiliates.noCommissions")}</p>
        ) : (
          <ScrollRegion label={t("affiliates.commissions")}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                  <th scope="col" className="py-1 pr-2">
                    {t("payments.date")}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {t("payments.amount")}
                  </th>
                  <th scope="col" className="py-1">
                    {t("affiliates.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.commissions.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-1 pr-2">
                      {new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(c.paidAt))}
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(c.amountCents, c.currency, tag)}</td>
                    <td className="py-1">
                      {t(`affiliates.states.${c.state}`)}
                      {c.state === "pending" &&
                        ` · ${t("affiliates.locksOn", { date: new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(c.locksAt)) })}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </main>
  );
}
