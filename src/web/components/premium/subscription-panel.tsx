import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Services } from "../../../services/index.ts";
import { primaryButton } from "../form.tsx";
import { GoPremiumButton, formatMoney } from "./premium-gate.tsx";
import { ScrollRegion } from "../scroll-region.tsx";

export type Overview = Awaited<ReturnType<Services["payments"]["overview"]>>;

/** The subscription block: plan, remaining PREMIUM days, auto-renew (with confirmation) and receipts. */
export function SubscriptionPanel({
  overview,
  premium,
  linkToPayments = true,
}: {
  overview: Overview;
  premium: boolean;
  linkToPayments?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const [confirming, setConfirming] = useState(false);
  const sub = overview.subscription;
  const tag = LOCALE_TAGS[locale];
  const date = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(iso));
  return (
    <div className="space-y-4">
      {premium && sub ? (
        <div className="space-y-2">
          <p className="font-medium">
            <span aria-hidden="true" className="text-amber-500">
              ♛{" "}
            </span>
            {t("profile.premiumDaysLeft", { count: overview.remainingDays })}
          </p>
          <p className="text-sm">
            {t("payments.planUntil", {
              plan: t("payments.planName", { count: sub.planMonths }),
              date: date(sub.currentPeriodEnd),
            })}
          </p>
          {sub.status === "past_due" && (
            <p className="text-sm text-red-700 dark:text-red-400">{t("payments.pastDue")}</p>
          )}
          {(sub.addonUpTo150Filters || sub.backtestingImport) && (
            <p className="text-sm">
              {t("payments.addons")}:{" "}
              {[
                sub.addonUpTo150Filters && t("payments.kind.addon_filters"),
                sub.backtestingImport && t("payments.kind.addon_backtesting"),
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
          )}
          {sub.managedByApple ? (
            <p className="text-sm">{t("payments.appleManaged")}</p>
          ) : sub.recurring ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span>{sub.autoRenewal ? t("payments.autoRenewIsOn") : t("payments.autoRenewIsOff")}</span>
              {confirming ? (
                <Form method="post" className="flex flex-wrap items-center gap-2" onSubmit={() => setConfirming(false)}>
                  <input type="hidden" name="subscriptionId" value={sub.id} />
                  {!sub.autoRenewal && <input type="hidden" name="autoRenewal" value="on" />}
                  <span role="alert">
                    {sub.autoRenewal ? t("payments.confirmAutoRenewOff") : t("payments.confirmAutoRenewOn")}
                  </span>
                  <button type="submit" name="intent" value="autoRenewal" className={primaryButton}>
                    {t("payments.confirm")}
                  </button>
                  <button
                    type="button"
                    onClick={() => setConfirming(false)}
                    className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-700"
                  >
                    {t("payments.keep")}
                  </button>
                </Form>
              ) : (
                <button
                  type="button"
                  onClick={() => setConfirming(true)}
                  className="rounded-lg border border-slate-300 px-4 py-2 font-medium dark:border-slate-700"
                >
                  {sub.autoRenewal ? t("payments.turnAutoRenewOff") : t("payments.turnAutoRenewOn")}
                </button>
              )}
            </div>
          ) : (
            <p className="text-sm">{t("payments.notRecurringNote")}</p>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <p>{t("profile.freePlan")}</p>
          <GoPremiumButton premium={premium} />
        </div>
      )}
      {overview.transfers.some((tr) => tr.status === "pending") && (
        <p className="text-sm">
          {t("payments.transferPending", {
            reference: overview.transfers.find((tr) => tr.status === "pending")!.reference,
          })}
        </p>
      )}
      <div>
        <h3 className="mb-2 font-medium">{t("profile.payments")}</h3>
        {overview.payments.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("profile.noPayments")}</p>
        ) : (
          <ScrollRegion label={t("profile.payments")}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left dark:border-slate-800">
                  <th scope="col" className="py-1 pr-2">
                    {t("payments.date")}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {t("payments.item")}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {t("payments.amount")}
                  </th>
                  <th scope="col" className="py-1">
                    <span className="sr-only">{t("payments.receipt")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.payments.map((p) => (
                  <tr key={p.id} className="border-b border-slate-100 dark:border-slate-800">
                    <td className="py-1 pr-2">{date(p.paidAt)}</td>
                    <td className="py-1 pr-2">
                      {p.planMonths
                        ? p.kind === "extension"
                          ? t("payments.extensionOf", { plan: t("payments.planName", { count: p.planMonths }) })
                          : t("payments.planName", { count: p.planMonths })
                        : t(`payments.kind.${p.kind}`)}
                    </td>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(p.amountCents, p.currency, tag)}</td>
                    <td className="py-1 text-right">
                      <a
                        className="text-pitch-700 underline dark:text-pitch-100"
                        href={`/api/v1/payments/${p.id}/receipt?language=${locale}`}
                        download
                      >
                        {t("payments.downloadReceipt")}
                        <span className="sr-only"> {p.receiptNumber}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {linkToPayments && (
          <a className="mt-2 inline-block text-sm underline" href={premiumPath(locale, "payments")}>
            {t("payments.allPayments")}
          </a>
        )}
      </div>
    </div>
  );
}
