import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { LOCALE_TAGS, type Locale } from "../../i18n/locales.ts";
import { PremiumDenied } from "../components/premium/premium-gate.tsx";
import { metaT, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import { fromService, isServiceError } from "../service-errors.server.ts";
import type { Route } from "./+types/telegram-group";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const base = { locale, timeZone, origin: url.origin, pathname: url.pathname };
  if (!context.access.premium || !context.user) return { ...base, denied: true as const, status: null, botLink: null };
  const status = await fromService(() => context.services.telegramGroup.status(context.user!, context.access));
  // Until the member has started the value-bet bot, the page gives him his deep link to do it.
  const deepLink =
    status.available && !status.linked
      ? ((await context.services.alerts.telegram.links(context.user)).find((l) => l.bot === "valuebet")?.link ?? null)
      : null;
  // Offline (no bot token), the dev Telegram page plays the /start the deep link would send.
  const offline = context.services.alerts.telegram.mode() === "offline";
  const botLink =
    deepLink && offline
      ? `/dev/telegram?bot=valuebet&start=${encodeURIComponent(new URL(deepLink).searchParams.get("start") ?? "")}`
      : deepLink;
  return { ...base, denied: false as const, status, botLink };
}

export async function action({ context }: Route.ActionArgs) {
  try {
    if (!context.user) return { error: "auth.loginRequired" };
    await context.services.telegramGroup.invite(context.user, context.access);
    return { error: null };
  } catch (error) {
    if (isServiceError(error)) return { error: error.message };
    throw error;
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("telegramGroup.title") }),
    { name: "robots", content: "noindex" },
  ];
}

const when = (iso: string, locale: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));

export default function TelegramGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const busy = useNavigation().state !== "idle";
  const { status, botLink, timeZone } = loaderData;
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">{t("telegramGroup.title")}</h1>
      <p className="text-slate-600 dark:text-slate-400">{t("telegramGroup.intro")}</p>
      {loaderData.denied || !status ? (
        <PremiumDenied />
      ) : !status.available ? (
        <p role="status" className="rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900">
          {t("telegramGroup.unavailable")}
        </p>
      ) : (
        <section className="space-y-4 rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900">
          <ol className="list-decimal space-y-3 pl-5">
            <li>
              <p className="font-semibold">{t("telegramGroup.step1")}</p>
              {status.linked ? (
                <p className="text-pitch-700 dark:text-emerald-400">{t("telegramGroup.linked")}</p>
              ) : (
                <>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t("telegramGroup.linkHelp")}</p>
                  {botLink && (
                    <a
                      href={botLink}
                      target={botLink.startsWith("/") ? undefined : "_blank"}
                      rel="noreferrer"
                      className="mt-2 inline-block rounded-lg bg-sky-600 px-4 py-2 font-semibold text-white hover:bg-sky-500 focus-visible:outline-2"
                    >
                      {t("telegramGroup.openBot")}
                    </a>
                  )}
                </>
              )}
            </li>
            <li>
              <p className="font-semibold">{t("telegramGroup.step2")}</p>
              {status.invite ? (
                <div className="mt-2 space-y-1">
                  <a
                    href={status.invite.link}
                    target="_blank"
                    rel="noreferrer"
                    data-testid="group-invite"
                    className="block break-all rounded-lg border border-pitch-600 px-3 py-2 font-mono text-sm text-pitch-700 hover:bg-pitch-50 dark:text-emerald-400 dark:hover:bg-slate-800"
                  >
                    {status.invite.link}
                  </a>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t("telegramGroup.inviteNote", { until: when(status.invite.expiresAt, locale, timeZone) })}
                  </p>
                </div>
              ) : (
                <Form method="post" className="mt-2">
                  <button
                    type="submit"
                    disabled={!status.linked || busy}
                    className="rounded-lg bg-pitch-600 px-4 py-2 font-semibold text-white hover:bg-pitch-500 focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    {busy ? t("telegramGroup.working") : t("telegramGroup.getInvite")}
                  </button>
                </Form>
              )}
              {actionData?.error && (
                <p role="alert" className="mt-2 text-red-700 dark:text-red-300">
                  {t(actionData.error)}
                </p>
              )}
            </li>
          </ol>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("telegramGroup.leaving")}</p>
        </section>
      )}
    </main>
  );
}
