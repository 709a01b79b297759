import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { BOTS, type BotName, type TelegramSender } from "./sender.ts";

/** One thing the offline bots did, as the dev Telegram page shows it. */
export interface StoredTelegramEntry {
  at: string;
  bot: BotName;
  method: "sendMessage" | "sendDocument" | "createChatInviteLink" | "banChatMember" | "unbanChatMember";
  chatId: number;
  text?: string;
  html?: boolean;
  /** sendDocument: the file's name and where it is kept beside the entry */
  document?: { name: string; file: string; bytes: number };
  userId?: number;
  inviteLink?: string;
  memberLimit?: number;
}

let counter = 0;
/** Sortable names, newest last: time, a counter and randomness against other processes. */
const entryName = () =>
  `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(++counter).padStart(6, "0")}-${randomBytes(3).toString("hex")}`;

/**
 * The offline stand-in for Telegram: every message, document, invite and removal is kept as a JSON file under
 * `dir`, listed at /dev/telegram (outside production, like the local mailbox). Message ids are unique per store.
 */
export function createOfflineSender(dir: string): TelegramSender {
  const keep = async (entry: Omit<StoredTelegramEntry, "at">, file?: { name: string; data: Uint8Array }) => {
    await mkdir(dir, { recursive: true });
    const name = entryName();
    const stored: StoredTelegramEntry = { at: new Date().toISOString(), ...entry };
    if (file) {
      const fileName = `${name}.${path.extname(file.name).replace(/^\./, "") || "bin"}`;
      await writeFile(path.join(dir, fileName), file.data);
      stored.document = { name: file.name, file: fileName, bytes: file.data.byteLength };
    }
    await writeFile(path.join(dir, `${name}.json`), JSON.stringify(stored, null, 2));
    return { messageId: Number.parseInt(randomBytes(4).toString("hex"), 16) };
  };
  return {
    mode: "offline",
    available: (bot) => BOTS.includes(bot),
    username: async (bot) => `pitchlab_${bot}_bot`,
    sendMessage: (bot, chatId, text, options = {}) =>
      keep({ bot, method: "sendMessage", chatId, text, html: options.html ?? false }),
    sendDocument: (bot, chatId, file, caption) =>
      keep({ bot, method: "sendDocument", chatId, ...(caption ? { text: caption } : {}) }, file),
    async createChatInviteLink(bot, groupChatId, options) {
      const inviteLink = `https://t.me/+offline${randomBytes(8).toString("hex")}`;
      await keep({
        bot,
        method: "createChatInviteLink",
        chatId: groupChatId,
        inviteLink,
        memberLimit: options.memberLimit,
        ...(options.name ? { text: options.name } : {}),
      });
      return { inviteLink };
    },
    async banChatMember(bot, groupChatId, userId) {
      await keep({ bot, method: "banChatMember", chatId: groupChatId, userId });
    },
    async unbanChatMember(bot, groupChatId, userId) {
      await keep({ bot, method: "unbanChatMember", chatId: groupChatId, userId });
    },
    pollUpdates: async () => 0,
  };
}

/** The offline store's entries, newest first (the dev page and tests read them). */
export async function readOfflineStore(dir: string): Promise<Array<StoredTelegramEntry & { id: string }>> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith(".json"))
    .sort()
    .reverse();
  const out: Array<StoredTelegramEntry & { id: string }> = [];
  for (const name of names) {
    const entry = JSON.parse(await readFile(path.join(dir, name), "utf8")) as StoredTelegramEntry;
    out.push({ ...entry, id: name.slice(0, -5) });
  }
  return out;
}
