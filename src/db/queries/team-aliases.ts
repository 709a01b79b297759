import type { Pool, PoolClient } from "pg";
import type { CountryTeams } from "../../domain/football-data/team-resolution.ts";

type Db = Pool | PoolClient;

/** The stored teams and aliases of these countries (by code), for the sync's name matching. */
export async function teamsOfCountries(db: Db, codes: string[]): Promise<Map<string, CountryTeams>> {
  const teams = await db.query<{ code: string; id: number; name: string }>(
    "SELECT c.code, t.id, t.name FROM teams t JOIN countries c ON c.id = t.country_id WHERE c.code = ANY($1::text[])",
    [codes],
  );
  const aliases = await db.query<{ code: string; alias: string; team_id: number }>(
    `SELECT c.code, a.normalised_alias AS alias, a.team_id FROM team_aliases a JOIN countries c ON c.id = a.country_id
      WHERE c.code = ANY($1::text[])`,
    [codes],
  );
  const byCountry = new Map<string, CountryTeams>(codes.map((c) => [c, { teams: [], aliases: [] }]));
  for (const t of teams.rows) byCountry.get(t.code)?.teams.push({ id: t.id, name: t.name });
  for (const a of aliases.rows) byCountry.get(a.code)?.aliases.push({ alias: a.alias, teamId: a.team_id });
  return byCountry;
}

/** Of these leagues (by source key), those with a stored fixture kicking off before `before`. */
export async function leaguesWithFixturesBefore(db: Db, keys: string[], before: Date): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT l.source_key AS key FROM leagues l
      WHERE l.source_key = ANY($1::text[])
        AND EXISTS (SELECT 1 FROM fixtures f WHERE f.league_id = l.id AND f.source_kickoff < $2)`,
    [keys, before.toISOString()],
  );
  return new Set(rows.map((r) => r.key));
}

export interface CountryRow {
  id: number;
  code: string;
  name: string;
}

/** A country by its name or code, either case. */
export async function findCountry(db: Db, nameOrCode: string): Promise<CountryRow | null> {
  const { rows } = await db.query<CountryRow>(
    "SELECT id, code, name FROM countries WHERE lower(name) = lower($1) OR lower(code) = lower($1) ORDER BY id LIMIT 1",
    [nameOrCode.trim()],
  );
  return rows[0] ?? null;
}

/** The country's teams of this name: the exact one if any, else those of the same name in another case. */
export async function findTeams(db: Db, countryId: number, name: string): Promise<Array<{ id: number; name: string }>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM teams WHERE country_id = $1 AND lower(name) = lower($2) ORDER BY name = $2 DESC, id",
    [countryId, name.trim()],
  );
  const exact = rows.filter((r) => r.name === name.trim());
  return exact.length > 0 ? exact : rows;
}

export async function insertTeam(db: Db, countryId: number, name: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    "INSERT INTO teams (country_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id",
    [countryId, name],
  );
  return rows[0]?.id ?? null;
}

export interface AliasRow {
  country: string;
  alias: string;
  team: string;
  teamId: number;
  createdAt: Date;
}

const ALIAS_COLUMNS = `c.name AS country, a.alias, t.name AS team, a.team_id AS "teamId", a.created_at AS "createdAt"
   FROM team_aliases a JOIN countries c ON c.id = a.country_id JOIN teams t ON t.id = a.team_id`;

export async function aliasByNormalised(db: Db, countryId: number, normalised: string): Promise<AliasRow | null> {
  const { rows } = await db.query<AliasRow>(
    `SELECT ${ALIAS_COLUMNS} WHERE a.country_id = $1 AND a.normalised_alias = $2`,
    [countryId, normalised],
  );
  return rows[0] ?? null;
}

/** false: the country already has this alias (normalised) */
export async function insertAlias(
  db: Db,
  alias: { countryId: number; alias: string; normalised: string; teamId: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO team_aliases (country_id, alias, normalised_alias, team_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (country_id, normalised_alias) DO NOTHING`,
    [alias.countryId, alias.alias, alias.normalised, alias.teamId],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteAlias(db: Db, countryId: number, normalised: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM team_aliases WHERE country_id = $1 AND normalised_alias = $2", [
    countryId,
    normalised,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function listAliases(db: Db, countryId: number | null): Promise<AliasRow[]> {
  const { rows } = await db.query<AliasRow>(
    `SELECT ${ALIAS_COLUMNS} WHERE $1::int IS NULL OR a.country_id = $1 ORDER BY c.name, t.name, a.alias`,
    [countryId],
  );
  return rows;
}
