import { type Pool, type PoolClient, inTransaction } from "../db/client.ts";
import { readState, writeState } from "../db/queries/state.ts";
import * as q from "../db/queries/valuebets.ts";
import {
  BOOKMAKER_COUNTRIES,
  DEFAULT_EXCHANGE_COMMISSION,
  WORLD,
  bookmakerName,
  bookmakerShown,
  commissionOf,
  netPrice,
} from "../domain/bookmakers.ts";
import { devigPower } from "../domain/predictions/devig.ts";
import { pricesVisible, pricesVisibleFrom } from "../domain/predictions/price-visibility.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import {
  DEFAULT_VALUE_RULE,
  VALUE_MARKETS,
  type ValueMarket,
  type ValueOutcome,
  outcomeWon,
  valuePicks,
} from "../domain/valuebets/picks.ts";
import { type RecordFigures, equityCurve, figuresBy, figuresOf } from "../domain/valuebets/track-record.ts";
import { requirePremium } from "./access.ts";
import type { Access } from "../domain/premium/access.ts";
import type { createAlertsService } from "./alerts.ts";
import type { ServiceContext } from "./context.ts";
import { badRequest } from "./errors.ts";

/** The bot looks this far ahead each hour. */
const HORIZON_MS = 48 * 3_600_000;
const BACKFILL_STATE = "value-bets-backfill";
const PIPELINE_STATE = "predictions";
/** History is replayed in slices of this length (a month of fixtures and their prices at a time). */
const SLICE_MS = 30 * 86_400_000;
const COUNTRIES = [WORLD, ...BOOKMAKER_COUNTRIES.map((c) => c.id)];
const MAX_CURVE_POINTS = 300;
const RECORD_TTL_MS = 60_000;

export interface ValuePickView {
  id: number;
  fixture: {
    id: number;
    kickoff: string;
    homeTeam: string;
    awayTeam: string;
    league: { id: number; name: string; country: string };
  };
  market: ValueMarket;
  outcome: ValueOutcome;
  /** football-data.co.uk's code (BFE, PS…) */
  bookmaker: string;
  /** the bookmaker's name for people */
  bookmakerName: string;
  /** the price quoted */
  price: number;
  /** commission on net winnings (an exchange's; 0 for a bookmaker) */
  commission: number;
  /** what a winning unit stake returns after commission: the price the record counts */
  netPrice: number;
  probability: number;
  fairOdds: number;
  ev: number;
  pickedAt: string;
  result: { score: [number, number]; won: boolean } | null;
  closingLineValue: number | null;
}

export interface TrackRecord {
  bookmakerCountry: number;
  rule: typeof DEFAULT_VALUE_RULE;
  /** the exchange commission on net winnings applied to exchange prices, in the bot's choice and in every figure */
  exchangeCommission: number;
  /** graded picks taken on an exchange (their figures are net of the commission) */
  exchangePicks: number;
  /** how the closing line is de-vigged for the closing line value: the power method (`src/domain/predictions/devig.ts`) */
  devig: "power";
  total: RecordFigures;
  byMonth: Array<{ key: string } & RecordFigures>;
  byLeague: Array<{ key: string } & RecordFigures>;
  byMarket: Array<{ key: string } & RecordFigures>;
  /** cumulative profit in units after each graded pick (sampled), with the date of the pick */
  equity: Array<{ at: string; profit: number }>;
  pending: number;
}

function closingProbability(row: q.ValuePickRow): number | null {
  if (!row.closing || row.closing.some((p) => p === null || !(p > 1))) return null;
  const probs = devigPower(row.closing);
  return probs[VALUE_MARKETS[row.market as ValueMarket].indexOf(row.outcome as never)] ?? null;
}

