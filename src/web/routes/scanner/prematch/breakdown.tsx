import { breakdownLoader } from "../../../scanner/pages.server.ts";
import { FilterBreakdownPage, breakdownMeta } from "../../../scanner/filter-pages.tsx";
import type { Route } from "./+types/breakdown";

export const loader = (args: Route.LoaderArgs) => breakdownLoader("preMatch", args);
export const meta = breakdownMeta;

export default function PreMatchBreakdown({ loaderData }: Route.ComponentProps) {
  return <FilterBreakdownPage data={loaderData} />;
}
