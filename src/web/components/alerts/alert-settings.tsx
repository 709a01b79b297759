import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { NOTIFICATION_FIELDS, type NotificationField } from "../../../domain/alerts/content.ts";
import { FormAlert, primaryButton } from "../form.tsx";
import { IphoneInstallNote } from "./iphone-install-note.tsx";

export interface AlertSettingsData {
  type: "live" | "prematch";
  settings: Record<NotificationField, boolean>;
  telegram: {
    mode: "bot-api" | "offline" | "off";
    bot: {
      bot: "live" | "prematch" | "valuebet";
      available: boolean;
      linked: boolean;
      username: string | null;
      link: string | null;
    };
    enabled: boolean;
  };
}

const GROUPS: Array<{ key: string; fields: NotificationField[]; types: Array<"live" | "prematch"> }> = [
  { key: "groupFigures", fields: ["picks", "successPercentage", "roi"], types: ["live", "prematch"] },
  {
    key: "groupOdds",
    fields: ["odds1x2", "oddsUnderOver25", "oddsBtts", "odds1x2Live", "rankings"],
    types: ["live", "prematch"],
  },
  {
    key: "groupStats",
    fields: NOTIFICATION_FIELDS.filter(
      (f) =>
        ![
          "picks",
          "successPercentage",
          "roi",
          "odds1x2",
          "oddsUnderOver25",
          "oddsBtts",
          "odds1x2Live",
          "rankings",
        ].includes(f),
    ),
    types: ["live"],
  },
];

const secondaryButton =
  "inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800";

/**
 * The alert settings of a scanner (SPEC §3 filter notification settings): link the Telegram bot with a
 * /start deep link, send alerts there or not, and choose the figures a message shows. Both scanners mount
 * it; the page's action handles the intents "telegram", "unlink" and "figures".
 */
export function AlertSettings({
  data,
  result,
  notificationsHref,
}: {
  data: AlertSettingsData;
  result: { intent?: string; saved?: string; error?: string } | null;
  notificationsHref: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { telegram } = data;
  const bot = telegram.bot;
  // Offline, the deep link cannot reach Telegram: it opens the dev page, which plays the /start.
  const link =
    bot.link && telegram.mode === "offline"
      ? `/dev/telegram?bot=${bot.bot}&start=${encodeURIComponent(new URL(bot.link).searchParams.get("start") ?? "")}`
      : bot.link;
  const saved = (intent: string) =>
    result?.saved && result.intent === intent ? <FormAlert tone="success" message={result.saved} /> : null;
  return (
    <div className="space-y-6">
      <FormAlert message={result?.error} />
      <section
        aria-labelledby="alerts-telegram"
        className="space-y-3 rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900"
      >
        <h2 id="alerts-telegram" className="text-lg font-semibold">
          {t("alerts.settings.telegramTitle")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("alerts.settings.telegramIntro")}{" "}
          <Link to={notificationsHref} className="font-medium text-pitch-700 underline dark:text-pitch-100">
            {t("alerts.inbox.title")}
          </Link>
        </p>
        {saved("telegram")}
        {!bot.available ? (
          <p className="text-sm">{t("alerts.settings.unavailable")}</p>
        ) : (
          <div className="space-y-3">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{t(`alerts.settings.bot.${bot.bot}`)}:</span>
              <span
                data-testid="telegram-status"
                className={bot.linked ? "text-pitch-700 dark:text-pitch-100" : "text-slate-600 dark:text-slate-400"}
              >
                {bot.linked
                  ? bot.username
                    ? t("alerts.settings.linkedAs", { username: `@${bot.username}` })
                    : t("alerts.settings.linkedNoName")
                  : t("alerts.settings.notLinked")}
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              {link && (
                <a
                  href={link}
                  target={telegram.mode === "offline" ? undefined : "_blank"}
                  rel="noopener noreferrer"
                  className={bot.linked ? secondaryButton : primaryButton}
                >
                  {bot.linked ? t("alerts.settings.relink") : t("alerts.settings.link")}
                </a>
              )}
              {bot.linked && (
                <Form method="post">
                  <button type="submit" name="intent" value="unlink" disabled={busy} className={secondaryButton}>
                    {t("alerts.settings.unlink")}
                  </button>
                </Form>
              )}
            </div>
            {bot.linked && (
              <Form method="post" className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="telegram" />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="enabled" defaultChecked={telegram.enabled} className="size-4" />
                  {t("alerts.settings.enabled")}
                </label>
                <button type="submit" disabled={busy} className={secondaryButton}>
                  {t("alerts.settings.save")}
                </button>
              </Form>
            )}
          </div>
        )}
      </section>

      <IphoneInstallNote />

      <section
        aria-labelledby="alerts-figures"
        className="space-y-3 rounded-xl bg-white p-5 shadow-sm dark:bg-slate-900"
      >
        <h2 id="alerts-figures" className="text-lg font-semibold">
          {t("alerts.settings.figuresTitle")}
        </h2>
        {saved("figures")}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="figures" />
          {GROUPS.filter((g) => g.types.includes(data.type)).map((group) => (
            <fieldset key={group.key}>
              <legend className="text-sm font-medium">{t(`alerts.settings.${group.key}`)}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {group.fields.map((field) => (
                  <label key={field} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                    <input type="checkbox" name={field} defaultChecked={data.settings[field]} className="size-4" />
                    {t(`alerts.fields.${field}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("alerts.settings.save")}
          </button>
        </Form>
      </section>
    </div>
  );
}
