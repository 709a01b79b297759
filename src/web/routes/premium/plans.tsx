import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { type Feature, FEATURE_FLAGS, addonsOnSale, hasScanners } from "../../../domain/premium/features.ts";
import { LIMITS } from "../../../domain/premium/limits.ts";
import { personTimeZone } from "../../../domain/time/zones.ts";
import { type FormFailure, formAction } from "../../auth.server.ts";
import { FormAlert, primaryButton } from "../../components/form.tsx";
import { formatMoney } from "../../components/premium/premium-gate.tsx";
import { LOCALE_TAGS, type Locale } from "../../../i18n/locales.ts";
import { pagePath } from "../../../i18n/paths.ts";
import { livescanPaths } from "../../../i18n/routes-livescan.ts";
import { prematchPaths } from "../../../i18n/routes-prematch.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/plans";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const payments = context.services.payments;
  const overview = context.user ? await payments.overview(context.user) : null;
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    loggedIn: context.user !== null,
    access: context.access,
    offer: await payments.offer(context.user),
    subscription: overview?.subscription ?? null,
    // The member's plan and how long it runs, dated in the member's zone on the server.
    premiumUntil:
      overview?.subscription && context.access.premium
        ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
            dateStyle: "long",
            timeZone: personTimeZone(context.user?.timezone, null).zone,
          }).format(new Date(overview.subscription.currentPeriodEnd))
        : null,
    bank: payments.bank,
    sandbox: payments.sandbox.enabled,
  };
}

type Transfer = { reference: string; amountCents: number; currency: string; planMonths: number };

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const form = Object.fromEntries(await request.formData());
  const user = context.user;
  if (!user) throw redirect(`${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(url.pathname)}`);
  const payments = context.services.payments;
  if (form.intent === "transfer") {
    const done = await formAction(form, () => payments.requestTransfer(user, form.plan));
    return done.ok ? { transfer: done.result as Transfer } : done.failure;
  }
  const item = form.intent === "addon" ? { addon: form.addon } : { plan: form.plan };
  const done = await formAction(form, () => payments.startCheckout(user, context.access, item, locale));
  if (!done.ok) return done.failure;
  // Stripe Checkout is another site: a full browser redirect. The sandbox's page is one of ours.
  return redirect(done.result.url);
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({ origin: page.origin, pathname: page.pathname, title: t("vip.plansTitle"), description: t(PLANS_INTRO) });
}

/**
 * The plans table: a line shows only when the feature it needs exists (src/domain/premium/features.ts); a tool's
 * line links to its page. The figures are the limits the server enforces (src/domain/premium/limits.ts), and
 * backtests, pre-match and live, are refused to free users (services/scanner).
 */
type Line = {
  key: string;
  free: string | boolean;
  premium: string | boolean;
  needs?: Feature;
  link?: (locale: Locale) => string;
};
/** "40", or "40 (150)" while the filters add-on is sold. */
const filterLimits = (limits: { premium: number; addon: number }) =>
  FEATURE_FLAGS.filtersAddon ? `${limits.premium} (${limits.addon})` : String(limits.premium);
const FEATURE_LINES: Line[] = [
  { key: "vip.features.basicPredictions", free: true, premium: true },
  { key: "vip.features.extraKinds", free: false, premium: true },
  { key: "vip.features.machineEvents", free: false, premium: true },
  { key: "vip.features.advancedFilter", free: false, premium: true },
  {
    key: FEATURE_FLAGS.filtersAddon ? "vip.features.liveFilters" : "site.features.liveFilters",
    free: String(LIMITS.liveFilters.free),
    premium: filterLimits(LIMITS.liveFilters),
    needs: "liveScanner",
    link: (locale) => livescanPaths(locale).scanner(),
  },
  {
    key: FEATURE_FLAGS.filtersAddon ? "vip.features.preMatchFilters" : "site.features.preMatchFilters",
    free: String(LIMITS.preMatchFilters.free),
    premium: filterLimits(LIMITS.preMatchFilters),
    needs: "preMatchScanner",
    link: (locale) => prematchPaths(locale).scanner(),
  },
  { key: "vip.features.backtesting", free: false, premium: true, needs: "preMatchScanner" },
  {
    key: "vip.features.liveNotifications",
    free: String(LIMITS.freeLiveNotificationsPerDay),
    premium: "∞",
    needs: "liveScanner",
  },
  { key: "vip.features.trends", free: "limited", premium: true },
  { key: "vip.features.bestTeams", free: false, premium: true },
  { key: "vip.features.leagueGroups", free: false, premium: true },
  { key: "site.features.valueBetBot", free: false, premium: true, needs: "valueBetBot" },
  { key: "site.features.trendBot", free: false, premium: true, needs: "trendBot" },
  { key: "site.features.telegramGroup", free: false, premium: true, needs: "telegramGroup" },
];
const FEATURES = FEATURE_LINES.filter((line) => !line.needs || FEATURE_FLAGS[line.needs]);
const ADDONS = addonsOnSale();
/** "Every prediction kind, every statistic and the scanners": the scanners only once there are some. */
const PLANS_INTRO = hasScanners() ? "vip.plansIntro" : "site.plansIntro";

