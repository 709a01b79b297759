import { useTranslation } from "react-i18next";
import { alertSettingsAction, alertSettingsData } from "../../alerts.server.ts";
import { AlertSettings } from "../../components/alerts/alert-settings.tsx";
import { notificationsPath } from "../../../i18n/routes-alerts.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/alert-settings";

/** Both scanners' alert-settings pages share this route; the path says which scanner. */
/** The live scanner's settings; the pre-match scanner's page (routes/scanner/prematch/alert-settings.tsx) shows the same form. */
const TYPE = "live" as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    data: await alertSettingsData(context, request, locale, TYPE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  return alertSettingsAction(context, request, locale, TYPE);
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({
      origin: page.origin,
      pathname: page.pathname,
      title: `${t("alerts.settings.title")} · ${t(`alerts.source.${page.data.type}`)}`,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function AlertSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6">
      <div>
        <p className="text-sm font-medium text-pitch-700 dark:text-pitch-100">
          {t(`alerts.source.${loaderData.data.type}`)}
        </p>
        <h1 className="text-2xl font-bold">{t("alerts.settings.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("alerts.settings.intro")}</p>
      </div>
      <AlertSettings
        data={loaderData.data}
        notificationsHref={notificationsPath(loaderData.locale)}
        result={(actionData ?? null) as { intent?: string; saved?: string; error?: string } | null}
      />
    </main>
  );
}
