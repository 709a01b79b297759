import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { FavouriteLeagueView } from "../../../services/favourites.ts";
import { leaguePath, pagePath } from "../../../i18n/paths.ts";
import { usePreferences } from "../../preferences.tsx";
import { ActionButton, Empty, Notice, card } from "./ui.tsx";
import { countryName } from "../../../i18n/country-name.ts";

export function LeaguesTab({ leagues }: { leagues: FavouriteLeagueView[] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <div className="space-y-4">
      <Notice target="list" />
      <section aria-labelledby="fav-leagues">
        <h2 id="fav-leagues" className="mb-2 font-semibold">
          {t("favourites.leagues.title")}
        </h2>
        {leagues.length === 0 ? (
          <Empty>{t("favourites.leagues.empty")}</Empty>
        ) : (
          <ul className={`${card} divide-y divide-slate-100 p-0 dark:divide-slate-800`}>
            {leagues.map((league) => (
              <li key={league.id} className="flex items-center justify-between gap-3 px-4 py-2">
                <Link to={leaguePath(locale, league)} className="min-w-0 hover:underline">
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {countryName(t, league.country.name)} ·{" "}
                  </span>
                  <span className="font-medium">{league.name}</span>
                </Link>
                <ActionButton
                  intent="removeLeague"
                  target="list"
                  fields={{ leagueId: league.id }}
                  label={t("favourites.leagues.remove", { name: league.name })}
                >
                  <span aria-hidden="true">✕</span>
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link
        to={pagePath(locale, "leagues")}
        className="inline-block text-sm font-medium text-pitch-700 underline dark:text-pitch-100"
      >
        {t("favourites.leagues.browse")}
      </Link>
    </div>
  );
}
