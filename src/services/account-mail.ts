import type { Mailer } from "../data/mail/mailer.ts";
import { type Locale, isLocale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";

export type AccountMailKind = "verify" | "reset" | "alreadyRegistered";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail of the account flows in the user's language, as HTML and text, with one action link. */
export async function sendAccountMail(
  mailer: Mailer | undefined,
  to: { email: string; firstName: string; languageCode: string },
  kind: AccountMailKind,
  link: string,
  unsubscribeLink?: string,
): Promise<void> {
  if (!mailer) return;
  const locale: Locale = isLocale(to.languageCode) ? to.languageCode : "en";
  const t = (key: string) => translate(locale, `mail.${kind}.${key}`, { name: to.firstName || to.email });
  const greeting = translate(locale, "mail.greeting", { name: to.firstName || to.email });
  const footer = translate(locale, "mail.footer");
  const unsubscribe = unsubscribeLink ? translate(locale, "mail.unsubscribe") : null;
  const text = [
    greeting,
    "",
    t("body"),
    "",
    `${t("action")}: ${link}`,
    "",
    footer,
    unsubscribe ? `${unsubscribe}: ${unsubscribeLink}` : "",
  ]
    .join("\n")
    .trim();
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t("body"))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#047857;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t("action"))}</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(link)}</p>
<p style="font-size:12px;color:#555">${escapeHtml(footer)}${unsubscribe ? ` · <a href="${escapeHtml(unsubscribeLink!)}">${escapeHtml(unsubscribe)}</a>` : ""}</p>
</body></html>`;
  await mailer.send({ to: to.email, subject: t("subject"), text, html });
}
