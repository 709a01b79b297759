import { redirect } from "react-router";
import { pageContext } from "../page-context.ts";
import { parsePath } from "../../i18n/paths.ts";
import { bestTeamsPath, trendsPath } from "../../i18n/team-paths.ts";
import type { Route } from "./+types/vip-alias";

/** The short names of SPEC §2.4 (/vip/trends, /vip/best-teams) lead to the pages' own addresses. */
export async function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const target = parsePath(url.pathname)?.page === "vip-trends-alias" ? trendsPath(locale) : bestTeamsPath(locale);
  throw redirect(`${target}${url.search}`, 301);
}

export default function VipAlias() {
  return null;
}
