import { readFile } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { html } from "hono/html";
import { BOTS, isBotName, readOfflineStore } from "../services/telegram-bots.ts";
import type { Services } from "../services/index.ts";

/** Telegram's HTML as plain text: links as "label: url", tags dropped, entities decoded (the page escapes it again). */
function plain(text: string): string {
  return text
    .replace(/<a href="([^"]*)">([^<]*)<\/a>/g, "$2: $1")
    .replace(/<\/?b>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.4}
ul{padding:0}code{word-break:break-all}li{margin:.6rem 0;list-style:none;border:1px solid #ccc;border-radius:.5rem;padding:.6rem .8rem}
pre{white-space:pre-wrap;margin:.3rem 0 0;font-family:inherit}form{display:grid;gap:.5rem;max-width:32rem;padding:1rem;border:1px solid #ccc;border-radius:.5rem}
label{display:grid;gap:.2rem}input,select,button{font:inherit;padding:.3rem}.note{padding:.6rem;border-radius:.4rem;background:#e6f4ea}.bad{background:#fde8e8}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}li,form{border-color:#444}a{color:#8ab4f8}.note{background:#1e3a28}.bad{background:#4a1f1f}input,select,button{background:#222;color:#eee;border:1px solid #555}}`;

/**
 * The offline Telegram (no bot token set, not in production, like /dev/mailbox): what the bots sent —
 * messages, documents, invite links, removals — newest first, and a form that plays a user's `/start <token>`
 * in a private chat with a bot, as tapping the deep link of the alert settings would.
 */
export function createTelegramDevPage(dir: string, services: Services) {
  const app = new Hono();

  app.get("/", async (c) => {
    const chat = c.req.query("chat");
    const entries = (await readOfflineStore(dir)).filter((e) => !chat || String(e.chatId) === chat);
    const bot = isBotName(c.req.query("bot")) ? c.req.query("bot") : "live";
    const start = c.req.query("start") ?? "";
    const result = c.req.query("result");
    const items = entries.map((e) => {
      const what =
        e.method === "sendMessage"
          ? html`<pre>${plain(e.text ?? "")}</pre>`
          : e.method === "sendDocument"
            ? html`<p>📎 <a href="/dev/telegram/file/${e.document?.file ?? ""}" download="${e.document?.name ?? ""}">${e.document?.name ?? ""}</a> (${e.document?.bytes ?? 0} bytes)${e.text ? html` — ${e.text}` : ""}</p>`
            : e.method === "createChatInviteLink"
              ? html`<p>Invite link for group ${e.chatId}: <code>${e.inviteLink ?? ""}</code> (member limit ${e.memberLimit ?? "–"})${e.text ? html`, ${e.text}` : ""}</p>`
              : html`<p>${e.method === "banChatMember" ? "Removed (banned)" : "Unbanned"} user ${e.userId ?? ""} in group ${e.chatId}</p>`;
      return html`<li data-method="${e.method}" data-chat="${e.chatId}"><small>${e.at} · ${e.bot} bot → chat <a href="/dev/telegram?chat=${e.chatId}">${e.chatId}</a></small>${what}</li>`;
    });
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Telegram (offline)</title><style>${STYLE}</style></head><body>
<h1>Offline Telegram</h1>
<p>What the live, pre-match and value-bet bots sent while no bot token is set. Not available in production. <a href="/dev/mailbox">Mailbox</a></p>
${result ? html`<p class="note ${result.startsWith("linked") ? "" : "bad"}" role="status">${result.startsWith("linked") ? "Chat linked: the bot replied below." : "The link was not valid (unknown, used or expired token)."}</p>` : ""}
<h2>Play a user's /start</h2>
<form method="post" action="/dev/telegram/start">
<label>Bot <select name="bot">${BOTS.map((b) => html`<option value="${b}" ${b === bot ? "selected" : ""}>${b}</option>`)}</select></label>
<label><span>Start token (from the deep link t.me/…?start=<i>token</i>)</span> <input name="start" required value="${start}" autocomplete="off"></label>
<label>Telegram chat id <input name="chatId" required inputmode="numeric" pattern="[0-9]{1,15}" value="${String(100000000 + Math.floor(Math.random() * 900000000))}"></label>
<label>Telegram username (optional) <input name="username" pattern="[A-Za-z0-9_]{0,32}" value="dev_fan"></label>
<button type="submit">Send /start</button>
</form>
<h2>Messages${chat ? html` of chat ${chat} (<a href="/dev/telegram">all</a>)` : ""}</h2>
${items.length ? html`<ul>${items}</ul>` : html`<p>No messages yet.</p>`}</body></html>`);
  });

  app.post("/start", async (c) => {
    const body = await c.req.parseBody();
    const field = (k: string) => (typeof body[k] === "string" ? (body[k] as string).trim() : "");
    const bot = field("bot");
    const chatId = Number(field("chatId"));
    // A whole deep link pasted works too.
    const raw = field("start");
    const token = /[?&]start=([^&]+)/.exec(raw)?.[1] ?? raw;
    if (!isBotName(bot) || !Number.isSafeInteger(chatId) || chatId <= 0 || !token)
      return c.text("bot, start token and a numeric chat id are required", 400);
    const { linked } = await services.alerts.telegram.receiveStart({
      bot,
      chatId,
      username: field("username") || null,
      payload: decodeURIComponent(token),
    });
    return c.redirect(`/dev/telegram?chat=${chatId}&result=${linked ? "linked" : "invalid"}`, 303);
  });

  app.get("/file/:name", async (c) => {
    const name = path.basename(c.req.param("name"));
    if (!/^[\w.-]+\.\w+$/.test(name) || name.endsWith(".json")) return c.notFound();
    const data = await readFile(path.join(dir, name)).catch(() => null);
    if (!data) return c.notFound();
    return c.body(data, 200, {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${name}"`,
    });
  });
  return app;
}
