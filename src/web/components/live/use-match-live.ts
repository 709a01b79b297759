import { useEffect, useState } from "react";
import type { LivePanelData } from "./live-panel.tsx";
import { LIVE_POLL_MS, useLivePoll } from "./use-live-poll.ts";

const UPCOMING_POLL_MS = 30_000;

/**
 * The one live state of a match page: its header and its Live tab both read it, so they show the same minute and
 * score. While the match is played it polls the fixture's live endpoint every few seconds; before kick-off it
 * keeps asking, slowly, so that the match comes alive without a reload; a finished match is not polled.
 */
export function useMatchLive(fixtureId: number, initial: LivePanelData, active: boolean): LivePanelData {
  const [status, setStatus] = useState(initial?.state.status ?? "upcoming");
  const playing = status === "live" || status === "halftime";
  const current = useLivePoll<LivePanelData>(
    `/api/v1/fixtures/${fixtureId}/live`,
    initial,
    active && status !== "finished",
    playing ? LIVE_POLL_MS : UPCOMING_POLL_MS,
  );
  useEffect(() => setStatus(current?.state.status ?? "upcoming"), [current]);
  return current;
}
