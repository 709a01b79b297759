import { useTranslation } from "react-i18next";
import { isServiceError } from "../service-errors.server.ts";
import { Form, Link, useNavigation } from "react-router";
import { MACHINE_EVENTS, type MachineField, machineFormErrors } from "../../domain/predictions/machine.ts";
import { localDate } from "../../domain/time/zones.ts";
import { StatusCell, outcomeLabel } from "../components/fixture-row.tsx";
import { Odds } from "../components/odds.tsx";
import { formatNumber, formatPercent } from "../format.ts";
import { matchPath } from "../../i18n/paths.ts";
import type { Locale } from "../../i18n/locales.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/machine";
import { GoPremiumLink, PremiumDenied } from "../components/premium/premium-gate.tsx";
import { LeagueOptions } from "../components/league-options.tsx";
import { LeagueGroupSelect } from "../components/league-group-select.tsx";
import { withLeagueGroup } from "../league-groups.server.ts";
import { leagueName } from "../../i18n/country-name.ts";

const DAY_MS = 86_400_000;
const RANGES = { today: [0, 1], tomorrow: [1, 2], next3: [0, 3] } as const;
type RangeKey = keyof typeof RANGES;

/** Event groups as the form shows them; codes are the API's. */
const GROUPS: Array<{ id: string; codes: string[] }> = [
  { id: "result", codes: ["1", "X", "2", "1X", "12", "X2"] },
  {
    id: "halfTime",
    codes: ["HT1", "HTX", "HT2", "HTO05", "HTU05", "HTO15", "HTU15", "HTO25", "HTU25", "HTGG", "HTNG"],
  },
  { id: "goals", codes: ["O05", "U05", "O15", "U15", "O25", "U25", "O35", "U35", "O45", "U45", "GG", "NG"] },
  {
    id: "combinations",
    codes: ["1/GG", "1/NG", "X/GG", "X/NG", "2/GG", "2/NG", "1/O25", "1/U25", "X/O25", "X/U25", "2/O25", "2/U25"],
  },
  { id: "secondHalf", codes: ["2HO05", "2HU05", "2HO15", "2HU15", "2HO25", "2HU25", "2HGG", "2HNG"] },
  { id: "teamGoals", codes: ["HO15", "HU15", "HO25", "HU25", "AO15", "AU15", "AO25", "AU25"] },
  { id: "corners", codes: ["CO75", "CU75", "CO85", "CU85", "CO95", "CU95", "CO105", "CU105"] },
];

