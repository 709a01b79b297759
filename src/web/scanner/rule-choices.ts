import { useState } from "react";
import { COMPARATORS, type Rule, STATS, TARGETS } from "../../domain/scanner/rules.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";

const PRE_CATEGORIES = ["odds", "probabilities", "preMatchStats", "time"] as const;
const LIVE_CATEGORIES = ["liveStats", "time", "odds", "probabilities", "preMatchStats"] as const;
const STANDINGS = new Set(["rank", "points", "pointsGap", "played"]);

/**
 * What the rule builder offers as its choices change: the categories of the scanner, the statistics of the chosen
 * category, the teams the statistic can be read for (its scope), and the comparisons (increase and decrease only
 * for live prices).
 */
export function useRuleChoices(rule: Rule | undefined, kind: ScannerKind) {
  const live = kind === "live";
  const categories = live ? LIVE_CATEGORIES : PRE_CATEGORIES;
  const isEvent = rule?.category === "preMatchStats" && !STANDINGS.has(rule.stat);
  const [category, setCategory] = useState<string>(rule?.category ?? categories[0]);
  const firstStat = (c: string) =>
    c === "preMatchStats" && !live
      ? "event"
      : (STATS.find((x) => x.category === c && x.scanners.includes(kind))?.stat ?? "");
  const [statChoice, setStatChoice] = useState<string>(
    isEvent
      ? "event"
      : rule?.stat === "pointsGap" && rule.target === "Match"
        ? "pointsGap:match"
        : (rule?.stat ?? firstStat(categories[0])),
  );
  const [numeric, setNumeric] = useState<string>(rule?.numeric?.op ?? "");
  const [timeKind, setTimeKind] = useState<string>(rule?.time?.kind ?? "");
  const [market, setMarket] = useState<string>(rule?.oddsMarket ?? "PreMatch");
  const stats = STATS.filter((x) => x.category === category && x.scanners.includes(kind));
  const statOptions =
    category === "preMatchStats"
      ? [
          ...stats.filter((x) => x.scope === "team" && STANDINGS.has(x.stat)).map((x) => x.stat),
          ...(live ? [] : ["event"]),
          "pointsGap:match",
        ]
      : stats.map((x) => x.stat);
  const chosenStat = statChoice.split(":")[0]!;
  const scope =
    statChoice === "event"
      ? "team"
      : (STATS.find(
          (x) =>
            x.category === category &&
            x.stat === chosenStat &&
            (statChoice.endsWith(":match") ? x.scope === "match" : true),
        )?.scope ?? "team");
  const targets =
    scope === "match"
      ? (["Match"] as const)
      : TARGETS.filter(
          (x) => (live || (x !== "LoosingTeam" && x !== "WinningTeam")) && (x !== "Match" || statChoice === "event"),
        );
  const comparators = COMPARATORS.filter(
    (c) => (c !== "IncreasedOf" && c !== "DecreasedOf") || (live && category === "odds" && market === "LiveMatch"),
  );
  return {
    live,
    categories,
    isEvent,
    category,
    setCategory,
    firstStat,
    statChoice,
    setStatChoice,
    numeric,
    setNumeric,
    timeKind,
    setTimeKind,
    market,
    setMarket,
    stats,
    statOptions,
    chosenStat,
    scope,
    targets,
    comparators,
  };
}
