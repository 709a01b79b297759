/**
 * Winning and losing streaks of a filter's picks, as the pre-match backtest counts them (streaksOf): over the
 * settled picks in kick-off order, where a void pick neither counts nor breaks a run and a pending one is not yet
 * a result.
 */
export interface PickStreaks {
  longestWon: number;
  longestLost: number;
  /** the run the latest settled picks are on; null before the first settled pick */
  current: { grade: "won" | "lost"; length: number } | null;
}

export function pickStreaks(picks: ReadonlyArray<{ grade: string | null; kickoff: string }>): PickStreaks {
  const ordered = [...picks].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff));
  const out: PickStreaks = { longestWon: 0, longestLost: 0, current: null };
  for (const p of ordered) {
    if (p.grade !== "won" && p.grade !== "lost") continue;
    out.current =
      out.current?.grade === p.grade
        ? { grade: p.grade, length: out.current.length + 1 }
        : { grade: p.grade, length: 1 };
    if (p.grade === "won") out.longestWon = Math.max(out.longestWon, out.current.length);
    else out.longestLost = Math.max(out.longestLost, out.current.length);
  }
  return out;
}
