import { useTranslation } from "react-i18next";
import { AFFILIATE } from "../../../domain/premium/affiliate.ts";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/affiliate-guide";

export async function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("affiliates.guideTitle"),
    description: t("affiliates.guideIntro", { percent: AFFILIATE.commissionPercent }),
  });
}

const STEPS = ["join", "share", "earn", "lock", "payout"] as const;

export default function AffiliateGuide() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const vars = {
    percent: AFFILIATE.commissionPercent,
    days: AFFILIATE.cookieDays,
    lockDays: AFFILIATE.lockDays,
    minimum: AFFILIATE.minPayoutCents / 100,
    perEuro: AFFILIATE.premiumDaysPerEuro,
  };
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("affiliates.guideTitle")}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t("affiliates.guideIntro", vars)}</p>
      <ol className="list-decimal space-y-2 pl-6">
        {STEPS.map((step) => (
          <li key={step}>{t(`affiliates.steps.${step}`, vars)}</li>
        ))}
      </ol>
      <a
        className="inline-block rounded-lg bg-pitch-700 px-5 py-2 font-semibold text-white hover:bg-pitch-900"
        href={premiumPath(locale, "affiliates")}
      >
        {t("affiliates.openDashboard")}
      </a>
    </main>
  );
}
