/**
 * Derives the zod schemas of the API's answers from the services' return types (the TypeScript compiler reads
 * them), so that the OpenAPI document describes what the services really return:
 *
 *   npm run api:answers          # rewrites src/server/api/answers.gen.ts
 *
 * Run it after changing what a service returns; `npm run typecheck` fails when an endpoint's answer and its
 * schema drift apart, and tests/db/api-contract.test.ts validates real answers against them.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** export name → a type expression over `Services` (A<F> is the awaited return type of F). */
const TARGETS: Record<string, string> = {
  FixtureList: `A<Services["predictions"]["inRange"]>`,
  Machine: `A<Services["predictions"]["machine"]>`,
  FixtureInfo: `A<Services["predictions"]["info"]>`,
  FixtureOdds: `A<Services["predictions"]["odds"]>`,
  PriceHistory: `A<Services["predictions"]["priceHistory"]>`,
  Similars: `A<Services["predictions"]["similars"]>`,
  BetOfTheDay: `A<Services["predictions"]["daily"]>`,
  Accuracy: `A<Services["predictions"]["accuracy"]>`,
  LeagueProbabilities: `A<Services["predictions"]["probabilitiesByLeague"]>`,
  PipelineStatus: `A<Services["pipeline"]["status"]>`,
  CountriesWithLeagues: `A<Services["leagues"]["countriesWithLeagues"]>`,
  VoteTally: `A<Services["community"]["votes"]>`,
  Health: `A<Services["health"]["report"]>`,
  AuthConfig: `ReturnType<Services["accounts"]["publicConfig"]>`,
  PublicUser: `ReturnType<Services["accounts"]["publicUser"]>`,
  Session: `{ token: string; expiresAt: string; rememberMe: boolean; user: ReturnType<Services["accounts"]["publicUser"]> }`,
  Me: `Omit<ReturnType<Services["accounts"]["publicUser"]>, "userSubscription"> & { userSubscription: A<Services["payments"]["overview"]>["subscription"] | null }`,
  FilterNotificationSettings: `A<Services["accounts"]["filterNotificationSettings"]>`,
  SavedFilterNotificationSettings: `A<Services["accounts"]["saveFilterNotificationSettings"]>`,
  FavouritesState: `A<Services["favourites"]["state"]>`,
  TeamGroups: `A<Services["favourites"]["teamGroups"]>`,
  TeamGroup: `A<Services["favourites"]["createGroup"]>`,
  UpdatedTeamGroup: `A<Services["favourites"]["updateGroup"]>`,
  AddedTeam: `A<Services["favourites"]["addTeam"]>`,
  FavouriteTeams: `A<Services["favourites"]["teams"]>`,
  FavouriteLeagues: `A<Services["favourites"]["leagues"]>`,
  AddedLeague: `A<Services["favourites"]["addLeague"]>`,
  FavouriteMatches: `A<Services["favourites"]["matches"]>`,
  AddedMatch: `A<Services["favourites"]["addMatch"]>`,
  MergedFavourites: `A<Services["favourites"]["merge"]>`,
  Offer: `A<Services["payments"]["offer"]>`,
  Checkout: `A<Services["payments"]["startCheckout"]>`,
  SubscriptionOverview: `A<Services["payments"]["overview"]>`,
  AutoRenewal: `A<Services["payments"]["setAutoRenewal"]>`,
  Transfer: `A<Services["payments"]["requestTransfer"]>`,
  WebhookResult: `A<Services["payments"]["handleWebhook"]>`,
  Vip: `{ access: Access } & A<Services["payments"]["overview"]>`,
  AffiliateDashboard: `A<Services["affiliates"]["dashboard"]>`,
  Payout: `A<Services["affiliates"]["requestPayout"]>`,
  AdvancedFilter: `A<Services["stats"]["advancedFilter"]>`,
  SavedSearches: `A<Services["stats"]["savedSearches"]["list"]>`,
  SavedSearch: `A<Services["stats"]["savedSearches"]["save"]>`,
  LeagueGroups: `A<Services["stats"]["leagueGroups"]["list"]>`,
  LeagueGroup: `A<Services["stats"]["leagueGroups"]["get"]>`,
  CreatedLeagueGroup: `A<Services["stats"]["leagueGroups"]["create"]>`,
  UpdatedLeagueGroup: `A<Services["stats"]["leagueGroups"]["update"]>`,
  TopLeagues: `A<Services["stats"]["topLeagues"]>`,
  TeamsOfSeason: `A<Services["stats"]["teamsOfSeason"]>`,
  TeamStats: `A<Services["teamStats"]["team"]>`,
  PreMatchStats: `A<Services["teamStats"]["preMatch"]>`,
  Trends: `A<Services["teamStats"]["trends"]>`,
  BestTeams: `A<Services["teamStats"]["bestTeams"]>`,
  MyPrematchFilters: `A<Services["prematch"]["myFilters"]>`,
  PrematchUsersFilters: `A<Services["prematch"]["usersFilters"]>`,
  PrematchFilter: `A<Services["prematch"]["filter"]>`,
  PrematchUpcoming: `A<Services["prematch"]["upcomingMatches"]>`,
  PrematchHistory: `A<Services["prematch"]["history"]>`,
  Backtest: `A<Services["prematch"]["backtest"]>`,
  MyBacktests: `A<Services["prematch"]["myBacktests"]>`,
  UsersBacktests: `A<Services["prematch"]["usersBacktests"]>`,
  LiveBacktest: `A<Services["liveBacktest"]["run"]>`,
  MyLiveFilters: `A<Services["liveFilters"]["myFilters"]>`,
  LiveFiltersExplore: `A<Services["liveFilters"]["explore"]>`,
  SuggestedLiveFilters: `A<Services["liveFilters"]["suggested"]>`,
  LiveFilter: `A<Services["liveFilters"]["filter"]>`,
  ImportedLiveFilter: `A<Services["liveFilters"]["importFilter"]>`,
  LiveFilterHistory: `A<Services["liveFilters"]["history"]>`,
  LiveFilterBreakdown: `A<Services["liveFilters"]["breakdown"]>`,
  ClearedLiveHistory: `A<Services["liveFilters"]["clearHistory"]>`,
  LiveFilterWatched: `A<Services["liveFilters"]["watchedMatches"]>`,
};

