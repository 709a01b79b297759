import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link, data } from "react-router";
import { KINDS } from "../../domain/predictions/kinds.ts";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import { ShowMore } from "../components/show-more.tsx";
import { PremiumDenied } from "../components/premium/premium-gate.tsx";
import { formatDayHeading } from "../format.ts";
import { type DayKey, categoryOfSlug, parsePath, predictionsPath } from "../../i18n/paths.ts";
import { CATEGORY_CODES } from "../../i18n/slugs.ts";
import { localDate } from "../../domain/time/zones.ts";
import { useBrowserTimeZone, useLiveRefresh } from "../live-refresh.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import { PAGE_SIZE, firstFixtures, shownCount } from "../paging.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/predictions";

const OFFSETS: Record<DayKey, number> = { yesterday: -1, today: 0, tomorrow: 1 };
const PREMIUM = new Set<number>(KINDS.filter((k) => k.premium).map((k) => k.code));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const day = (parsePath(url.pathname)?.page.split("-")[1] ?? "today") as DayKey;
  const category = params.type === undefined ? 0 : categoryOfSlug(locale, params.type);
  if (category === null) throw data(null, { status: 404 });
  const today = localDate(context.services.clock.now().getTime(), timeZone);
  const date = new Date(Date.parse(`${today}T12:00:00Z`) + OFFSETS[day] * 86_400_000).toISOString().slice(0, 10);
  // Premium kinds are not even loaded for non-members: the lock is on the server, not only in the page.
  const premium = context.access.premium;
  const locked = PREMIUM.has(category) && !premium;
  const result = await fromService(() => context.services.predictions.day({ date, timeZone, includePremium: premium }));
  const groups = result.groups.map((g) => ({
    league: g.league,
    fixtures: g.fixtures.map((f) => ({
      ...f,
      pick: locked ? null : (f.predictions?.picks.find((p) => p.kind === category) ?? null),
      predictions: null,
    })),
  }));
  const total = groups.reduce((n, g) => n + g.fixtures.length, 0);
  const shown = shownCount(url);
  return {
    locale,
    day,
    date,
    category,
    locked,
    groups: firstFixtures(groups, shown),
    total,
    shown,
    timeZone,
    today,
    origin: url.origin,
    pathname: url.pathname,
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: `${t(`predictions.title_${page.day}`)} – ${t(`categories.${page.category}`)}`,
    description: t("predictions.description"),
  });
}

export default function Predictions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { day, date, category, locked, groups, total, shown, timeZone, today } = loaderData;
  useBrowserTimeZone(timeZone);
  useLiveRefresh(date === today);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t(`predictions.title_${day}`)}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">
        {formatDayHeading(date, locale)} · {t(`categories.${category}`)} · {t("home.matchCount", { count: total })}
      </p>
      <nav aria-label={t("home.dayNavigation")} className="mb-3">
        <ul className="flex gap-2">
          {(["yesterday", "today", "tomorrow"] as const).map((d) => (
            <li key={d}>
              <Link
                to={predictionsPath(locale, d, category === 0 ? undefined : category)}
                aria-current={d === day ? "page" : undefined}
                className={`block rounded-lg border px-3 py-1.5 text-sm font-medium ${
                  d === day
                    ? "border-pitch-700 bg-pitch-700 text-white"
                    : "border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
                }`}
              >
                {t(`nav.predictions${d[0]!.toUpperCase()}${d.slice(1)}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("predictions.categories")} className="relative -mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-2 sm:flex-wrap">
          {CATEGORY_CODES.map((code) => (
            <li key={code}>
              <Link
                to={predictionsPath(locale, day, code === 0 ? undefined : code)}
                aria-current={code === category ? "page" : undefined}
                className={`block whitespace-nowrap rounded-full border px-3 py-1 text-sm ${
                  code === category
                    ? "border-pitch-700 bg-pitch-700 text-white"
                    : "border-slate-300 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
                }`}
              >
                {PREMIUM.has(code) && <span aria-hidden="true">♛ </span>}
                {t(`categories.${code}`)}
                {PREMIUM.has(code) && <span className="sr-only"> ({t("premium.label")})</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {locked ? (
        <PremiumDenied message="premium.lockedText" />
      ) : groups.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
          {t("home.noMatches")}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {groups.map((group) => (
            <LeagueCard key={group.league.id} league={group.league}>
              {group.fixtures.map((fixture) => (
                <FixtureRow key={fixture.id} fixture={fixture} pick={fixture.pick} showOdds />
              ))}
            </LeagueCard>
          ))}
        </div>
      )}
      {!locked && shown < total && <ShowMore to={`?show=${shown + PAGE_SIZE}`} left={total - shown} />}
    </main>
  );
}
