import type { FormErrors } from "../../../scanner/form-fields.tsx";
import { ruleAction, ruleLoader } from "../../../scanner/pages.server.ts";
import { RulePage, ruleMeta } from "../../../scanner/rule-page.tsx";
import type { Route } from "./+types/rule";

export const loader = (args: Route.LoaderArgs) => ruleLoader("preMatch", args);
export const action = (args: Route.ActionArgs) => ruleAction("preMatch", args);
export const meta = ruleMeta;

export default function PreMatchRule({ loaderData, actionData }: Route.ComponentProps) {
  return <RulePage data={loaderData} errors={actionData as FormErrors | undefined} />;
}
