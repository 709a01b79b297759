import { filterAction, filterLoader } from "../../../scanner/filter.server.ts";
import { FilterPage, filterMeta } from "../../../scanner/filter-page.tsx";
import type { Route } from "./+types/filter";

export const loader = (args: Route.LoaderArgs) => filterLoader("live", args);
export const action = (args: Route.ActionArgs) => filterAction("live", args);
export const meta = filterMeta;

export default function LiveFilter({ loaderData, actionData }: Route.ComponentProps) {
  return <FilterPage data={loaderData} answer={actionData} />;
}
