import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { formatOdds } from "../../domain/odds-format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { LIVE_BACKTEST_INTERVALS, type LiveBacktestInterval } from "../../domain/scanner/live-backtest-intervals.ts";
import type { DesiredOutcome, Rule } from "../../domain/scanner/rules.ts";
import { leagueName } from "../../i18n/country-name.ts";
import { matchPath } from "../../i18n/paths.ts";
import { liveBacktestPath } from "../../i18n/routes-livebacktest.ts";
import type { LiveBacktestView } from "../../services/scanner/live-backtest.ts";
import { FormAlert, primaryButton } from "../components/form.tsx";
import { usePreferences } from "../preferences.tsx";
import { Breakdown, DataGaps, Equity } from "./backtest-figures.tsx";
import { EdgeFigures } from "./edge-figures.tsx";
import { card, selectClass, useFormat } from "./ui.tsx";

/**
 * The backtest of a live filter, self-contained: give it the filter's rules, desired outcome and leagues (saved or
 * not) and it runs the backtest through the action of the live backtest page (`liveBacktestPath`), then shows the
 * figures of live alerts, the per-league breakdown, the profit curve and the picks. Mount it in any page:
 *
 *   <LiveBacktestPanel rules={rules} desiredOutcome={outcome} leagueIds={leagueIds} />
 *
 * `leagues` (id, name, country) lets the user narrow the leagues inside the panel; without it the filter's own
 * `leagueIds` are used (empty: all leagues).
 *
 * Its controls are a form (`intent=run`, the rules as JSON in `rules`, `desiredOutcome`, `interval`, `leagueIds`):
 * with JavaScript a fetcher posts it, without it the browser does, and the backtest page renders the answer
 * (`answer`).
 */

/** What the action answers: the result, or a refusal's message key with per-field keys. */
export type LiveBacktestAnswer =
  | { ok: true; result: LiveBacktestView }
  | { ok: false; error: string; fields?: Record<string, string> };

export interface LiveBacktestPanelProps {
  rules: Rule[];
  desiredOutcome: DesiredOutcome;
  leagueIds?: number[];
  leagues?: Array<{ id: number; name: string; country: string }>;
  /** a message to show instead of running (e.g. the rules cannot be read) */
  blocked?: string | null;
  /** the panel's heading (default "Backtest a live filter") */
  heading?: string;
  /** a desired-outcome select named `desiredOutcome`, shown in the panel's form instead of the fixed outcome */
  outcomeField?: ReactNode;
  /** an answer rendered by the server (the form posted without JavaScript), with the period it was asked for */
  answer?: LiveBacktestAnswer;
  interval?: LiveBacktestInterval;
  /** where the form posts (default the backtest page; that page gives its own URL, which carries its rules) */
  action?: string;
}

