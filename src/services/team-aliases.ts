import {
  type AliasRow,
  aliasByNormalised,
  deleteAlias,
  findCountry,
  findTeams,
  insertAlias,
  insertTeam,
  listAliases,
  teamsOfCountries,
} from "../db/queries/team-aliases.ts";
import { normaliseTeamName } from "../domain/football-data/team-names.ts";
import type { ServiceContext } from "./context.ts";

/**
 * The operator's side of team-name matching (`npm run admin -- team-alias …`): aliases that map a provider's
 * spelling to a stored team, and new teams accepted by hand when the sync reported a name it would not invent a
 * team for. The answers are outcomes, not sentences: the command line words them.
 */

export type TeamAliasRefusal =
  | { ok: false; reason: "unknown-country"; country: string }
  | { ok: false; reason: "unknown-team"; country: string; team: string }
  | { ok: false; reason: "ambiguous-team"; team: string; candidates: string[] }
  | { ok: false; reason: "empty-name" }
  | { ok: false; reason: "alias-is-a-team"; alias: string }
  | { ok: false; reason: "alias-used"; alias: string; team: string }
  | { ok: false; reason: "unknown-alias"; alias: string }
  | { ok: false; reason: "team-exists"; team: string };

type Outcome<T> = ({ ok: true } & T) | TeamAliasRefusal;

export function createTeamAliasesService(ctx: ServiceContext) {
  const country = async (name: string) => {
    const found = await findCountry(ctx.pool, name);
    return found ?? ({ ok: false, reason: "unknown-country", country: name } as const);
  };
  return {
    async add(input: { country: string; alias: string; team: string }): Promise<Outcome<{ alias: AliasRow }>> {
      const alias = input.alias.trim();
      const normalised = normaliseTeamName(alias);
      if (normalised === "" || input.team.trim() === "") return { ok: false, reason: "empty-name" };
      const c = await country(input.country);
      if ("reason" in c) return c;
      const teams = await findTeams(ctx.pool, c.id, input.team);
      if (teams.length === 0) return { ok: false, reason: "unknown-team", country: c.name, team: input.team };
      if (teams.length > 1)
        return { ok: false, reason: "ambiguous-team", team: input.team, candidates: teams.map((t) => t.name) };
      // A stored team's exact name is matched before any alias: such an alias would never be read.
      if ((await findTeams(ctx.pool, c.id, alias)).some((t) => t.name === alias))
        return { ok: false, reason: "alias-is-a-team", alias };
      if (!(await insertAlias(ctx.pool, { countryId: c.id, alias, normalised, teamId: teams[0]!.id }))) {
        const used = await aliasByNormalised(ctx.pool, c.id, normalised);
        return { ok: false, reason: "alias-used", alias: used?.alias ?? alias, team: used?.team ?? "?" };
      }
      return { ok: true, alias: (await aliasByNormalised(ctx.pool, c.id, normalised))! };
    },

    async remove(input: { country: string; alias: string }): Promise<Outcome<object>> {
      const c = await country(input.country);
      if ("reason" in c) return c;
      if (!(await deleteAlias(ctx.pool, c.id, normaliseTeamName(input.alias))))
        return { ok: false, reason: "unknown-alias", alias: input.alias };
      return { ok: true };
    },

    async list(input: { country?: string }): Promise<Outcome<{ aliases: AliasRow[] }>> {
      if (input.country === undefined) return { ok: true, aliases: await listAliases(ctx.pool, null) };
      const c = await country(input.country);
      if ("reason" in c) return c;
      return { ok: true, aliases: await listAliases(ctx.pool, c.id) };
    },

    /**
     * Accepts a reported name as a team of its own (a club new to the data). `sameNormalised` lists the stored
     * teams whose normalised name is the same: from now on that name matches neither by normalisation.
     */
    async newTeam(input: {
      country: string;
      name: string;
    }): Promise<Outcome<{ teamId: number; sameNormalised: string[] }>> {
      const name = input.name.trim();
      if (normaliseTeamName(name) === "") return { ok: false, reason: "empty-name" };
      const c = await country(input.country);
      if ("reason" in c) return c;
      const teamId = await insertTeam(ctx.pool, c.id, name);
      if (teamId === null) return { ok: false, reason: "team-exists", team: name };
      const sameNormalised = ((await teamsOfCountries(ctx.pool, [c.code])).get(c.code)?.teams ?? [])
        .filter((t) => t.id !== teamId && normaliseTeamName(t.name) === normaliseTeamName(name))
        .map((t) => t.name);
      return { ok: true, teamId, sameNormalised };
    },
  };
}
