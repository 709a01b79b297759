import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { primaryButton } from "../../components/form.tsx";
import { parsePath, prefix } from "../../../i18n/paths.ts";
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
  return { locale, origin: url.origin, pathname: url.pathname, outcome, plan, addon, premium: context.access.premium };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [...seo({ origin: page.origin, pathname: page.pathname, title: t(`payments.${page.outcome}Title`) }), { name: "robots", content: "noindex" }];
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { outcome, plan, addon } = loaderData;
  const _p = prefix(locale);
  return (
    <main className="mx-auto max-w-lg px-4 py-10 text-center">
      <div className="space-y-4 rounded-xl bg-white p-8 shadow-sm dark:bg-slate-900">
        {outcome === "cancel" ? (
          <>
            <h1 className="text-2xl font-bold">{t("payments.canceled")}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t("payments.canceledText")}</p>
            <Form method="post" action={premiumPath(locale, "plans")}>
              {addon ? <input type="hidden" name="addon" value={addon} /> : <input type="hidden" name="plan" value={plan ?? "1"} />}
              <button type="submit" name="intent" value={addon ? "addon" : "buy"} className={primaryButton}>{t("payments.retry")}</button>
            </Form>
            <a className="block text-sm underline" href={premiumPath(locale, "plans")}>{t("payments.seePlans")}</a>
          </>
        ) : (
          <>
            <p aria-hidden="true" className="text-5xl text-amber-500">♛</p>
            <h1 className="text-2xl font-bold">{outcome === "addons" ? t("payments.addonsTitle") : t("payments.successTitle")}</h1>
            <p className="text-slate-600 dark:text-slate-400">{t("payments.availableSoon")}</p>
            <a className={`${primaryButton} inline-block`} href={premiumPath(locale, "room")}>{t("payments.toRoom")}</a>
          </>
        )}
      </div>
    </main>
  );
}
