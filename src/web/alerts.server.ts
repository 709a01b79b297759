import type { AppLoadContext } from "react-router";
import { NOTIFICATION_FIELDS } from "../domain/alerts/content.ts";
import type { Locale } from "../i18n/locales.ts";
import { formAction, requireUser } from "./auth.server.ts";
import type { AlertSettingsData } from "./components/alerts/alert-settings.tsx";

/** What the alert-settings component needs, for a scanner type (live or prematch). */
export async function alertSettingsData(
  context: AppLoadContext,
  request: Request,
  locale: Locale,
  type: "live" | "prematch",
): Promise<AlertSettingsData> {
  const user = requireUser(context, request, locale);
  const services = context.services;
  const stored = await services.accounts.filterNotificationSettings(user, type);
  const settings = Object.fromEntries(
    NOTIFICATION_FIELDS.map((f) => [f, stored[f] !== false]),
  ) as AlertSettingsData["settings"];
  const bots = await services.alerts.telegram.links(user);
  const bot = bots.find((b) => b.bot === type)!;
  return {
    type,
    settings,
    telegram: {
      mode: services.alerts.telegram.mode(),
      bot: { bot: bot.bot, available: bot.available, linked: bot.linked, username: bot.username, link: bot.link },
      enabled: type === "live" ? user.telegramNotificationsEnabled : user.telegramPreMatchNotificationsEnabled,
    },
  };
}

/** The settings form's intents: figures (SPEC §3 settings), telegram (send there or not), unlink. */
export async function alertSettingsAction(
  context: AppLoadContext,
  request: Request,
  locale: Locale,
  type: "live" | "prematch",
) {
  const user = requireUser(context, request, locale);
  const services = context.services;
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  if (intent === "unlink") {
    await services.alerts.telegram.unlink(user, type);
    return { intent: "telegram", saved: "alerts.settings.saved" };
  }
  if (intent === "telegram") {
    const chat = (await services.alerts.telegram.links(user)).find((b) => b.bot === type);
    const enabled = form.enabled === "on";
    const flag = type === "live" ? "telegramNotificationsEnabled" : "telegramPreMatchNotificationsEnabled";
    const done = await formAction(form, () =>
      services.accounts.update(user, {
        [flag]: enabled,
        ...(chat?.username && !user.telegramUsername ? { telegramUsername: chat.username } : {}),
      }),
    );
    return done.ok ? { intent, saved: "alerts.settings.saved" } : done.failure;
  }
  const settings = Object.fromEntries(NOTIFICATION_FIELDS.map((f) => [f, form[f] === "on"]));
  const done = await formAction(form, () =>
    services.accounts.saveFilterNotificationSettings(user, { type, ...settings }),
  );
  return done.ok ? { intent: "figures", saved: "alerts.settings.saved" } : done.failure;
}
