import type { Pool, PoolClient } from "pg";
import { BOOKMAKER_NAMES } from "../domain/football-data/columns.ts";
import type { MatchRecord } from "../domain/football-data/record.ts";
import { UPSERT_PRICES } from "./queries/price-visibility.ts";

export interface WriteCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const BATCH = 4000;

/** pg serialises arrays element by element in JS; for large numeric arrays a literal built here is far faster. */
function numbers(values: Array<number | boolean | null | undefined>): string {
  return `{${values.map((v) => (v === null || v === undefined ? "NULL" : String(v))).join(",")}}`;
}

async function idsByKey(
  client: PoolClient,
  table: string,
  keyColumn: string,
  rows: Array<Record<string, unknown>>,
  columns: string[],
  types: string[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const params = columns.map((c) => rows.map((r) => r[c]));
  const unnest = columns.map((_, i) => `$${i + 1}::${types[i]}[]`).join(", ");
  await client.query(
    `INSERT INTO ${table} (${columns.join(", ")}) SELECT * FROM unnest(${unnest}) ON CONFLICT DO NOTHING`,
    params,
  );
  const keyIndex = columns.indexOf(keyColumn);
  const result = await client.query<{ id: number; key: string }>(
    `SELECT id, ${keyColumn}::text AS key FROM ${table} WHERE ${keyColumn} = ANY($1::${types[keyIndex]}[])`,
    [params[keyIndex]],
  );
  return new Map(result.rows.map((r) => [r.key, r.id]));
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/**
 * Upserts matches with their countries, leagues, seasons, teams, statistics and odds, keyed on the
 * source keys so that ids stay the same across re-imports. Runs inside the caller's transaction.
 */
export interface WriteOptions {
  /**
   * A provider's sync: a match listed with a new kick-off (postponed, or moved) is the fixture already stored for
   * the same league and teams that has not been played, kicking off within MOVED_WINDOW_DAYS of it, so it keeps
   * its id, picks and alerts rather than becoming a second fixture.
   */
  reconcileMoved?: boolean;
  /**
   * A sync of upcoming fixtures (real mode) read these prices at this moment: a pre-match price exists from the
   * first sync that saw it (`odds.seen_from`). Unset for results and history files.
   */
  seenAt?: Date;
}

/** How far a postponed match may move and still be recognised as the same one. */
const MOVED_WINDOW_DAYS = 60;

export async function writeMatches(
  client: PoolClient,
  records: MatchRecord[],
  shiftMs: number,
  options: WriteOptions = {},
): Promise<WriteCounts> {
  if (records.length === 0) return { added: 0, updated: 0, unchanged: 0 };

  const countryIds = await idsByKey(
    client,
    "countries",
    "code",
    uniqueBy(records, (r) => r.countryCode).map((r) => ({ code: r.countryCode, name: r.countryName })),
    ["code", "name"],
    ["text", "text"],
  );
  const leagueIds = await idsByKey(
    client,
    "leagues",
    "source_key",
    uniqueBy(records, (r) => r.leagueKey).map((r) => ({
      source_key: r.leagueKey,
      country_id: countryIds.get(r.countryCode),
      name: r.leagueName,
      tier: r.tier,
    })),
    ["source_key", "country_id", "name", "tier"],
    ["text", "int", "text", "smallint"],
  );
  const seasonRows = uniqueBy(records, (r) => `${r.leagueKey}|${r.season}`).map((r) => ({
    league_id: leagueIds.get(r.leagueKey)!,
    name: r.season,
  }));
  await client.query(
    "INSERT INTO seasons (league_id, name) SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT DO NOTHING",
    [seasonRows.map((s) => s.league_id), seasonRows.map((s) => s.name)],
  );
  const seasonResult = await client.query<{ id: number; league_id: number; name: string }>(
    "SELECT id, league_id, name FROM seasons WHERE league_id = ANY($1::int[])",
    [[...new Set(seasonRows.map((s) => s.league_id))]],
  );
  const seasonIds = new Map(seasonResult.rows.map((s) => [`${s.league_id}|${s.name}`, s.id]));

  const teamRows = uniqueBy(
    records.flatMap((r) => [
      { country: r.countryCode, name: r.homeTeam },
      { country: r.countryCode, name: r.awayTeam },
    ]),
    (t) => `${t.country}|${t.name}`,
  );
  await client.query(
    "INSERT INTO teams (country_id, name) SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT DO NOTHING",
    [teamRows.map((t) => countryIds.get(t.country)), teamRows.map((t) => t.name)],
  );
  const teamResult = await client.query<{ id: number; country_id: number; name: string }>(
    "SELECT id, country_id, name FROM teams WHERE country_id = ANY($1::int[])",
    [[...new Set(countryIds.values())]],
  );
  const teamIds = new Map(teamResult.rows.map((t) => [`${t.country_id}|${t.name}`, t.id]));
  const teamId = (country: string, name: string) => teamIds.get(`${countryIds.get(country)}|${name}`)!;

  const bookmakerCodes = [...new Set(records.flatMap((r) => r.odds.map((o) => o.bookmaker)))];
  const bookmakerIds = await idsByKey(
    client,
    "bookmakers",
    "code",
    bookmakerCodes.map((code) => ({ code, name: BOOKMAKER_NAMES[code] ?? code })),
    ["code", "name"],
    ["text", "text"],
  );

  const added = new Set<number>();
  const changed = new Set<number>();
  for (let start = 0; start < records.length; start += BATCH) {
    const batch = records.slice(start, start + BATCH);
    if (options.reconcileMoved) {
      // The moved fixture takes the new key first; the upsert below then updates it in place.
      await client.query(
        `WITH n AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
                      AS n(key, league_id, home, away, kickoff)),
         nearest AS (
           SELECT DISTINCT ON (n.key) n.key, f.id
             FROM n JOIN fixtures f ON f.league_id = n.league_id AND f.home_team_id = n.home AND f.away_team_id = n.away
            WHERE NOT EXISTS (SELECT 1 FROM fixtures x WHERE x.source_key = n.key)
              AND f.ft_home IS NULL AND NOT (f.source_key = ANY($1::text[]))
              AND abs(extract(epoch FROM f.source_kickoff - n.kickoff)) < ${MOVED_WINDOW_DAYS} * 86400
            ORDER BY n.key, abs(extract(epoch FROM f.source_kickoff - n.kickoff))),
         once AS (SELECT DISTINCT ON (id) key, id FROM nearest ORDER BY id, key)
         UPDATE fixtures f SET source_key = once.key FROM once WHERE f.id = once.id`,
        [
          batch.map((r) => r.sourceKey),
          batch.map((r) => leagueIds.get(r.leagueKey)),
          batch.map((r) => teamId(r.countryCode, r.homeTeam)),
          batch.map((r) => teamId(r.countryCode, r.awayTeam)),
          batch.map((r) => r.kickoff.toISOString()),
        ],
      );
    }
    const upsert = await client.query<{ id: number; inserted: boolean }>(
      `INSERT INTO fixtures (source_key, league_id, season_id, home_team_id, away_team_id, source_kickoff, kickoff,
          has_kickoff_time, ht_home, ht_away, ft_home, ft_away, referee)
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::timestamptz[], $7::timestamptz[],
          $8::bool[], $9::smallint[], $10::smallint[], $11::smallint[], $12::smallint[], $13::text[])
       ON CONFLICT (source_key) DO UPDATE SET league_id = EXCLUDED.league_id, season_id = EXCLUDED.season_id,
          home_team_id = EXCLUDED.home_team_id, away_team_id = EXCLUDED.away_team_id,
          source_kickoff = EXCLUDED.source_kickoff, kickoff = EXCLUDED.kickoff, has_kickoff_time = EXCLUDED.has_kickoff_time,
          ht_home = EXCLUDED.ht_home, ht_away = EXCLUDED.ht_away, ft_home = EXCLUDED.ft_home, ft_away = EXCLUDED.ft_away,
          referee = EXCLUDED.referee
       WHERE (fixtures.league_id, fixtures.season_id, fixtures.home_team_id, fixtures.away_team_id, fixtures.source_kickoff,
              fixtures.has_kickoff_time, fixtures.ht_home, fixtures.ht_away, fixtures.ft_home, fixtures.ft_away, fixtures.referee)
          IS DISTINCT FROM (EXCLUDED.league_id, EXCLUDED.season_id, EXCLUDED.home_team_id, EXCLUDED.away_team_id,
              EXCLUDED.source_kickoff, EXCLUDED.has_kickoff_time, EXCLUDED.ht_home, EXCLUDED.ht_away, EXCLUDED.ft_home,
              EXCLUDED.ft_away, EXCLUDED.referee)
       RETURNING id, (xmax = 0) AS inserted`,
      [
        batch.map((r) => r.sourceKey),
        batch.map((r) => leagueIds.get(r.leagueKey)),
        batch.map((r) => seasonIds.get(`${leagueIds.get(r.leagueKey)}|${r.season}`)),
        batch.map((r) => teamId(r.countryCode, r.homeTeam)),
        batch.map((r) => teamId(r.countryCode, r.awayTeam)),
        batch.map((r) => r.kickoff.toISOString()),
        batch.map((r) => new Date(r.kickoff.getTime() + shiftMs).toISOString()),
        batch.map((r) => r.hasKickoffTime),
        batch.map((r) => r.htHome),
        batch.map((r) => r.htAway),
        batch.map((r) => r.ftHome),
        batch.map((r) => r.ftAway),
        batch.map((r) => r.referee),
      ],
    );
    for (const row of upsert.rows) (row.inserted ? added : changed).add(row.id);

    const keys = await client.query<{ id: number; source_key: string }>(
      "SELECT id, source_key FROM fixtures WHERE source_key = ANY($1::text[])",
      [batch.map((r) => r.sourceKey)],
    );
    const fixtureIds = new Map(keys.rows.map((k) => [k.source_key, k.id]));

    const stats = batch.flatMap((r) =>
      (
        [
          ["H", r.homeStats],
          ["A", r.awayStats],
        ] as const
      ).flatMap(([side, s]) => (s ? [{ id: fixtureIds.get(r.sourceKey)!, side, ...s }] : [])),
    );
    if (stats.length > 0) {
      const result = await client.query<{ fixture_id: number }>(
        `WITH up AS (INSERT INTO fixture_stats (fixture_id, side, shots, shots_on_target, fouls, corners, yellow_cards, red_cards)
         SELECT * FROM unnest($1::int[], $2::char(1)[], $3::smallint[], $4::smallint[], $5::smallint[], $6::smallint[],
            $7::smallint[], $8::smallint[])
         ON CONFLICT (fixture_id, side) DO UPDATE SET shots = EXCLUDED.shots, shots_on_target = EXCLUDED.shots_on_target,
            fouls = EXCLUDED.fouls, corners = EXCLUDED.corners, yellow_cards = EXCLUDED.yellow_cards, red_cards = EXCLUDED.red_cards
         WHERE (fixture_stats.shots, fixture_stats.shots_on_target, fixture_stats.fouls, fixture_stats.corners,
                fixture_stats.yellow_cards, fixture_stats.red_cards)
            IS DISTINCT FROM (EXCLUDED.shots, EXCLUDED.shots_on_target, EXCLUDED.fouls, EXCLUDED.corners,
                EXCLUDED.yellow_cards, EXCLUDED.red_cards)
         RETURNING fixture_id) SELECT DISTINCT fixture_id FROM up`,
        [
          stats.map((s) => s.id),
          stats.map((s) => s.side),
          stats.map((s) => s.shots),
          stats.map((s) => s.shotsOnTarget),
          stats.map((s) => s.fouls),
          stats.map((s) => s.corners),
          stats.map((s) => s.yellowCards),
          stats.map((s) => s.redCards),
        ],
      );
      for (const row of result.rows) changed.add(row.fixture_id);
    }

    const quotes = batch.flatMap((r) => r.odds.map((o) => ({ id: fixtureIds.get(r.sourceKey)!, ...o })));
    if (quotes.length > 0) {
      const result = await client.query<{ fixture_id: number }>(
        `WITH up AS (INSERT INTO odds (fixture_id, bookmaker_id, market, closing, line, price_home, price_draw, price_away, seen_from)
         SELECT q.*, CASE WHEN q.closing THEN NULL ELSE $9::timestamptz END
           FROM unnest($1::int[], $2::int[], $3::text[], $4::bool[], $5::real[], $6::real[], $7::real[], $8::real[])
                AS q(fixture_id, bookmaker_id, market, closing, line, price_home, price_draw, price_away)
         ON CONFLICT (fixture_id, bookmaker_id, market, closing) DO UPDATE SET ${UPSERT_PRICES}
         RETURNING fixture_id) SELECT DISTINCT fixture_id FROM up`,
        [
          numbers(quotes.map((q) => q.id)),
          numbers(quotes.map((q) => bookmakerIds.get(q.bookmaker))),
          quotes.map((q) => q.market),
          numbers(quotes.map((q) => q.closing)),
          numbers(quotes.map((q) => q.line)),
          numbers(quotes.map((q) => q.prices[0])),
          numbers(quotes.map((q) => q.prices[1])),
          numbers(quotes.map((q) => q.prices[2])),
          options.seenAt ?? null,
        ],
      );
      for (const row of result.rows) changed.add(row.fixture_id);
    }
  }
  for (const id of added) changed.delete(id);
  return { added: added.size, updated: changed.size, unchanged: records.length - added.size - changed.size };
}

/** Whether any file was imported: a restart, whose check of the bundled files may run behind the served site. */
export async function anyFileImported(client: Pool | PoolClient): Promise<boolean> {
  const result = await client.query("SELECT 1 FROM imported_files LIMIT 1");
  return (result.rowCount ?? 0) > 0;
}

export async function fileAlreadyImported(client: Pool | PoolClient, name: string, sha256: string): Promise<boolean> {
  const result = await client.query("SELECT 1 FROM imported_files WHERE name = $1 AND sha256 = $2", [name, sha256]);
  return (result.rowCount ?? 0) > 0;
}

export async function recordImportedFile(
  client: PoolClient,
  name: string,
  sha256: string,
  counts: { added: number; updated: number; skipped: number },
): Promise<void> {
  await client.query(
    `INSERT INTO imported_files (name, sha256, added, updated, skipped) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO UPDATE SET sha256 = $2, imported_at = now(), added = $3, updated = $4, skipped = $5`,
    [name, sha256, counts.added, counts.updated, counts.skipped],
  );
}
