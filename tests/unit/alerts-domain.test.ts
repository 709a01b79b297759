import { describe, expect, it } from "vitest";
import { SCORE_PRIOR, filterFigures } from "../../src/domain/alerts/figures.ts";
import { favouriteOf, gradeOf, judgeOutcome } from "../../src/domain/alerts/grading.ts";

const score = (ftHome: number | null, ftAway: number | null, htHome: number | null = 0, htAway: number | null = 0) => ({
  ftHome,
  ftAway,
  htHome,
  htAway,
});

describe("grading", () => {
  it("turns a judgement into a grade", () => {
    expect(gradeOf(true)).toBe("won");
    expect(gradeOf(false)).toBe("lost");
    expect(gradeOf(null)).toBe("void");
  });

  it("finds the favourite from the pre-match prices", () => {
    expect(favouriteOf(1.8, 4.5)).toBe("home");
    expect(favouriteOf(3.1, 2.2)).toBe("away");
    expect(favouriteOf(2.5, 2.5)).toBeNull();
    expect(favouriteOf(null, 2)).toBeNull();
  });

  it("judges home, draw, away at full and half time", () => {
    expect(judgeOutcome("home", score(2, 1), null)).toBe(true);
    expect(judgeOutcome("away", score(2, 1), null)).toBe(false);
    expect(judgeOutcome("draw", score(1, 1), null)).toBe(true);
    expect(judgeOutcome("home_ht", score(2, 1, 0, 1), null)).toBe(false);
    expect(judgeOutcome("away_ht", score(2, 1, 0, 1), null)).toBe(true);
    expect(judgeOutcome("draw_ht", score(2, 1, null, null), null)).toBeNull();
  });

  it("judges favourite and underdog outcomes, with the side variants", () => {
    expect(judgeOutcome("favorite_wins", score(0, 2), "away")).toBe(true);
    expect(judgeOutcome("underdog_wins", score(0, 2), "away")).toBe(false);
    expect(judgeOutcome("underdog_wins", score(3, 2), "away")).toBe(true);
    // The favourite won, but away was asked and it played at home.
    expect(judgeOutcome("favorite_wins_away", score(2, 0), "home")).toBe(false);
    expect(judgeOutcome("favorite_wins_home", score(2, 0), "home")).toBe(true);
    expect(judgeOutcome("underdog_wins_home", score(1, 0), "away")).toBe(true);
    expect(judgeOutcome("underdog_wins_away", score(1, 0), "away")).toBe(false);
    expect(judgeOutcome("favorite_wins_ht", score(1, 1, 1, 0), "home")).toBe(true);
    expect(judgeOutcome("favorite_wins", score(1, 0), null)).toBeNull();
  });

  it("voids none and all, a match without a score, and unknown outcomes", () => {
    expect(judgeOutcome("none", score(1, 0), "home")).toBeNull();
    expect(judgeOutcome("all", score(1, 0), "home")).toBeNull();
    expect(judgeOutcome("home", score(null, null), null)).toBeNull();
    expect(judgeOutcome("corner_fest", score(1, 0), null)).toBeNull();
  });

  it("judges the bots' market selections", () => {
    expect(judgeOutcome("1X", score(1, 1), null)).toBe(true);
    expect(judgeOutcome("12", score(1, 1), null)).toBe(false);
    expect(judgeOutcome("X2", score(0, 3), null)).toBe(true);
    expect(judgeOutcome("O25", score(2, 1), null)).toBe(true);
    expect(judgeOutcome("O25", score(1, 1), null)).toBe(false);
    expect(judgeOutcome("U15", score(1, 0), null)).toBe(true);
    expect(judgeOutcome("GG", score(1, 0), null)).toBe(false);
    expect(judgeOutcome("NG", score(1, 0), null)).toBe(true);
    expect(judgeOutcome("O05_ht", score(3, 0, 0, 0), null)).toBe(false);
  });
});

describe("filter figures", () => {
  it("computes picks, success, mean odds and ROI by hand", () => {
    // won @2.0, won @3.0, lost @1.5, lost (no odd), void @4.0, pending @2.5
    const f = filterFigures([
      { status: "won", odds: 2 },
      { status: "won", odds: 3 },
      { status: "lost", odds: 1.5 },
      { status: "lost", odds: null },
      { status: "void", odds: 4 },
      { status: "pending", odds: 2.5 },
    ]);
    expect(f).toMatchObject({ picks: 6, won: 2, lost: 2, void: 1, pending: 1, stakes: 3, returns: 5 });
    expect(f.successRate).toBe(0.5);
    // (2 + 3 + 1.5 + 4 + 2.5) / 5
    expect(f.meanOdd).toBeCloseTo(2.6, 10);
    expect(f.meanWinningOdd).toBe(2.5);
    // (5 − 3) / 3
    expect(f.roi).toBeCloseTo(2 / 3, 10);
    // (2 − 2.5) / (3 + 50)
    expect(f.score).toBeCloseTo(-0.5 / 53, 10);
  });

  it("has no rates before the first settled pick and scores the prior", () => {
    const f = filterFigures([{ status: "pending", odds: 2 }]);
    expect(f.successRate).toBeNull();
    expect(f.roi).toBeNull();
    expect(f.meanWinningOdd).toBeNull();
    expect(f.score).toBe(SCORE_PRIOR.ROI);
    expect(filterFigures([]).picks).toBe(0);
  });

  it("ranks many good picks above two lucky ones", () => {
    const lucky = filterFigures([
      { status: "won", odds: 3 },
      { status: "won", odds: 3 },
    ]);
    expect(lucky.roi).toBe(2);
    // 100 picks at odds 2.2, 50 won: ROI (110 − 100) / 100 = 0.1
    const steady = filterFigures(
      Array.from({ length: 100 }, (_, i) => ({
        status: i % 2 === 0 ? ("won" as const) : ("lost" as const),
        odds: 2.2,
      })),
    );
    expect(steady.roi).toBeCloseTo(0.1, 10);
    expect(lucky.score).toBeCloseTo((4 - 2.5) / 52, 10);
    expect(steady.score).toBeCloseTo((10 - 2.5) / 150, 10);
    expect(steady.score).toBeGreaterThan(lucky.score);
  });
});
