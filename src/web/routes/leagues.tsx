import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countryName } from "../../i18n/country-name.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { countryPath, leaguePath } from "../../i18n/paths.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/leagues";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const countries = await context.services.leagues.countriesWithLeagues({ recent: false });
  return { locale, countries, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("leagues.title"),
    description: t("leagues.description"),
  });
}

export default function Leagues({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  // Countries in the alphabetical order of the visitor's language, not of the data's English names.
  const countries = loaderData.countries
    .map((country) => ({ ...country, label: countryName(t, country.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, LOCALE_TAGS[locale]));
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t("leagues.title")}</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {countries.map((country) => (
          <section
            key={country.id}
            aria-labelledby={`country-${country.id}`}
            className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900"
          >
            <h2 id={`country-${country.id}`} className="mb-2 font-semibold">
              <Link to={countryPath(locale, country)} className="hover:underline">
                {country.label}
              </Link>
            </h2>
            <ul className="space-y-1 text-sm">
              {country.leagues.map((league) => (
                <li key={league.id}>
                  <Link
                    to={leaguePath(locale, { ...league, country })}
                    className="text-pitch-700 hover:underline dark:text-pitch-100"
                  >
                    {league.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
