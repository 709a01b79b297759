import { createHash } from "node:crypto";
import { standings } from "../db/queries/leagues.ts";
import { predictionsFor } from "../db/queries/predictions.ts";
import {
  type PastResultRow,
  type PreviewCandidateRow,
  type PreviewRow,
  headToHead,
  lastResults,
  listPreviews,
  previewBySlug,
  previewCandidate,
  previewCandidates,
  previewHashes,
  previewLeagues,
  previewOf,
  previewSitemap,
  previewSlugs,
  recentWithoutPreview,
  refereeRecord,
  similarPreviews,
  writePreviews,
} from "../db/queries/previews.ts";
import {
  contentByIds,
  contentIds,
  contentPage,
  CONTENT_QUERY_CANCELED,
  isPostgresPattern,
} from "../db/queries/preview-content.ts";
import { COUNTRY_ZONES, type Outcome, type PreviewFacts, type TeamFacts } from "../domain/previews/facts.ts";
import { type Article, SLUG_WORDS, articleText, writePreview } from "../domain/previews/generate.ts";
import { PREVIEW_LOCALES, type PreviewLocale, isPreviewLocale } from "../domain/previews/locales.ts";
import { venueOf } from "../domain/previews/venues.ts";
import { outcomeHappened, picksOf } from "../domain/predictions/kinds.ts";
import { marketsOf } from "../domain/predictions/probabilities.ts";
import { translate } from "../i18n/messages.server.ts";
import { slugify } from "../i18n/paths.ts";
import type { ServiceContext } from "./context.ts";
import { ServiceError, badRequest } from "./errors.ts";
import { type ContentRequest, runContentQuery } from "./previews-content.ts";
import { createRateLimiter } from "./rate-limit.ts";

/**
 * Preview policy: the top division of each of these countries (the five languages' football countries
 * plus Germany and the Netherlands), and every fixture a user follows, whatever its league.
 */
export const PREVIEW_LEAGUES = ["E0", "SP1", "I1", "F1", "D1", "P1", "N1"];
/** Previews are written this long before kick-off and rewritten while their facts change. */
export const PREVIEW_LEAD_MS = 3 * 86_400_000;
/** Referees are appointed a couple of days before a match: the preview names one only from then on. */
export const REFEREE_KNOWN_MS = 2 * 86_400_000;
/**
 * Fixtures of the policy leagues played this recently without a preview (the site was not running
 * before them) get one written as of their kick-off: everything it says was known by then, like the
 * prediction, which only learns from matches that ended before kick-off.
 */
export const LATE_PREVIEW_MS = 7 * 86_400_000;
const PAGE_SIZE = 20;

const outcomeFor = (teamId: number, r: PastResultRow): Outcome => {
  const [gf, ga] = r.homeTeamId === teamId ? [r.ftHome, r.ftAway] : [r.ftAway, r.ftHome];
  return gf > ga ? "W" : gf === ga ? "D" : "L";
};

function teamFacts(id: number, name: string, last: PastResultRow[], venue: PastResultRow[]): TeamFacts {
  const goals = (rows: PastResultRow[]) =>
    rows.reduce(
      (acc, r) => {
        const home = r.homeTeamId === id;
        return {
          scored: acc.scored + (home ? r.ftHome : r.ftAway),
          conceded: acc.conceded + (home ? r.ftAway : r.ftHome),
        };
      },
      { scored: 0, conceded: 0 },
    );
  const all = goals(last);
  const atVenue = goals(venue);
  return {
    id,
    name,
    form: last.map((r) => outcomeFor(id, r)),
    scored: all.scored,
    conceded: all.conceded,
    venueForm: venue.map((r) => outcomeFor(id, r)),
    venueScored: atVenue.scored,
    venueConceded: atVenue.conceded,
  };
}

/** The hash of what an article says: its facts without the moment they were read. */
export function factsHash(facts: PreviewFacts): string {
  const { writtenAt: _w, ...rest } = facts;
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex").slice(0, 32);
}

export function previewSlug(locale: PreviewLocale, facts: Pick<PreviewFacts, "fixtureId" | "home" | "away">): string {
  return `${slugify(facts.home.name)}-${slugify(facts.away.name)}-${SLUG_WORDS[locale]}_${facts.fixtureId}`;
}

