import { useTranslation } from "react-i18next";
import {
  EVENT_GROUPS,
  type EventCount,
  type SplitStats,
  TEAM_EVENTS,
  eventInfo,
} from "../../domain/stats/team-events.ts";
import { formatPercent } from "../format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { usePreferences } from "../preferences.tsx";
import { ScrollRegion } from "./scroll-region.tsx";

/** Labels that need their group to be understood ("Over 2.5" of what?), outside the plain goal and result groups. */
const GENERIC_LABELS = new Set(["over", "under", "win", "draw", "loss"]);
const PLAIN_GROUPS = new Set(["result", "goals"]);

/**
 * An event's name in the visitor's language: short ("Over 0.5", under its group heading) or full ("First-half
 * goals: Over 0.5", standing alone in a trend or a list).
 */
export function useEventName(): (key: string, short?: boolean) => string {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (key, short = false) => {
    const info = eventInfo(key);
    if (!info) return key;
    const label = t(`teamStats.ev.${info.label}`, info.line === undefined ? {} : { line: number.format(info.line) });
    if (short || PLAIN_GROUPS.has(info.group) || !GENERIC_LABELS.has(info.label)) return label;
    return `${t(`teamStats.groups.${info.group}`)}: ${label}`;
  };
}

/** A rate as a percentage, with occurrences/totalMatches under it. */
export function RateCell({ count, strong = false }: { count: EventCount | undefined; strong?: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (!count || count.totalMatches === 0)
    return <td className="px-2 py-1 text-right text-slate-400 dark:text-slate-500">–</td>;
  const rate = count.occurrences / count.totalMatches;
  const tone =
    rate >= 0.8 ? "text-pitch-700 dark:text-pitch-100" : rate <= 0.2 ? "text-slate-500 dark:text-slate-400" : "";
  return (
    <td
      className={`px-1.5 py-1 text-right tabular-nums sm:px-2 ${tone}`}
      title={t("teamStats.rateTitle", { occurrences: count.occurrences, total: count.totalMatches })}
    >
      <span className={`block ${strong ? "font-semibold" : ""}`}>{formatPercent(rate, locale)}</span>
      <span className="block text-[11px] leading-3 text-slate-500 dark:text-slate-400">
        {count.occurrences}/{count.totalMatches}
      </span>
    </td>
  );
}

export interface EventColumn {
  id: string;
  label: string;
  /** a heading above some columns (a team name on the match page) */
  group?: string;
  split: SplitStats;
}

/** Every event in its group, one column per split (venue, window, team): an accessible table that scrolls inside its box on a phone. */
export function EventsTable({ columns, caption }: { columns: EventColumn[]; caption: string }) {
  const { t } = useTranslation();
  const name = useEventName();
  const { locale } = usePreferences();
  const groups = columns.some((c) => c.group)
    ? columns.reduce<Array<{ label: string; span: number }>>((a, c) => {
        const last = a[a.length - 1];
        if (last && last.label === (c.group ?? "")) last.span++;
        else a.push({ label: c.group ?? "", span: 1 });
        return a;
      }, [])
    : [];
  const avg = (v: number | null) =>
    v === null
      ? "–"
      : new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(v);
  const summary: Array<[string, (s: SplitStats) => string]> = [
    [t("teamStats.matches"), (s) => String(s.totals.matches)],
    [t("teamStats.summary.goalsFor"), (s) => String(s.totals.goalsFor)],
    [t("teamStats.summary.goalsAgainst"), (s) => String(s.totals.goalsAgainst)],
    [t("teamStats.summary.cornersFor"), (s) => avg(s.totals.avgCornersFor)],
    [t("teamStats.summary.cornersAgainst"), (s) => avg(s.totals.avgCornersAgainst)],
    [t("teamStats.summary.yellow"), (s) => avg(s.totals.avgYellow)],
    [t("teamStats.summary.red"), (s) => avg(s.totals.avgRed)],
    [t("teamStats.summary.shots"), (s) => avg(s.totals.avgShots)],
    [t("teamStats.summary.shotsOnTarget"), (s) => avg(s.totals.avgShotsOnTarget)],
  ];
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {groups.length > 0 && (
            <tr>
              <td />
              {groups.map((g) => (
                <th
                  key={g.label}
                  scope="colgroup"
                  colSpan={g.span}
                  className="truncate px-2 pt-2 text-center font-semibold"
                >
                  {g.label}
                </th>
              ))}
            </tr>
          )}
          <tr>
            <th scope="col" className="px-2 py-2 text-left">
              {t("teamStats.event")}
            </th>
            {columns.map((c) => (
              <th key={c.id} scope="col" className="px-2 py-2 text-right">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {summary.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="min-w-24 px-2 py-1 text-left font-normal sm:min-w-40">
                {label}
              </th>
              {columns.map((c) => (
                <td key={c.id} className="px-2 py-1 text-right font-semibold tabular-nums">
                  {value(c.split)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {EVENT_GROUPS.map((group) => (
          <tbody key={group} className="divide-y divide-slate-100 dark:divide-slate-800">
            <tr className="bg-slate-50 dark:bg-slate-800/60">
              <th
                scope="colgroup"
                colSpan={columns.length + 1}
                className="px-2 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
              >
                {t(`teamStats.groups.${group}`)}
              </th>
            </tr>
            {TEAM_EVENTS.filter((e) => e.group === group).map((e) => (
              <tr key={e.key} data-event={e.key}>
                <th scope="row" className="min-w-24 px-2 py-1 text-left font-normal sm:min-w-40">
                  {name(e.key, true)}
                </th>
                {e.premium && columns.every((c) => c.split.events[e.key] === undefined) ? (
                  // The server left the premium events out for this visitor: say so instead of showing dashes.
                  <td
                    colSpan={columns.length}
                    className="px-2 py-1 text-right text-xs text-amber-800 dark:text-amber-300"
                    data-locked="premium"
                  >
                    <span aria-hidden="true">♛ </span>
                    {t("premium.label")}
                  </td>
                ) : (
                  columns.map((c) => <RateCell key={c.id} count={c.split.events[e.key]} />)
                )}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </ScrollRegion>
  );
}
