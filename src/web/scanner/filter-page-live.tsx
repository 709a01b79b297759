import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Locale } from "../../i18n/locales.ts";
import { liveBacktestPath } from "../../i18n/routes-livebacktest.ts";
import { usePreferences } from "../preferences.tsx";
import type { LiveFilterView } from "../../services/scanner/filter-views.ts";
import { GoPremiumButton } from "../components/premium/premium-gate.tsx";
import { LiveBacktestPanel } from "./backtest-panel.tsx";
import type { FilterData } from "./filter-page.tsx";
import { LiveFigures, WatchedMatches } from "./live.tsx";
import { StreakFigures } from "./tables.tsx";
import { card, linkButton, useFormat } from "./ui.tsx";
import { EdgeFigures } from "./edge-figures.tsx";
import { OutcomeText } from "./outcome-options.tsx";

/** The parts of a filter's page that only a live filter has. */

type LiveFilterData = Extract<FilterData, { kind: "live" }>;

/** Its figures, for the desired outcome, with the owner and the day it was made. */
export function LiveFilterFigures({ filter }: { filter: LiveFilterView }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <section className={card} aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="mb-2 text-lg font-semibold">
        {t("liveScanner.figuresTitle")} · <OutcomeText outcome={filter.desiredOutcome} />
      </h2>
      <LiveFigures figures={filter.figures} />
      <EdgeFigures fig={filter.figures} />
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("liveScanner.scoreHelp")}</p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {filter.mine ? "" : `${t("prematch.owner", { name: filter.owner })} · `}
        {f.dateTime(filter.createdAt)}
      </p>
    </section>
  );
}

/** Rules hidden from free users, with the way to premium. */
export function LiveRulesHidden({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 text-sm">
      <p>{t("liveScanner.hiddenForFree")}</p>
      <GoPremiumButton premium={premium} />
    </div>
  );
}

/** The owner's switches, in the filter page's form: active and muted. */
export function LiveFilterSwitches({ filter }: { filter: LiveFilterView }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={filter.active ? "deactivate" : "activate"}
        className={linkButton}
        aria-pressed={filter.active}
      >
        {t(filter.active ? "liveScanner.deactivate" : "liveScanner.activate")}
      </button>
      <button
        type="submit"
        name="intent"
        value={filter.muted ? "unmute" : "mute"}
        className={linkButton}
        aria-pressed={filter.muted}
      >
        {t(filter.muted ? "liveScanner.unmute" : "liveScanner.mute")}
      </button>
    </>
  );
}

/** The backtest page's builder with a filter's rules, outcome and leagues, to try changes without saving them. */
function builderHref(locale: Locale, filter: LiveFilterView) {
  const query = new URLSearchParams({ rules: JSON.stringify(filter.rules ?? []), outcome: filter.desiredOutcome });
  if (filter.leagueIds.length > 0) query.set("leagues", filter.leagueIds.join(","));
  return `${liveBacktestPath(locale)}?${query}`;
}

/** Its streaks (for those who may read its history), a backtest of the rules as they stand, the matches it watches. */
export function LiveFilterWatch({ data: d }: { data: LiveFilterData }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const filter = d.filter;
  return (
    <>
      {d.streaks && <StreakFigures streaks={d.streaks} className="" />}
      {filter.rules && filter.rules.length > 0 && (
        <>
          <LiveBacktestPanel
            rules={filter.rules}
            desiredOutcome={filter.desiredOutcome}
            leagueIds={filter.leagueIds}
            {...(d.leagues.length > 0 ? { leagues: d.leagues } : {})}
          />
          <p className="text-sm">
            <Link className={linkButton} to={builderHref(locale, filter)} data-testid="open-in-builder">
              {t("liveBacktestBuilder.openFromFilter")}
            </Link>
          </p>
        </>
      )}
      <section className={card} aria-labelledby="watched-heading">
        <h2 id="watched-heading" className="text-lg font-semibold">
          {t("liveScanner.watched")}
        </h2>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">{t("liveScanner.watchedHelp")}</p>
        <WatchedMatches matches={d.watched} />
      </section>
    </>
  );
}
