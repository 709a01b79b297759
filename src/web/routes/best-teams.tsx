import { idFromText } from "../../domain/ids.ts";
import { useTranslation } from "react-i18next";
import { isServiceError } from "../service-errors.server.ts";
import { Form, Link, useNavigation } from "react-router";
import {
  BEST_TEAMS_EVENTS,
  DEFAULT_EVENT,
  DEFAULT_MATCHES_QUANTITY,
  DEFAULT_PROBABILITIES,
  DEFAULT_QUOTES,
  hasChanges,
  toggleEvent,
} from "../../domain/stats/best-teams.ts";
import { StatusCell } from "../components/fixture-row.tsx";
import { Odds } from "../components/odds.tsx";
import { PremiumDenied } from "../components/premium/premium-gate.tsx";
import { useEventName } from "../components/team-events.tsx";
import { formatPercent } from "../format.ts";
import { matchPath } from "../../i18n/paths.ts";
import { bestTeamsPath, teamPath } from "../../i18n/team-paths.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/best-teams";
import { LeagueOptions } from "../components/league-options.tsx";
import { LeagueGroupSelect } from "../components/league-group-select.tsx";
import { withLeagueGroup } from "../league-groups.server.ts";

const DAY_MS = 86_400_000;
const DAYS = [1, 3, 7] as const;

/** The filter as the URL holds it; missing values are the SPEC defaults. */
function readFilter(q: URLSearchParams) {
  const num = (name: string, fallback: number) => {
    const v = Number(q.get(name));
    return q.get(name) !== null && q.get(name) !== "" && Number.isFinite(v) ? v : fallback;
  };
  const events = q.has("events")
    ? (q.get("events") ?? "").split(",").filter((e) => (BEST_TEAMS_EVENTS as readonly string[]).includes(e))
    : [DEFAULT_EVENT];
  const days = DAYS.find((d) => d === num("days", 3)) ?? 3;
  return {
    selectedEvents: events,
    leagues: q.getAll("league").flatMap((v) => idFromText(v) ?? []),
    bmQuotesInterval: [num("minOdd", DEFAULT_QUOTES[0]), num("maxOdd", DEFAULT_QUOTES[1])] as [number, number],
    matchesQuantity: num("matchesQuantity", DEFAULT_MATCHES_QUANTITY),
    probabilitiesInterval: [
      num("minProbability", DEFAULT_PROBABILITIES[0]),
      num("maxProbability", DEFAULT_PROBABILITIES[1]),
    ] as [number, number],
    days,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const filter = readFilter(url.searchParams);
  const base = { locale, filter, search: url.search, origin: url.origin, pathname: url.pathname };
  // Premium only (SPEC §6): the others get the page with the denial, never the data.
  if (!context.access.premium)
    return { ...base, denied: true, result: null, error: null, countries: [], groups: [], groupId: null };
  const countries = await context.services.leagues.countriesWithLeagues({ recent: true });
  const { leagueIds, groups, groupId } = await withLeagueGroup(context, url.searchParams, filter.leagues);
  const page = { ...base, denied: false, countries, groups, groupId };
  if (filter.selectedEvents.length === 0) return { ...page, result: null, error: "bestTeams.chooseEvent" };
  const now = context.services.clock.now().getTime();
  try {
    const result = await context.services.teamStats.bestTeams(
      {
        events: filter.selectedEvents,
        leagueIds: leagueIds.length ? leagueIds : undefined,
        from: new Date(now),
        to: new Date(now + filter.days * DAY_MS),
        minOdd: filter.bmQuotesInterval[0],
        maxOdd: filter.bmQuotesInterval[1],
        matchesQuantity: filter.matchesQuantity,
        minProbability: filter.probabilitiesInterval[0],
        maxProbability: filter.probabilitiesInterval[1],
      },
      context.access,
    );
    return { ...page, result, error: null, errorParams: {} };
  } catch (e) {
    if (!isServiceError(e) || e.status !== 400) throw e;
    return { ...page, result: null, error: e.key, errorParams: e.params ?? {} };
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("bestTeams.title"),
    description: t("bestTeams.intro"),
  });
}

type Filter = Route.ComponentProps["loaderData"]["filter"];

/** The address of the filter with another event selection (SPEC §4 toggle), other fields kept. */
function withEvents(search: string, events: string[]): string {
  const q = new URLSearchParams(search);
  q.set("events", events.join(","));
  return `?${q.toString()}`;
}

type Loaded = Route.ComponentProps["loaderData"];

