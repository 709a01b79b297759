import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { primaryButton } from "../../components/form.tsx";
import { personTimeZone } from "../../../domain/time/zones.ts";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { pagePath, parsePath } from "../../../i18n/paths.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/payment-result";

/** The three return pages of a checkout (SPEC §2.3): success, add-on success and cancel. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const page = parsePath(url.pathname)?.page ?? "payments-success";
  const outcome = page === "payments-cancel" ? "cancel" : page === "payments-addons" ? "addons" : "success";
  const plan = url.searchParams.get("plan");
  const addon = url.searchParams.get("addon");
  // Success and add-on pages speak only of a payment this person made (a visitor is asked to sign in).
  const result = outcome === "cancel" ? null : await context.services.payments.checkoutResult(context.user, outcome);
  const zone = personTimeZone(context.user?.timezone, null).zone;
  const until =
    result?.state === "paid" && result.premiumUntil
      ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeZone: zone }).format(
          new Date(result.premiumUntil),
        )
      : null;
  return { locale, origin: url.origin, pathname: url.pathname, outcome, plan, addon, result, until };
}

/** The title of each state of the page (also the document's title). */
function titleKey(outcome: string, result: { state: string; kind?: string } | null): string {
  if (outcome === "cancel") return "payments.cancelTitle";
  if (!result || result.state === "signIn") return "payments.signInTitle";
  if (result.state === "none") return "payments.noPaymentTitle";
  if (result.kind === "extension") return "payments.extendedTitle";
  return outcome === "addons" ? "payments.addonsTitle" : "payments.successTitle";
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t(titleKey(page.outcome, page.result)) }),
    { name: "robots", content: "noindex" },
  ];
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { outcome, plan, addon, result, until, pathname } = loaderData;
  return (
    <main className="mx-auto max-w-lg px-4 py-10 text-center">
      <div className="space-y-4 rounded-xl bg-white p-8 shadow-sm dark:bg-slate-900">
        {outcome === "cancel" ? (
          <>
            <h1 className="text-2xl font-bold">{t("payments.canceled")}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t("payments.canceledText")}</p>
            <Form method="post" action={premiumPath(locale, "plans")}>
              {addon ? (
                <input type="hidden" name="addon" value={addon} />
              ) : (
                <input type="hidden" name="plan" value={plan ?? "1"} />
              )}
              <button type="submit" name="intent" value={addon ? "addon" : "buy"} className={primaryButton}>
                {t("payments.retry")}
              </button>
            </Form>
            <a className="block text-sm underline" href={premiumPath(locale, "plans")}>
              {t("payments.seePlans")}
            </a>
          </>
        ) : !result || result.state === "signIn" ? (
          <>
            <h1 className="text-2xl font-bold">{t("payments.signInTitle")}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t("payments.signInText")}</p>
            <a
              className={`${primaryButton} inline-block`}
              href={`${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(pathname)}`}
            >
              {t("payments.signIn")}
            </a>
          </>
        ) : result.state === "none" ? (
          <>
            <h1 className="text-2xl font-bold">{t("payments.noPaymentTitle")}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t("payments.noPaymentText")}</p>
            <a className={`${primaryButton} inline-block`} href={premiumPath(locale, "plans")}>
              {t("payments.seePlans")}
            </a>
          </>
        ) : (
          <>
            <p aria-hidden="true" className="text-5xl text-amber-500">
              ♛
            </p>
            <h1 className="text-2xl font-bold">{t(titleKey(outcome, result))}</h1>
            {result.kind === "extension" && result.planMonths ? (
              <p className="text-slate-600 dark:text-slate-400">
                {t("payments.extendedText", { plan: t("payments.planName", { count: result.planMonths }) })}
              </p>
            ) : outcome === "addons" ? (
              <p className="text-slate-600 dark:text-slate-400">{t(`payments.kind.${result.kind}`)}</p>
            ) : null}
            {until && <p className="font-medium">{t("payments.premiumUntil", { date: until })}</p>}
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("payments.receiptNumberIs", { number: result.receiptNumber })}
            </p>
            <a className={`${primaryButton} inline-block`} href={premiumPath(locale, "room")}>
              {t("payments.toRoom")}
            </a>
          </>
        )}
      </div>
    </main>
  );
}
