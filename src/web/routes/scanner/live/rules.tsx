import { rulesLoader } from "../../../scanner/pages.server.ts";
import { RulesPage, rulesMeta } from "../../../scanner/filter-pages.tsx";
import type { Route } from "./+types/rules";

export const loader = (args: Route.LoaderArgs) => rulesLoader("live", args);
export const meta = rulesMeta;

export default function LiveRules({ loaderData }: Route.ComponentProps) {
  return <RulesPage data={loaderData} />;
}
