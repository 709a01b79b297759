import { filterAction, filterLoader } from "../../../scanner/filter.server.ts";
import { FilterPage, filterMeta } from "../../../scanner/filter-page.tsx";
import type { Route } from "./+types/filter";

export const loader = (args: Route.LoaderArgs) => filterLoader("preMatch", args);
export const action = (args: Route.ActionArgs) => filterAction("preMatch", args);
export const meta = filterMeta;

export default function PreMatchFilter({ loaderData, actionData }: Route.ComponentProps) {
  return <FilterPage data={loaderData} answer={actionData} />;
}
