export * from "./leagues-matches.ts";
export * from "./merge.ts";
export * from "./state.ts";
export * from "./teams.ts";
