import { useTranslation } from "react-i18next";
import type { CounterName, LiveEvent, LiveState } from "../../../domain/live/state.ts";
import { Odds } from "../odds.tsx";

/** Counters in the order shown; possession last. */
const SHOWN: CounterName[] = [
  "shots",
  "shotsOnTarget",
  "shotsOffTarget",
  "dangerousAttacks",
  "attacks",
  "corners",
  "fouls",
  "yellowCards",
  "redCards",
  "penalties",
  "substitutions",
  "possession",
];

type StateLike = Pick<LiveState, "home" | "away" | "estimated">;

/** The two teams' counters side by side, with a bar of their shares; estimated ones marked, absent ones as "–". */
export function CountersTable({
  state,
  home,
  away,
  caption,
}: {
  state: StateLike;
  home: string;
  away: string;
  caption: string;
}) {
  const { t } = useTranslation();
  const anyEstimated = SHOWN.some((c) => state.estimated.includes(c) && state.home[c] !== null);
  const anyAbsent = SHOWN.some((c) => state.home[c] === null);
  return (
    <div>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{home}</th>
            <th scope="col">{t("live.stats")}</th>
            <th scope="col">{away}</th>
          </tr>
        </thead>
        <tbody>
          {SHOWN.map((counter) => {
            const h = state.home[counter];
            const a = state.away[counter];
            const estimated = state.estimated.includes(counter);
            const total = (h ?? 0) + (a ?? 0);
            const share = total > 0 ? ((h ?? 0) / total) * 100 : 50;
            return (
              <tr
                key={counter}
                className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                data-counter={counter}
              >
                <td className="w-12 py-1.5 text-left font-semibold tabular-nums">{h ?? t("live.notRecorded")}</td>
                <th scope="row" className="py-1.5 text-center font-normal text-slate-700 dark:text-slate-300">
                  <span>{t(`live.counter.${counter}`)}</span>
                  {estimated && h !== null && (
                    <abbr title={t("live.estimated")} className="ml-0.5 no-underline">
                      {t("live.estimatedMark")}
                    </abbr>
                  )}
                  {h !== null && (
                    <span
                      className="mt-1 flex h-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
                      aria-hidden="true"
                    >
                      <span className="bg-pitch-600 dark:bg-pitch-500" style={{ width: `${share}%` }} />
                    </span>
                  )}
                </th>
                <td className="w-12 py-1.5 text-right font-semibold tabular-nums">{a ?? t("live.notRecorded")}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(anyEstimated || anyAbsent) && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {anyEstimated && t("live.estimatedNote")} {anyAbsent && t("live.notRecordedNote")}
        </p>
      )}
    </div>
  );
}

/** First minute of each 5-minute bucket of the chart. */
const BUCKETS = Array.from({ length: 18 }, (_, i) => i * 5 + 1);

/** Small SVG marks (emoji fonts are not everywhere). */
function EventIcon({ type }: { type: LiveEvent["type"] }) {
  const common = { width: 14, height: 14, viewBox: "0 0 14 14", "aria-hidden": true, className: "shrink-0" } as const;
  switch (type) {
    case "goal":
      return (
        <svg {...common}>
          <circle cx="7" cy="7" r="6" className="fill-white stroke-slate-800 dark:stroke-slate-200" strokeWidth="1.2" />
          <path d="M7 4.2 9.4 6 8.5 8.8h-3L4.6 6Z" className="fill-slate-800" />
        </svg>
      );
    case "yellow":
    case "red":
      return (
        <svg {...common}>
          <rect
            x="3.5"
            y="1.5"
            width="7"
            height="11"
            rx="1"
            className={type === "yellow" ? "fill-yellow-400" : "fill-red-600"}
          />
        </svg>
      );
    case "corner":
      return (
        <svg {...common}>
          <path d="M3 13V1.5" className="stroke-slate-600 dark:stroke-slate-300" strokeWidth="1.4" />
          <path d="M3.7 1.8h7l-2 2.4 2 2.4h-7Z" className="fill-red-500" />
        </svg>
      );
    case "penalty":
      return (
        <svg {...common}>
          <circle
            cx="7"
            cy="7"
            r="5.5"
            fill="none"
            className="stroke-slate-600 dark:stroke-slate-300"
            strokeWidth="1.2"
          />
          <circle cx="7" cy="7" r="1.8" className="fill-slate-600 dark:fill-slate-300" />
        </svg>
      );
    default:
      return (
        <svg {...common}>
          <path d="M2 5h9M8.5 2.5 11 5 8.5 7.5" fill="none" className="stroke-pitch-600" strokeWidth="1.4" />
          <path d="M12 9.5H3M5.5 7 3 9.5 5.5 12" fill="none" className="stroke-red-600" strokeWidth="1.4" />
        </svg>
      );
  }
}

/** The events so far, newest first; home events on the left, away on the right. */
export function EventList({ events, home, away }: { events: LiveEvent[]; home: string; away: string }) {
  const { t } = useTranslation();
  if (events.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("live.noEvents")}</p>;
  return (
    // A long match scrolls inside the list: focusable, so that a keyboard can scroll it too.
    <ol
      className="max-h-96 space-y-1 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-pitch-600"
      aria-label={t("live.events")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {[...events].reverse().map((event, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: two events of a kind and side can share a second; the list only grows at its top
          key={`${event.second}-${event.type}-${event.side}-${events.length - i}`}
          className={`flex items-center gap-2 ${event.side === "away" ? "flex-row-reverse text-right" : ""}`}
        >
          <span className="w-9 shrink-0 text-center font-semibold tabular-nums text-slate-600 dark:text-slate-400">
            {t("live.minuteShort", { minute: event.minute })}
          </span>
          <EventIcon type={event.type} />
          <span>
            {t(`live.event.${event.type}`)}
            {(event.type === "penalty" || event.type === "substitution") && (
              <abbr title={t("live.estimated")} className="no-underline">
                {t("live.estimatedMark")}
              </abbr>
            )}
            <span className="sr-only">, {event.side === "home" ? home : away}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Dangerous attacks per 5 minutes as an SVG bar chart: home bars up, away bars down. */
export function DangerChart({
  chart,
  home,
  away,
}: {
  chart: { home: number[]; away: number[]; estimated: boolean };
  home: string;
  away: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(1, ...chart.home, ...chart.away);
  const totals = chart.home.map((h, i) => h + chart.away[i]!);
  const best = totals.indexOf(Math.max(...totals));
  const width = 360;
  const half = 50;
  const bar = width / 18;
  const summary =
    totals[best] === 0
      ? t("live.chartEmpty")
      : t("live.chartSummary", { home, away, from: best * 5 + 1, to: best * 5 + 5, count: totals[best] });
  return (
    <figure>
      <figcaption className="mb-1 text-sm font-semibold">
        {t("live.chartTitle")}
        {chart.estimated && (
          <abbr title={t("live.estimated")} className="no-underline">
            {t("live.estimatedMark")}
          </abbr>
        )}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${half * 2 + 14}`} className="h-auto w-full" role="img" aria-label={summary}>
        <line
          x1="0"
          x2={width}
          y1={half}
          y2={half}
          className="stroke-slate-300 dark:stroke-slate-600"
          strokeWidth="1"
        />
        <line
          x1={width / 2}
          x2={width / 2}
          y1="0"
          y2={half * 2}
          className="stroke-slate-200 dark:stroke-slate-700"
          strokeDasharray="2 2"
        />
        {BUCKETS.map((start, i) => {
          const h = (chart.home[i]! / max) * (half - 2);
          const a = (chart.away[i]! / max) * (half - 2);
          return (
            <g key={start}>
              <rect
                x={i * bar + 1}
                y={half - h}
                width={bar - 2}
                height={h}
                className="fill-pitch-600 dark:fill-pitch-500"
              />
              <rect
                x={i * bar + 1}
                y={half}
                width={bar - 2}
                height={a}
                className="fill-amber-500 dark:fill-amber-400"
              />
            </g>
          );
        })}
        {[0, 45, 90].map((m) => (
          <text
            key={m}
            x={Math.min(width - 10, (m / 90) * width + (m === 0 ? 2 : 0))}
            y={half * 2 + 12}
            className="fill-slate-500 text-[10px] dark:fill-slate-400"
            textAnchor={m === 0 ? "start" : m === 90 ? "end" : "middle"}
          >
            {m}'
          </text>
        ))}
      </svg>
      <p className="mt-1 flex justify-between text-xs">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-pitch-600" aria-hidden="true" />
          {home}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2 rounded-sm bg-amber-500" aria-hidden="true" />
          {away}
        </span>
      </p>
    </figure>
  );
}

/** One line under a live fixture: the key counters and the live 1X2 (home page, livescores). */
export function LiveLine({ state }: { state: Omit<LiveState, "events"> }) {
  const { t } = useTranslation();
  const pair = (c: CounterName) => (state.home[c] === null ? null : `${state.home[c]}–${state.away[c]}`);
  const items: Array<[CounterName, string | null]> = [
    ["shotsOnTarget", pair("shotsOnTarget")],
    ["corners", pair("corners")],
    ["dangerousAttacks", pair("dangerousAttacks")],
    ["redCards", (state.home.redCards ?? 0) + (state.away.redCards ?? 0) > 0 ? pair("redCards") : null],
  ];
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
      data-live-line
    >
      {items
        .filter(([, v]) => v !== null)
        .map(([c, v]) => (
          <span key={c} className="whitespace-nowrap" data-counter={c}>
            {t(`live.counter.${c}`)}
            {state.estimated.includes(c) && (
              <abbr title={t("live.estimated")} className="no-underline">
                {t("live.estimatedMark")}
              </abbr>
            )}{" "}
            <span className="font-semibold tabular-nums text-slate-800 dark:text-slate-200">{v}</span>
          </span>
        ))}
      {state.odds && (
        <span className="ml-auto flex gap-1 whitespace-nowrap" data-live-odds>
          <span className="sr-only">{t("live.odds")}:</span>
          {(["home", "draw", "away"] as const).map((k, i) => (
            <span key={k} className="rounded bg-slate-100 px-1.5 dark:bg-slate-800">
              <span className="text-slate-500 dark:text-slate-400">{["1", "X", "2"][i]} </span>
              <Odds value={state.odds![k]} className="font-semibold text-slate-800 dark:text-slate-200" />
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
