import { z } from "zod";
import { CONTACT_TOPICS, MESSAGE_MAX, SUBJECT_MAX } from "../domain/contact.ts";
import { fixturesByIds } from "../db/queries/fixtures.ts";
import { createHash } from "node:crypto";
import { inTransaction } from "../db/client.ts";
import {
  insertContactMessage,
  insertVote,
  insertVoteAddress,
  markContactDelivered,
  voteTally,
} from "../db/queries/community.ts";
import type { ServiceContext } from "./context.ts";
import type { Client } from "./accounts.ts";
import { ServiceError } from "./errors.ts";
import { createRateLimiter } from "./rate-limit.ts";

/** Field errors are message keys of the locale files, so each form shows them in the visitor's language. */
const ContactInput = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: "contact.required" }),
  // One line: a line break could smuggle mail headers (Bcc:) into the operator's mail.
  subject: z
    .string()
    .trim()
    .min(1, { error: "contact.required" })
    .max(SUBJECT_MAX, { error: "contact.messageTooLong" })
    .refine((v) => !/[\r\n]/.test(v), { error: "apiErrors.singleLine" }),
  email: z
    .string()
    .trim()
    .min(1, { error: "contact.required" })
    .pipe(z.email({ error: "contact.invalidEmail" })),
  message: z
    .string()
    .trim()
    .min(1, { error: "contact.required" })
    .max(MESSAGE_MAX, { error: "contact.messageTooLong" }),
  locale: z.string().min(2).max(5),
});

/** A client address as stored for votes: a hash, never the address itself. */
export const addressHash = (ip: string) => createHash("sha256").update(`pitchlab-vote:${ip}`).digest("hex");

export type ContactResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

export function createCommunityService(ctx: ServiceContext) {
  const rateLimit = createRateLimiter(ctx);
  return {
    /** Stores the message first (nothing is lost), then mails it to the operator. */
    async contact(input: Record<string, unknown>, client: Client = { ip: null }): Promise<ContactResult> {
      await rateLimit("contact", client.ip);
      const parsed = ContactInput.safeParse(input);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
        return { ok: false, fieldErrors };
      }
      if (ctx.captcha?.siteKey && !(await ctx.captcha.verify(client.captcha, "contact", client.ip))) {
        return { ok: false, fieldErrors: { captcha: "captcha.failed" } };
      }
      const m = parsed.data;
      const id = await insertContactMessage(ctx.pool, m);
      if (ctx.mailer && ctx.contactTo) {
        await ctx.mailer.send({
          to: ctx.contactTo,
          replyTo: m.email,
          subject: `[Pitchlab contact #${id}] [${m.topic}] ${m.subject}`,
          text: `${m.message}\n\n— ${m.email} (${m.locale})`,
        });
        await markContactDelivered(ctx.pool, id);
      }
      return { ok: true };
    },

    /**
     * One vote per fixture and voter, before kick-off only. A visitor without an account also votes once per
     * address (kept as a hash), so dropping the voter cookie does not vote again.
     */
    async vote(fixtureId: number, voter: string, choice: string, client: { ip: string | null } = { ip: null }) {
      if (!["1", "X", "2"].includes(choice)) throw new ServiceError(400, "apiErrors.voteChoice");
      const [fixture] = await fixturesByIds(ctx.pool, [fixtureId], ctx.clock.now());
      if (!fixture) throw new ServiceError(404, "apiErrors.noFixture", undefined, { id: fixtureId });
      if (fixture.kickoff <= ctx.clock.now()) throw new ServiceError(409, "vote.closed");
      // all or nothing: a refused vote leaves no address behind
      await inTransaction(ctx.pool, async (tx) => {
        const addressFree =
          voter.startsWith("user:") || !client.ip || (await insertVoteAddress(tx, fixtureId, addressHash(client.ip)));
        if (!addressFree || !(await insertVote(tx, fixtureId, voter, choice)))
          throw new ServiceError(409, "vote.already");
      });
      return voteTally(ctx.pool, fixtureId, voter);
    },

    votes(fixtureId: number, voter: string | null) {
      return voteTally(ctx.pool, fixtureId, voter);
    },
  };
}