export function LiveBacktestPanel({
  rules,
  desiredOutcome,
  leagueIds = [],
  leagues,
  blocked,
  heading,
  outcomeField,
  answer: served,
  interval: servedInterval,
  action,
}: LiveBacktestPanelProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const fetcher = useFetcher<LiveBacktestAnswer>();
  const [interval, setInterval] = useState<LiveBacktestInterval>(servedInterval ?? "ThreeMonths");
  const [chosen, setChosen] = useState<number[]>(leagueIds);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? served;

  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4`} data-testid="live-backtest-panel">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {heading ?? t("liveBacktest.title")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("liveBacktest.intro")}</p>
      <fetcher.Form
        method="post"
        action={action ?? liveBacktestPath(locale)}
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(e) => {
          if (blocked) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="run" />
        <input type="hidden" name="rules" value={JSON.stringify(rules)} />
        {outcomeField ?? <input type="hidden" name="desiredOutcome" value={desiredOutcome} />}
        {/* Without the league list, the filter's own leagues go with the form as they are. */}
        {!(leagues && leagues.length > 0) &&
          chosen.map((l) => <input key={l} type="hidden" name="leagueIds" value={l} />)}
        <label className="block text-sm font-medium sm:w-56">
          {t("liveBacktest.interval")}
          <select
            name="interval"
            className={selectClass}
            value={interval}
            onChange={(e) => setInterval(e.target.value as LiveBacktestInterval)}
          >
            {LIVE_BACKTEST_INTERVALS.map((i) => (
              <option key={i} value={i}>
                {t(`prematch.intervals.${i}`)}
              </option>
            ))}
          </select>
        </label>
        {leagues && leagues.length > 0 && (
          <details className="rounded-lg border border-slate-200 p-2 text-sm sm:flex-1 dark:border-slate-700">
            <summary className="cursor-pointer font-medium">
              {t("liveBacktest.leagues")}:{" "}
              {chosen.length === 0
                ? t("liveBacktest.allLeagues")
                : t("liveBacktest.leaguesChosen", { count: chosen.length })}
            </summary>
            <fieldset className="mt-2 grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
              <legend className="sr-only">{t("liveBacktest.leagues")}</legend>
              {leagues.map((l) => (
                <label key={l.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="leagueIds"
                    value={l.id}
                    checked={chosen.includes(l.id)}
                    onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))}
                  />
                  {leagueName(t, l)}
                </label>
              ))}
            </fieldset>
          </details>
        )}
        <button
          type="submit"
          className={`${primaryButton} w-full sm:w-auto`}
          disabled={busy || Boolean(blocked)}
          aria-describedby={`${id}-status`}
        >
          {busy ? t("liveBacktest.running") : t("liveBacktest.run")}
        </button>
      </fetcher.Form>
      <div id={`${id}-status`} aria-live="polite" aria-busy={busy}>
        {blocked ? (
          <FormAlert message={blocked} />
        ) : busy ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <span
              className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-pitch-700 border-t-transparent motion-reduce:animate-none"
              aria-hidden="true"
            />
            {t("liveBacktest.running")}
          </p>
        ) : !answer ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("liveBacktest.empty")}</p>
        ) : answer.ok ? (
          <Result result={answer.result} />
        ) : (
          <FormAlert message={answer.error || "liveBacktest.failed"} />
        )}
      </div>
    </section>
  );
}

/** Picks listed at first, and added by each "show more". */
const PAGE = 50;

function Result({ result }: { result: LiveBacktestView }) {
  const { t } = useTranslation();
  const { locale, oddsFormat } = usePreferences();
  const [shown, setShown] = useState(PAGE);
  const f = useFormat();
  const price = (x: number) => formatOdds(x, oddsFormat, LOCALE_TAGS[locale]);
  const odd = (x: number | null) => (x === null ? t("liveBacktest.noOdd") : price(x));
  const fig = result.figures;
  const tiles: Array<[string, string]> = [
    [t("liveBacktest.picks"), f.int(fig.picks)],
    [t("liveBacktest.successRate"), f.pct(fig.successRate)],
    [t("liveBacktest.meanOdd"), fig.meanOdd === null ? "–" : price(fig.meanOdd)],
    [t("liveBacktest.meanWinningOdd"), fig.meanWinningOdd === null ? "–" : price(fig.meanWinningOdd)],
    [t("valuebets.roi"), f.pct(fig.roi)],
    [t("liveBacktest.record"), `${fig.won} / ${fig.lost} / ${fig.void}`],
  ];
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="live-backtest-summary">
        {t("liveBacktest.analysed", { count: result.analysed, ms: f.int(result.elapsedMs) })}
        {result.withoutTimeline > 0 && <> {t("liveBacktest.withoutTimeline", { count: result.withoutTimeline })}</>}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="live-backtest-simulated">
        {t("liveBacktest.simulatedMinutes", { max: price(result.maxLivePrice) })}
      </p>
      <DataGaps gaps={result.dataGaps} kind="live" />
      <section aria-label={t("liveBacktest.figures")}>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <EdgeFigures fig={fig} modelPrices />
        {result.beyondCap > 0 && (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="live-backtest-beyond-cap">
            {t("liveBacktest.beyondCap", { count: result.beyondCap, max: price(result.maxLivePrice) })}
          </p>
        )}
      </section>
      {fig.picks === 0 ? (
        <p className="text-sm">{t("liveBacktest.noPicks", { count: result.analysed })}</p>
      ) : (
        <>
          <Equity points={result.equity} dates={result.equityDates} />
          <Breakdown result={result} />
          <section aria-labelledby="live-backtest-picks">
            <h3 id="live-backtest-picks" className="mb-1 font-semibold">
              {t("liveBacktest.picksTitle")}
            </h3>
            {result.picks.length < fig.picks && (
              <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
                {t("liveBacktest.showing", { shown: result.picks.length, total: fig.picks })}
              </p>
            )}
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-2">
                      {t("liveBacktest.date")}
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      {t("liveBacktest.match")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t("liveBacktest.minute")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-center">
                      {t("liveBacktest.scoreAtPick")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t("liveBacktest.odd")}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-center">
                      {t("liveBacktest.final")}
                    </th>
                    <th scope="col" className="py-1">
                      {t("liveBacktest.grade")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.picks.slice(0, shown).map((p) => (
                    <tr
                      key={p.fixtureId}
                      className="border-t border-slate-200 dark:border-slate-700"
                      data-testid="live-backtest-pick"
                    >
                      <td className="py-1.5 pr-2 whitespace-nowrap">{f.date(p.kickoff)}</td>
                      <td className="py-1.5 pr-2">
                        <Link
                          className="hover:underline focus-visible:outline-2"
                          to={matchPath(locale, {
                            id: p.fixtureId,
                            localTeam: { name: p.home },
                            visitorTeam: { name: p.away },
                          })}
                        >
                          {p.home} – {p.away}
                        </Link>
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          {leagueName(t, { name: p.league, country: p.country })}
                        </span>
                      </td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">
                        {p.halftime ? t("liveBacktest.halftime") : `${p.minute}'`}
                      </td>
                      <td className="py-1.5 pr-2 text-center tabular-nums">
                        {p.scoreAtPick.home}–{p.scoreAtPick.away}
                      </td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">
                        {p.beyondCap
                          ? t("liveBacktest.beyondCapOdd", { max: price(result.maxLivePrice) })
                          : odd(p.odds)}
                      </td>
                      <td className="py-1.5 pr-2 text-center tabular-nums">
                        {p.final.home === null ? "–" : `${p.final.home}–${p.final.away}`}
                      </td>
                      <td className="py-1.5">
                        <GradeBadge grade={p.grade} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {shown < result.picks.length && (
              <button
                type="button"
                className="mt-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800"
                onClick={() => setShown((n) => n + PAGE)}
              >
                {t("liveBacktest.showMore")}
              </button>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function GradeBadge({ grade }: { grade: "won" | "lost" | "void" }) {
  const { t } = useTranslation();
  const tone =
    grade === "won"
      ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50"
      : grade === "lost"
        ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
        : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100";
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`liveBacktest.grades.${grade}`)}
    </span>
  );
}
