import { useTranslation } from "react-i18next";
import { fromService } from "../service-errors.server.ts";
import { Link, useNavigation } from "react-router";
import type { TrendItem } from "../../services/team-stats.ts";
import { StatusCell } from "../components/fixture-row.tsx";
import { PremiumDenied } from "../components/premium/premium-gate.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { useEventName } from "../components/team-events.tsx";
import { formatDayHeading } from "../format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { matchPath } from "../../i18n/paths.ts";
import { teamPath } from "../../i18n/team-paths.ts";
import { metaT, pageContext, queryNumber, seo } from "../page-context.ts";
import { TREND_KINDS, TREND_VENUES, TrendsFilter, type TrendsFilterState } from "../components/trends-filter.tsx";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/trends";
import { leagueName } from "../../i18n/country-name.ts";

const TABS = ["AllTrends", "TopTrends"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const q = url.searchParams;
  const tab = TABS.find((t) => t === q.get("tab")) ?? "AllTrends";
  const { premium } = context.access;
  const leagues = await fromService(() => context.services.teamStats.trendLeagues({ premium }));
  const filter: TrendsFilterState = {
    country: leagues.some((l) => l.country === q.get("country")) ? q.get("country")! : "",
    league: q.get("league") ? String(queryNumber(url, "league", 0, { min: 1, max: 2 ** 31 - 1, whole: true })) : "",
    kind: TREND_KINDS.find((k) => k === q.get("kind")) ?? "",
    venue: TREND_VENUES.find((v) => v === q.get("venue")) ?? "",
  };
  // One page of rows at a time (the whole list of a weekend is megabytes of HTML); past the last page, the last.
  const page = queryNumber(url, "page", 1, { min: 1, max: 1_000_000, whole: true });
  // Free users and visitors get the free events only: the service filters by the caller's access.
  const data = await fromService(() =>
    context.services.teamStats.trendsPage({
      tab,
      premium,
      page,
      filter: {
        country: filter.country || undefined,
        leagueId: filter.league ? Number(filter.league) : undefined,
        kind: TREND_KINDS.find((k) => k === filter.kind),
        venue: TREND_VENUES.find((v) => v === filter.venue),
      },
    }),
  );
  return { locale, tab, data, leagues, filter, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("trends.title"),
    description: t("trends.intro"),
  });
}

function useTrendText() {
  const { t } = useTranslation();
  const name = useEventName();
  return (item: TrendItem) => {
    const { trend } = item;
    return trend.kind === "consecutive"
      ? t(`trends.consecutive.${trend.venue}`, { event: name(trend.event), count: trend.occurrences })
      : t(`trends.rate.${trend.venue}`, {
          event: name(trend.event),
          occurrences: trend.occurrences,
          total: trend.totalMatches,
        });
  };
}

function useRarity() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (strength: number) =>
    t("trends.chance", { n: new Intl.NumberFormat(LOCALE_TAGS[locale]).format(Math.round(10 ** strength)) });
}

/** The rarity: its own column from 640 px; on a phone a line under the trend, so that the table fits 375 px. */
function Rarity({ strength }: { strength: number }) {
  const { t } = useTranslation();
  const rarity = useRarity();
  return (
    <td
      className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-600 sm:table-cell dark:text-slate-300"
      title={t("trends.chanceTitle")}
    >
      {rarity(strength)}
    </td>
  );
}

function TrendCell({ item, text }: { item: TrendItem; text: string }) {
  const { t } = useTranslation();
  const rarity = useRarity();
  return (
    <td className="px-2 py-2 align-top sm:px-3">
      {text}
      <span className="block text-xs tabular-nums text-slate-600 sm:hidden dark:text-slate-400">
        {t("trends.rarity")}: {rarity(item.trend.strength)}
      </span>
    </td>
  );
}

function TeamCell({ item, withMatch }: { item: TrendItem; withMatch: boolean }) {
  const { locale } = usePreferences();
  const f = item.fixture;
  return (
    <th scope="row" className="px-2 py-2 text-left align-top font-medium sm:px-3">
      <Link to={teamPath(locale, item.team)} className="hover:underline">
        {item.team.name}
      </Link>
      {withMatch && (
        <Link
          to={matchPath(locale, f)}
          className="mt-0.5 flex flex-wrap gap-x-1 text-xs font-normal text-slate-600 hover:underline dark:text-slate-400"
        >
          <StatusCell fixture={f} />
          <span>
            {f.localTeam.name} – {f.visitorTeam.name}
          </span>
        </Link>
      )}
    </th>
  );
}

function TrendsHead() {
  const { t } = useTranslation();
  return (
    <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      <tr>
        <th scope="col" className="px-2 py-2 text-left sm:px-3">
          {t("trends.team")}
        </th>
        <th scope="col" className="px-2 py-2 text-left sm:px-3">
          {t("trends.trend")}
        </th>
        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
          {t("trends.rarity")}
        </th>
      </tr>
    </thead>
  );
}

