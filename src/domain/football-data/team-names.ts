/**
 * Team names as the providers spell them differ between sources and over time ("FC Köln", "Koln"; a club
 * renamed). A name is matched to a stored team by rules an operator can read and extend, never by a guess: the
 * exact name, then an operator's alias, then a normalised name shared by exactly one team of the country.
 */

/** Words that only say "club" in some language: dropped when a name has other words. */
const AFFIXES = new Set(["fc", "afc", "cf", "sc", "ac", "fk", "sk", "club"]);

/** Letters that NFD does not split into a base letter and a mark. */
const LETTERS: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

export function normaliseTeamName(name: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[øæœßłđðþı]/g, (c) => LETTERS[c] ?? c)
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "");
  const kept = words.filter((w) => !AFFIXES.has(w));
  return (kept.length > 0 ? kept : words).join(" ");
}

export interface KnownTeam {
  id: number;
  name: string;
}

export interface TeamAliasEntry {
  /** normalised (normaliseTeamName) */
  alias: string;
  teamId: number;
}

export type TeamMatch = { teamId: number; by: "name" | "alias" | "normalised" };

/** A matcher over one country's teams and aliases; null when no rule gives exactly one team. */
export function teamMatcher(teams: KnownTeam[], aliases: TeamAliasEntry[]): (name: string) => TeamMatch | null {
  const byName = new Map(teams.map((t) => [t.name, t.id]));
  const byAlias = new Map(aliases.map((a) => [a.alias, a.teamId]));
  // null marks a normalised name that two teams share: ambiguous, so it matches neither.
  const byNormalised = new Map<string, number | null>();
  for (const t of teams) {
    const key = normaliseTeamName(t.name);
    byNormalised.set(key, byNormalised.has(key) ? null : t.id);
  }
  return (name) => {
    const exact = byName.get(name);
    if (exact !== undefined) return { teamId: exact, by: "name" };
    const key = normaliseTeamName(name);
    const aliased = byAlias.get(key);
    if (aliased !== undefined) return { teamId: aliased, by: "alias" };
    const normalised = byNormalised.get(key);
    return normalised == null ? null : { teamId: normalised, by: "normalised" };
  };
}
