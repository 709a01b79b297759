import { useTranslation } from "react-i18next";
import { notificationsPath } from "../../../../i18n/routes-alerts.ts";
import { usePreferences } from "../../../preferences.tsx";
import { Link } from "react-router";
import { alertSettingsAction, alertSettingsData } from "../../../alerts.server.ts";
import { AlertSettings as AlertSettingsForm } from "../../../components/alerts/alert-settings.tsx";
import { requireUser } from "../../../auth.server.ts";
import { metaT, pageContext, seo } from "../../../page-context.ts";
import { fromService } from "../../../service-errors.server.ts";
import { usePrematchPaths } from "../../../scanner/paths.ts";
import { PageHeader, card, linkButton } from "../../../scanner/ui.tsx";
import type { Route } from "./+types/alert-settings";

/** The pre-match alert settings: Telegram and a message's figures (the alerts module's form), and each filter's lead time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const { items } = await fromService(() => context.services.prematch.myFilters(user, context.access));
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    filters: items,
    settings: await alertSettingsData(context, request, locale, "prematch"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  return alertSettingsAction(context, request, locale, "prematch");
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("prematch.alertSettings") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function AlertSettings({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  const { locale } = usePreferences();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <PageHeader title={t("prematch.alertSettings")} intro={t("prematch.alertSettingsIntro")}>
        <Link className={linkButton} to={paths.scanner("my-filters")}>
          ← {t("prematch.title")}
        </Link>
      </PageHeader>
      <AlertSettingsForm
        data={d.settings}
        notificationsHref={notificationsPath(locale)}
        result={(actionData as { intent?: string; saved?: string; error?: string } | undefined) ?? null}
      />
      <section className={card} aria-labelledby="lead-times">
        <h2 id="lead-times" className="mb-2 text-lg font-semibold">
          {t("prematch.leadTime")}
        </h2>
        {d.filters.length === 0 ? (
          <p className="text-sm">{t("prematch.noFilters")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {d.filters.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={paths.filter(f.id)} className="min-w-0 font-medium wrap-anywhere hover:underline">
                  {f.name}
                </Link>
                <span>
                  {t(f.leadTime.unit === "hours" ? "prematch.leadHours" : "prematch.leadDays", {
                    count: f.leadTime.amount,
                  })}
                  {f.muted && ` · ${t("prematch.muted")}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
