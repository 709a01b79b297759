/** Who may do what with a filter: sign-in, ownership, and seeing inside others' filters (SPEC §6). */
import { filterById } from "../../db/queries/scanner-filters.ts";
import type { Access } from "../../domain/premium/access.ts";
import { ServiceError } from "../errors.ts";
import { type FilterRow, KINDS, SCANNER_MESSAGES, type ScannerDeps, type ScannerKind } from "./kinds.ts";

export type User = { id: number };

export function requireUser(user: User | null): User {
  if (!user) throw new ServiceError(401, SCANNER_MESSAGES.loginRequired);
  return user;
}

/** The caller's own filter (not deleted): 401 for a visitor, 404 for anyone else's. */
export async function ownFilter(
  { ctx }: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  id: number,
): Promise<{ user: User; row: FilterRow }> {
  const u = requireUser(user);
  const row = await filterById(ctx.pool, kind, id);
  if (!row || row.deletedAt || row.userId !== u.id) throw new ServiceError(404, KINDS[kind].notFound);
  return { user: u, row };
}

/** A filter that is not deleted, anyone's. */
export async function existingFilter({ ctx }: ScannerDeps, kind: ScannerKind, id: number): Promise<FilterRow> {
  const row = await filterById(ctx.pool, kind, id);
  if (!row || row.deletedAt) throw new ServiceError(404, KINDS[kind].notFound);
  return row;
}

/** The rules and picks of a filter: its owner's, or a premium member's (free users and visitors see neither). */
export const canSeeInside = (row: { userId: number }, userId: number | null, access: Access) =>
  (userId !== null && row.userId === userId) || access.premium;

/** A filter whose picks the caller may read (401 for a visitor, 403 for a free user on another's filter). */
export async function readableFilter(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
  id: number,
): Promise<FilterRow> {
  if (KINDS[kind].historyLoginFirst) requireUser(user);
  const row = await existingFilter(deps, kind, id);
  if (!canSeeInside(row, user?.id ?? null, access))
    throw new ServiceError(user ? 403 : 401, user ? SCANNER_MESSAGES.noPermission : SCANNER_MESSAGES.loginRequired);
  return row;
}