function Mark({ value }: { value: string | boolean }) {
  const { t } = useTranslation();
  if (value === true)
    return (
      <>
        <span aria-hidden="true">✓</span>
        <span className="sr-only">{t("vip.included")}</span>
      </>
    );
  if (value === false)
    return (
      <>
        <span aria-hidden="true" className="text-slate-400">
          —
        </span>
        <span className="sr-only">{t("vip.notIncluded")}</span>
      </>
    );
  return <span>{value === "limited" ? t("vip.limited") : value}</span>;
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { offer, access, subscription, premiumUntil, bank, loggedIn, sandbox } = loaderData;
  const myPlan = access.premium && subscription ? subscription.planMonths : null;
  const busy = useNavigation().state !== "idle";
  const [transferOpen, setTransferOpen] = useState(false);
  const failure = actionData && "error" in actionData ? (actionData as FormFailure) : null;
  const transfer = actionData && "transfer" in actionData ? (actionData.transfer as Transfer) : null;
  const money = (cents: number) => formatMoney(cents, offer.currency, LOCALE_TAGS[locale]);
  const billing: Record<number, string> = {
    1: t("vip.billedMonthly"),
    3: t("vip.billedQuarterly"),
    12: t("vip.billedAnnually"),
  };
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-6">
      <header>
        <h1 className="text-2xl font-bold">
          <span aria-hidden="true" className="text-amber-500">
            ♛{" "}
          </span>
          {t("vip.plansTitle")}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t(PLANS_INTRO)}</p>
        {sandbox && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("vip.sandboxNote")}</p>}
      </header>
      <FormAlert message={failure?.error} />
      {access.premium && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {t("vip.alreadyPremium")}{" "}
          <a className="underline" href={premiumPath(locale, "room")}>
            {t("vip.roomLink")}
          </a>
          {subscription && premiumUntil && (
            <>
              <br />
              {t("vip.yourPlanUntil", {
                plan: t("payments.planName", { count: subscription.planMonths }),
                date: premiumUntil,
              })}
              {subscription.recurring && !subscription.autoRenewal && <> {t("vip.extendNote")}</>}
            </>
          )}
        </p>
      )}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="sr-only">
          {t("vip.plansHeading")}
        </h2>
        {offer.discountPercent > 0 && (
          <p className="mb-3 font-medium text-pitch-700 dark:text-pitch-100">
            {t("vip.discount", { percent: offer.discountPercent })}
          </p>
        )}
        <ul className="grid gap-4 md:grid-cols-3">
          {offer.plans.map((plan) => (
            <li
              key={plan.months}
              className={`flex flex-col rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900 ${plan.months === 12 ? "ring-2 ring-amber-500" : ""}`}
            >
              <h3 className="text-lg font-semibold">{t("payments.planName", { count: plan.months })}</h3>
              {myPlan === plan.months && (
                <p className="mt-1 w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-100">
                  {t("vip.currentPlan")}
                </p>
              )}
              <p className="text-sm text-slate-600 dark:text-slate-400">{billing[plan.months]}</p>
              <p className="mt-3 text-3xl font-bold">{money(plan.firstPeriodPrice)}</p>
              {plan.firstPeriodPrice !== plan.price && (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("vip.thenPrice", { price: money(plan.price) })}
                </p>
              )}
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t("vip.perMonth", { price: money(Math.round(plan.price / plan.months)) })}
              </p>
              <p className="mt-2 text-sm">{t("vip.autoRenewCancel")}</p>
              <Form method="post" className="mt-auto pt-4">
                <input type="hidden" name="plan" value={plan.months} />
                <button
                  type="submit"
                  name="intent"
                  value="buy"
                  disabled={busy || (access.premium && subscription?.autoRenewal === true)}
                  className={`${primaryButton} w-full`}
                >
                  {loggedIn ? t("vip.buy") : t("vip.loginToBuy")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <button
            type="button"
            onClick={() => setTransferOpen(!transferOpen)}
            aria-expanded={transferOpen}
            className="text-sm font-medium text-pitch-700 underline dark:text-pitch-100"
          >
            {t("vip.payByTransfer")}
          </button>
          {(transferOpen || transfer) && (
            <div className="mt-3 space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              {transfer ? (
                <div role="status" className="space-y-1 text-sm">
                  <p className="font-medium">{t("vip.transferCreated")}</p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt>{t("vip.beneficiary")}</dt>
                    <dd>{bank.beneficiary}</dd>
                    <dt>IBAN</dt>
                    <dd className="break-all font-mono">{bank.iban}</dd>
                    <dt>BIC</dt>
                    <dd className="font-mono">{bank.bic}</dd>
                    <dt>{t("vip.bank")}</dt>
                    <dd>{bank.bank}</dd>
                    <dt>{t("payments.amount")}</dt>
                    <dd>{formatMoney(transfer.amountCents, transfer.currency, LOCALE_TAGS[locale])}</dd>
                    <dt>{t("vip.reference")}</dt>
                    <dd className="font-mono font-semibold">{transfer.reference}</dd>
                  </dl>
                  <p>{t("vip.transferAfter")}</p>
                </div>
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <p className="w-full text-sm">{t("vip.transferIntro")}</p>
                  <label className="text-sm font-medium">
                    {t("vip.plan")}
                    <select
                      name="plan"
                      className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
                    >
                      {offer.plans.map((p) => (
                        <option
                          key={p.months}
                          value={p.months}
                        >{`${t("payments.planName", { count: p.months })} – ${money(p.price)}`}</option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" name="intent" value="transfer" disabled={busy} className={primaryButton}>
                    {t("vip.requestTransfer")}
                  </button>
                </Form>
              )}
            </div>
          )}
        </div>
      </section>

      <section
        aria-labelledby="features-heading"
        className="overflow-x-auto rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900"
      >
        <h2 id="features-heading" className="mb-3 text-lg font-semibold">
          {t("vip.featuresHeading")}
        </h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-2 text-left">
                {t("vip.feature")}
              </th>
              <th scope="col" className="py-2 text-center">
                {t("vip.free")}
              </th>
              <th scope="col" className="py-2 text-center">
                {t("premium.label")}
              </th>
            </tr>
          </thead>
          <tbody>
            {FEATURES.map((f) => (
              <tr key={f.key} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  {f.link ? (
                    <Link to={f.link(locale)} className="text-pitch-700 underline dark:text-pitch-100">
                      {t(f.key)}
                    </Link>
                  ) : (
                    t(f.key)
                  )}
                </th>
                <td className="py-2 text-center">
                  <Mark value={f.free} />
                </td>
                <td className="py-2 text-center">
                  <Mark value={f.premium} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {ADDONS.length > 0 && (
        <section aria-labelledby="addons-heading" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
          <h2 id="addons-heading" className="text-lg font-semibold">
            {t("vip.addonsHeading")}
          </h2>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t("vip.addonsIntro")}</p>
          <ul className="grid gap-3 md:grid-cols-2">
            {ADDONS.map((addon) => {
              const owned = addon === "filters" ? access.addonFilters : access.addonBacktesting;
              return (
                <li
                  key={addon}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
                >
                  <h3 className="font-medium">{t(`payments.kind.addon_${addon}`)}</h3>
                  <p className="text-sm">{t(`vip.addon_${addon}`)}</p>
                  <p className="font-semibold">{money(offer.addons[addon] ?? 0)}</p>
                  {owned ? (
                    <p className="text-sm font-medium text-pitch-700 dark:text-pitch-100">{t("vip.addonOwned")}</p>
                  ) : access.premium ? (
                    <Form method="post">
                      <input type="hidden" name="addon" value={addon} />
                      <button type="submit" name="intent" value="addon" disabled={busy} className={primaryButton}>
                        {t("vip.buyAddon")}
                      </button>
                    </Form>
                  ) : (
                    <p className="text-sm text-slate-600 dark:text-slate-400">{t("vip.addonNeedsPremium")}</p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </main>
  );
}
