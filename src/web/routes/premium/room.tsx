import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireUser } from "../../auth.server.ts";
import { FormAlert } from "../../components/form.tsx";
import { PremiumDenied } from "../../components/premium/premium-gate.tsx";
import { SubscriptionPanel } from "../../components/premium/subscription-panel.tsx";
import { PREMIUM_LINKS } from "../../components/shell/premium-menu.tsx";
import type { Locale } from "../../../i18n/locales.ts";
import { predictionsPath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { autoRenewalAction } from "../../premium.server.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/room";

/** The Premium room (/vip): members only; others are told why and offered the plans (403). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const page = { locale, origin: url.origin, pathname: url.pathname };
  if (!context.access.premium) return data({ ...page, denied: true as const, overview: null }, { status: 403 });
  return { ...page, denied: false as const, overview: await context.services.payments.overview(user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  return autoRenewalAction(context, user, Object.fromEntries(await request.formData()));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("vip.roomTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

/** Today's premium predictions, then the premium tools of the menu (less the room itself and the plans). */
const TOOLS: typeof PREMIUM_LINKS = [
  { key: "premiumPredictions", path: (locale: Locale) => predictionsPath(locale, "today", 6) },
  ...PREMIUM_LINKS.filter((l) => l.key !== "room" && l.key !== "plans"),
];

export default function Room({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">
        <span aria-hidden="true" className="text-amber-500">
          ♛{" "}
        </span>
        {t("vip.roomTitle")}
      </h1>
      {loaderData.denied ? (
        <PremiumDenied />
      ) : (
        <>
          <FormAlert message={actionData && "saved" in actionData ? actionData.saved : null} tone="success" />
          <FormAlert message={actionData && "error" in actionData ? (actionData.error as string) : null} />
          <p className="text-slate-600 dark:text-slate-400">{t("vip.roomIntro")}</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {TOOLS.map((tool) => (
              <li key={tool.key}>
                <a
                  href={tool.path(locale)}
                  className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-amber-400 dark:bg-slate-900"
                >
                  <span className="font-semibold">{t(tool.label ?? `vip.tools.${tool.key}`)}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {t(tool.text ?? `vip.tools.${tool.key}Text`)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          <section
            aria-labelledby="subscription-heading"
            className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900"
          >
            <h2 id="subscription-heading" className="mb-3 text-lg font-semibold">
              {t("profile.subscription")}
            </h2>
            {loaderData.overview && <SubscriptionPanel overview={loaderData.overview} premium />}
          </section>
        </>
      )}
    </main>
  );
}
