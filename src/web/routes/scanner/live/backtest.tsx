import { badInputIn } from "../../../../domain/input-text.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect } from "react-router";
import { DESIRED_OUTCOMES, type DesiredOutcome, type Rule, gradable } from "../../../../domain/scanner/rules.ts";
import {
  LIVE_BACKTEST_INTERVALS,
  type LiveBacktestInterval,
} from "../../../../domain/scanner/live-backtest-intervals.ts";
import { formAction, requireUser } from "../../../auth.server.ts";
import { FormAlert } from "../../../components/form.tsx";
import { PremiumDenied } from "../../../components/premium/premium-gate.tsx";
import { type LiveBacktestAnswer, LiveBacktestPanel } from "../../../scanner/backtest-panel.tsx";
import { pageContext } from "../../../page-context.ts";
import { noindexMeta } from "../../../scanner/meta.ts";
import { PageHeader, card, linkButton, selectClass } from "../../../scanner/ui.tsx";
import { isServiceError } from "../../../service-errors.server.ts";
import type { Route } from "./+types/backtest";
import { readForm } from "../../../form-input.server.ts";
import { OutcomeOptions } from "../../../scanner/outcome-options.tsx";
import { ruleFromForm } from "../../../scanner/form-data.ts";
import type { FormErrors } from "../../../scanner/form-fields.tsx";
import { RuleBuilder } from "../../../scanner/rule-builder.tsx";
import { RuleList } from "../../../scanner/rule-list.tsx";

/**
 * The live backtest page: a rule set built with the live filters' rule builder, its desired outcome, and the
 * backtest panel. No filter holds the rules, so the page carries them itself: in its URL (`?rules=` as JSON,
 * `?outcome=`, `?leagues=1,2`, so a filter page can link here with its filter) and in a hidden field of each of its
 * forms. Adding a rule (`intent=saveRule`, the builder's form) or removing one (`intent=removeRule`) posts the set
 * with the change; the action checks it through the service (`liveBacktest.buildRules`, the checks of a saved live
 * filter) and redirects to the page's URL with the new set, as the rule pages of a filter go on to the next rule.
 * The backtest itself (`intent=run` with the panel's fields, or `payload` = JSON { rules, desiredOutcome,
 * leagueIds, interval }) answers the panel, which posts here from any page; without JavaScript the page renders it.
 */

function carriedOutcome(value: unknown): DesiredOutcome {
  return (DESIRED_OUTCOMES as readonly unknown[]).includes(value) && gradable(value as DesiredOutcome)
    ? (value as DesiredOutcome)
    : "home";
}

const leagueIdsOf = (values: unknown[]) =>
  values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);

