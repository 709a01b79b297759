import { breakdownLoader } from "../../../scanner/pages.server.ts";
import { FilterBreakdownPage, breakdownMeta } from "../../../scanner/filter-pages.tsx";
import type { Route } from "./+types/breakdown";

export const loader = (args: Route.LoaderArgs) => breakdownLoader("live", args);
export const meta = breakdownMeta;

export default function LiveBreakdown({ loaderData }: Route.ComponentProps) {
  return <FilterBreakdownPage data={loaderData} />;
}
