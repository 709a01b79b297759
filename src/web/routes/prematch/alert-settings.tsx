import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pagePath } from "../../../i18n/paths.ts";
import { requireUser } from "../../auth.server.ts";
import { fromService, metaT, pageContext, seo } from "../../page-context.ts";
import { PageHeader, card, linkButton, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/alert-settings";

/** How pre-match alerts arrive, and each filter's lead time and mute state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const { items } = await fromService(() => context.services.prematch.myFilters(user, context.access));
  return { locale, origin: url.origin, pathname: url.pathname, filters: items, profile: pagePath(locale, "profile") };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [...seo({ origin: page.origin, pathname: page.pathname, title: t("prematch.alertSettings") }), { name: "robots", content: "noindex" }];
}

export default function AlertSettings({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader title={t("prematch.alertSettings")} intro={t("prematch.alertSettingsIntro")}>
        <Link className={linkButton} to={paths.scanner("my-filters")}>
          ← {t("prematch.title")}
        </Link>
        <Link className={linkButton} to={d.profile}>
          {t("prematch.notificationSettings")}
        </Link>
      </PageHeader>
      <div className={card}>
        {d.filters.length === 0 ? (
          <p className="text-sm">{t("prematch.noFilters")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {d.filters.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={paths.filter(f.id)} className="font-medium hover:underline">
                  {f.name}
                </Link>
                <span>
                  {t("prematch.leadTime")}: {f.leadTime.amount} {t(`prematch.leadUnit.${f.leadTime.unit}`)}
                  {f.muted && ` · ${t("prematch.muted")}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
