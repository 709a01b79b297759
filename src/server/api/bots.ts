import type { Services } from "../../services/index.ts";
import { requirePremium } from "../../services/access.ts";
import { parseBookmakerCountry } from "../../services/value-bets.ts";
import { createApiApp, ok, requireUser, route, z } from "./contract.ts";

const tags = ["Bots"];
const premiumOnly = { 401: "Not signed in", 403: "Not a premium member" } as const;

const Figures = z.object({
  picks: z.number().int(),
  won: z.number().int(),
  hitRate: z.number(),
  roi: z.number().openapi({
    description: "(returns − stakes) / stakes, unit stakes at the taken price net of an exchange's commission",
  }),
  profit: z.number(),
  clv: z.number().nullable().openapi({
    description:
      "mean of taken price (net of an exchange's commission) × Pinnacle closing probability de-vigged by the power method − 1",
  }),
  beatClosing: z.number().nullable().openapi({ description: "share of the picks whose price beat the closing line" }),
});
const KeyedFigures = Figures.extend({ key: z.string() });

const TrackRecord = z
  .object({
    bookmakerCountry: z.number().int(),
    rule: z.object({ minEv: z.number(), minProbability: z.number() }),
    exchangeCommission: z.number().openapi({
      description:
        "commission on net winnings applied to betting-exchange prices (0.05 = 5%), in the bot's choice and in every figure",
    }),
    exchangePicks: z.number().int().openapi({ description: "graded picks taken at an exchange's price" }),
    devig: z.literal("power").openapi({ description: "how the closing prices are de-vigged: the power method" }),
    total: Figures,
    byMonth: z.array(KeyedFigures),
    byLeague: z.array(KeyedFigures),
    byMarket: z.array(KeyedFigures),
    equity: z.array(z.object({ at: z.string(), profit: z.number() })),
    pending: z.number().int(),
  })
  .openapi("ValueBetTrackRecord");

const Pick = z
  .object({
    id: z.number().int(),
    fixture: z.object({
      id: z.number().int(),
      kickoff: z.string(),
      homeTeam: z.string(),
      awayTeam: z.string(),
      league: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
    }),
    market: z.enum(["x12", "ou25"]),
    outcome: z.enum(["1", "X", "2", "O25", "U25"]),
    bookmaker: z.string().openapi({ description: "football-data.co.uk's bookmaker code (BFE, PS…)" }),
    bookmakerName: z.string().openapi({ example: "Betfair Exchange" }),
    price: z.number().openapi({ description: "the price quoted" }),
    commission: z.number().openapi({ description: "commission on net winnings (an exchange's; 0 for a bookmaker)" }),
    netPrice: z.number().openapi({
      description: "what a winning unit stake returns after commission: 1 + (price − 1) × (1 − commission)",
    }),
    probability: z.number(),
    fairOdds: z.number(),
    ev: z.number(),
    pickedAt: z.string(),
    result: z.object({ score: z.tuple([z.number().int(), z.number().int()]), won: z.boolean() }).nullable(),
    closingLineValue: z.number().nullable(),
  })
  .openapi("ValueBetPick");

const CountryQuery = z.object({
  country: z.string().optional().openapi({
    description: "bookmaker country: -1 (the world, default) or an ISO 3166 numeric code of SPEC §3",
    example: "-1",
  }),
});

const record = route({
  method: "get",
  path: "/bots/value-bets/record",
  tags,
  summary:
    "The value-bet bot's public track record: picks, hit rate, ROI at the taken price and closing line value, by month, league and market, with the equity curve",
  request: { query: CountryQuery },
  data: TrackRecord,
  dataDescription: "Track record",
  errors: { 400: "A bad parameter" },
});

const upcoming = route({
  method: "get",
  path: "/bots/value-bets",
  tags,
  summary: "Premium: the value bets of the fixtures not yet kicked off",
  request: { query: CountryQuery },
  data: z.array(Pick),
  dataDescription: "Picks",
  errors: { 400: "A bad parameter", ...premiumOnly },
});

const BotTrend = z
  .object({
    fixture: z.object({
      id: z.number().int(),
      kickoff: z.string(),
      homeTeam: z.string(),
      awayTeam: z.string(),
      league: z.object({ id: z.number().int(), name: z.string(), country: z.string() }),
    }),
    team: z.object({ id: z.number().int(), name: z.string(), side: z.enum(["local", "visitor"]) }),
    event: z.string(),
    venue: z.string(),
    kind: z.enum(["consecutive", "rate"]),
    occurrences: z.number().int(),
    totalMatches: z.number().int(),
    strength: z.number().openapi({ description: "−log10 of the chance of such a run at the event's base rate" }),
  })
  .openapi("BotTrend");

const trends = route({
  method: "get",
  path: "/bots/trends",
  tags,
  summary: "Premium: the trend bot's strongest trends (streaks and rates) of the fixtures of the next 24 hours",
  data: z.array(BotTrend),
  dataDescription: "Trends",
  errors: premiumOnly,
});

const GroupStatus = z
  .object({
    available: z.boolean().openapi({ description: "a group is configured and its bot can act" }),
    linked: z.boolean().openapi({ description: "the member has started the value-bet bot" }),
    invite: z.object({ link: z.string(), invitedAt: z.string(), expiresAt: z.string() }).nullable(),
  })
  .openapi("TelegramGroupStatus");

const groupStatus = route({
  method: "get",
  path: "/bots/telegram-group",
  tags,
  summary: "Premium: the member's place in the private Telegram group (whether the bot knows him, his open invite)",
  data: GroupStatus,
  dataDescription: "Status",
  errors: premiumOnly,
});

const groupInvite = route({
  method: "post",
  path: "/bots/telegram-group/invite",
  tags,
  summary:
    "Premium: a personal one-time invite to the private Telegram group (member limit 1, valid 24 hours; the open one if any)",
  data: GroupStatus,
  dataDescription: "The invite",
  errors: { ...premiumOnly, 409: "Start the value-bet bot first", 503: "No group is configured" },
});

/** API of the bots (value bets, trends), mounted under /api/v1. */
export function botsRoutes(services: Services) {
  const api = createApiApp();
  api.openapi(record, async (c) =>
    ok(c, await services.valueBets.record(parseBookmakerCountry(c.req.valid("query").country))),
  );
  api.openapi(upcoming, async (c) => {
    const access = c.get("access");
    // A visitor (401) or free user (403) is refused whatever he sends.
    requirePremium(access);
    return ok(c, await services.valueBets.upcoming(access, parseBookmakerCountry(c.req.valid("query").country)));
  });
  api.openapi(trends, async (c) => ok(c, await services.trendBot.strongest(c.get("access"))));
  api.openapi(groupStatus, async (c) => ok(c, await services.telegramGroup.status(requireUser(c), c.get("access"))));
  api.openapi(groupInvite, async (c) => ok(c, await services.telegramGroup.invite(requireUser(c), c.get("access"))));
  return api;
}