/** Betting notation of an event, with its scope (half, team, corners) in the visitor's language. */
export function eventLabel(
  code: string,
  t: (key: string, vars?: Record<string, string>) => string,
  locale: Locale,
): string {
  const event = MACHINE_EVENTS.find((e) => e.code === code);
  if (!event) return code;
  const [prefix] = event.market.split("_", 1);
  // Team goals: "Home team: over 1.5 goals", in words, not the market code.
  const teamGoals = /^([HA])_([OU])(\d+)$/.exec(event.market);
  if (teamGoals) {
    const team = t(teamGoals[1] === "H" ? "matchPage.home" : "matchPage.away");
    return t(`site.teamGoals.${teamGoals[2] === "O" ? "over" : "under"}`, {
      team,
      line: formatNumber(Number(teamGoals[3]) / 10, locale, 1),
    });
  }
  const label = outcomeLabel(event.market, locale);
  const scopes: Record<string, string> = {
    HT: "HT",
    "2H": "2H",
    H: t("matchPage.home"),
    A: t("matchPage.away"),
    C: t("matchPage.corners"),
  };
  const scope = event.market.includes("_") ? scopes[prefix!] : null;
  return scope ? `${label} (${scope})` : label;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const q = url.searchParams;
  const range = (Object.keys(RANGES).find((r) => r === q.get("range")) ?? "today") as RangeKey;
  const form = {
    range,
    minOdd: q.get("minOdd") ?? "1.1",
    maxOdd: q.get("maxOdd") ?? "4",
    limit: q.get("limit") ?? "5",
    minProbability: q.get("minProbability") ?? "1",
    maxProbability: q.get("maxProbability") ?? "100",
    events: q.getAll("event").length ? q.getAll("event") : ["1", "X", "2", "O25", "U25", "GG", "NG"],
    leagueIds: q
      .getAll("league")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  };
  const countries = await context.services.leagues.countriesWithLeagues({ recent: true });
  const { leagueIds, groups, groupId } = await withLeagueGroup(context, q, form.leagueIds);
  let result = null;
  let error: string | null = null;
  let errorParams: Record<string, string | number> = {};
  const fieldErrors = q.has("run")
    ? machineFormErrors({
        limit: Number(form.limit),
        minOdd: Number(form.minOdd),
        maxOdd: Number(form.maxOdd),
        minProbability: Number(form.minProbability),
        maxProbability: Number(form.maxProbability),
      })
    : {};
  if (q.has("run") && Object.keys(fieldErrors).length === 0) {
    const today = localDate(context.services.clock.now().getTime(), timeZone);
    const start = Date.parse(`${today}T00:00:00Z`);
    const [a, b] = RANGES[range];
    try {
      result = await context.services.predictions.machine({
        from: new Date(Math.max(start + a * DAY_MS, context.services.clock.now().getTime())),
        to: new Date(start + b * DAY_MS),
        leagueIds: leagueIds.length ? leagueIds : undefined,
        events: form.events,
        limit: Number(form.limit),
        minOdd: Number(form.minOdd),
        maxOdd: Number(form.maxOdd),
        minProbability: Number(form.minProbability),
        maxProbability: Number(form.maxProbability),
        premium: context.access.premium,
      });
    } catch (e) {
      if (!isServiceError(e)) throw e;
      error = e.status === 403 ? "premium.lockedText" : e.key;
      errorParams = e.params ?? {};
    }
  }
  return {
    locale,
    form,
    countries,
    groups,
    groupId,
    result,
    error,
    errorParams,
    fieldErrors,
    premium: context.access.premium,
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
    title: t("machine.title"),
    description: t("machine.intro"),
  });
}

