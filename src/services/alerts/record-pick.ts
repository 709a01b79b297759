import type { PoolClient } from "../../db/client.ts";
import { inTransaction } from "../../db/client.ts";
import * as batch from "../../db/queries/alert-batches.ts";
import * as q from "../../db/queries/alerts.ts";
import type { AlertContent } from "../../domain/alerts/content.ts";
import { type FigurePick, filterFigures } from "../../domain/alerts/figures.ts";
import { ServiceError } from "../errors.ts";
import { type CreatedPick, notify } from "./pick-recipients.ts";
import { type AlertsDeps, type RecordPickInput, type RecordPickResult, RecordPickSchema } from "./shared.ts";

const keyOf = (k: batch.PickKey) => `${k.source}\u0001${k.filterId}\u0001${k.fixtureId}\u0001${k.selection}`;
const pickKey = (i: RecordPickInput): batch.PickKey => ({
  source: i.source,
  filterId: i.filterId,
  fixtureId: i.fixtureId,
  selection: i.selection ?? "",
});

/**
 * The scanners' messages show the filter's figures before the pick: the stored picks of the filter, and the
 * batch's earlier new picks of the same filter (pending), as one call per pick would have counted them.
 */
async function withFigures(client: PoolClient, picks: RecordPickInput[]): Promise<AlertContent[]> {
  const grades = new Map<string, FigurePick[]>();
  for (const source of ["live", "prematch"] as const) {
    const ids = [...new Set(picks.filter((p) => p.source === source).map((p) => p.filterId))];
    if (ids.length === 0) continue;
    for (const id of ids) grades.set(`${source}:${id}`, []);
    for (const g of await q.gradesOfFilters(client, source, ids)) grades.get(`${source}:${g.filterId}`)!.push(g);
  }
  return picks.map((p) => {
    const earlier = grades.get(`${p.source}:${p.filterId}`);
    if (!earlier) return p.content;
    const f = filterFigures(earlier);
    earlier.push({ status: "pending", odds: p.odds, probability: p.content.probability ?? null });
    return { ...p.content, figures: { picks: f.picks, successRate: f.successRate, roi: f.roi } };
  });
}

/** Inserts the picks not recorded yet; answers the new ones and the id of every key of the batch. */
async function insertNew(d: AlertsDeps, client: PoolClient, inputs: RecordPickInput[]) {
  const now = d.ctx.clock.now();
  const ids = new Map((await batch.existingPicks(client, inputs.map(pickKey))).map((p) => [keyOf(p), p.id]));
  const fresh: RecordPickInput[] = [];
  const firsts = new Set<string>();
  for (const input of inputs) {
    const key = keyOf(pickKey(input));
    if (ids.has(key) || firsts.has(key)) continue;
    firsts.add(key);
    fresh.push(input);
  }
  const contents = await withFigures(client, fresh);
  // Written in key order: two batches that share keys (a shard changing hands) then wait for each other in
  // one direction only, never in a circle.
  const byKey = (a: batch.PickKey, b: batch.PickKey) =>
    a.source.localeCompare(b.source) ||
    a.filterId - b.filterId ||
    a.fixtureId - b.fixtureId ||
    a.selection.localeCompare(b.selection);
  const inserted = await batch.insertPicks(
    client,
    fresh
      .map((input, i) => ({
        ...pickKey(input),
        userId: input.userId ?? null,
        filterName: input.filterName,
        outcome: input.outcome,
        favourite: input.favourite ?? null,
        odds: input.odds,
        content: contents[i]!,
        delivery: input.muted ? ("muted" as const) : ("sent" as const),
        createdAt: now,
      }))
      .sort(byKey),
  );
  const created = new Map(inserted.map((p) => [keyOf(p), p.id]));
  // Keys another worker took between the look and the insert: theirs, as the unique key decided.
  const raced = fresh.filter((input) => !created.has(keyOf(pickKey(input))));
  for (const p of await batch.existingPicks(client, raced.map(pickKey))) ids.set(keyOf(p), p.id);
  const news: CreatedPick[] = fresh.flatMap((input, i) => {
    const pickId = created.get(keyOf(pickKey(input)));
    return pickId === undefined ? [] : [{ input, content: contents[i]!, pickId }];
  });
  for (const [key, id] of created) ids.set(key, id);
  return { ids, news, now };
}

async function writeBatch(d: AlertsDeps, client: PoolClient, inputs: RecordPickInput[]): Promise<RecordPickResult[]> {
  const { ids, news, now } = await insertNew(d, client, inputs);
  const sent = await notify(d, client, news, now);
  const reported = new Set<number>();
  const newIds = new Set(news.map((n) => n.pickId));
  return inputs.map((input) => {
    const pickId = ids.get(keyOf(pickKey(input)))!;
    // A key twice in one batch is written once: the first answers created, the repeat as any repeat does.
    if (!newIds.has(pickId) || reported.has(pickId)) return { pickId, created: false, delivery: "sent", notified: 0 };
    reported.add(pickId);
    if (input.muted) return { pickId, created: true, delivery: "muted", notified: 0 };
    return { pickId, created: true, ...(sent.get(pickId) ?? { delivery: "sent", notified: 0 }) };
  });
}

function validate(input: RecordPickInput): void {
  const parsed = RecordPickSchema.safeParse(input);
  if (!parsed.success)
    throw new ServiceError(400, "alerts.invalidPick", {
      pick: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
    });
}

/**
 * Records picks and what they send, all in one transaction (all or nothing): `client` to join the caller's
 * transaction (its commit then decides), else a transaction of its own. A handful of set-based statements
 * whatever the batch's size, so one busy live tick is one transaction rather than one per pick. Safe to call
 * twice with the same picks, at once or after a restart: alert_picks_once makes the repeat write nothing and
 * answer `created: false`. Answers one result per input, in order.
 */
export async function recordPicks(
  d: AlertsDeps,
  inputs: RecordPickInput[],
  options: { client?: PoolClient } = {},
): Promise<RecordPickResult[]> {
  for (const input of inputs) validate(input);
  if (inputs.length === 0) return [];
  if (options.client) return writeBatch(d, options.client, inputs);
  const results = await inTransaction(d.ctx.pool, (client) => writeBatch(d, client, inputs));
  // Delivery need not wait for its next timer (a caller's own transaction commits later: the timer sends those).
  if (results.some((r) => r.created && r.notified > 0)) for (const listener of d.queued) listener();
  return results;
}

/** One pick: a batch of one (the pre-match scanner, the value-bet and trend bots), the same rules. */
export async function recordPick(
  d: AlertsDeps,
  input: RecordPickInput,
  options: { client?: PoolClient } = {},
): Promise<RecordPickResult> {
  return (await recordPicks(d, [input], options))[0]!;
}