function viewOf(row: q.ValuePickRow, exchangeCommission: number): ValuePickView {
  const played = row.ftHome !== null && row.ftAway !== null;
  const clp = closingProbability(row);
  const commission = commissionOf(row.bookmaker, exchangeCommission);
  const net = netPrice(row.price, commission);
  return {
    id: row.id,
    fixture: {
      id: row.fixtureId,
      kickoff: row.kickoff.toISOString(),
      homeTeam: row.homeTeam,
      awayTeam: row.awayTeam,
      league: { id: row.leagueId, name: row.leagueName, country: row.countryName },
    },
    market: row.market as ValueMarket,
    outcome: row.outcome as ValueOutcome,
    bookmaker: row.bookmaker,
    bookmakerName: bookmakerName(row.bookmaker),
    price: row.price,
    commission,
    netPrice: net,
    probability: row.probability,
    fairOdds: Math.round((1 / row.probability) * 100) / 100,
    ev: row.ev,
    pickedAt: row.pickedAt.toISOString(),
    result: played
      ? { score: [row.ftHome!, row.ftAway!], won: outcomeWon(row.outcome as ValueOutcome, row.ftHome!, row.ftAway!) }
      : null,
    // Net of commission, like the ROI: the price a bettor had against the closing line's fair price.
    closingLineValue: clp === null ? null : net * clp - 1,
  };
}

export function parseBookmakerCountry(value: string | undefined): number {
  if (value === undefined || value === "") return WORLD;
  const id = Number(value);
  if (!/^-?\d{1,4}$/.test(value) || !COUNTRIES.includes(id)) throw badRequest("valuebets.badCountry");
  return id;
}

/** The bot's name in alerts (a brand, the same in every language). */
const VALUE_BOT_NAME = "Pitchlab value-bet bot";

