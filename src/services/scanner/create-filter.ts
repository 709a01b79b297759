/** Creating a filter of either kind: new, a copy of one's own, an import of another member's (SPEC §8 limits). */
import { countFilters, filterById, insertFilter } from "../../db/queries/scanner-filters.ts";
import type { Access } from "../../domain/premium/access.ts";
import { filterLimit, filterLimitMessage } from "../../domain/premium/limits.ts";
import { MAX_NAME } from "../../domain/scanner/schema.ts";
import { ServiceError } from "../errors.ts";
import { type User, ownFilter, requireUser } from "./filter-access.ts";
import { refuseUnknownLeagues } from "./filter-rules.ts";
import {
  type FilterFields,
  KINDS,
  SCANNER_MESSAGES,
  type ScannerDeps,
  type ScannerKind,
  fieldsOf,
  parseFields,
  writeOf,
} from "./kinds.ts";

/** Inserts a filter within the caller's limit (403 with the SPEC §8 message past it); answers its id. */
export async function insertWithinLimit(
  { ctx }: ScannerDeps,
  kind: ScannerKind,
  user: User,
  access: Access,
  fields: FilterFields,
  importedFrom: number | null = null,
): Promise<number> {
  const refused = filterLimitMessage(kind, access, await countFilters(ctx.pool, kind, user.id));
  if (refused) throw new ServiceError(403, refused);
  // A live filter without rules would match every live match of its leagues: it starts inactive, and its owner
  // activates it once the rules are written (alerts are once per filter and match, even after an edit).
  const active = fields.rules.length > 0;
  const id = await insertFilter(
    ctx.pool,
    kind,
    user.id,
    writeOf(fields),
    filterLimit(kind, access),
    importedFrom,
    active,
  );
  if (id === null) throw new ServiceError(403, filterLimitMessage(kind, access, Number.POSITIVE_INFINITY)!);
  return id;
}

/** The refusal a new filter would meet now (the SPEC §8 message key), or null while there is room: said before the form. */
export async function creationRefusal(
  { ctx }: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
): Promise<string | null> {
  const u = requireUser(user);
  return filterLimitMessage(kind, access, await countFilters(ctx.pool, kind, u.id));
}

/** A new filter from a member's input; answers its id. */
export async function createFilter(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
  input: unknown,
): Promise<{ user: User; id: number }> {
  const u = requireUser(user);
  const fields = parseFields(kind, input);
  await refuseUnknownLeagues(deps.ctx.pool, fields.leagueIds);
  return { user: u, id: await insertWithinLimit(deps, kind, u, access, fields) };
}

/** A copy of one's own filter (it keeps the original's history: the way to change a filter without losing it). */
export async function duplicateFilter(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
  id: number,
): Promise<{ user: User; id: number }> {
  const { user: u, row } = await ownFilter(deps, kind, user, id);
  const fields = parseFields(kind, { ...fieldsOf(kind, row), name: `${row.name} (2)`.slice(0, MAX_NAME) });
  return { user: u, id: await insertWithinLimit(deps, kind, u, access, fields) };
}

/** Copies another member's filter (SPEC §8: login required, Go Premium, deleted filter). */
export async function importFilter(
  deps: ScannerDeps,
  kind: ScannerKind,
  user: User | null,
  access: Access,
  id: number,
): Promise<{ user: User; id: number }> {
  if (!user) throw new ServiceError(401, SCANNER_MESSAGES.importLogin);
  if (!access.premium) throw new ServiceError(403, SCANNER_MESSAGES.importPremium);
  const row = await filterById(deps.ctx.pool, kind, id);
  if (!row) throw new ServiceError(404, KINDS[kind].notFound);
  if (row.deletedAt) throw new ServiceError(409, SCANNER_MESSAGES.deleted);
  const fields = { ...fieldsOf(kind, row), ...(KINDS[kind].importUnmuted ? { muted: false } : {}) };
  return { user, id: await insertWithinLimit(deps, kind, user, access, parseFields(kind, fields), row.id) };
}
