/**
 * An online Poisson rating model: each team has attack and defence ratings (log scale, relative to
 * its league), each league its mean home and away goals. After every match the ratings take a
 * gradient step on the Poisson log-likelihood (g - λ), so recent matches weigh more (time decay),
 * and are pulled a little toward 0, the league mean (shrinkage). Corners get the same treatment.
 */
export interface ModelSettings {
  /** step size of a rating update */
  eta: number;
  /** extra step size for teams with few matches, fading with games played */
  etaNew: number;
  /** pull toward the league mean per match */
  shrink: number;
  /** share of a rating kept into a new season */
  seasonCarry: number;
  /** step size of the league means */
  leagueRate: number;
  /** Dixon-Coles low-score correction */
  rho: number;
  /** share of a team's old rating kept when it changes division */
  divisionCarry: number;
  /** weight of the market's pre-match goal expectation in what a match teaches (odds history) */
  marketWeight: number;
  /** weight of the shots-on-target expectation in what a match teaches */
  shotsWeight: number;
}

/** Tuned on the 2020/21–2022/23 seasons only (bench/predictions.ts with BENCH_SEASONS), never on the evaluated ones. */
export const DEFAULT_SETTINGS: ModelSettings = {
  eta: 0.07,
  etaNew: 0.08,
  shrink: 0.004,
  seasonCarry: 0.9,
  leagueRate: 0.006,
  rho: -0.06,
  divisionCarry: 0.3,
  marketWeight: 0.8,
  shotsWeight: 0.15,
};

interface TeamState {
  att: number;
  def: number;
  cFor: number;
  cAgainst: number;
  games: number;
  leagueKey: string;
  tier: number;
  season: string;
  /** set while the team is in its first matches after a change of division: which prior to refine */
  moved: "up" | "down" | "new" | null;
  gamesInLeague: number;
}

interface LeagueState {
  home: number;
  away: number;
  htShare: number;
  cornersHome: number;
  cornersAway: number;
  hasCorners: boolean;
  /** goals per shot on target */
  conversion: number;
  seasons: Set<string>;
}

interface Prior {
  att: number;
  def: number;
  n: number;
}

export interface ModelPrediction {
  home: number;
  away: number;
  rho: number;
  htShare: number;
  /** expected total corners, null where the league has no corner counts */
  corners: number | null;
}

export interface MatchFacts {
  leagueKey: string;
  tier: number;
  season: string;
  homeId: number;
  awayId: number;
}

export interface MatchResult {
  ftHome: number;
  ftAway: number;
  htHome: number | null;
  htAway: number | null;
  cornersHome: number | null;
  cornersAway: number | null;
  shotsOnTargetHome: number | null;
  shotsOnTargetAway: number | null;
}

const PRIOR_AFTER_GAMES = 15;

export class RatingModel {
  private teams = new Map<number, TeamState>();
  private leagues = new Map<string, LeagueState>();
  private priors: Record<"up" | "down" | "new", Prior> = {
    up: { att: -0.2, def: 0.2, n: 1 },
    down: { att: 0.15, def: -0.15, n: 1 },
    new: { att: -0.15, def: 0.15, n: 1 },
  };

  constructor(private readonly s: ModelSettings = DEFAULT_SETTINGS) {}

  /** An independent copy: learning on it leaves this one as it is. */
  clone(): RatingModel {
    const copy = new RatingModel(this.s);
    for (const [id, t] of this.teams) copy.teams.set(id, { ...t });
    for (const [key, l] of this.leagues) copy.leagues.set(key, { ...l, seasons: new Set(l.seasons) });
    copy.priors = { up: { ...this.priors.up }, down: { ...this.priors.down }, new: { ...this.priors.new } };
    return copy;
  }

  private league(key: string): LeagueState {
    let l = this.leagues.get(key);
    if (!l) {
      l = {
        home: 1.5,
        away: 1.15,
        htShare: 0.44,
        cornersHome: 5.5,
        cornersAway: 4.5,
        hasCorners: false,
        conversion: 0.32,
        seasons: new Set(),
      };
      this.leagues.set(key, l);
    }
    return l;
  }

  /** The team as it stands for a match of this league and season (entering a league or a season adjusts it). */
  private team(id: number, facts: MatchFacts): TeamState {
    const league = this.league(facts.leagueKey);
    let t = this.teams.get(id);
    if (!t) {
      // A team first seen in a league that already has earlier seasons came from outside the data.
      const newcomer = [...league.seasons].some((season) => season !== facts.season);
      const known = newcomer ? this.priors.new : null;
      t = {
        att: known ? known.att : 0,
        def: known ? known.def : 0,
        cFor: 0,
        cAgainst: 0,
        games: 0,
        leagueKey: facts.leagueKey,
        tier: facts.tier,
        season: facts.season,
        moved: known ? "new" : null,
        gamesInLeague: 0,
      };
      this.teams.set(id, t);
      return t;
    }
    if (t.leagueKey !== facts.leagueKey) {
      const direction = facts.tier < t.tier ? "up" : facts.tier > t.tier ? "down" : null;
      const prior = direction ? this.priors[direction] : null;
      const carry = this.s.divisionCarry;
      t.att = prior ? prior.att + carry * t.att : t.att;
      t.def = prior ? prior.def + carry * t.def : t.def;
      t.moved = direction;
      t.leagueKey = facts.leagueKey;
      t.tier = facts.tier;
      t.gamesInLeague = 0;
      t.season = facts.season;
    } else if (t.season !== facts.season) {
      t.att *= this.s.seasonCarry;
      t.def *= this.s.seasonCarry;
      t.cFor *= this.s.seasonCarry;
      t.cAgainst *= this.s.seasonCarry;
      t.season = facts.season;
    }
    return t;
  }

