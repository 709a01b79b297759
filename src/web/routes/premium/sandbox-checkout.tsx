import { useTranslation } from "react-i18next";
import { fromService } from "../../service-errors.server.ts";
import { Form, redirect, useNavigation } from "react-router";
import { requireUser } from "../../auth.server.ts";
import { primaryButton } from "../../components/form.tsx";
import { formatMoney } from "../../components/premium/premium-gate.tsx";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/sandbox-checkout";
import { readPageForm } from "../../form-input.server.ts";

/** The offline sandbox's checkout page: stands in for Stripe Checkout on a machine without Stripe keys. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const checkout = await fromService(() => context.services.payments.sandbox.checkout(user, params.checkout));
  return { locale, origin: url.origin, pathname: url.pathname, checkout, email: user.email };
}

/** Back on this host whatever PUBLIC_URL says: the return pages are ours. */
const local = (address: string) => {
  const url = new URL(address, "http://local");
  return url.pathname + url.search;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await readPageForm(request);
  const sandbox = context.services.payments.sandbox;
  const target =
    form.get("intent") === "pay"
      ? await fromService(() => sandbox.pay(user, params.checkout))
      : await fromService(() => sandbox.cancel(user, params.checkout));
  return redirect(local(target));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("payments.sandboxTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { checkout, email } = loaderData;
  const busy = useNavigation().state !== "idle";
  const item =
    checkout.mode === "subscription"
      ? t("payments.planName", { count: Number(checkout.item) })
      : t(`payments.kind.addon_${checkout.item}`);
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="space-y-4 rounded-xl border-2 border-dashed border-amber-400 bg-white p-6 shadow-sm dark:bg-slate-900">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-300">
          {t("payments.sandboxBadge")}
        </p>
        <h1 className="text-2xl font-bold">{t("payments.sandboxTitle")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("payments.sandboxIntro")}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600 dark:text-slate-400">{t("payments.item")}</dt>
          <dd>{item}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("payments.customer")}</dt>
          <dd className="break-all">{email}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("payments.amount")}</dt>
          <dd className="font-semibold">{formatMoney(checkout.amountCents, checkout.currency, LOCALE_TAGS[locale])}</dd>
        </dl>
        {checkout.status === "open" ? (
          <Form method="post" className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="pay" disabled={busy} className={primaryButton}>
              {t("payments.sandboxPay")}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="rounded-lg border border-slate-300 px-5 py-2 font-medium dark:border-slate-700"
            >
              {t("payments.sandboxCancel")}
            </button>
          </Form>
        ) : (
          <p role="status">{t("payments.checkoutClosed")}</p>
        )}
      </div>
    </main>
  );
}
