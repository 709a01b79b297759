import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { leagueName } from "../../i18n/country-name.ts";
import type { LiveFilterView } from "../../services/scanner/filter-views.ts";
import type { WatchedMatch } from "../../services/scanner/live-watched.ts";
import { useLivePaths } from "./paths.ts";
import { FigureList, FilterCard, useFormat } from "./ui.tsx";

/** The SPEC §3 result figures of a live filter, as label / value rows. */
export function LiveFigures({ figures }: { figures: LiveFilterView["figures"] }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <FigureList
      rows={[
        [t("liveScanner.figures.picks"), f.int(figures.picks)],
        [t("liveScanner.figures.successRate"), f.pct(figures.successRate)],
        [t("liveScanner.figures.meanOdd"), f.num(figures.meanOdd)],
        [t("liveScanner.figures.meanWinningOdd"), f.num(figures.meanWinningOdd)],
        [t("liveScanner.figures.roi"), f.pct(figures.roi)],
        [t("liveScanner.figures.subscribers"), f.int(figures.subscribers)],
        [t(scoreLabel(figures.basis)), f.pct(figures.score)],
      ]}
    />
  );
}

/** The score says what it ranks by: ROI at prices, or the edge over our model where the outcome has none. */
const scoreLabel = (basis: LiveFilterView["figures"]["basis"]) =>
  basis === "edge" ? "goalFigures.scoreEdge" : "goalFigures.scoreRoi";

/** A live filter in a list: the shared filter card with its state and its figures in one line. */
export function LiveFilterCard({ filter, children }: { filter: LiveFilterView; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const f = useFormat();
  const x = filter.figures;
  return (
    <FilterCard kind="live" filter={filter}>
      {filter.mine && (
        <p className="flex flex-wrap gap-1 text-xs">
          <span
            className={`rounded-full px-2 py-0.5 font-semibold ${filter.active ? "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50" : "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100"}`}
          >
            {t(filter.active ? "liveScanner.active" : "liveScanner.inactive")}
          </span>
          {filter.muted && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              {t("liveScanner.muted")}
            </span>
          )}
        </p>
      )}
      <p className="text-sm tabular-nums">
        {t("liveScanner.figures.picks")}: {f.int(x.picks)} · {t("liveScanner.figures.successRate")}:{" "}
        {f.pct(x.successRate)} ·{" "}
        {x.basis === "edge" ? (
          <>
            {t("goalFigures.edge")}: {x.edge === null ? "–" : `${x.edge > 0 ? "+" : ""}${f.pct(x.edge)}`}
          </>
        ) : (
          <>
            {t("liveScanner.figures.roi")}: {f.pct(x.roi)} · {t("liveScanner.figures.meanOdd")}: {f.num(x.meanOdd)}
          </>
        )}{" "}
        ·{" "}
        <span data-testid="filter-score">
          {t(scoreLabel(x.basis))}: {f.pct(x.score)}
        </span>
        {x.subscribers > 0 && (
          <>
            {" "}
            · {t("liveScanner.figures.subscribers")}: {f.int(x.subscribers)}
          </>
        )}
      </p>
      {children}
    </FilterCard>
  );
}

/** The live and soon-kicking-off matches a filter watches. */
export function WatchedMatches({ matches }: { matches: WatchedMatch[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (matches.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t("liveScanner.noWatched")}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {matches.map((m) => (
        <li key={m.fixtureId} className="flex items-center justify-between gap-3 py-1.5">
          <span>
            <span className="font-medium">
              {m.home} – {m.away}
            </span>
            <span className="block text-xs text-slate-500 dark:text-slate-400">
              {leagueName(t, { name: m.league, country: m.country })}
            </span>
          </span>
          {m.live ? (
            <span className="shrink-0 text-right tabular-nums">
              <span className="mr-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                {t("liveScanner.liveBadge")}
              </span>
              {m.live.minute !== null && <span className="text-xs">{m.live.minute}' </span>}
              <span className="font-semibold">
                {m.live.homeScore ?? 0}:{m.live.awayScore ?? 0}
              </span>
            </span>
          ) : (
            <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{f.dateTime(m.kickoff)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** An inactive filter says so, with the button that activates it (the filter page's action). */
export function InactiveNotice({ filter }: { filter: Pick<LiveFilterView, "id" | "active" | "mine"> }) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  if (filter.active || !filter.mine) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex-1">{t("liveScanner.inactiveNotice")}</p>
      <Form method="post" action={paths.filter(filter.id)}>
        <button
          type="submit"
          name="intent"
          value="activate"
          className="rounded-lg bg-pitch-700 px-3 py-1.5 font-semibold text-white hover:bg-pitch-800 focus-visible:outline-2"
        >
          {t("liveScanner.activate")}
        </button>
      </Form>
    </div>
  );
}
