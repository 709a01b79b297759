import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "../../auth.server.ts";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { PageHeader, RuleList, card, linkButton, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/rules";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const filter = await fromService(() => context.services.prematch.filter(context.user, context.access, id));
  return { locale, origin: url.origin, pathname: url.pathname, filter };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${t("prematch.rules")} · ${page.filter.name}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Rules({ loaderData: { filter } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader title={`${t("prematch.rules")} · ${filter.name}`} intro={t("prematch.backtestNeeds")}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        {filter.mine && (
          <Link className={linkButton} to={paths.newRule(filter.id)}>
            + {t("prematch.newRule")}
          </Link>
        )}
        {filter.mine && filter.ruleCount >= 3 && (
          <Link className={linkButton} to={paths.newBacktesting(filter.id)}>
            {t("prematch.backtest")}
          </Link>
        )}
      </PageHeader>
      <div className={card}>
        {filter.rules ? (
          <RuleList rules={filter.rules} filterId={filter.id} editable={filter.mine} />
        ) : (
          <p>{t("prematch.rulesHidden")}</p>
        )}
      </div>
    </main>
  );
}
