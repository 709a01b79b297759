import { badInputIn } from "../../../../domain/input-text.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { DESIRED_OUTCOMES, type DesiredOutcome, type Rule, gradable } from "../../../../domain/scanner/rules.ts";
import { requireUser } from "../../../auth.server.ts";
import { inputClass } from "../../../components/form.tsx";
import { PremiumDenied } from "../../../components/premium/premium-gate.tsx";
import { type LiveBacktestAnswer, LiveBacktestPanel } from "../../../scanner/backtest-panel.tsx";
import { pageContext } from "../../../page-context.ts";
import { noindexMeta } from "../../../scanner/meta.ts";
import { PageHeader, card, selectClass } from "../../../scanner/ui.tsx";
import { isServiceError } from "../../../service-errors.server.ts";
import type { Route } from "./+types/backtest";
import { readForm } from "../../../form-input.server.ts";
import { OutcomeOptions } from "../../../scanner/outcome-options.tsx";

/**
 * The live backtest page: a filter's rules as JSON (prefilled from `?rules=`, `?outcome=`, `?leagues=1,2`, so a
 * filter page can link here with its filter), and the backtest panel. Its action is what the panel posts to from
 * any page: `payload` = JSON { rules, desiredOutcome, leagueIds, interval }.
 */

const EXAMPLE: Rule[] = [
  { id: "r1", category: "liveStats", stat: "shotsOnGoal", target: "Home", comparator: "GreaterEqualThan", value: 3 },
  { id: "r2", category: "time", stat: "minute", target: "Match", comparator: "GreaterEqualThan", value: 60 },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const premium = context.access.premium;
  const outcome = url.searchParams.get("outcome");
  const leagueIds = (url.searchParams.get("leagues") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    premium,
    rulesText: url.searchParams.get("rules") ?? JSON.stringify(EXAMPLE, null, 2),
    outcome: (DESIRED_OUTCOMES as readonly string[]).includes(outcome ?? "") ? (outcome as DesiredOutcome) : "home",
    leagueIds,
    leagues: premium ? await context.services.liveBacktest.leagues() : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  requireUser(context, request, locale);
  let payload: unknown;
  try {
    const form = await readForm(request);
    payload = JSON.parse(String(form.get("payload") ?? ""));
  } catch (error) {
    if (isServiceError(error))
      return data<LiveBacktestAnswer>(
        { ok: false, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
        { status: error.status },
      );
    return data<LiveBacktestAnswer>({ ok: false, error: "liveBacktest.badJson" }, { status: 400 });
  }
  // The one input rule, as the API applies it to a JSON body: no NUL in a text, no subnormal number.
  const bad = badInputIn(payload);
  if (bad)
    return data<LiveBacktestAnswer>({ ok: false, error: bad.key, fields: { [bad.path]: bad.key } }, { status: 400 });
  try {
    const result = await context.services.liveBacktest.run((payload ?? {}) as never, context.access);
    return data<LiveBacktestAnswer>({ ok: true, result });
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return data<LiveBacktestAnswer>(
      { ok: false, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      { status: error.status },
    );
  }
}

/** The panel posts here: the page itself need not reload its leagues afterwards. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) {
  return formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;
}

export const meta = noindexMeta<Awaited<ReturnType<typeof loader>>>(
  (t) => t("liveBacktest.title"),
  (t) => t("liveBacktest.description"),
);

const OUTCOMES = DESIRED_OUTCOMES.filter(gradable);

export default function LiveBacktestPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(d.rulesText);
  const [outcome, setOutcome] = useState<DesiredOutcome>(gradable(d.outcome) ? d.outcome : "home");
  const parsed = useMemo((): Rule[] | null => {
    try {
      const value = JSON.parse(text) as unknown;
      return Array.isArray(value) ? (value as Rule[]) : null;
    } catch {
      return null;
    }
  }, [text]);
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
      <PageHeader title={t("liveBacktest.title")} intro={t("liveBacktest.description")} />
      {!d.premium ? (
        <PremiumDenied />
      ) : (
        <>
          <div className={`${card} grid gap-4 md:grid-cols-[2fr_1fr]`}>
            <label className="block text-sm font-medium">
              {t("liveBacktest.rulesJson")}
              <textarea
                className={`${inputClass} h-48 font-mono text-xs`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                spellCheck={false}
                aria-invalid={parsed === null ? true : undefined}
                aria-describedby="rules-help"
                name="rules"
              />
              <span id="rules-help" className="mt-1 block text-xs font-normal text-slate-600 dark:text-slate-400">
                {parsed === null
                  ? t("liveBacktest.badJson")
                  : `${t("liveBacktest.rulesJsonHelp")} ${t("liveBacktest.rulesCount", { count: parsed.length })}`}
              </span>
            </label>
            <label className="block text-sm font-medium">
              {t("liveBacktest.outcome")}
              <select
                className={selectClass}
                value={outcome}
                onChange={(e) => setOutcome(e.target.value as DesiredOutcome)}
                name="desiredOutcome"
              >
                <OutcomeOptions outcomes={OUTCOMES} />
              </select>
            </label>
          </div>
          <LiveBacktestPanel
            rules={parsed ?? []}
            desiredOutcome={outcome}
            leagueIds={d.leagueIds}
            leagues={d.leagues}
            blocked={parsed === null ? "liveBacktest.badJson" : null}
            heading={t("liveBacktest.panelTitle")}
          />
        </>
      )}
    </main>
  );
}
