import * as userExport from "../../db/queries/user-export.ts";
import { verify } from "@node-rs/argon2";
import { inTransaction } from "../../db/client.ts";
import * as q from "../../db/queries/users.ts";
import { voterOf } from "../../domain/community/voter.ts";
import { ServiceError } from "../errors.ts";
import { fairUseOf } from "../fair-use.ts";

import { type User, withFileReferences } from "./shared.ts";
import type { AccountsDeps } from "./deps.ts";

/**
 * Everything stored about the account as one JSON document (data portability), in pieces of text: the
 * account, its named sections, then the rows of every other table that refers to it, a batch at a time.
 * Stored files and derived data (a backtest's .xlsx and picks) are referenced by their download path and
 * size, not inlined.
 */
export async function* exportStream(d: AccountsDeps, user: User): AsyncGenerator<string> {
  const { ctx } = d;
  // Counted before the first piece, so that a refusal is a 429 answer rather than a broken download.
  await fairUseOf(ctx).take(user.id);
  const { passwordHash: _hash, newsletterKey: _key, ...account } = user;
  yield `{"exportedAt":${JSON.stringify(ctx.clock.now().toISOString())},"account":${JSON.stringify(account)}`;
  for (const [name, value] of Object.entries(await userExport.userDataExport(ctx.pool, user.id)))
    yield `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  yield ',"otherRecords":{';
  let open: string | null = null;
  for await (const batch of userExport.userRecordBatches(ctx.pool, user.id)) {
    const rows = batch.rows.map((row) => JSON.stringify(withFileReferences(batch.table, batch.sized, row))).join(",");
    if (batch.key === open) yield `,${rows}`;
    else {
      yield `${open === null ? "" : "],"}${JSON.stringify(batch.key)}:[${rows}`;
      open = batch.key;
    }
  }
  yield `${open === null ? "" : "]"}}}`;
}

/** The export as one object (tests, small accounts); the API streams exportStream. */
export async function exportData(d: AccountsDeps, user: User): Promise<Record<string, unknown>> {
  let text = "";
  for await (const piece of exportStream(d, user)) text += piece;
  return JSON.parse(text) as Record<string, unknown>;
}

/** Deletes the account and everything it owns; an account with a password must confirm with it. */
export async function deleteAccount(d: AccountsDeps, user: User, confirmPassword: string | undefined): Promise<void> {
  const { ctx } = d;
  if (user.passwordHash && !(confirmPassword && (await verify(user.passwordHash, confirmPassword)))) {
    throw new ServiceError(400, "profile.deleteWrongPassword", { password: "profile.deleteWrongPassword" });
  }
  // The votes go with the account (they are the account's, "user:<id>"), in one transaction.
  await inTransaction(ctx.pool, (tx) => q.deleteUser(tx, user.id, voterOf(user.id, null)!));
}

export async function cleanUp(d: AccountsDeps): Promise<number> {
  const { ctx } = d;
  const now = ctx.clock.now();
  await q.deleteOldRateLimits(ctx.pool, new Date(now.getTime() - 86_400_000));
  return q.deleteExpiredSessions(ctx.pool, now);
}
