import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link } from "react-router";
import { idOfSlug, leaguePath, matchPath } from "../../i18n/paths.ts";
import type { FixtureView } from "../../services/index.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { notFound, pageContext, metaT, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/country";
import { countryName } from "../../i18n/country-name.ts";

const DAY_MS = 86_400_000;
/** How far ahead a league's coming matches are counted. */
const AHEAD_DAYS = 7;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = idOfSlug(params.country);
  if (id === null) notFound();
  const country = await fromService(() => context.services.leagues.country(id));
  // What a bettor looks for next: each league's matches of the coming week and the first of them.
  const now = context.services.clock.now().getTime();
  const leagueIds = country.leagues.map((l) => l.id);
  const coming = leagueIds.length
    ? (
        await fromService(() =>
          context.services.fixtures.inRange({
            from: new Date(now),
            to: new Date(now + AHEAD_DAYS * DAY_MS),
            leagueIds,
          }),
        )
      ).filter((f) => f.status === "upcoming")
    : [];
  const ahead: Record<number, { count: number; next: FixtureView }> = {};
  for (const fixture of coming) {
    const entry = ahead[fixture.league.id];
    if (!entry) ahead[fixture.league.id] = { count: 1, next: fixture };
    else {
      entry.count++;
      if (fixture.kickoff < entry.next.kickoff) entry.next = fixture;
    }
  }
  return { locale, country, ahead, origin: url.origin, pathname: url.pathname };
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

function NextMatch({ fixture }: { fixture: FixtureView }) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const when = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(fixture.kickoff));
  return (
    <Link to={matchPath(locale, fixture)} className="block text-sm hover:underline">
      <span className="text-slate-600 dark:text-slate-400">{t("bettorUx.countryNextMatch")}: </span>
      <time dateTime={fixture.kickoff} className="tabular-nums">
        {when}
      </time>{" "}
      · {fixture.localTeam.name} – {fixture.visitorTeam.name}
    </Link>
  );
}

export default function Country({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { country, ahead } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{t("country.title", { country: countryName(t, country.name) })}</h1>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm dark:divide-slate-800 dark:bg-slate-900">
        {country.leagues.map((league) => {
          const coming = ahead[league.id];
          return (
            <li key={league.id} className="space-y-1 px-4 py-3" data-league={league.id}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <Link to={leaguePath(locale, { ...league, country })} className="font-medium hover:underline">
                  {league.name}
                </Link>
                <span className="text-sm font-medium" data-testid="coming-count">
                  {coming
                    ? t("bettorUx.countryComing", { matches: t("country.matches", { count: coming.count }) })
                    : t("bettorUx.countryNoneComing")}
                </span>
              </div>
              {coming && <NextMatch fixture={coming.next} />}
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t("bettorUx.countryInData", { matches: t("country.matches", { count: league.fixtures }) })}
              </p>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