const root = path.resolve(import.meta.dirname, "..");
const probeFile = path.join(root, "src/server/api/answers.probe.ts");
const outFile = path.join(root, "src/server/api/answers.gen.ts");

const probe = `import type { Services } from "../../services/index.ts";
import type { Access } from "../../domain/premium/access.ts";
type A<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
${Object.entries(TARGETS)
  .map(([name, expr]) => `export type ${name} = ${expr};`)
  .join("\n")}
`;

const configPath = path.join(root, "tsconfig.json");
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
const host = ts.createCompilerHost(config.options);
const readFile = host.readFile;
host.readFile = (file) => (path.resolve(file) === probeFile ? probe : readFile(file));
const fileExists = host.fileExists;
host.fileExists = (file) => path.resolve(file) === probeFile || fileExists(file);
const program = ts.createProgram([probeFile], config.options, host);
const checker = program.getTypeChecker();
const source = program.getSourceFile(probeFile)!;

const problems: string[] = [];
const named = new Map<ts.Type, string>();
const namedCode: string[] = [];
const usedNames = new Set<string>(Object.keys(TARGETS));

function isDate(type: ts.Type) {
  return type.getSymbol()?.getName() === "Date";
}

function nameOf(type: ts.Type): string | null {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol) return null;
  const name = symbol.getName();
  if (
    !/^[A-Z]\w*$/.test(name) ||
    ["Array", "Date", "Record", "Promise", "Awaited", "ReadonlyArray", "Partial", "Omit", "Pick"].includes(name)
  )
    return null;
  if (type.aliasTypeArguments?.length) return null;
  return name;
}

function literalUnion(types: ts.Type[]): string | null {
  if (types.every((t) => t.isStringLiteral())) {
    return `z.enum([${types.map((t) => JSON.stringify((t as ts.StringLiteralType).value)).join(", ")}])`;
  }
  return null;
}

