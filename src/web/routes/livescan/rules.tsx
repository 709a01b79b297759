import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "../../auth.server.ts";
import { InactiveNotice, useLivePaths } from "../../livescan/ui.tsx";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { PageHeader, RuleList, card, linkButton } from "../../prematch/ui.tsx";
import { fromService } from "../../service-errors.server.ts";
import type { Route } from "./+types/rules";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const filter = await fromService(() => context.services.liveFilters.filter(context.user, context.access, id));
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

export default function LiveRules({ loaderData: { filter } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader title={`${t("prematch.rules")} · ${filter.name}`} intro={t("liveScanner.rulesIntro")}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        {filter.mine && (
          <Link className={linkButton} to={paths.newRule(filter.id)}>
            + {t("prematch.newRule")}
          </Link>
        )}
      </PageHeader>
      <InactiveNotice filter={filter} />
      <div className={`${card} mt-4`}>
        {filter.rules ? (
          <RuleList
            rules={filter.rules}
            filterId={filter.id}
            editable={filter.mine}
            ruleHref={(ruleId) => paths.rule(filter.id, ruleId)}
          />
        ) : (
          <p>{t("prematch.rulesHidden")}</p>
        )}
      </div>
    </main>
  );
}