export default function Machine({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { form, countries, groups, groupId, result, error, errorParams, fieldErrors, premium: member } = loaderData;
  /** A field's own message, next to it, and what ties it to the field for a screen reader. */
  const invalid = (name: MachineField) => {
    const code = fieldErrors[name];
    return code ? { "aria-invalid": true, "aria-describedby": `machine-${name}-error` } : {};
  };
  const fieldError = (name: MachineField) => {
    const code = fieldErrors[name];
    return code ? (
      <span id={`machine-${name}-error`} className="mt-1 block text-sm font-normal text-red-700 dark:text-red-300">
        {t(`site.machine.${code}`)}
      </span>
    ) : null;
  };
  const busy = useNavigation().state !== "idle";
  const field =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("machine.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("machine.intro")}</p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <Form method="get" className="space-y-4 rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
          <input type="hidden" name="run" value="1" />
          <label className="block text-sm font-medium">
            {t("machine.range")}
            <select name="range" defaultValue={form.range} className={field}>
              {Object.keys(RANGES).map((r) => (
                <option key={r} value={r}>
                  {t(`machine.range_${r}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="grid grid-cols-2 gap-2 wrap-anywhere hyphens-auto">
            <label className="block text-sm font-medium">
              {t("machine.minOdd")}
              <input
                name="minOdd"
                type="number"
                step="0.01"
                min="1"
                defaultValue={form.minOdd}
                {...invalid("minOdd")}
                className={field}
              />
              {fieldError("minOdd")}
            </label>
            <label className="block text-sm font-medium">
              {t("machine.maxOdd")}
              <input
                name="maxOdd"
                type="number"
                step="0.01"
                min="1"
                defaultValue={form.maxOdd}
                {...invalid("maxOdd")}
                className={field}
              />
              {fieldError("maxOdd")}
            </label>
            <label className="block text-sm font-medium">
              {t("machine.minProbability")}
              <input
                name="minProbability"
                type="number"
                min="1"
                max="100"
                defaultValue={form.minProbability}
                {...invalid("minProbability")}
                className={field}
              />
              {fieldError("minProbability")}
            </label>
            <label className="block text-sm font-medium">
              {t("machine.maxProbability")}
              <input
                name="maxProbability"
                type="number"
                min="1"
                max="100"
                defaultValue={form.maxProbability}
                {...invalid("maxProbability")}
                className={field}
              />
              {fieldError("maxProbability")}
            </label>
          </div>
          <label className="block text-sm font-medium">
            {t("machine.matches")}
            <input
              name="limit"
              type="number"
              min="1"
              max="20"
              defaultValue={form.limit}
              {...invalid("limit")}
              className={field}
            />
            {fieldError("limit")}
          </label>
          <fieldset>
            <legend className="text-sm font-medium">{t("machine.events")}</legend>
            {GROUPS.map((group) => (
              <div key={group.id} className="mt-2">
                <p className="text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">
                  {t(`machine.group_${group.id}`)}
                </p>
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  {group.codes.map((code) => {
                    const premium = !member && (MACHINE_EVENTS.find((e) => e.code === code)?.premium ?? false);
                    return (
                      <label
                        key={code}
                        className={`flex items-center gap-1 text-sm ${premium ? "text-slate-400 dark:text-slate-500" : ""}`}
                      >
                        <input
                          type="checkbox"
                          name="event"
                          value={code}
                          defaultChecked={form.events.includes(code)}
                          disabled={premium}
                        />
                        {eventLabel(code, t, locale)}
                        {premium && (
                          <span>
                            <span aria-hidden="true">♛</span>
                            <span className="sr-only">{t("premium.label")}</span>
                          </span>
                        )}
                      </label>
                    );
                  })}
                </div>
              </div>
            ))}
          </fieldset>
          {!member && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <span aria-hidden="true">♛ </span>
              {t("premium.lockedText")} <GoPremiumLink />
            </p>
          )}
          <LeagueGroupSelect groups={groups} selected={groupId} className={field} />
          <label className="block text-sm font-medium">
            {t("machine.leagues")}
            <select name="league" multiple defaultValue={form.leagueIds.map(String)} className={`${field} h-32`}>
              <LeagueOptions countries={countries} />
            </select>
            <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{t("machine.leaguesHint")}</span>
          </label>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-pitch-700 px-4 py-2 font-semibold text-white hover:bg-pitch-900 disabled:opacity-60"
          >
            {busy ? t("machine.running") : t("machine.run")}
          </button>
        </Form>
        {/* On a phone the result comes first, above the 120 choices of the form that made it. */}
        <section
          id="machine-result"
          aria-live="polite"
          aria-busy={busy}
          className={result ? "order-first lg:order-none" : undefined}
        >
          {error === "premium.lockedText" ? (
            <PremiumDenied message={error} />
          ) : (
            error && (
              <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
                {t(error, errorParams)}
              </p>
            )
          )}
          {!result && !error && (
            <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
              {t("machine.empty")}
            </p>
          )}
          {result && result.picks.length === 0 && (
            <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
              {t("home.noMatches")}
            </p>
          )}
          {result && result.picks.length > 0 && (
            <div className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {result.picks.map((p) => (
                  <li key={p.fixtureId} className="flex items-center gap-3 px-4 py-3 text-sm">
                    <span className="w-14">
                      <StatusCell fixture={p.fixture} />
                    </span>
                    <Link to={matchPath(locale, p.fixture)} className="min-w-0 flex-1 hover:underline">
                      <span className="block truncate font-medium">
                        {p.fixture.localTeam.name} – {p.fixture.visitorTeam.name}
                      </span>
                      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">
                        {leagueName(t, p.fixture.league)}
                      </span>
                    </Link>
                    <span className="text-right">
                      <span className="block font-semibold">{eventLabel(p.event, t, locale)}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {formatPercent(p.probability, locale)} · <Odds value={p.odd} />
                        {!p.bookmakerOdd && <span title={t("machine.fairOdd")}>*</span>}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <div className="flex justify-between border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
                <span>
                  {t("machine.combinedProbability")}:{" "}
                  <strong>{formatPercent(result.combinedProbability, locale, 1)}</strong>
                </span>
                <span>
                  {t("machine.combinedOdd")}: <Odds value={result.combinedOdd} className="font-bold" />
                </span>
              </div>
              <p className="px-4 pb-3 text-xs text-slate-600 dark:text-slate-400">* {t("machine.fairOdd")}</p>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
