import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Rule } from "../../domain/scanner/rules.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { useEventName } from "../components/team-events.tsx";
import { useScannerPaths } from "./paths.ts";
import { bookmakerName, useFormat } from "./ui.tsx";

/** The label of a statistic of a rule's category (live statistics and the live minute have their own names). */
function useStatLabel() {
  const { t } = useTranslation();
  const eventName = useEventName();
  return (
    rule: Pick<Rule, "category" | "stat" | "venue" | "window" | "bookmaker" | "oddsMarket">,
    stat = rule.stat,
  ) => {
    if (rule.category === "preMatchStats" && !["rank", "points", "pointsGap", "played"].includes(stat)) {
      return `${eventName(stat)} (${t(`teamStats.venue.${rule.venue ?? "overall"}`)}, ${t(`teamStats.window.${rule.window ?? "season"}`)})`;
    }
    if (rule.category === "liveStats" || (rule.category === "time" && stat === "minute"))
      return t(`liveScanner.stats.${stat}`, { defaultValue: stat });
    const base = t(`prematch.stats.${stat}`, { defaultValue: stat });
    if (rule.category !== "odds") return base;
    if (rule.oddsMarket === "LiveMatch") return `${base} (${t("liveScanner.oddsMarkets.LiveMatch")})`;
    return `${base} (${bookmakerName(t, rule.bookmaker ?? "Avg")})`;
  };
}

/** A rule in words: "Favourite · Win odds (Bookmaker average) · less than 1.8", with its time condition for live rules. */
export function useRuleText() {
  const { t } = useTranslation();
  const statName = useStatLabel();
  const f = useFormat();
  return (rule: Rule) => {
    const first = `${t(`prematch.targets.${rule.target}`)} · ${statName(rule)}`;
    const numeric = rule.numeric
      ? ` ${t(`prematch.ops.${rule.numeric.op}`)} ${t(`prematch.targets.${rule.numeric.withTarget}`)} · ${statName(rule, rule.numeric.stat)}`
      : "";
    const time = rule.time
      ? ` · ${t(`liveScanner.timeConditions.${rule.time.kind}`)}${rule.time.minute !== undefined ? ` ${rule.time.minute}'` : ""}${rule.time.toMinute !== undefined ? `–${rule.time.toMinute}'` : ""}`
      : "";
    const window =
      rule.oddsMarket === "LiveMatch" && rule.firstMinute !== undefined
        ? ` (${rule.firstMinute}'–${rule.secondMinute ?? rule.firstMinute}')`
        : "";
    return `${first}${numeric}${window} ${t(`prematch.comparators.${rule.comparator}`)} ${f.plain(rule.value)}${time}`;
  };
}

/**
 * A filter's rules, numbered; each links to its rule page when the filter is the member's (`editable`), and
 * `actions` adds controls after a rule (the backtest page's rules belong to no filter: it removes them there).
 */
export function RuleList({
  kind,
  rules,
  filterId,
  editable,
  actions,
}: {
  kind: ScannerKind;
  rules: Rule[];
  filterId?: number;
  editable: boolean;
  actions?: (rule: Rule, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const text = useRuleText();
  const paths = useScannerPaths(kind);
  const href = (ruleId: string) => paths.rule(filterId ?? 0, ruleId);
  if (rules.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("prematch.noRules")}</p>;
  return (
    <ol className="space-y-2">
      {rules.map((r, i) => (
        <li
          key={r.id}
          className="flex items-start gap-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700"
        >
          <span
            className="mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-pitch-700 text-xs font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          {editable && filterId !== undefined ? (
            <Link to={href(r.id)} className="min-w-0 flex-1 hover:underline">
              {text(r)}
            </Link>
          ) : (
            <span className="min-w-0 flex-1">{text(r)}</span>
          )}
          {actions?.(r, i)}
        </li>
      ))}
    </ol>
  );
}
