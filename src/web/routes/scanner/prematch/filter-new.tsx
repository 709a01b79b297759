import type { FormErrors } from "../../../scanner/form-fields.tsx";
import { newFilterAction, newFilterLoader } from "../../../scanner/pages.server.ts";
import { NewFilterPage, newFilterMeta } from "../../../scanner/filter-pages.tsx";
import type { Route } from "./+types/filter-new";

export const loader = (args: Route.LoaderArgs) => newFilterLoader("preMatch", args);
export const action = (args: Route.ActionArgs) => newFilterAction("preMatch", args);
export const meta = newFilterMeta;

export default function PreMatchNewFilter({ loaderData, actionData }: Route.ComponentProps) {
  return <NewFilterPage data={loaderData} errors={actionData as FormErrors | undefined} />;
}
