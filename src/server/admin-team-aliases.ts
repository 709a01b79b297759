import { parseArgs } from "node:util";
import type { Services } from "../services/index.ts";
import type { TeamAliasRefusal } from "../services/team-aliases.ts";

/**
 * `npm run admin -- team-alias …`: the operator's answer to the team names the football-data sync reported as
 * matching no team (GET /api/v1/health → sources.footballData.unmatchedTeams). Returns the exit code.
 */

export const TEAM_ALIAS_USAGE = `usage: npm run admin -- team-alias <command>
  add      --country <country> --alias <provider's name> --team <stored team>
  remove   --country <country> --alias <alias>
  list     [--country <country>]
  new-team --country <country> --name <provider's name>   (a club new to the data: a team of its own)`;

function refusal(r: TeamAliasRefusal): string {
  switch (r.reason) {
    case "unknown-country":
      return `no country "${r.country}" (use its name as the site shows it, e.g. England, or its code)`;
    case "unknown-team":
      return `${r.country} has no team named "${r.team}"`;
    case "ambiguous-team":
      return `"${r.team}" names several teams: ${r.candidates.join(", ")}; write it exactly`;
    case "empty-name":
      return "the name is empty";
    case "alias-is-a-team":
      return `"${r.alias}" is already a team's exact name, which is matched before any alias`;
    case "alias-used":
      return `the alias "${r.alias}" (or a spelling of it that reads the same) already points to ${r.team}`;
    case "unknown-alias":
      return `no alias "${r.alias}" in that country`;
    case "team-exists":
      return `the team "${r.team}" exists already`;
  }
}

export async function teamAliasCommand(services: Services, args: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n${TEAM_ALIAS_USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const need = (...names: Array<keyof typeof values>) => {
    const missing = names.filter((n) => !values[n]);
    if (missing.length > 0) console.error(`${positionals[0]} needs --${missing.join(", --")}\n${TEAM_ALIAS_USAGE}`);
    return missing.length === 0;
  };
  const aliases = services.teamAliases;
  let outcome: { ok: true } | TeamAliasRefusal;
  switch (positionals.length === 1 ? positionals[0] : undefined) {
    case "add": {
      if (!need("country", "alias", "team")) return 2;
      const done = await aliases.add({ country: values.country!, alias: values.alias!, team: values.team! });
      if (done.ok) console.log(`${done.alias.country}: "${done.alias.alias}" is now read as ${done.alias.team}`);
      outcome = done;
      break;
    }
    case "remove":
      if (!need("country", "alias")) return 2;
      outcome = await aliases.remove({ country: values.country!, alias: values.alias! });
      if (outcome.ok) console.log(`alias "${values.alias}" removed`);
      break;
    case "list": {
      const done = await aliases.list({ country: values.country });
      if (done.ok) {
        if (done.aliases.length === 0) console.log("no aliases");
        for (const a of done.aliases) console.log([a.country, a.alias, a.team, a.createdAt.toISOString()].join("\t"));
      }
      outcome = done;
      break;
    }
    case "new-team": {
      if (!need("country", "name")) return 2;
      const done = await aliases.newTeam({ country: values.country!, name: values.name! });
      if (done.ok) {
        console.log(`team "${values.name!.trim()}" added (id ${done.teamId}); the next sync imports its rows`);
        if (done.sameNormalised.length > 0)
          console.warn(
            `note: ${done.sameNormalised.join(", ")} now share its normalised name; spellings of it need an alias`,
          );
      }
      outcome = done;
      break;
    }
    default:
      console.error(TEAM_ALIAS_USAGE);
      return 2;
  }
  if (outcome.ok) return 0;
  console.error(refusal(outcome));
  return 1;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      country: { type: "string" },
      alias: { type: "string" },
      team: { type: "string" },
      name: { type: "string" },
    },
  });
}
