import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { alertSettingsPath } from "../../../../i18n/routes-alerts.ts";
import { useLivePaths } from "../../../scanner/paths.ts";
import { metaT, pageContext, seo } from "../../../page-context.ts";
import { PageHeader, card, linkButton } from "../../../scanner/ui.tsx";
import { primaryButton } from "../../../components/form.tsx";
import type { Route } from "./+types/description";

/** What the live scanner is, how rules work, examples (SPEC §2.4 /vip/live-filters-description). */
export async function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("liveScanner.about.title"),
    description: t("liveScanner.about.intro"),
  });
}

const SECTIONS = ["what", "rules", "time", "odds", "numeric", "outcome", "alerts", "figures", "limits"] as const;
const EXAMPLES = ["pressure", "comeback", "lateGoals"] as const;

export default function LiveDescription({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <PageHeader title={t("liveScanner.about.title")} intro={t("liveScanner.about.intro")}>
        <Link className={primaryButton} to={paths.newFilter}>
          {t("liveScanner.newFilter")}
        </Link>
        <Link className={linkButton} to={paths.scanner()}>
          {t("liveScanner.title")}
        </Link>
        <Link className={linkButton} to={alertSettingsPath(loaderData.locale, "live")}>
          {t("liveScanner.alertSettings")}
        </Link>
      </PageHeader>
      {SECTIONS.map((key) => (
        <section key={key} className={card} aria-labelledby={`about-${key}`}>
          <h2 id={`about-${key}`} className="mb-1 text-lg font-semibold">
            {t(`liveScanner.about.${key}.title`)}
          </h2>
          <p className="text-sm leading-relaxed">{t(`liveScanner.about.${key}.text`)}</p>
        </section>
      ))}
      <section className={card} aria-labelledby="about-examples">
        <h2 id="about-examples" className="mb-2 text-lg font-semibold">
          {t("liveScanner.about.examplesTitle")}
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {EXAMPLES.map((key) => (
            <li key={key}>
              <strong>{t(`liveScanner.about.examples.${key}.name`)}</strong>:{" "}
              {t(`liveScanner.about.examples.${key}.rules`)}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}
