import { requireUser } from "../../auth.server.ts";
import { useLivePaths } from "../../livescan/ui.tsx";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { BreakdownPage } from "../../prematch/ui.tsx";
import { fromService } from "../../service-errors.server.ts";
import type { Route } from "./+types/breakdown";

/** The filter's alerts by league: picks, won, success rate and ROI at a unit stake. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const lf = context.services.liveFilters;
  const filter = await fromService(() => lf.filter(context.user, context.access, id));
  const rows = await fromService(() => lf.breakdown(context.user, context.access, id));
  return { locale, origin: url.origin, pathname: url.pathname, filter, rows };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${t("prematch.breakdown")} · ${page.filter.name}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LiveBreakdown({ loaderData: { filter, rows } }: Route.ComponentProps) {
  const paths = useLivePaths();
  return (
    <BreakdownPage
      name={filter.name}
      rows={rows}
      filterHref={paths.filter(filter.id)}
      historyHref={paths.history(filter.id)}
    />
  );
}
