import { useState } from "react";
import { isServiceError } from "../../service-errors.server.ts";
import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect, useNavigate, useNavigation } from "react-router";
import {
  DATES_DAYS,
  DATES_INTERVALS,
  type DatesInterval,
  FILTER_EVENTS,
  type FilterState,
  RATE_PARAMS,
  type RateParam,
  fromQuery,
  hasChanges,
  resetAll,
  resetEvent,
  toQuery,
} from "../../../domain/stats/advanced-filter.ts";
import { addDays, dayRange, localDate } from "../../../domain/time/zones.ts";
import { pagePath } from "../../../i18n/paths.ts";
import { leagueGroupsPath } from "../../../i18n/routes-stats.ts";
import { metaT, pageContext, pageId, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/advanced-filter";
import { LeagueOptions } from "../../components/league-options.tsx";
import { readForm } from "../../form-input.server.ts";
import { card, field, secondary } from "../../stats/advanced-filter/classes.ts";
import { GoalFields } from "../../stats/advanced-filter/goal-fields.tsx";
import { RangeFields } from "../../stats/advanced-filter/range-fields.tsx";
import { Results } from "../../stats/advanced-filter/results.tsx";
import { SavedSearches } from "../../stats/advanced-filter/saved-searches.tsx";

const DEFAULT_DATES: DatesInterval = "today";
/** Matches shown at first and added by "show more": a week can hold hundreds. */
const PAGE_SIZE = 50;

/** The page's own query: the filter's query (SPEC §5 rules) plus the dates interval. */
function pageQuery(state: FilterState): string {
  const q = toQuery(state);
  if (state.datesInterval && state.datesInterval !== DEFAULT_DATES) q.dates = state.datesInterval;
  if (!state.event) q.reset = "1";
  return new URLSearchParams(q).toString();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const { services, access, user } = context;
  const state = fromQuery(url.searchParams);
  const interval = state.datesInterval ?? DEFAULT_DATES;
  const today = localDate(services.clock.now().getTime(), timeZone);
  const [a, b] = DATES_DAYS[interval];
  const raw: Record<string, string | undefined> = Object.fromEntries(url.searchParams);
  raw.from = dayRange(addDays(today, a), timeZone).from.toISOString();
  raw.to = dayRange(addDays(today, b), timeZone).from.toISOString();
  let result = null;
  let error: string | null = null;
  let errorParams: Record<string, string | number> = {};
  try {
    // SPEC §6: the premium endpoint for premium members, the standard one otherwise.
    result = await services.stats.advancedFilter(raw, access, { premiumEndpoint: access.premium });
  } catch (e) {
    if (!isServiceError(e)) throw e;
    error = e.status === 401 || e.status === 403 ? "premium.lockedText" : e.key;
    errorParams = e.params ?? {};
  }
  const [countries, groups, searches] = await Promise.all([
    services.leagues.countriesWithLeagues({ recent: true }),
    user && access.premium ? services.stats.leagueGroups.list(user, access) : Promise.resolve([]),
    user && access.premium ? services.stats.savedSearches.list(user, access) : Promise.resolve([]),
  ]);
  return {
    locale,
    state,
    premium: access.premium,
    loggedIn: access.loggedIn,
    countries,
    groups: groups.map((g) => ({ id: g.id, name: g.name, leagueIds: g.leagueIds })),
    searches: searches.map((s) => ({ id: s.id, name: s.name, query: new URLSearchParams(s.query).toString() })),
    result,
    error,
    errorParams,
    origin: url.origin,
    pathname: url.pathname,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const { user, access, services } = context;
  if (!user)
    throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  try {
    const form = await readForm(request);
    if (form.get("intent") === "deleteSearch") {
      await services.stats.savedSearches.remove(user, access, pageId(String(form.get("id"))));
      return { ok: "advancedFilter.configDeleted", error: null };
    }
    const query = Object.fromEntries(new URLSearchParams(String(form.get("query") ?? "")));
    await services.stats.savedSearches.save(user, access, { name: form.get("name"), query });
    return { ok: "advancedFilter.configSaved", error: null };
  } catch (e) {
    if (!isServiceError(e)) throw e;
    // The refusal on the form, with its status (a NUL in a field: 400).
    return data({ ok: null, error: e.status === 403 ? "premium.lockedText" : e.message }, { status: e.status });
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("advancedFilter.title"),
    description: t("advancedFilter.intro"),
  });
}

export default function AdvancedFilter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { premium, loggedIn, countries, groups, searches, result, error, errorParams } = loaderData;
  const [state, setState] = useState<FilterState>(loaderData.state);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [lastLoaded, setLastLoaded] = useState(loaderData.state);
  if (lastLoaded !== loaderData.state) {
    setLastLoaded(loaderData.state);
    setState(loaderData.state);
    setShown(PAGE_SIZE);
  }
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const changed = hasChanges(state);
  const set = (patch: Partial<FilterState>) => setState((s) => ({ ...s, ...patch }));
  const setRate = (key: RateParam, v: string) =>
    setState((s) => ({ ...s, rates: { ...s.rates, [key]: v === "" ? null : Number(v) } }));
  const search = (s: FilterState) => navigate(`?${pageQuery(s)}`);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("advancedFilter.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("advancedFilter.intro")}</p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
        <div className="space-y-4">
          <Form
            method="get"
            className={`${card} space-y-4`}
            aria-label={t("advancedFilter.formLabel")}
            onSubmit={(e) => {
              // Builds the query by the SPEC §5 rules: empty and zero values left out, goals 4 sent as 10.
              e.preventDefault();
              search(state);
            }}
          >
            <div className="flex items-end gap-2">
              <label className="block min-w-0 flex-1 text-sm font-medium">
                {t("advancedFilter.event")}
                <select
                  name="event"
                  className={field}
                  value={state.event ?? ""}
                  onChange={(e) => set({ event: e.target.value || null })}
                >
                  <option value="">{t("advancedFilter.chooseEvent")}</option>
                  {FILTER_EVENTS.map((ev) => (
                    <option key={ev.code} value={ev.code} disabled={ev.premium && !premium}>
                      {t(`advancedFilter.events.${ev.code}`)}
                      {ev.premium ? " ♛" : ""}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className={secondary}
                disabled={!state.event}
                onClick={() => setState((s) => resetEvent(s))}
              >
                {t("advancedFilter.resetEvent")}
              </button>
            </div>
            <label className="block text-sm font-medium">
              {t("advancedFilter.dates")}
              <select
                name="dates"
                className={field}
                value={state.datesInterval ?? DEFAULT_DATES}
                onChange={(e) => set({ datesInterval: e.target.value as DatesInterval })}
              >
                {DATES_INTERVALS.map((d) => (
                  <option key={d} value={d}>
                    {t(`advancedFilter.dates_${d}`)}
                  </option>
                ))}
              </select>
            </label>
            <RangeFields
              legend={t("advancedFilter.quotes")}
              names={["minOdd", "maxOdd"]}
              step="0.01"
              min={1}
              value={state.quotes}
              onChange={(quotes) => set({ quotes })}
            />
            <RangeFields
              legend={t("advancedFilter.probabilities")}
              locked={!premium}
              names={["minProbability", "maxProbability"]}
              min={1}
              max={100}
              value={state.probabilities}
              onChange={(probabilities) => set({ probabilities })}
            />
            {premium && (
              <label className="block text-sm font-medium">
                {t("advancedFilter.leagueGroup")}
                <select
                  className={field}
                  value=""
                  onChange={(e) => {
                    const group = groups.find((g) => g.id === Number(e.target.value));
                    if (group) set({ leagues: group.leagueIds });
                  }}
                >
                  <option value="">
                    {groups.length ? t("advancedFilter.chooseGroup") : t("advancedFilter.noGroups")}
                  </option>
                  {groups.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
                <Link
                  to={leagueGroupsPath(locale)}
                  className="text-xs font-normal text-pitch-700 underline dark:text-pitch-100"
                >
                  {t("advancedFilter.manageGroups")}
                </Link>
              </label>
            )}
            <label className="block text-sm font-medium">
              {t("advancedFilter.leagues")}
              <select
                name="leagueIds"
                multiple
                className={`${field} h-32`}
                value={state.leagues.map(String)}
                onChange={(e) => set({ leagues: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
              >
                <LeagueOptions countries={countries} />
              </select>
              <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                {t("advancedFilter.leaguesHint")}
              </span>
            </label>
            <fieldset>
              <legend className="text-sm font-medium">{t("advancedFilter.rates")}</legend>
              <p className="text-xs text-slate-600 dark:text-slate-400">{t("advancedFilter.ratesHint")}</p>
              <div className="mt-1 grid grid-cols-2 gap-2">
                {RATE_PARAMS.map((key) => (
                  <label key={key} className="block text-xs">
                    {t(`advancedFilter.rate.${key}`)}
                    <input
                      name={key}
                      type="number"
                      min="0"
                      max="100"
                      inputMode="numeric"
                      className={field}
                      value={state.rates[key] ?? ""}
                      onChange={(e) => setRate(key, e.target.value)}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
            <GoalFields
              goals={state.goals}
              onChange={(goal, v) => setState((s) => ({ ...s, goals: { ...s.goals, [goal]: v } }))}
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                disabled={busy}
                className="flex-1 rounded-lg bg-pitch-700 px-4 py-2 font-semibold text-white hover:bg-pitch-900 disabled:opacity-60"
              >
                {busy ? t("advancedFilter.searching") : t("advancedFilter.search")}
              </button>
              <button type="button" className={secondary} disabled={!changed} onClick={() => setState(resetAll())}>
                {t("advancedFilter.resetAll")}
              </button>
            </div>
            {changed && <p className="text-xs text-slate-600 dark:text-slate-400">{t("advancedFilter.edited")}</p>}
          </Form>

          <SavedSearches
            premium={premium}
            loggedIn={loggedIn}
            searches={searches}
            state={state}
            actionData={actionData}
          />
        </div>

        <Results
          busy={busy}
          error={error}
          errorParams={errorParams}
          result={result}
          countries={countries}
          shown={shown}
          onShowMore={() => setShown((n) => n + PAGE_SIZE)}
        />
      </div>
    </main>
  );
}
