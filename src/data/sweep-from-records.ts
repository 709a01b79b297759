import type { MatchRecord } from "../domain/football-data/record.ts";
import { OPENING_PRICE_BOOKMAKERS, type SweepMatch } from "../domain/predictions/walk-forward.ts";

export function openingOdds(record: MatchRecord, closing = false): SweepMatch["openingOdds"] {
  const pick = (market: "1x2" | "ou25") => {
    for (const bookmaker of OPENING_PRICE_BOOKMAKERS) {
      const q = record.odds.find((o) => o.closing === closing && o.market === market && o.bookmaker === bookmaker);
      if (q) return q.prices;
    }
    return null;
  };
  const x12 = pick("1x2");
  const ou = pick("ou25");
  if (!x12 && !ou) return null;
  return {
    ...(x12 ? { x12: [x12[0]!, x12[1]!, x12[2]!] as [number, number, number] } : {}),
    ...(ou ? { ou25: [ou[0]!, ou[2]!] as [number, number] } : {}),
  };
}

/** Sweep input straight from parsed CSV records (the benchmark's path; the pipeline reads the database). */
export function sweepMatchesFromRecords(records: MatchRecord[]): Array<SweepMatch & { record: MatchRecord }> {
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size + 1;
      ids.set(key, id);
    }
    return id;
  };
  return records
    .filter((r) => r.ftHome !== null)
    .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.sourceKey.localeCompare(b.sourceKey))
    .map((r, i) => ({
      record: r,
      fixtureId: i + 1,
      country: r.countryCode,
      leagueKey: r.leagueKey,
      tier: r.tier,
      season: r.season,
      homeId: idOf(`${r.countryCode}|${r.homeTeam}`),
      awayId: idOf(`${r.countryCode}|${r.awayTeam}`),
      kickoffMs: r.kickoff.getTime(),
      result: {
        ftHome: r.ftHome!,
        ftAway: r.ftAway!,
        htHome: r.htHome,
        htAway: r.htAway,
        cornersHome: r.homeStats?.corners ?? null,
        cornersAway: r.awayStats?.corners ?? null,
        shotsOnTargetHome: r.homeStats?.shotsOnTarget ?? null,
        shotsOnTargetAway: r.awayStats?.shotsOnTarget ?? null,
      },
      openingOdds: openingOdds(r),
      closingOdds: openingOdds(r, true),
    }));
}