export interface PreviewSummary {
  fixtureId: number;
  locale: PreviewLocale;
  slug: string;
  title: string;
  summary: string;
  kickoff: string;
  writtenAt: string;
  league: { id: number; name: string; country: string };
  localTeam: { id: number; name: string };
  visitorTeam: { id: number; name: string };
  /** null until the match has ended */
  score: { home: number; away: number } | null;
}

function summaryOf(r: PreviewRow): PreviewSummary {
  return {
    fixtureId: r.fixtureId,
    locale: r.locale as PreviewLocale,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    kickoff: r.kickoff.toISOString(),
    writtenAt: r.writtenAt.toISOString(),
    league: { id: r.leagueId, name: r.leagueName, country: r.countryName },
    localTeam: { id: r.homeTeamId, name: r.homeName },
    visitorTeam: { id: r.awayTeamId, name: r.awayName },
    score: r.ftHome !== null && r.ftAway !== null ? { home: r.ftHome, away: r.ftAway } : null,
  };
}

export function createPreviewsService(ctx: ServiceContext) {
  const rateLimit = createRateLimiter(ctx);
  /** Everything a preview of this fixture may say, read as of `asOf` (walk-forward). */
  async function factsOf(row: PreviewCandidateRow, asOf: Date): Promise<PreviewFacts> {
    const before = row.kickoff;
    const [homeLast, homeVenue, awayLast, awayVenue, h2h, table, stored] = await Promise.all([
      lastResults(ctx.pool, row.homeTeamId, before, asOf, "any", 5),
      lastResults(ctx.pool, row.homeTeamId, before, asOf, "home", 5),
      lastResults(ctx.pool, row.awayTeamId, before, asOf, "any", 5),
      lastResults(ctx.pool, row.awayTeamId, before, asOf, "away", 5),
      headToHead(ctx.pool, row.homeTeamId, row.awayTeamId, before, asOf, 5),
      standings(ctx.pool, row.seasonId, new Date(Math.min(asOf.getTime(), before.getTime()))),
      predictionsFor(ctx.pool, [row.id]),
    ]);
    const refereeKnown = row.referee && row.kickoff.getTime() - asOf.getTime() <= REFEREE_KNOWN_MS;
    const ref = refereeKnown ? await refereeRecord(ctx.pool, row.referee!, asOf) : null;
    const position = (teamId: number) => {
      const i = table.findIndex((t) => t.teamId === teamId);
      if (i < 0) return null;
      const t = table[i]!;
      return {
        position: i + 1,
        points: t.points,
        played: t.played,
        goalsFor: t.goalsFor,
        goalsAgainst: t.goalsAgainst,
      };
    };
    const home = position(row.homeTeamId);
    const away = position(row.awayTeamId);
    const p = stored.get(row.id);
    let prediction: PreviewFacts["prediction"] = null;
    if (p) {
      const markets = marketsOf(p.final);
      const prices = (p.market as { prices?: { bookmaker?: string; x12?: number[]; ou25?: number[] } } | null)?.prices;
      const outcomePrices: Record<string, number> = {};
      if (prices?.x12)
        [outcomePrices["1"], outcomePrices.X, outcomePrices["2"]] = prices.x12 as [number, number, number];
      if (prices?.ou25) [outcomePrices.O25, outcomePrices.U25] = prices.ou25 as [number, number];
      const best = picksOf(markets, outcomePrices, false).find((pick) => pick.kind === 0) ?? null;
      const round = (x: number) => Math.round(x * 10_000) / 10_000;
      prediction = {
        pHome: round(p.pHome),
        pDraw: round(p.pDraw),
        pAway: round(p.pAway),
        pOver25: round(p.pOver25),
        pBtts: round(markets.GG ?? 0),
        best: best
          ? {
              outcome: best.outcome,
              probability: round(best.probability),
              fairOdds: round(best.fairOdds),
              odds: best.odds,
              bookmaker: best.odds === null ? null : (prices?.bookmaker ?? null),
            }
          : null,
      };
    }
    return {
      fixtureId: row.id,
      writtenAt: asOf.toISOString(),
      kickoff: row.kickoff.toISOString(),
      timeZone: COUNTRY_ZONES[row.countryCode] ?? "UTC",
      league: { id: row.leagueId, name: row.leagueName, country: row.countryName, countryCode: row.countryCode },
      season: row.seasonName,
      home: teamFacts(row.homeTeamId, row.homeTeamName, homeLast, homeVenue),
      away: teamFacts(row.awayTeamId, row.awayTeamName, awayLast, awayVenue),
      venue: venueOf(row.countryCode, row.homeTeamName),
      referee: refereeKnown
        ? {
            name: row.referee!,
            matches: ref!.matches,
            yellowPerMatch: ref!.yellow === null ? null : Math.round(ref!.yellow * 100) / 100,
            redPerMatch: ref!.red === null ? null : Math.round(ref!.red * 100) / 100,
          }
        : null,
      h2h: h2h.map((r) => ({
        kickoff: r.kickoff.toISOString(),
        homeName: r.homeName,
        awayName: r.awayName,
        ftHome: r.ftHome,
        ftAway: r.ftAway,
      })),
      standings:
        home && away
          ? {
              teams: table.length,
              roundsPlayed: Math.max(...table.map((t) => t.played)),
              leaderPoints: table[0]!.points,
              safetyPoints: table.length > 4 ? table[table.length - 4]!.points : null,
              home,
              away,
            }
          : null,
      prediction,
    };
  }

  function articleOf(facts: PreviewFacts, locale: PreviewLocale): Article {
    const key = `countries.${facts.league.country}`;
    const country = translate(locale, key);
    return writePreview(facts, locale, country === key ? facts.league.country : country);
  }

  async function writeFor(row: PreviewCandidateRow, now: Date, hashes: Map<string, string>): Promise<number> {
    const facts = await factsOf(row, now);
    const hash = factsHash(facts);
    if (PREVIEW_LOCALES.every((l) => hashes.get(`${row.id}:${l}`) === hash)) return 0;
    return writePreviews(
      ctx.pool,
      PREVIEW_LOCALES.map((locale) => {
        const article = articleOf(facts, locale);
        return {
          fixtureId: row.id,
          locale,
          slug: previewSlug(locale, facts),
          title: article.title,
          summary: article.summary,
          sections: article.sections,
          body: articleText(article),
          facts,
          factsHash: hash,
          leagueId: row.leagueId,
          kickoff: row.kickoff,
          writtenAt: now,
        };
      }),
      now,
    );
  }

  async function page(locale: string, slug: string) {
    if (!isPreviewLocale(locale)) throw new ServiceError(404, "previews.errors.noLocale");
    const now = ctx.clock.now();
    const row = await previewBySlug(ctx.pool, locale, slug, now);
    if (!row) throw new ServiceError(404, "previews.errors.notFound");
    return row;
  }

  return {
    policy: { leagues: PREVIEW_LEAGUES, leadMs: PREVIEW_LEAD_MS },

    /**
     * The job: writes the preview of every fixture due one (policy above) and rewrites those whose facts
     * changed; previews of fixtures that have kicked off are frozen and never rewritten.
     */
    async writeDue(): Promise<{ candidates: number; written: number }> {
      const now = ctx.clock.now();
      const rows = await previewCandidates(ctx.pool, now, new Date(now.getTime() + PREVIEW_LEAD_MS), PREVIEW_LEAGUES);
      const hashes = await previewHashes(
        ctx.pool,
        rows.map((r) => r.id),
      );
      let written = 0;
      for (const row of rows) written += await writeFor(row, now, hashes);
      const late = await recentWithoutPreview(
        ctx.pool,
        new Date(now.getTime() - LATE_PREVIEW_MS),
        now,
        PREVIEW_LEAGUES,
      );
      for (const row of late) written += await writeFor(row, row.kickoff, new Map());
      return { candidates: rows.length + late.length, written };
    },

    /** The facts a preview of this fixture would be written from now (for tests and the API). */
    async factsNow(fixtureId: number): Promise<PreviewFacts> {
      const row = await previewCandidate(ctx.pool, fixtureId);
      if (!row) throw new ServiceError(404, "apiErrors.noFixture", undefined, { id: fixtureId });
      return factsOf(row, ctx.clock.now());
    },

    /** The list page: one language, upcoming first, optionally one league and search words. */
    async list(params: { locale: string; leagueId?: number; search?: string; page?: number }) {
      if (!isPreviewLocale(params.locale)) throw new ServiceError(404, "previews.errors.noLocale");
      const pageNo = params.page ?? 1;
      if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > 10_000) throw badRequest("previews.errors.page");
      const search = params.search?.trim().slice(0, 100);
      const escaped = search?.replace(/[\\%_]/g, "\\$&");
      const [{ total, rows }, leagues] = await Promise.all([
        listPreviews(ctx.pool, {
          locale: params.locale,
          now: ctx.clock.now(),
          leagueId: params.leagueId,
          search: escaped,
          limit: PAGE_SIZE,
          offset: (pageNo - 1) * PAGE_SIZE,
        }),
        previewLeagues(ctx.pool, params.locale),
      ]);
      return {
        items: rows.map(summaryOf),
        total,
        page: pageNo,
        pageSize: PAGE_SIZE,
        pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        leagues,
        search: search ?? "",
      };
    },

    /** An article with the result and how the best bet did, once the match has ended. */
    async article(locale: string, slug: string) {
      const row = await page(locale, slug);
      const facts = row.facts as PreviewFacts;
      const best = facts.prediction?.best ?? null;
      const score = row.ftHome !== null && row.ftAway !== null ? { home: row.ftHome, away: row.ftAway } : null;
      const bestWon =
        best && score
          ? outcomeHappened(best.outcome, {
              ftHome: score.home,
              ftAway: score.away,
              htHome: row.htHome,
              htAway: row.htAway,
              corners: null,
            })
          : null;
      const now = ctx.clock.now();
      return {
        ...summaryOf(row),
        sections: row.sections as Article["sections"],
        facts,
        revision: row.revision,
        firstWrittenAt: row.firstWrittenAt.toISOString(),
        frozen: row.kickoff.getTime() <= now.getTime(),
        result: score ? { score, bestBet: best, bestBetWon: bestWon } : null,
        alternates: (await previewSlugs(ctx.pool, row.fixtureId)).filter((a) => isPreviewLocale(a.locale)) as Array<{
          locale: PreviewLocale;
          slug: string;
        }>,
      };
    },

    /** Previews like this fixture's, in one language (SPEC §7.2 GET articles/preview/{id}/similars). */
    async similars(fixtureId: number, locale: string, limit = 6): Promise<PreviewSummary[]> {
      if (!isPreviewLocale(locale)) throw badRequest("previews.errors.noLocale");
      const now = ctx.clock.now();
      if (!(await previewOf(ctx.pool, fixtureId, locale, now))) throw new ServiceError(404, "previews.errors.notFound");
      return (await similarPreviews(ctx.pool, fixtureId, locale, now, limit)).map(summaryOf);
    },

    async sitemap(locale: string): Promise<Array<{ slug: string; writtenAt: Date }>> {
      if (!isPreviewLocale(locale)) return [];
      return previewSitemap(ctx.pool, locale, 5000);
    },

    /**
     * The content-query client's POST /_content over the previews (SPEC §7.4), open to visitors: counted per
     * client address (429 past the limit) and cut off by a statement timeout (400: narrow the query).
     */
    async content(request: ContentRequest, client: { ip: string | null } = { ip: null }) {
      await rateLimit("content", client.ip);
      try {
        return await runContentQuery(request, {
          isPattern: (pattern) => isPostgresPattern(ctx.pool, pattern),
          page: (q, limit, skip) => contentPage(ctx.pool, q, limit, skip),
          ids: (q) => contentIds(ctx.pool, q),
          byIds: (ids) => contentByIds(ctx.pool, ids),
        });
      } catch (error) {
        if ((error as { code?: string }).code === CONTENT_QUERY_CANCELED) throw badRequest("previews.errors.tooCostly");
        throw error;
      }
    },
  };
}
