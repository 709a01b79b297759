import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A fresh outbox folder and a reader of the messages the outbox mailer kept there. */
export function testOutbox() {
  const dir = mkdtempSync(path.join(tmpdir(), "pitchlab-outbox-"));
  const messages = () =>
    readdirSync(dir)
      .sort()
      .map(
        (f) =>
          JSON.parse(readFileSync(path.join(dir, f), "utf8")) as {
            to: string;
            subject: string;
            text: string;
            html?: string;
          },
      );
  return {
    dir,
    messages,
    /** the newest message to an address */
    last(to: string) {
      const mail = messages()
        .filter((m) => m.to === to)
        .at(-1);
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
    /** the first link of the newest message to an address */
    link(to: string): URL {
      const match = /https?:\/\/\S+/.exec(this.last(to).text);
      if (!match) throw new Error("no link in the mail");
      return new URL(match[0]);
    },
  };
}