function FilterForm({
  filter,
  search,
  countries,
  groups,
  groupId,
}: { filter: Filter; search: string } & Pick<Loaded, "countries" | "groups" | "groupId">) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const name = useEventName();
  const edited = hasChanges({ ...filter, bestLeagueEvent: null, league: null });
  const field =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";
  const numberFields = [
    {
      name: "minOdd",
      label: `${t("bestTeams.odds")} · ${t("bestTeams.min")}`,
      value: filter.bmQuotesInterval[0],
      step: "0.01",
      min: 1,
      max: undefined,
    },
    {
      name: "maxOdd",
      label: `${t("bestTeams.odds")} · ${t("bestTeams.max")}`,
      value: filter.bmQuotesInterval[1],
      step: "0.01",
      min: 1,
      max: undefined,
    },
    {
      name: "minProbability",
      label: `${t("bestTeams.probability")} · ${t("bestTeams.min")}`,
      value: filter.probabilitiesInterval[0],
      step: "1",
      min: 1,
      max: 100,
    },
    {
      name: "maxProbability",
      label: `${t("bestTeams.probability")} · ${t("bestTeams.max")}`,
      value: filter.probabilitiesInterval[1],
      step: "1",
      min: 1,
      max: 100,
    },
    {
      name: "matchesQuantity",
      label: t("bestTeams.matchesQuantity"),
      value: filter.matchesQuantity,
      step: "1",
      min: 1,
      max: 20,
    },
  ];
  return (
    <div className="space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t("bestTeams.filter")}</h2>
        {edited && (
          <span className="flex items-center gap-2">
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
              {t("bestTeams.edited")}
            </span>
            <Link
              to={bestTeamsPath(locale)}
              className="text-sm font-medium text-pitch-700 underline dark:text-pitch-100"
            >
              {t("bestTeams.reset")}
            </Link>
          </span>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium">{t("bestTeams.events")}</legend>
        <ul className="mt-2 flex flex-wrap gap-2">
          {BEST_TEAMS_EVENTS.map((e) => {
            const on = filter.selectedEvents.includes(e);
            return (
              <li key={e}>
                <Link
                  to={withEvents(search, toggleEvent(filter.selectedEvents, e))}
                  preventScrollReset
                  role="checkbox"
                  aria-checked={on}
                  className={`block rounded-full border px-3 py-1 text-sm ${
                    on
                      ? "border-pitch-600 bg-pitch-600 text-white dark:border-pitch-100 dark:bg-pitch-700"
                      : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
                  }`}
                >
                  {name(e)}
                </Link>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Form method="get" className="space-y-3">
        <input type="hidden" name="events" value={filter.selectedEvents.join(",")} />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {numberFields.map((f) => (
            <label key={f.name} className="block text-sm font-medium">
              {f.label}
              <input
                name={f.name}
                type="number"
                step={f.step}
                min={f.min}
                max={f.max}
                defaultValue={f.value}
                className={field}
              />
            </label>
          ))}
          <label className="block text-sm font-medium">
            {t("bestTeams.period")}
            <select name="days" defaultValue={filter.days} className={field}>
              {DAYS.map((d) => (
                <option key={d} value={d}>
                  {t(`bestTeams.next${d}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="col-span-2">
            <LeagueGroupSelect groups={groups} selected={groupId} className={field} />
          </div>
          <label className="col-span-2 block text-sm font-medium">
            {t("bestTeams.leagues")}
            <select name="league" multiple defaultValue={filter.leagues.map(String)} className={`${field} h-24`}>
              <LeagueOptions countries={countries} />
            </select>
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t("bestTeams.allLeagues")}</span>
          </label>
        </div>
        <button type="submit" className="rounded-lg bg-pitch-700 px-4 py-2 font-semibold text-white hover:bg-pitch-900">
          {t("bestTeams.apply")}
        </button>
      </Form>
    </div>
  );
}

export default function BestTeams({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const name = useEventName();
  const { denied, result, error, filter, search, countries, groups, groupId } = loaderData;
  const errorParams = "errorParams" in loaderData ? loaderData.errorParams : {};
  const busy = useNavigation().state === "loading";
  if (denied) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="mb-2 text-2xl font-bold">{t("bestTeams.title")}</h1>
        <p className="mb-4 text-slate-600 dark:text-slate-400">{t("bestTeams.intro")}</p>
        <PremiumDenied />
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("bestTeams.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("bestTeams.intro")}</p>
      <FilterForm filter={filter} search={search} countries={countries} groups={groups} groupId={groupId} />
      <section
        aria-live="polite"
        aria-busy={busy}
        className={`mt-4 overflow-hidden rounded-xl bg-white shadow-sm dark:bg-slate-900 ${busy ? "opacity-60" : ""}`}
      >
        {error && (
          <p role="alert" className="p-4 text-red-800 dark:text-red-200">
            {t(error, { ...errorParams, defaultValue: error })}
          </p>
        )}
        {result && result.rows.length === 0 && (
          <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("bestTeams.empty")}</p>
        )}
        {result && result.rows.length > 0 && (
          <table className="w-full text-sm">
            <caption className="sr-only">{t("bestTeams.title")}</caption>
            <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  {t("bestTeams.team")} · {t("bestTeams.match")}
                </th>
                <th scope="col" className="px-3 py-2 text-left">
                  {t("bestTeams.event")} · {t("bestTeams.rate")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("bestTeams.ourProbability")} · {t("bestTeams.odd")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {result.rows.map((r) => (
                <tr key={`${r.team.id}-${r.event}`} data-event={r.event}>
                  <th scope="row" className="px-3 py-2 text-left align-top font-medium">
                    <Link to={teamPath(locale, r.team)} className="hover:underline">
                      {r.team.name}
                    </Link>
                    <Link
                      to={matchPath(locale, r.fixture)}
                      className="mt-0.5 flex flex-wrap gap-x-1 text-xs font-normal text-slate-600 hover:underline dark:text-slate-400"
                    >
                      <StatusCell fixture={r.fixture} />
                      <span>
                        {r.fixture.localTeam.name} – {r.fixture.visitorTeam.name}
                      </span>
                    </Link>
                  </th>
                  <td className="px-3 py-2 align-top">
                    <span className="block">{name(r.event)}</span>
                    <span className="block text-xs tabular-nums text-slate-600 dark:text-slate-400">
                      <strong className="text-slate-900 dark:text-slate-100">{formatPercent(r.rate, locale)}</strong> ·{" "}
                      {r.occurrences}/{r.totalMatches}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right align-top tabular-nums">
                    <span className="block">{formatPercent(r.probability, locale)}</span>
                    <span className="block text-xs">
                      <Odds value={r.odds} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}
