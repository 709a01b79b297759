import { isTeamEvent } from "../stats/team-events.ts";
import { type Category, statInfo } from "./rules.ts";

/** Team or match scope of a statistic, for the compiler (null: no such statistic). */
export function scopeOf(category: Category, stat: string): "team" | "match" | null {
  return statInfo(category, stat, isTeamEvent)?.scope ?? null;
}
