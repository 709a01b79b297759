import type { TFunction } from "i18next";
import { type AlertContent, type NotificationSettings, STAT_FIELDS } from "../domain/alerts/content.ts";
import { eventInfo } from "../domain/stats/team-events.ts";
import { isValidTimeZone } from "../domain/time/zones.ts";
import { leagueNameParts } from "../i18n/country-name.ts";
import { LOCALE_TAGS, type Locale } from "../i18n/locales.ts";
import { translate } from "../i18n/messages.server.ts";
import { matchPath } from "../i18n/paths.ts";
import { goalOutcomeSpec } from "../domain/scanner/goal-outcomes.ts";
import { outcomeKey } from "../i18n/outcome-label.ts";

/** What a message is made from: the pick as stored, and whom it goes to. */
export interface MessageInput {
  source: string;
  kind: "alert" | "limit";
  fixtureId: number;
  filterName: string;
  outcome: string;
  odds: number | null;
  content: AlertContent;
}

export interface RenderedAlert {
  /** one line: the filter (or bot) and the match */
  title: string;
  /** the rest, one fact per line (no icons: the in-app list and push show these) */
  lines: string[];
  /** the match page on the site, absolute when a site origin is known */
  url: string;
  /** plain text: title, lines and link */
  text: string;
  /** Telegram HTML: the same, escaped, with the title in bold */
  html: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function number(locale: Locale, value: number, digits = 2): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

function percent(locale: Locale, ratio: number, signed = false): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "percent",
    maximumFractionDigits: 1,
    ...(signed ? { signDisplay: "exceptZero" as const } : {}),
  }).format(ratio);
}

