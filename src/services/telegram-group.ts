import { type BotName, TelegramError } from "../data/telegram/sender.ts";
import { inTransaction } from "../db/client.ts";
import { telegramChatsOf } from "../db/queries/telegram-chats.ts";
import * as q from "../db/queries/telegram-group.ts";
import type { Access } from "../domain/premium/access.ts";
import { requirePremium } from "./access.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError } from "./errors.ts";

/** The group is the value-bet bot's: it invites and removes. */
const BOT: BotName = "valuebet";
/** An invite not used within a day is replaced by a new one when asked. */
const INVITE_HOURS = 24;
/** The offline store's stand-in group, so that invites and removals show on /dev/telegram without a real group. */
export const DEV_GROUP_CHAT_ID = -1000000000001;

export interface GroupStatus {
  /** a group is configured and its bot can act */
  available: boolean;
  /** the member has started the value-bet bot (his Telegram user id is known) */
  linked: boolean;
  invite: { link: string; invitedAt: string; expiresAt: string } | null;
}

/**
 * The private Telegram group of SPEC §2.4: a premium member gets a one-time personal invite (member limit 1);
 * when premium ends, the bot removes him (ban, then unban so that he may come back after renewing).
 */
export function createTelegramGroupService(ctx: ServiceContext) {
  const telegram = ctx.telegram ?? null;
  const groupId = ctx.telegramGroupChatId ?? (telegram?.mode === "offline" ? DEV_GROUP_CHAT_ID : null);
  const available = () => groupId !== null && (telegram?.available(BOT) ?? false);
  const telegramUserOf = async (userId: number) =>
    (await telegramChatsOf(ctx.pool, userId)).find((c) => c.bot === BOT)?.chatId ?? null;
  const openInvite = (m: q.GroupMemberRow | null, now: Date) =>
    m && m.removedAt === null && now.getTime() - m.invitedAt.getTime() < INVITE_HOURS * 3_600_000
      ? {
          link: m.inviteLink,
          invitedAt: m.invitedAt.toISOString(),
          expiresAt: new Date(m.invitedAt.getTime() + INVITE_HOURS * 3_600_000).toISOString(),
        }
      : null;

  return {
    async status(user: { id: number }, access: Access): Promise<GroupStatus> {
      requirePremium(access);
      return {
        available: available(),
        linked: (await telegramUserOf(user.id)) !== null,
        invite: openInvite(await q.groupMember(ctx.pool, user.id), ctx.clock.now()),
      };
    },

    /** The member's personal invite: the open one if he has it, else a new one-time link. */
    async invite(user: { id: number }, access: Access): Promise<GroupStatus> {
      requirePremium(access);
      if (!available() || !telegram || groupId === null) throw new ServiceError(503, "telegramGroup.unavailable");
      const telegramUserId = await telegramUserOf(user.id);
      if (telegramUserId === null) throw new ServiceError(409, "telegramGroup.linkFirst");
      const now = ctx.clock.now();
      // One open link per member: requests of one member take turns (a lock held while the link is made), so
      // parallel clicks get the same link instead of one Telegram invite each.
      return inTransaction(ctx.pool, async (tx) => {
        await q.lockInvites(tx, user.id);
        const open = openInvite(await q.groupMember(tx, user.id), now);
        if (open) return { available: true, linked: true, invite: open };
        const { inviteLink } = await telegram.createChatInviteLink(BOT, groupId, {
          memberLimit: 1,
          name: `Pitchlab member ${user.id}`,
          expireDate: new Date(now.getTime() + INVITE_HOURS * 3_600_000),
        });
        await q.saveInvite(tx, { userId: user.id, telegramUserId, inviteLink, invitedAt: now });
        return { available: true, linked: true, invite: openInvite(await q.groupMember(tx, user.id), now) };
      });
    },

    /** Removes the members whose premium has ended; a member already gone counts as removed. */
    async removeLapsed(): Promise<{ removed: number }> {
      if (!available() || !telegram || groupId === null) return { removed: 0 };
      const now = ctx.clock.now();
      let removed = 0;
      for (const m of await q.lapsedMembers(ctx.pool, now)) {
        try {
          await telegram.banChatMember(BOT, groupId, m.telegramUserId);
          await telegram.unbanChatMember(BOT, groupId, m.telegramUserId);
        } catch (error) {
          // Not in the group (never joined, or left): nothing to remove. Anything else is tried again next run.
          if (!(error instanceof TelegramError && error.permanent)) throw error;
        }
        await q.markRemoved(ctx.pool, m.userId, now);
        removed += 1;
      }
      return { removed };
    },
  };
}
