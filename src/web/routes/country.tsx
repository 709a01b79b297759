import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link } from "react-router";
import { idOfSlug, leaguePath } from "../../i18n/paths.ts";
import { notFound, pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/country";
import { countryName } from "../../i18n/country-name.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = idOfSlug(params.country);
  if (id === null) notFound();
  const country = await fromService(() => context.services.leagues.country(id));
  return { locale, country, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("country.title", { country: countryName(t, page.country.name) }),
  });
}

export default function Country({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { country } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t("country.title", { country: countryName(t, country.name) })}</h1>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900">
        {country.leagues.map((league) => (
          <li key={league.id} className="flex items-center justify-between px-4 py-3">
            <Link to={leaguePath(locale, { ...league, country })} className="font-medium hover:underline">
              {league.name}
            </Link>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {t("country.matches", { count: league.fixtures })}
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