/** A date and time in the user's zone and language (UTC when the zone is unknown). */
export function formatTime(locale: Locale, timeZone: string | null, iso: string | Date): string {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC";
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: zone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** A desired outcome or market selection in words. */
export function outcomeLabel(locale: Locale, outcome: string): string {
  if (goalOutcomeSpec(outcome)) return translate(locale, ...outcomeKey(outcome));
  const ht = outcome.endsWith("_ht");
  const base = ht ? outcome.slice(0, -3) : outcome;
  const key = `alerts.outcomes.${base}`;
  const label = translate(locale, key);
  const text = label === key ? base : label;
  return ht ? translate(locale, "alerts.message.firstHalf", { outcome: text }) : text;
}

/** "Italien, Serie A": the league and its country in the recipient's language (the data keeps English names). */
function placeOf(locale: Locale, league: string, country: string | undefined): string {
  const t = ((key: string, options: Record<string, string>) => translate(locale, key, options)) as TFunction;
  const parts = leagueNameParts(t, { name: league, country: country ?? "" });
  return country ? `${parts.country}, ${parts.league}` : parts.league;
}

/**
 * The message of an alert in the recipient's language and time zone, with the parts the recipient's filter
 * notification settings ask for: the match, minute and score (live) or kick-off, the filter, the chosen
 * counters and prices, the filter's figures, the desired outcome and the odd at notification.
 */
export function renderAlert(
  input: MessageInput,
  to: { locale: Locale; timeZone: string | null; settings: NotificationSettings; siteUrl?: string },
): RenderedAlert {
  const { locale, settings } = to;
  const t = (key: string, vars?: Record<string, string | number>) => translate(locale, `alerts.message.${key}`, vars);
  const c = input.content;
  const path = matchPath(locale, { id: input.fixtureId, localTeam: { name: c.home }, visitorTeam: { name: c.away } });
  const url = to.siteUrl ? `${to.siteUrl.replace(/\/$/, "")}${path}` : path;
  const match = `${c.home} – ${c.away}`;
  const title =
    input.kind === "limit"
      ? translate(locale, "premium.limitFreePicks")
      : `${translate(locale, `alerts.source.${input.source}`)}: ${input.filterName}`;
  const lines: Array<{ icon: string; text: string }> = [];
  const push = (icon: string, text: string) => lines.push({ icon, text });
  push("⚽", c.league ? `${match} (${placeOf(locale, c.league, c.country)})` : match);
  if (input.kind === "limit") {
    return finish(title, lines, url, t("openSite"));
  }
  if (c.minute !== undefined && c.minute !== null) {
    const score = c.score ? ` · ${c.score.home}–${c.score.away}` : "";
    push("⏱", `${t("minute", { minute: c.minute })}${score}`);
  } else if (c.score) {
    push("⏱", `${c.score.home}–${c.score.away}`);
  }
  push("🕒", t("kickoff", { time: formatTime(locale, to.timeZone, c.kickoff) }));
  if (c.bet) {
    const extra = [
      c.bet.fairOdds ? t("fairOdds", { odd: number(locale, c.bet.fairOdds) }) : null,
      c.bet.bookmaker ?? null,
    ]
      .filter(Boolean)
      .join(", ");
    push(
      "💰",
      `${c.bet.market} ${outcomeLabel(locale, c.bet.selection)} @ ${number(locale, c.bet.price)}${extra ? ` (${extra})` : ""}`,
    );
  }
  if (c.trend) {
    const vars: Record<string, string | number> = {
      ...(c.trend.vars ?? {}),
      ...(c.trend.event ? { event: eventLabel(locale, c.trend.event) } : {}),
    };
    const text = translate(locale, c.trend.key, vars);
    push("📈", vars.team ? `${vars.team}: ${text}` : text);
  }
  if (input.outcome && input.outcome !== "none" && input.outcome !== "trend" && !c.bet)
    push("🎯", t("outcome", { outcome: outcomeLabel(locale, input.outcome) }));
  if (input.odds !== null && !c.bet) push("📊", t("oddAtNotification", { odd: number(locale, input.odds) }));
  for (const text of settingsLines(locale, settings, c)) push("", text);
  return finish(title, lines, url, t("openMatch"));
}

/** The lines the recipient's filter notification settings ask for: prices, rankings, counters, events, figures. */
function settingsLines(locale: Locale, settings: NotificationSettings, c: MessageInput["content"]): string[] {
  const t = (key: string, vars?: Record<string, string | number>) => translate(locale, `alerts.message.${key}`, vars);
  const lines: string[] = [];
  if (settings.odds1x2 && c.odds1x2)
    lines.push(
      t("odds1x2", {
        home: number(locale, c.odds1x2.home),
        draw: number(locale, c.odds1x2.draw),
        away: number(locale, c.odds1x2.away),
      }),
    );
  if (settings.odds1x2Live && c.odds1x2Live) {
    lines.push(
      t("odds1x2Live", {
        home: number(locale, c.odds1x2Live.home),
        draw: number(locale, c.odds1x2Live.draw),
        away: number(locale, c.odds1x2Live.away),
      }),
    );
  }
  if (settings.oddsUnderOver25 && c.oddsUnderOver25)
    lines.push(
      t("oddsUnderOver25", {
        over: number(locale, c.oddsUnderOver25.over),
        under: number(locale, c.oddsUnderOver25.under),
      }),
    );
  const live = (key: string, vars: Record<string, string | number>) => translate(locale, `alertLines.${key}`, vars);
  if (settings.oddsUnderOver25 && c.oddsUnderOver25Live)
    lines.push(
      live("oddsUnderOver25Live", {
        over: number(locale, c.oddsUnderOver25Live.over),
        under: number(locale, c.oddsUnderOver25Live.under),
      }),
    );
  if (settings.oddsBtts && c.oddsBtts)
    lines.push(t("oddsBtts", { yes: number(locale, c.oddsBtts.yes), no: number(locale, c.oddsBtts.no) }));
  if (settings.oddsBtts && c.oddsBttsLive)
    lines.push(
      live("oddsBttsLive", { yes: number(locale, c.oddsBttsLive.yes), no: number(locale, c.oddsBttsLive.no) }),
    );
  if (settings.rankings && c.rankings) lines.push(t("rankings", { home: c.rankings.home, away: c.rankings.away }));
  const stats = STAT_FIELDS.filter((f) => settings[f] && c.stats?.[f]).map((f) => {
    const v = c.stats![f]!;
    const shown = f === "possession" ? `${v.home}%–${v.away}%` : `${v.home}–${v.away}`;
    return `${translate(locale, `alerts.fields.${f}`)} ${shown}`;
  });
  if (stats.length > 0) lines.push(stats.join(" · "));
  if (settings.matchEvents && c.events && c.events.length > 0) {
    const events = [...c.events]
      .sort((a, b) => a.minute - b.minute)
      .map(
        (e) => `${e.minute}' ${translate(locale, `alerts.events.${e.kind}`)} (${e.side === "home" ? c.home : c.away})`,
      );
    lines.push(events.join(", "));
  }
  const f = c.figures;
  if (f) {
    const figures = [
      settings.picks ? t("picks", { count: f.picks }) : null,
      settings.successPercentage && f.successRate !== null
        ? t("success", { value: percent(locale, f.successRate) })
        : null,
      settings.roi && f.roi !== null ? t("roi", { value: percent(locale, f.roi, true) }) : null,
    ].filter((x): x is string => x !== null);
    // The filter's record, not the match's: labelled so.
    if (figures.length > 0) lines.push(live("filterSoFar", { figures: figures.join(", ") }));
  }
  return lines;
}

function finish(
  title: string,
  lines: Array<{ icon: string; text: string }>,
  url: string,
  linkLabel: string,
): RenderedAlert {
  const withIcons = lines.map((l) => (l.icon ? `${l.icon} ${l.text}` : l.text));
  const text = [title, ...withIcons, `${linkLabel}: ${url}`].join("\n");
  const link = /^https?:\/\//.test(url)
    ? `<a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a>`
    : `${escapeHtml(linkLabel)}: ${escapeHtml(url)}`;
  const html = [`<b>${escapeHtml(title)}</b>`, ...withIcons.map(escapeHtml), link].join("\n");
  return { title, lines: lines.map((l) => l.text), url, text, html };
}

/** A team event's name in a language, as the team-stats tables name it ("Over 2.5 goals"). */
function eventLabel(locale: Locale, key: string): string {
  const info = eventInfo(key);
  if (!info) return key;
  const line: Record<string, string> =
    info.line === undefined
      ? {}
      : {
          line: new Intl.NumberFormat(LOCALE_TAGS[locale], {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }).format(info.line),
        };
  return translate(locale, `teamStats.ev.${info.label}`, line);
}
