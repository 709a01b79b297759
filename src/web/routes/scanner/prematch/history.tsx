import { historyAction, historyLoader } from "../../../scanner/pages.server.ts";
import { HistoryPage, historyMeta } from "../../../scanner/history-page.tsx";
import type { Route } from "./+types/history";

export const loader = (args: Route.LoaderArgs) => historyLoader("preMatch", args);
export const action = (args: Route.ActionArgs) => historyAction("preMatch", args);
export const meta = historyMeta;

export default function PreMatchHistory({ loaderData, actionData }: Route.ComponentProps) {
  return <HistoryPage data={loaderData} answer={actionData} />;
}