  predict(facts: MatchFacts): ModelPrediction {
    const league = this.league(facts.leagueKey);
    const h = this.team(facts.homeId, facts);
    const a = this.team(facts.awayId, facts);
    return {
      home: league.home * Math.exp(h.att + a.def),
      away: league.away * Math.exp(a.att + h.def),
      rho: this.s.rho,
      htShare: league.htShare,
      corners: league.hasCorners
        ? league.cornersHome * Math.exp(h.cFor + a.cAgainst) + league.cornersAway * Math.exp(a.cFor + h.cAgainst)
        : null,
    };
  }

  /**
   * Learns from a played match; call after predicting it, and only once its result is known.
   * `market` is the goal expectation implied by that match's own pre-match odds, when there were any.
   */
  update(facts: MatchFacts, result: MatchResult, market: { home: number; away: number } | null = null): void {
    const p = this.predict(facts);
    const league = this.league(facts.leagueKey);
    const h = this.teams.get(facts.homeId)!;
    const a = this.teams.get(facts.awayId)!;
    const step = (t: TeamState) => this.s.eta + this.s.etaNew * Math.exp(-t.games / 10);
    // What the match says about the teams: goals, steadied by shots on target and the market's view.
    const shots = result.shotsOnTargetHome !== null && result.shotsOnTargetAway !== null;
    const wm = market ? this.s.marketWeight : 0;
    const ws = shots ? this.s.shotsWeight : 0;
    const wg = 1 - wm - ws;
    const targetHome =
      wg * result.ftHome + wm * (market?.home ?? 0) + ws * (shots ? result.shotsOnTargetHome! * league.conversion : 0);
    const targetAway =
      wg * result.ftAway + wm * (market?.away ?? 0) + ws * (shots ? result.shotsOnTargetAway! * league.conversion : 0);
    if (shots && result.shotsOnTargetHome! + result.shotsOnTargetAway! > 0) {
      const conversion = (result.ftHome + result.ftAway) / (result.shotsOnTargetHome! + result.shotsOnTargetAway!);
      league.conversion += this.s.leagueRate * 0.5 * (Math.min(conversion, 1.5) - league.conversion);
    }
    const errHome = targetHome - p.home;
    const errAway = targetAway - p.away;
    const keep = 1 - this.s.shrink;
    h.att = keep * h.att + step(h) * errHome;
    a.def = keep * a.def + step(a) * errHome;
    a.att = keep * a.att + step(a) * errAway;
    h.def = keep * h.def + step(h) * errAway;

    const r = this.s.leagueRate;
    league.home += r * (result.ftHome - league.home);
    league.away += r * (result.ftAway - league.away);
    league.seasons.add(facts.season);
    const goals = result.ftHome + result.ftAway;
    if (result.htHome !== null && result.htAway !== null && goals > 0) {
      league.htShare += r * 0.5 * ((result.htHome + result.htAway) / goals - league.htShare);
    }
    if (result.cornersHome !== null && result.cornersAway !== null) {
      if (!league.hasCorners) {
        league.hasCorners = true;
        league.cornersHome = result.cornersHome || league.cornersHome;
        league.cornersAway = result.cornersAway || league.cornersAway;
      }
      const ch = league.cornersHome * Math.exp(h.cFor + a.cAgainst);
      const ca = league.cornersAway * Math.exp(a.cFor + h.cAgainst);
      const cStep = 0.012;
      h.cFor = keep * h.cFor + (cStep * (result.cornersHome - ch)) / Math.sqrt(ch);
      a.cAgainst = keep * a.cAgainst + (cStep * (result.cornersHome - ch)) / Math.sqrt(ch);
      a.cFor = keep * a.cFor + (cStep * (result.cornersAway - ca)) / Math.sqrt(ca);
      h.cAgainst = keep * h.cAgainst + (cStep * (result.cornersAway - ca)) / Math.sqrt(ca);
      league.cornersHome += r * (result.cornersHome - league.cornersHome);
      league.cornersAway += r * (result.cornersAway - league.cornersAway);
    }
    for (const t of [h, a]) {
      t.games++;
      t.gamesInLeague++;
      if (t.moved && t.gamesInLeague === PRIOR_AFTER_GAMES) {
        // The priors for teams changing division are learned from how such teams turned out.
        const prior = this.priors[t.moved];
        prior.att += (t.att - prior.att) / (prior.n + 1);
        prior.def += (t.def - prior.def) / (prior.n + 1);
        prior.n++;
        t.moved = null;
      }
    }
  }
}