/** The page's URL with a rule set, its outcome and leagues. */
function pageUrl(pathname: string, rules: Rule[], outcome: DesiredOutcome, leagueIds: number[]) {
  const query = new URLSearchParams({ rules: JSON.stringify(rules), outcome });
  if (leagueIds.length > 0) query.set("leagues", leagueIds.join(","));
  return `${pathname}?${query}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const premium = context.access.premium;
  const leagueIds = leagueIdsOf((url.searchParams.get("leagues") ?? "").split(","));
  let rules: Rule[] = [];
  // The rules of the URL, checked as the builder checks them; a set that cannot be read is said, not a 500.
  let rulesError: FormErrors | null = null;
  const raw = url.searchParams.get("rules");
  if (premium && raw !== null) {
    try {
      rules = context.services.liveBacktest.buildRules(JSON.parse(raw), undefined, context.access);
    } catch (error) {
      if (isServiceError(error)) rulesError = { error: error.message, ...(error.params ? { vars: error.params } : {}) };
      else if (error instanceof SyntaxError) rulesError = { error: "liveBacktestBuilder.badRules" };
      else throw error;
    }
  }
  const interval = url.searchParams.get("interval");
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search,
    premium,
    rules,
    rulesError,
    outcome: carriedOutcome(url.searchParams.get("outcome")),
    interval: (LIVE_BACKTEST_INTERVALS as readonly (string | null)[]).includes(interval)
      ? (interval as LiveBacktestInterval)
      : null,
    leagueIds,
    leagues: premium ? await context.services.liveBacktest.leagues() : [],
  };
}

/** A refusal as the panel shows it. */
function refusal(error: unknown) {
  if (!isServiceError(error)) throw error;
  return data<LiveBacktestAnswer>(
    { ok: false, error: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    { status: error.status },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return refusal(error);
  }
  const intent = form.get("intent");
  if (intent === "saveRule" || intent === "removeRule") return editRules(form, intent, url.pathname, context);
  let payload: unknown;
  try {
    payload = form.has("payload")
      ? JSON.parse(String(form.get("payload") ?? ""))
      : {
          rules: JSON.parse(String(form.get("rules") ?? "[]")),
          desiredOutcome: form.get("desiredOutcome"),
          leagueIds: leagueIdsOf(form.getAll("leagueIds")),
          ...(form.has("interval") ? { interval: form.get("interval") } : {}),
        };
  } catch {
    return data<LiveBacktestAnswer>({ ok: false, error: "liveBacktest.badJson" }, { status: 400 });
  }
  // The one input rule, as the API applies it to a JSON body: no NUL in a text, no subnormal number.
  const bad = badInputIn(payload);
  if (bad)
    return data<LiveBacktestAnswer>({ ok: false, error: bad.key, fields: { [bad.path]: bad.key } }, { status: 400 });
  try {
    const result = await context.services.liveBacktest.run((payload ?? {}) as never, context.access, context.user?.id);
    return data<LiveBacktestAnswer>({ ok: true, result });
  } catch (error) {
    return refusal(error);
  }
}

/** Adds the builder's rule to the carried set, or removes one (`index`); then the page with the new set. */
async function editRules(
  form: FormData,
  intent: "saveRule" | "removeRule",
  pathname: string,
  context: Route.ActionArgs["context"],
) {
  let carried: unknown;
  try {
    carried = JSON.parse(String(form.get("rules") ?? "[]"));
  } catch {
    return data<FormErrors>({ error: "liveBacktestBuilder.badRules", fields: {} }, { status: 400 });
  }
  const done = await formAction<Rule[]>(Object.fromEntries(form), async () => {
    const service = context.services.liveBacktest;
    if (intent === "saveRule") return service.buildRules(carried, ruleFromForm(form), context.access);
    const index = Number(form.get("index"));
    return service.buildRules(carried, undefined, context.access).filter((_, i) => i !== index);
  });
  if (!done.ok) return done.failure;
  const outcome = carriedOutcome(form.get("desiredOutcome"));
  const leagues = leagueIdsOf(String(form.get("leagues") ?? "").split(","));
  throw redirect(pageUrl(pathname, done.result, outcome, leagues));
}

/** The panel's backtest answers in place: the page need not reload its leagues afterwards. */
export function shouldRevalidate({
  formMethod,
  formData,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  formData?: FormData;
  defaultShouldRevalidate: boolean;
}) {
  const edit = ["saveRule", "removeRule"].includes(String(formData?.get("intent") ?? ""));
  return formMethod?.toUpperCase() === "POST" && !edit ? false : defaultShouldRevalidate;
}

export const meta = noindexMeta<Awaited<ReturnType<typeof loader>>>(
  (t) => t("liveBacktest.title"),
  (t) => t("liveBacktest.description"),
);

const OUTCOMES = DESIRED_OUTCOMES.filter(gradable);

type ActionData = LiveBacktestAnswer | (FormErrors & { values?: Record<string, string> }) | undefined;

export default function LiveBacktestPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData as ActionData;
  const served = answer && "ok" in answer ? answer : undefined;
  // Posted without JavaScript, the backtest's own outcome and period are those of the answer, not of the URL.
  const [outcome, setOutcome] = useState<DesiredOutcome>(served?.ok ? served.result.desiredOutcome : d.outcome);
  const interval = served?.ok ? served.result.interval : d.interval;
  const builderErrors = answer && !("ok" in answer) ? answer : undefined;
  // What every form of the page carries: the rule set, the outcome, the leagues.
  const carried = (
    <>
      <input type="hidden" name="rules" value={JSON.stringify(d.rules)} />
      <input type="hidden" name="desiredOutcome" value={outcome} />
      <input type="hidden" name="leagues" value={d.leagueIds.join(",")} />
    </>
  );
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
      <PageHeader title={t("liveBacktest.title")} intro={t("liveBacktest.description")} />
      {!d.premium ? (
        <PremiumDenied />
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
            <section className={card} aria-labelledby="builder-rules-heading" data-testid="builder-rules">
              <h2 id="builder-rules-heading" className="mb-1 text-lg font-semibold">
                {t("liveBacktestBuilder.rulesTitle", { count: d.rules.length })}
              </h2>
              <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t("liveBacktestBuilder.rulesHelp")}</p>
              {d.rulesError && (
                <div className="mb-3">
                  <FormAlert message={d.rulesError.error} {...(d.rulesError.vars ? { vars: d.rulesError.vars } : {})} />
                </div>
              )}
              {d.rules.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{t("liveBacktestBuilder.noRules")}</p>
              ) : (
                <RuleList
                  kind="live"
                  rules={d.rules}
                  editable={false}
                  actions={(_rule, index) => (
                    <Form method="post" className="shrink-0">
                      <input type="hidden" name="intent" value="removeRule" />
                      <input type="hidden" name="index" value={index} />
                      {carried}
                      <button
                        type="submit"
                        className="text-xs font-semibold text-red-700 underline dark:text-red-400"
                        aria-label={t("liveBacktestBuilder.removeRule", { number: index + 1 })}
                      >
                        {t("liveBacktestBuilder.remove")}
                      </button>
                    </Form>
                  )}
                />
              )}
              {d.rules.length > 0 && (
                <p className="mt-3">
                  <Link className={linkButton} to={d.pathname}>
                    {t("liveBacktestBuilder.clear")}
                  </Link>
                </p>
              )}
            </section>
            <section className={card} aria-labelledby="builder-add-heading" data-testid="builder-add">
              <h2 id="builder-add-heading" className="mb-1 text-lg font-semibold">
                {t("liveBacktestBuilder.addTitle")}
              </h2>
              <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="help-after-add">
                {t("liveBacktestBuilder.afterAdd")}
              </p>
              <RuleBuilder
                kind="live"
                key={`new-${d.rules.length}`}
                errors={builderErrors}
                submitLabel={t("liveBacktestBuilder.addRule")}
                hidden={{
                  rules: JSON.stringify(d.rules),
                  desiredOutcome: outcome,
                  leagues: d.leagueIds.join(","),
                }}
              />
            </section>
          </div>
          <LiveBacktestPanel
            key={JSON.stringify(d.rules)}
            rules={d.rules}
            desiredOutcome={outcome}
            leagueIds={d.leagueIds}
            leagues={d.leagues}
            blocked={d.rules.length === 0 ? "liveBacktest.errors.needsRule" : null}
            heading={t("liveBacktest.panelTitle")}
            {...(served ? { answer: served } : {})}
            {...(interval ? { interval } : {})}
            action={`${d.pathname}${d.search}`}
            outcomeField={
              <label className="block text-sm font-medium sm:w-64">
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
            }
          />
        </>
      )}
    </main>
  );
}
