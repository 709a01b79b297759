import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveChart, LiveFixtureView } from "../../../services/live.ts";
import { LiveOddsTable } from "./live-odds.tsx";
import { CountersTable, DangerChart, EventList } from "./live-stats.tsx";

export type LivePanelData = (LiveFixtureView & { chart: LiveChart | null }) | null;

/**
 * The match page's Live tab: counters side by side, events, the dangerous-attacks chart and live odds. `current`
 * is the page's one live state (useMatchLive, which the header reads too); a finished match can be replayed
 * minute by minute.
 */
export function LivePanel({ fixtureId, current }: { fixtureId: number; current: LivePanelData }) {
  const { t } = useTranslation();
  const playing = current?.state.status === "live" || current?.state.status === "halftime";
  const finished = current?.state.status === "finished";
  // The slider's minute m shows the match at the end of minute m (its last second).
  const [minute, setMinute] = useState(90);
  const [replayed, setReplayed] = useState<LivePanelData>(null);

  useEffect(() => {
    if (!finished || minute >= 90) {
      setReplayed(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/fixtures/${fixtureId}/live?second=${minute * 60 - 1}`, {
          signal: controller.signal,
        });
        if (response.ok) setReplayed(((await response.json()) as { data: LivePanelData }).data);
      } catch {
        // aborted by a newer position
      }
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [finished, minute, fixtureId]);

  if (!current) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("live.notStarted")}</p>;
  const shown = replayed ?? current;
  const { fixture, state, chart } = shown;
  const home = fixture.homeTeam.name;
  const away = fixture.awayTeam.name;
  return (
    <div className="space-y-6" data-live-status={state.status}>
      <p className="flex flex-wrap items-center gap-2 text-sm" role="status" aria-live="polite">
        <span className="text-lg font-bold tabular-nums">
          {state.homeScore} – {state.awayScore}
        </span>
        <span className="font-semibold text-slate-700 dark:text-slate-300">
          {state.status === "finished"
            ? t("live.fullMatch")
            : state.status === "halftime"
              ? t("match.halfTime")
              : t("match.minute", { minute: state.minute })}
        </span>
        {playing && <span className="text-xs text-slate-600 dark:text-slate-400">{t("live.updating")}</span>}
      </p>
      {finished && (
        <div>
          <label htmlFor="live-replay" className="block text-sm font-semibold">
            {t("live.replay")}: {minute >= 90 ? t("live.fullMatch") : t("live.replayAt", { minute })}
          </label>
          <input
            id="live-replay"
            type="range"
            min={1}
            max={90}
            step={1}
            value={minute}
            onChange={(e) => setMinute(Number(e.target.value))}
            className="w-full accent-pitch-600"
            aria-describedby="live-replay-hint"
          />
          <p id="live-replay-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {t("live.replayHint")}
          </p>
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="live-counters">
          <h2 id="live-counters" className="mb-2 flex justify-between font-semibold">
            <span>{home}</span>
            <span>{away}</span>
          </h2>
          <CountersTable state={state} home={home} away={away} caption={t("live.statsOf", { home, away })} />
        </section>
        <div className="space-y-6">
          {chart && <DangerChart chart={chart} home={home} away={away} />}
          <section aria-labelledby="live-events">
            <h2 id="live-events" className="mb-2 font-semibold">
              {t("live.events")}
            </h2>
            <EventList events={state.events} home={home} away={away} />
          </section>
          {state.status !== "finished" && (
            <section aria-labelledby="live-odds">
              <h2 id="live-odds" className="mb-2 font-semibold">
                {t("live.odds")}
              </h2>
              <LiveOddsTable odds={state.odds} goals={(state.homeScore ?? 0) + (state.awayScore ?? 0)} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
