import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { html, raw } from "hono/html";

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The local mailbox: every message the outbox mailer kept, newest first. Mounted only outside production,
 * so that the e-mail flows (verification, reset) can be followed on a machine without SMTP.
 */
export function createMailbox(dir: string) {
  const app = new Hono();
  const list = async () => {
    const names = await readdir(dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith(".json"))
      .sort()
      .reverse();
  };
  const load = async (name: string) =>
    JSON.parse(await readFile(path.join(dir, path.basename(name)), "utf8")) as StoredMail;

  app.get("/", async (c) => {
    const to = c.req.query("to")?.toLowerCase();
    const rows = [];
    for (const name of await list()) {
      const mail = await load(name);
      if (to && mail.to.toLowerCase() !== to) continue;
      rows.push(
        html`<li><a href="/dev/mailbox/${name}">${mail.subject}</a> <small>→ ${mail.to} · ${name.slice(0, 19)}</small></li>`,
      );
    }
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}li{margin:.4rem 0}</style></head>
<body><h1>Local mailbox</h1><p>Messages kept by the outbox mailer (no SMTP_URL set). Not available in production.</p>
${rows.length ? html`<ul>${rows}</ul>` : html`<p>No messages yet.</p>`}</body></html>`);
  });

  app.get("/:name", async (c) => {
    const name = c.req.param("name");
    if (!/^[\w.-]+\.json$/.test(name)) return c.notFound();
    const mail = await load(name).catch(() => null);
    if (!mail) return c.notFound();
    if (c.req.query("format") === "json") return c.json(mail);
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${mail.subject}</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}iframe{width:100%;height:28rem;border:1px solid #ccc}</style></head>
<body><p><a href="/dev/mailbox">← Mailbox</a></p><h1>${mail.subject}</h1><p>To: ${mail.to}</p>
${mail.html ? html`<iframe title="HTML version" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${mail.html}"></iframe>` : ""}
<h2>Text</h2><pre style="white-space:pre-wrap">${mail.text}</pre>${raw("")}</body></html>`);
  });
  return app;
}
