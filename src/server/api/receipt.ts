import type { Payment } from "../../services/payments.ts";
import { personTimeZone } from "../../domain/time/zones.ts";
import { LOCALE_TAGS, type Locale } from "../../i18n/locales.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A self-contained receipt page, in the buyer's language, to keep or print. */
export function receiptHtml(
  payment: Payment,
  user: { email: string; firstName: string; lastName: string; timezone?: string | null },
  locale: Locale,
  t: (key: string, vars?: Record<string, string | number>) => string,
): string {
  const tag = LOCALE_TAGS[locale];
  const amount = new Intl.NumberFormat(tag, { style: "currency", currency: payment.currency }).format(
    payment.amountCents / 100,
  );
  // The buyer's own zone (the profile's), like the pages: a payment late in the evening is dated that evening.
  const date = new Intl.DateTimeFormat(tag, {
    dateStyle: "long",
    timeZone: personTimeZone(user.timezone, null).zone,
  }).format(payment.paidAt);
  const plan = payment.planMonths ? t("payments.planName", { count: payment.planMonths }) : null;
  // A plan paid while another ran was added to it: the receipt says so.
  const item = plan
    ? payment.kind === "extension"
      ? t("payments.extensionOf", { plan })
      : plan
    : t(`payments.kind.${payment.kind}`);
  const rows: Array<[string, string]> = [
    [t("payments.receiptNumber"), payment.receiptNumber],
    [t("payments.date"), date],
    [t("payments.customer"), `${user.firstName} ${user.lastName} <${user.email}>`],
    [t("payments.item"), item],
    [t("payments.amount"), amount],
  ];
  return `<!doctype html><html lang="${tag}"><head><meta charset="utf-8"><title>${escapeHtml(t("payments.receipt"))} ${escapeHtml(payment.receiptNumber)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}th{width:40%;color:#475569;font-weight:500}</style>
</head><body><h1>Pitchlab — ${escapeHtml(t("payments.receipt"))}</h1><table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
<p>${escapeHtml(t("payments.receiptThanks"))}</p></body></html>`;
}
