import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise every message is written as a JSON file to
 * an outbox folder under the data directory, so that the product runs (and can be tested) offline.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.json`;
      await writeFile(path.join(options.outboxDir, name), JSON.stringify({ from: options.from, ...mail }, null, 2));
    },
  };
}
