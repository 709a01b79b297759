import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "../../auth.server.ts";
import { metaT, notFound, pageContext, seo } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { BreakdownTable, PageHeader, card, linkButton, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/filter-breakdown";

/** The filter's alerts by league: picks, won, lost, success rate and ROI at a unit stake. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = Number(params.filterId);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const p = context.services.prematch;
  const filter = await fromService(() => p.filter(context.user, context.access, id));
  const rows = await fromService(() => p.breakdown(context.user, context.access, id));
  return { locale, origin: url.origin, pathname: url.pathname, filter, rows };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [...seo({ origin: page.origin, pathname: page.pathname, title: `${t("prematch.breakdown")} · ${page.filter.name}` }), { name: "robots", content: "noindex" }];
}

export default function FilterBreakdown({ loaderData: { filter, rows } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <PageHeader title={`${t("prematch.breakdown")} · ${filter.name}`}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        <Link className={linkButton} to={paths.history(filter.id)}>
          {t("prematch.history")}
        </Link>
      </PageHeader>
      <div className={card}>
        <BreakdownTable rows={rows} />
      </div>
    </main>
  );
}
