import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { FavouritesService, TeamGroupView } from "../../../services/favourites.ts";
import { FixtureRow, type FixtureWithPredictions } from "../../components/fixture-row.tsx";
import { formatDayHeading } from "../../format.ts";
import { leaguePath } from "../../../i18n/paths.ts";
import { usePreferences } from "../../preferences.tsx";
import { Empty, card, secondary } from "./ui.tsx";
import { countryName } from "../../../i18n/country-name.ts";

export type FavouriteFixtures = Awaited<ReturnType<FavouritesService["fixtures"]>>;

/** League cards with ids unique on the page (a league can be listed in several sections) and headings below the section's. */
function LeagueGroups({
  groups,
  section,
  heading: Heading,
}: {
  groups: Array<{ league: FixtureWithPredictions["league"]; fixtures: FixtureWithPredictions[] }>;
  section: string;
  heading: "h3" | "h4";
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {groups.map(({ league, fixtures }) => (
        <section
          key={league.id}
          aria-labelledby={`${section}-league-${league.id}`}
          className="overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900"
        >
          <Heading
            id={`${section}-league-${league.id}`}
            className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold dark:border-slate-800 dark:bg-slate-800/60"
          >
            <Link to={leaguePath(locale, league)} className="hover:underline">
              <span className="text-slate-600 dark:text-slate-400">{countryName(t, league.country.name)} · </span>
              {league.name}
            </Link>
          </Heading>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {fixtures.map((fixture) => (
              <FixtureRow key={fixture.id} fixture={fixture} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The starred matches, then today and the next days of the followed teams and leagues (or of one group). */
export function FixturesTab({
  data,
  groups,
  genericId,
}: {
  data: FavouriteFixtures;
  groups: TeamGroupView[];
  genericId: number | null;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const dayTitle = (date: string, i: number) =>
    i === 0
      ? t("favourites.fixtures.today")
      : i === 1
        ? t("favourites.fixtures.tomorrow")
        : formatDayHeading(date, locale);
  const followsNothing = data.following.teams === 0 && data.following.leagues === 0;
  return (
    <div className="space-y-6">
      {(groups.length > 0 || genericId !== null) && (
        <Form method="get" className={`${card} flex flex-wrap items-end gap-2`}>
          <input type="hidden" name="tab" value="fixtures" />
          <label className="text-sm font-medium">
            {t("favourites.fixtures.show")}
            <select
              name="group"
              defaultValue={data.selectedGroupId ?? ""}
              className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
            >
              <option value="">{t("favourites.fixtures.allFavourites")}</option>
              {genericId !== null && <option value={genericId}>{t("favourites.fixtures.favouriteTeams")}</option>}
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={secondary}>
            {t("favourites.fixtures.apply")}
          </button>
        </Form>
      )}
      <section aria-labelledby="fav-matches">
        <h2 id="fav-matches" className="font-semibold">
          {t("favourites.fixtures.matches")}
        </h2>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("favourites.fixtures.matchesHint")}</p>
        {data.matchCount === 0 ? (
          <Empty>{t("favourites.fixtures.noFavouriteMatches")}</Empty>
        ) : (
          <LeagueGroups groups={data.matches} section="matches" heading="h3" />
        )}
      </section>
      <section aria-labelledby="fav-following" className="space-y-4">
        <h2 id="fav-following" className="font-semibold">
          {t("favourites.fixtures.following")}
        </h2>
        {followsNothing ? (
          <Empty>{t("favourites.fixtures.nothingFollowed")}</Empty>
        ) : (
          data.days.map((day, i) => (
            <section key={day.date} aria-labelledby={`day-${day.date}`}>
              <h3 id={`day-${day.date}`} className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-400">
                {dayTitle(day.date, i)}
              </h3>
              {day.groups.length === 0 ? (
                <Empty>{t("favourites.fixtures.noMatches")}</Empty>
              ) : (
                <LeagueGroups groups={day.groups} section={`day-${day.date}`} heading="h4" />
              )}
            </section>
          ))
        )}
      </section>
    </div>
  );
}