/** The value-bet bot: picks every hour from the fixtures of the next 48 hours, and its public track record. */
export function createValueBetsService(ctx: ServiceContext, alerts?: ReturnType<typeof createAlertsService>) {
  const records = new Map<number, { at: number; value: Promise<TrackRecord> }>();
  const exchangeCommission = ctx.exchangeCommission ?? DEFAULT_EXCHANGE_COMMISSION;
  const commission = (code: string) => commissionOf(code, exchangeCommission);

  /** Picks of the fixtures kicking off in [from, to) whose prices are out at `at`, taken at `pickedAt(kickoff)`. */
  async function pickRange(
    db: Pool | PoolClient,
    from: Date,
    to: Date,
    at: Date,
    pickedAt: (kickoffMs: number) => Date,
  ) {
    const candidates = await q.valueCandidates(db, from, to, at);
    const writes: q.ValuePickWrite[] = [];
    for (const c of candidates) {
      const kickoffMs = c.kickoff.getTime();
      const t = pickedAt(kickoffMs).getTime();
      // Never at or after kick-off, never in the future, never before the prices are published.
      if (t >= kickoffMs || t > at.getTime() || !pricesVisible(kickoffMs, t)) continue;
      const m = marketsOf(c.final);
      const fair = { "1": m["1"], X: m.X, "2": m["2"], O25: m.O25, U25: m.U25 };
      for (const country of COUNTRIES) {
        for (const p of valuePicks(
          fair,
          c.quotes,
          DEFAULT_VALUE_RULE,
          (code) => bookmakerShown(code, country),
          commission,
        )) {
          writes.push({
            fixtureId: c.fixtureId,
            bookmakerCountry: country,
            market: p.market,
            outcome: p.outcome,
            bookmaker: p.bookmaker,
            price: p.price,
            probability: p.probability,
            ev: p.ev,
            pickedAt: pickedAt(kickoffMs),
          });
        }
      }
    }
    return q.insertValuePicks(db, writes);
  }

  /** Sends each new pick once, through the shared alerts outbox, to the members who asked for value bets. */
  async function notify(ids: number[]): Promise<number> {
    if (ids.length === 0 || !alerts) return 0;
    const now = ctx.clock.now();
    let notified = 0;
    const recipients = new Map<number, number[]>();
    for (const row of await q.valuePicksByIds(ctx.pool, ids, now)) {
      const country = row.bookmakerCountry;
      if (!recipients.has(country)) recipients.set(country, await q.valueBetRecipients(ctx.pool, country, now));
      const to = recipients.get(country)!;
      if (to.length === 0) continue;
      const result = await alerts.recordPick({
        source: "valuebet",
        // The bot's own numbering: one "filter" per bookmaker country (0 = the world), so each country's pick is sent once.
        filterId: country === WORLD ? 0 : country,
        fixtureId: row.fixtureId,
        recipients: to,
        selection: row.outcome,
        filterName: VALUE_BOT_NAME,
        outcome: row.outcome,
        odds: row.price,
        content: {
          home: row.homeTeam,
          away: row.awayTeam,
          league: row.leagueName,
          country: row.countryName,
          kickoff: row.kickoff.toISOString(),
          bet: {
            market: row.market,
            selection: row.outcome,
            price: row.price,
            fairOdds: Math.round((1 / row.probability) * 100) / 100,
            bookmaker: bookmakerName(row.bookmaker),
            probability: row.probability,
          },
        },
      });
      notified += result.notified;
    }
    return notified;
  }

  return {
    /**
     * The hourly run: new picks among the fixtures of the next 48 hours, taken now. The first run also replays
     * the history: each past fixture is picked at the moment its prices were published, from its walk-forward
     * prediction, exactly as the bot would have done then.
     */
    async scan(): Promise<{
      picked: Array<{ id: number; fixtureId: number; bookmakerCountry: number }>;
      replayed: number;
      notified: number;
    }> {
      const now = ctx.clock.now();
      let replayed = 0;
      const done = await readState<{ until: string }>(ctx.pool, BACKFILL_STATE);
      // The history is replayed once the predictions of every fixture exist (their back-fill has finished).
      const predictions = await readState<{ phase: string }>(ctx.pool, PIPELINE_STATE);
      if (!done && predictions?.phase === "done") {
        // One transaction: the track record shows the whole history or none of it, never a part.
        replayed = await inTransaction(ctx.pool, async (client) => {
          let count = 0;
          for (let from = Date.UTC(2000, 0, 1); from < now.getTime(); from += SLICE_MS) {
            const to = new Date(Math.min(from + SLICE_MS, now.getTime()));
            count += (await pickRange(client, new Date(from), to, now, (k) => new Date(pricesVisibleFrom(k)))).length;
          }
          await writeState(client, BACKFILL_STATE, { until: now.toISOString() });
          return count;
        });
      }
      const picked = await pickRange(
        ctx.pool,
        new Date(now.getTime() + 1),
        new Date(now.getTime() + HORIZON_MS),
        now,
        () => now,
      );
      // The history is a record, not news: only the picks taken now are sent.
      const notified = await notify(picked.map((p) => p.id));
      return { picked, replayed, notified };
    },

    /**
     * Public figures, computed from the recorded picks and the results known now; kept for a minute per country
     * (results and picks change a few times an hour, visitors ask far more often).
     */
    async record(country = WORLD): Promise<TrackRecord> {
      const now = ctx.clock.now().getTime();
      const kept = records.get(country);
      if (kept && now - kept.at < RECORD_TTL_MS) return kept.value;
      const value = computeRecord(country);
      records.set(country, { at: now, value });
      value.catch(() => records.delete(country));
      return value;
    },

    /** Picks of fixtures not yet kicked off: for members only. */
    async upcoming(access: Access, country = WORLD): Promise<ValuePickView[]> {
      requirePremium(access);
      return (await q.valuePicksOf(ctx.pool, country, ctx.clock.now(), true)).map((row) =>
        viewOf(row, exchangeCommission),
      );
    },
  };

  async function computeRecord(country: number): Promise<TrackRecord> {
    const rows = (await q.valuePicksOf(ctx.pool, country, ctx.clock.now())).map((row) =>
      viewOf(row, exchangeCommission),
    );
    // Every figure counts what a winning stake returned: the price net of an exchange's commission.
    const graded = rows
      .filter((r) => r.result !== null)
      .map((r) => ({
        ...r,
        price: r.netPrice,
        won: r.result!.won,
        closingProbability: r.closingLineValue === null ? null : (r.closingLineValue + 1) / r.netPrice,
      }));
    const curve = equityCurve(graded);
    const step = Math.max(1, Math.ceil(curve.length / MAX_CURVE_POINTS));
    const equity = curve.flatMap((profit, i) =>
      i % step === 0 || i === curve.length - 1 ? [{ at: graded[i]!.fixture.kickoff, profit }] : [],
    );
    return {
      bookmakerCountry: country,
      rule: DEFAULT_VALUE_RULE,
      exchangeCommission,
      exchangePicks: graded.filter((r) => r.commission > 0).length,
      devig: "power",
      total: figuresOf(graded),
      byMonth: figuresBy(graded, (p) => p.fixture.kickoff.slice(0, 7)),
      byLeague: figuresBy(graded, (p) => `${p.fixture.league.country} · ${p.fixture.league.name}`).sort(
        (a, b) => b.picks - a.picks,
      ),
      byMarket: figuresBy(graded, (p) => p.market),
      equity,
      pending: rows.length - graded.length,
    };
  }
}