function emit(type: ts.Type, where: string, depth = 0): string {
  if (depth > 25) {
    problems.push(`${where}: too deep`);
    return "z.never()";
  }
  const f = type.flags;
  if (f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown) {
    problems.push(`${where}: ${checker.typeToString(type)}`);
    return "z.never()";
  }
  if (f & ts.TypeFlags.String) return "z.string()";
  if (f & ts.TypeFlags.Number) return "z.number()";
  if (f & ts.TypeFlags.Boolean) return "z.boolean()";
  if (f & ts.TypeFlags.Null) return "z.null()";
  if (f & ts.TypeFlags.Undefined || f & ts.TypeFlags.Void) return "z.undefined()";
  if (f & ts.TypeFlags.Never) return "z.never()";
  if (type.isStringLiteral()) return `z.literal(${JSON.stringify(type.value)})`;
  if (type.isNumberLiteral()) return `z.literal(${type.value})`;
  if (f & ts.TypeFlags.BooleanLiteral) return `z.literal(${checker.typeToString(type)})`;
  if (type.isUnion()) {
    let members = type.types;
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    const optional = members.some((t) => t.flags & ts.TypeFlags.Undefined);
    members = members.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    // true | false
    const bools = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    let parts: string[];
    if (bools.length === 2) {
      members = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
      parts = ["z.boolean()"];
    } else parts = [];
    const lit = members.length > 1 ? literalUnion(members) : null;
    if (lit) parts.push(lit);
    else parts.push(...members.map((t) => emit(t, where, depth + 1)));
    let code = parts.length === 1 ? parts[0]! : `z.union([${parts.join(", ")}])`;
    if (nullable) code += ".nullable()";
    if (optional) code += ".optional()";
    return code;
  }
  if (isDate(type)) return `z.string().openapi({ format: "date-time" })`;
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const readonly = (type as ts.TypeReference).target.getSymbol()?.getName() === "ReadonlyArray";
    return `z.array(${emit(element!, `${where}[]`, depth + 1)})${readonly ? ".readonly()" : ""}`;
  }
  if (checker.isTupleType(type)) {
    return `z.tuple([${checker
      .getTypeArguments(type as ts.TypeReference)
      .map((t, i) => emit(t, `${where}[${i}]`, depth + 1))
      .join(", ")}])${((type as ts.TypeReference).target as ts.TupleType).readonly ? ".readonly()" : ""}`;
  }
  if (f & ts.TypeFlags.Object || type.isIntersection()) {
    const name = depth > 0 ? nameOf(type) : null;
    if (name) {
      const known = named.get(type);
      if (known) return known;
      let unique = name;
      for (let i = 2; usedNames.has(unique); i++) unique = `${name}${i}`;
      usedNames.add(unique);
      named.set(type, unique);
      namedCode.push(`export const ${unique} = ${objectOf(type, where, depth)};`);
      return unique;
    }
    return objectOf(type, where, depth);
  }
  problems.push(`${where}: ${checker.typeToString(type)}`);
  return "z.never()";
}

function objectOf(type: ts.Type, where: string, depth: number): string {
  const props = checker.getPropertiesOfType(type).filter((p) => {
    const t = checker.getTypeOfSymbol(p);
    // `x?: undefined` (TypeScript's normalization of a union of object literals) is never in the JSON
    return t.getCallSignatures().length === 0 && !(t.flags & ts.TypeFlags.Undefined);
  });
  const index = checker.getIndexInfosOfType(type)[0];
  if (props.length === 0 && index) return `z.record(z.string(), ${emit(index.type, `${where}[key]`, depth + 1)})`;
  if (props.length === 0) problems.push(`${where}: {} (an object of unknown shape)`);
  const fields = props.map((p) => {
    const t = checker.getTypeOfSymbol(p);
    const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
    let code = emit(t, `${where}.${p.getName()}`, depth + 1);
    if (optional && !code.endsWith(".optional()")) code += ".optional()";
    return `${/^[A-Za-z_$][\w$]*$/.test(p.getName()) ? p.getName() : JSON.stringify(p.getName())}: ${code}`;
  });
  return `z.object({ ${fields.join(", ")} })`;
}

const out: string[] = [];
for (const statement of source.statements) {
  if (!ts.isTypeAliasDeclaration(statement)) continue;
  const name = statement.name.text;
  if (!(name in TARGETS)) continue;
  const type = checker.getTypeAtLocation(statement.name);
  out.push(`export const ${name} = ${emit(type, name)}.openapi(${JSON.stringify(name)});`);
}

if (problems.length > 0) {
  console.error(`types the API cannot describe (make them precise in the service):\n  ${problems.join("\n  ")}`);
  process.exitCode = 1;
}

writeFileSync(
  outFile,
  `// Generated by \`npm run api:answers\` from the services' return types: do not edit by hand.
import { z } from "@hono/zod-openapi";

${namedCode.join("\n")}

${out.join("\n")}
`,
);
console.log(`${path.relative(root, outFile)}: ${out.length} answers, ${namedCode.length} shared schemas`);
