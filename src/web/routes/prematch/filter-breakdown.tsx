import { requireUser } from "../../auth.server.ts";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { BreakdownPage, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/filter-breakdown";

/** The filter's alerts by league: picks, won, lost, success rate and ROI at a unit stake. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const p = context.services.prematch;
  const filter = await fromService(() => p.filter(context.user, context.access, id));
  const rows = await fromService(() => p.breakdown(context.user, context.access, id));
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

export default function FilterBreakdown({ loaderData: { filter, rows } }: Route.ComponentProps) {
  const paths = usePaths();
  return (
    <BreakdownPage
      name={filter.name}
      rows={rows}
      filterHref={paths.filter(filter.id)}
      historyHref={paths.history(filter.id)}
    />
  );
}
