import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { livescanPaths } from "../../i18n/routes-livescan.ts";
import { prematchPaths } from "../../i18n/routes-prematch.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import type { Route } from "./+types/faq";

export function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({ origin: page.origin, pathname: page.pathname, title: t("faq.title") });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const items = t("faq.items", { returnObjects: true }) as Array<{ q: string; a: string }>;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t("faq.title")}</h1>
      <div className="space-y-2">
        {items.map((item) => (
          <details key={item.q} className="group rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
            <summary className="cursor-pointer font-medium">{item.q}</summary>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{item.a}</p>
          </details>
        ))}
        <details className="group rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
          <summary className="cursor-pointer font-medium">{t("faq.scannersQuestion")}</summary>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("faq.scannersAnswer")}</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link to={livescanPaths(locale).scanner()} className="text-pitch-700 underline dark:text-pitch-100">
                {t("liveScanner.title")}
              </Link>
            </li>
            <li>
              <Link to={prematchPaths(locale).scanner()} className="text-pitch-700 underline dark:text-pitch-100">
                {t("prematch.title")}
              </Link>
            </li>
          </ul>
        </details>
      </div>
    </main>
  );
}
