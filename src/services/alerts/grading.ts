import * as q from "../../db/queries/alerts.ts";
import type { PendingGrade } from "../../db/queries/alerts.ts";
import { type FinalScore, type PickStatus, gradeOf, judgeOutcome } from "../../domain/alerts/grading.ts";
import { goalSidesOf } from "../../domain/live/timeline.ts";
import { decodeTimeline } from "../../domain/live/timeline-bytes.ts";
import type { PickMoment } from "../../domain/scanner/goal-outcomes.ts";
import { MATCH_SPAN_MIN, matchState } from "../../domain/replay/match-state.ts";

import { type AlertsDeps, VOID_AFTER_MS } from "./shared.ts";

function factsOf(r: PendingGrade): FinalScore {
  return { ...r, goalSides: r.timeline ? goalSidesOf(decodeTimeline(r.fixtureId, r.timeline)) : null };
}

/** A live pick's moment (its score at the alert); none for a pre-match pick. */
function momentOf(r: PendingGrade): PickMoment | null {
  return r.pickScore ? { home: r.pickScore.home, away: r.pickScore.away, firstHalf: r.pickFirstHalf === true } : null;
}

/**
 * Judges the pending picks of ended matches (the job calls it every few minutes): won, lost or void by the
 * desired outcome against the final (or half-time) score. Figures follow, since they are read from picks.
 */
export async function grade(d: AlertsDeps): Promise<{ graded: number }> {
  const { ctx } = d;
  const now = ctx.clock.now();
  let graded = 0;
  let last = -1;
  for (;;) {
    const rows = (await q.pendingGrades(ctx.pool, new Date(now.getTime() - MATCH_SPAN_MIN * 60_000), 500)).filter(
      (r) => r.id > last,
    );
    if (rows.length === 0) return { graded };
    last = rows[rows.length - 1]!.id;
    const grades: Array<{ id: number; status: PickStatus }> = [];
    for (const r of rows) {
      const ended = matchState(r.fixtureId, r.kickoff.getTime(), now.getTime(), r).status === "finished";
      const noScore = r.ftHome === null || r.ftAway === null;
      if (!ended) continue;
      if (noScore && now.getTime() - r.kickoff.getTime() < VOID_AFTER_MS) continue;
      const verdict = judgeOutcome(r.outcome, factsOf(r), r.favourite, momentOf(r));
      // The next scorer may need the order of the goals: the match's timeline is stored by the live job a little
      // after full time, so such a pick waits for it rather than going void for good.
      const young = now.getTime() - r.kickoff.getTime() < VOID_AFTER_MS;
      if (verdict === null && young && r.outcome.startsWith("next_goal") && r.timeline === null) continue;
      grades.push({ id: r.id, status: gradeOf(verdict) });
    }
    await q.setGrades(ctx.pool, grades, now);
    graded += grades.length;
    if (rows.length < 500) return { graded };
  }
}
