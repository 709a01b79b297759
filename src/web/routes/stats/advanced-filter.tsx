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
  GOAL_KEYS,
  GOAL_OPTIONS,
  GOAL_SIDES,
  GOAL_STATS,
  type GoalKey,
  RATE_PARAMS,
  type Range,
  type RateParam,
  fromQuery,
  hasChanges,
  resetAll,
  resetEvent,
  toQuery,
} from "../../../domain/stats/advanced-filter.ts";
import { addDays, dayRange, localDate } from "../../../domain/time/zones.ts";
import { StatusCell } from "../../components/fixture-row.tsx";
import { Odds } from "../../components/odds.tsx";
import { formatPercent } from "../../format.ts";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { matchPath, pagePath } from "../../../i18n/paths.ts";
import { leagueGroupsPath } from "../../../i18n/routes-stats.ts";
import { metaT, pageContext, pageId, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/advanced-filter";
import { LeagueOptions } from "../../components/league-options.tsx";
import { leagueName } from "../../../i18n/country-name.ts";
import { readForm } from "../../form-input.server.ts";

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

const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";
const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
const secondary =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800";

function PremiumMark() {
  const { t } = useTranslation();
  return (
    <span>
      <span aria-hidden="true"> ♛</span>
      <span className="sr-only"> ({t("premium.label")})</span>
    </span>
  );
}

/** Two number fields of a range (odds, probabilities), with their legend; locked ones are premium. */
function RangeFields(props: {
  legend: string;
  names: [string, string];
  value: Range;
  onChange: (v: Range) => void;
  step?: string;
  min: number;
  max?: number;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  return (
    <fieldset disabled={props.locked}>
      <legend className="text-sm font-medium">
        {props.legend}
        {props.locked && <PremiumMark />}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {(["min", "max"] as const).map((bound, i) => (
          <label key={bound} className="block text-xs">
            {t(`advancedFilter.${bound}`)}
            <input
              name={props.names[i]}
              type="number"
              step={props.step}
              min={props.min}
              max={props.max}
              className={field}
              value={value[i]}
              onChange={(e) =>
                onChange(i === 0 ? [Number(e.target.value), value[1]] : [value[0], Number(e.target.value)])
              }
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function GoalRow({
  goal,
  value,
  onChange,
}: {
  goal: GoalKey;
  value: { min: number | null; max: number | null } | undefined;
  onChange: (v: { min: number | null; max: number | null }) => void;
}) {
  const { t } = useTranslation();
  const side = goal.startsWith("Home") ? "Home" : "Away";
  const stat = goal.includes("Scored") ? "Scored" : "Conceded";
  const scope = goal.slice(side.length + stat.length);
  const label = `${t(`advancedFilter.side${side}`)} · ${t(`advancedFilter.stat${stat}`)} · ${t(`advancedFilter.scope${scope}`)}`;
  const select = (bound: "min" | "max") => (
    <label className="text-xs">
      <span className="sr-only">{label} – </span>
      {t(`advancedFilter.${bound}`)}
      <select
        name={`${bound}${goal}`}
        className={field}
        value={value?.[bound] ?? ""}
        onChange={(e) =>
          onChange({
            min: value?.min ?? null,
            max: value?.max ?? null,
            [bound]: e.target.value === "" ? null : Number(e.target.value),
          })
        }
      >
        <option value="">{t("advancedFilter.any")}</option>
        {GOAL_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {o === 4 ? "4+" : o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_5rem_5rem] items-end gap-2 py-1">
      <span className="block text-sm first-letter:uppercase">{t(`advancedFilter.scope${scope}`)}</span>
      {select("min")}
      {select("max")}
    </div>
  );
}

export default function AdvancedFilter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, timeZone } = usePreferences();
  const shortDay = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      weekday: "short",
      day: "numeric",
      month: "numeric",
      timeZone,
    }).format(new Date(iso));
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
  const leagueNames = new Map(
    countries.flatMap((c) => c.leagues.map((l) => [l.id, leagueName(t, { name: l.name, country: c.name })] as const)),
  );

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
            <details
              className="rounded-lg border border-slate-200 p-2 dark:border-slate-700"
              open={Object.keys(state.goals).length > 0}
            >
              <summary className="cursor-pointer text-sm font-medium">{t("advancedFilter.goals")}</summary>
              <p className="text-xs text-slate-600 dark:text-slate-400">{t("advancedFilter.goalsHint")}</p>
              {GOAL_SIDES.flatMap((side) =>
                GOAL_STATS.map((stat) => (
                  <fieldset key={side + stat} className="mt-2">
                    <legend className="text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">
                      {t(`advancedFilter.side${side}`)} · {t(`advancedFilter.stat${stat}`)}
                    </legend>
                    <div className="divide-y divide-slate-100 dark:divide-slate-800">
                      {GOAL_KEYS.filter((goal) => goal.startsWith(side + stat)).map((goal) => (
                        <GoalRow
                          key={goal}
                          goal={goal}
                          value={state.goals[goal]}
                          onChange={(v) => setState((s) => ({ ...s, goals: { ...s.goals, [goal]: v } }))}
                        />
                      ))}
                    </div>
                  </fieldset>
                )),
              )}
            </details>
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

          <section className={card} aria-labelledby="saved-configurations">
            <h2 id="saved-configurations" className="text-sm font-semibold">
              {t("advancedFilter.savedTitle")}
              {!premium && <PremiumMark />}
            </h2>
            {!premium ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {loggedIn ? t("premium.lockedText") : t("advancedFilter.loginToSave")}
              </p>
            ) : (
              <>
                <Form method="post" className="mt-2 flex items-end gap-2">
                  <input type="hidden" name="intent" value="saveSearch" />
                  <input type="hidden" name="query" value={new URLSearchParams(toQuery(state)).toString()} />
                  <label className="block min-w-0 flex-1 text-xs">
                    {t("advancedFilter.configName")}
                    <input
                      name="name"
                      className={field}
                      maxLength={100}
                      aria-invalid={actionData?.error ? true : undefined}
                    />
                  </label>
                  <button type="submit" className={secondary}>
                    {t("advancedFilter.save")}
                  </button>
                </Form>
                {actionData?.error && (
                  <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                    {t(actionData.error)}
                  </p>
                )}
                {actionData?.ok && (
                  <p role="status" className="mt-1 text-sm text-pitch-700 dark:text-pitch-100">
                    {t(actionData.ok)}
                  </p>
                )}
                {searches.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("advancedFilter.noSaved")}</p>
                ) : (
                  <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
                    {searches.map((s) => (
                      <li key={s.id} className="flex items-center gap-2 py-1.5 text-sm">
                        <Link
                          to={`?${s.query}`}
                          className="min-w-0 flex-1 truncate text-pitch-700 underline dark:text-pitch-100"
                        >
                          {s.name}
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="intent" value="deleteSearch" />
                          <input type="hidden" name="id" value={s.id} />
                          <button
                            type="submit"
                            className="text-xs text-red-700 hover:underline dark:text-red-300"
                            aria-label={`${t("advancedFilter.delete")}: ${s.name}`}
                          >
                            {t("advancedFilter.delete")}
                          </button>
                        </Form>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>
        </div>

        <section aria-live="polite" aria-busy={busy} aria-label={t("advancedFilter.results")}>
          {busy && <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("advancedFilter.searching")}</p>}
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
              {t(error, errorParams)}
            </p>
          )}
          {result && result.fixtures.length === 0 && (
            <p className={`${card} p-6 text-center text-slate-600 dark:text-slate-300`}>{t("home.noMatches")}</p>
          )}
          {result && result.fixtures.length > 0 && (
            <div className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
              <p className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
                {t("advancedFilter.found", { total: result.total })} · {t(`advancedFilter.events.${result.event}`)}
              </p>
              <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="advanced-filter-results">
                {result.fixtures.slice(0, shown).map((f) => (
                  <li
                    key={f.fixture.id}
                    className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-center gap-3 px-4 py-3 text-sm"
                  >
                    <span className="text-center">
                      <StatusCell fixture={f.fixture} />
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {shortDay(f.fixture.kickoff)}
                      </span>
                    </span>
                    <Link to={matchPath(locale, f.fixture)} className="min-w-0 hover:underline">
                      <span className="block truncate font-medium">
                        {f.fixture.localTeam.name} – {f.fixture.visitorTeam.name}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {leagueNames.get(f.fixture.league.id) ?? f.fixture.league.name}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {t("advancedFilter.rateShort.home")} {formatPercent(f.rates.homePercentage, locale)} ·{" "}
                        {t("advancedFilter.rateShort.visitor")} {formatPercent(f.rates.visitorPercentage, locale)} ·{" "}
                        {t("advancedFilter.rateShort.h2h")} {formatPercent(f.rates.head2head, locale)}
                      </span>
                    </Link>
                    <span className="text-right">
                      <span className="block font-semibold">{formatPercent(f.probability, locale)}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        <Odds value={f.odd} />
                        {!f.bookmakerOdd && <span title={t("advancedFilter.fairOdd")}>*</span>}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              {result.fixtures.length > shown && (
                <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-800">
                  <button type="button" className={secondary} onClick={() => setShown((n) => n + PAGE_SIZE)}>
                    {t("advancedFilter.showMore")}
                  </button>
                </div>
              )}
              <p className="px-4 py-2 text-xs text-slate-600 dark:text-slate-400">* {t("advancedFilter.fairOdd")}</p>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
