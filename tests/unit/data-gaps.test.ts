import { describe, expect, it } from "vitest";
import { dataGapTally, dataNeeds, knowsCounter } from "../../src/domain/scanner/data-gaps.ts";
import type { Rule } from "../../src/domain/scanner/rules.ts";

const rule = (r: Partial<Rule>): Rule => ({
  id: "r",
  category: "liveStats",
  stat: "goals",
  target: "Home",
  comparator: "GreaterEqualThan",
  value: 1,
  ...r,
});

describe("data a filter needs", () => {
  it("prices for an odds rule or a priced outcome, the counters its live statistics read", () => {
    expect(dataNeeds([rule({})], false)).toEqual([]);
    expect(dataNeeds([rule({})], true)).toEqual(["prices"]);
    expect(dataNeeds([rule({ category: "odds", stat: "win" })], false)).toEqual(["prices"]);
    expect(dataNeeds([rule({ stat: "shotsOnGoal" }), rule({ stat: "total.corners", target: "Match" })], false)).toEqual(
      ["shotsOnTarget", "corners"],
    );
    expect(
      dataNeeds([rule({ stat: "shots", numeric: { op: "add", stat: "attacks", withTarget: "Away" } })], true),
    ).toEqual(["prices", "shots", "attacks"]);
  });

  it("a league is a gap for a need only when none of its matches has it", () => {
    const tally = dataGapTally(["prices", "shots"]);
    tally.add(1, () => true);
    tally.add(2, (n) => n === "prices");
    tally.add(2, () => false);
    tally.add(3, () => false);
    tally.add(1, () => false);
    expect(tally.gaps()).toEqual([
      { leagueId: 2, missing: ["shots"] },
      { leagueId: 3, missing: ["prices", "shots"] },
    ]);
    expect(dataGapTally([]).gaps()).toEqual([]);
  });

  it("reads a timeline's known counters", () => {
    expect(knowsCounter(0b1, "shots")).toBe(true);
    expect(knowsCounter(0b1, "shotsOnTarget")).toBe(false);
  });
});