function AllTrends({ items }: { items: TrendItem[] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const text = useTrendText();
  const fixtures: Array<{ fixture: TrendItem["fixture"]; items: TrendItem[] }> = [];
  for (const item of items) {
    const last = fixtures[fixtures.length - 1];
    if (last && last.fixture.id === item.fixture.id) last.items.push(item);
    else fixtures.push({ fixture: item.fixture, items: [item] });
  }
  const headings = new Map<number, string>();
  let day = "";
  for (const { fixture } of fixtures) {
    if (fixture.kickoff.slice(0, 10) !== day) headings.set(fixture.id, fixture.kickoff.slice(0, 10));
    day = fixture.kickoff.slice(0, 10);
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("trends.tab.AllTrends")}</caption>
      <TrendsHead />
      {fixtures.map(({ fixture: f, items: rows }) => {
        const heading = headings.get(f.id);
        return (
          <tbody
            key={f.id}
            className="divide-y divide-slate-100 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-700"
          >
            {heading && (
              <tr>
                <th
                  colSpan={3}
                  scope="colgroup"
                  className="bg-pitch-50 px-3 py-1.5 text-left text-xs font-semibold uppercase text-pitch-900 dark:bg-pitch-900/40 dark:text-pitch-100"
                >
                  {formatDayHeading(heading, locale)}
                </th>
              </tr>
            )}
            <tr className="bg-slate-50 dark:bg-slate-800/60">
              <th colSpan={3} scope="colgroup" className="px-3 py-1.5 text-left font-semibold">
                <Link to={matchPath(locale, f)} className="flex flex-wrap items-center gap-x-2 hover:underline">
                  <StatusCell fixture={f} />
                  <span>
                    {f.localTeam.name} – {f.visitorTeam.name}
                  </span>
                  <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                    {leagueName(t, f.league)}
                  </span>
                </Link>
              </th>
            </tr>
            {rows.map((item) => (
              <TrendRow key={`${item.team.id}-${item.trend.event}-${item.trend.venue}`} item={item} text={text(item)} />
            ))}
          </tbody>
        );
      })}
    </table>
  );
}

/** One trend of a team: the team (and its match, in the top list), the trend, its rarity; filterable by its data. */
function TrendRow({ item, text, withMatch = false }: { item: TrendItem; text: string; withMatch?: boolean }) {
  return (
    <tr
      data-event={item.trend.event}
      data-kind={item.trend.kind}
      data-venue={item.trend.venue}
      data-league={item.fixture.league.id}
    >
      <TeamCell item={item} withMatch={withMatch} />
      <TrendCell item={item} text={text} />
      <Rarity strength={item.trend.strength} />
    </tr>
  );
}

function TopTrends({ items }: { items: TrendItem[] }) {
  const { t } = useTranslation();
  const text = useTrendText();
  return (
    <table className="w-full text-sm">
      <caption className="px-3 pt-3 text-left text-sm text-slate-600 dark:text-slate-400">
        {t("trends.topIntro")}
      </caption>
      <TrendsHead />
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => (
          <TrendRow
            key={`${item.team.id}-${item.trend.event}-${item.trend.venue}`}
            item={item}
            text={text(item)}
            withMatch
          />
        ))}
      </tbody>
    </table>
  );
}

/** The count of all rows, and links to the previous and next pages that keep the tab and the filters. */
function Pager({
  tab,
  filter,
  data,
}: {
  tab: string;
  filter: TrendsFilterState;
  data: { total: number; page: number; pages: number; pageRows: number; items: unknown[] };
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale]);
  const link = (page: number) => {
    const q = new URLSearchParams();
    if (tab !== "AllTrends") q.set("tab", tab);
    for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
    if (page > 1) q.set("page", String(page));
    const text = q.toString();
    return text ? `?${text}` : "?";
  };
  const first = (data.page - 1) * data.pageRows + 1;
  const last = first + data.items.length - 1;
  const button =
    "rounded-md bg-white px-3 py-2 text-sm font-medium text-pitch-800 shadow-sm hover:bg-slate-50 dark:bg-slate-900 dark:text-pitch-100 dark:hover:bg-slate-800";
  return (
    <nav aria-label={t("trendsPages.pages")} className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="trends-count">
        {data.total === 0
          ? t("trendsPages.total", { count: 0 })
          : t("trendsPages.showing", {
              from: number.format(first),
              to: number.format(last),
              total: number.format(data.total),
              count: data.total,
            })}
      </p>
      {data.pages > 1 && (
        <div className="flex flex-wrap gap-2">
          {data.page > 1 && (
            <Link to={link(data.page - 1)} rel="prev" className={button}>
              ← {t("trendsPages.previous")}
            </Link>
          )}
          {data.page < data.pages && (
            <Link to={link(data.page + 1)} rel="next" className={button} data-testid="trends-more">
              {t("trendsPages.more", { count: Math.min(data.pageRows, data.total - last) })} →
            </Link>
          )}
        </div>
      )}
    </nav>
  );
}

export default function Trends({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, data, leagues, filter } = loaderData;
  const busy = useNavigation().state === "loading";
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("trends.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("trends.intro")}</p>
      {!data.premium && (
        <div className="mb-4">
          <PremiumDenied message="premium.lockedText">
            <p className="font-semibold">{t("trends.freeNote")}</p>
            {data.lockedCount > 0 && <p>{t("trends.lockedCount", { count: data.lockedCount })}</p>}
          </PremiumDenied>
        </div>
      )}
      <TabLinks
        label={t("trends.tabs")}
        current={tab}
        tabs={TABS.map((id) => ({ id, label: t(`trends.tab.${id}`) }))}
        keep={filter}
      />
      <TrendsFilter tab={tab} state={filter} leagues={leagues} />
      <section
        aria-busy={busy}
        className={`overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900 ${busy ? "opacity-60" : ""}`}
      >
        {data.items.length === 0 ? (
          <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("trends.empty")}</p>
        ) : tab === "TopTrends" ? (
          <TopTrends items={data.items} />
        ) : (
          <AllTrends items={data.items} />
        )}
      </section>
      <Pager tab={tab} filter={filter} data={data} />
      {!data.premium && data.lockedCount > 0 && (
        <div className="mt-4" data-testid="locked-trends">
          <PremiumDenied message="premium.lockedText">
            <p className="font-semibold">{t("trends.lockedCount", { count: data.lockedCount })}</p>
          </PremiumDenied>
        </div>
      )}
    </main>
  );
}
