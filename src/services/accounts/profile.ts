import * as q from "../../db/queries/users.ts";
import { isId } from "../../domain/ids.ts";
import { ServiceError } from "../errors.ts";

import {
  type User,
  ProfilePatch,
  parse,
  FilterType,
  DEFAULT_FILTER_NOTIFICATION_SETTINGS,
  FilterNotificationSettingsInput,
} from "./shared.ts";
import type { AccountsDeps } from "./deps.ts";

/** POST /users/me: any subset of the profile, the notification flags, the language or the preferences. */
export async function update(d: AccountsDeps, user: User, input: Record<string, unknown>): Promise<User> {
  const { ctx } = d;
  const v = parse(ProfilePatch, input);
  if (v.telegramUsername) v.telegramUsername = v.telegramUsername.replace(/^@/, "");
  if (
    (v.telegramNotificationsEnabled || v.telegramPreMatchNotificationsEnabled) &&
    !(v.telegramUsername ?? user.telegramUsername)
  ) {
    throw new ServiceError(400, "errors.checkFields", { telegramUsername: "profile.telegramRequired" });
  }
  return (await q.updateUser(ctx.pool, user.id, v))!;
}

export async function newsletterUnsubscribe(d: AccountsDeps, userId: number, key: string): Promise<void> {
  const { ctx } = d;
  if (!isId(userId) || !key || !(await q.unsubscribeNewsletter(ctx.pool, userId, key))) {
    throw new ServiceError(400, "profile.unsubscribeInvalid");
  }
}

export async function filterNotificationSettings(d: AccountsDeps, user: User, type: string) {
  const { ctx } = d;
  const settings = await q.filterNotificationSettings(ctx.pool, user.id, parse(FilterType, type));
  return { type, ...DEFAULT_FILTER_NOTIFICATION_SETTINGS, ...settings };
}

export async function saveFilterNotificationSettings(d: AccountsDeps, user: User, input: Record<string, unknown>) {
  const { ctx } = d;
  const v = parse(FilterNotificationSettingsInput, input);
  const { type, ...settings } = v;
  await q.saveFilterNotificationSettings(ctx.pool, user.id, type, settings);
  return { type, ...DEFAULT_FILTER_NOTIFICATION_SETTINGS, ...settings };
}
