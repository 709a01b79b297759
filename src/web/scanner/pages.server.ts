import { type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, redirect } from "react-router";
import { pickStreaks } from "../../domain/alerts/streaks.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import type { HistoryPick } from "../../services/scanner/filter-history.ts";
import type { FilterView, LiveFilterView } from "../../services/scanner/filter-views.ts";
import { formAction, requireUser } from "../auth.server.ts";
import { notFound, pageContext, pageId } from "../page-context.ts";
import { fromService } from "../service-errors.server.ts";
import { filterFromForm, ruleFromForm } from "./form-data.ts";
import { SCANNERS } from "./kinds.ts";
import { scannerPaths } from "./paths.ts";

/**
 * The loaders and actions of the pages both scanners have (new filter, rules, rule, history, breakdown), for either
 * kind: the live scanner's filters are `services.liveFilters`, the pre-match scanner's `services.prematch`; both
 * answer the same calls.
 */

/** A loader's and an action's arguments, with the request context of our server. */
export type LoaderArgs = LoaderFunctionArgs<AppLoadContext>;
export type ActionArgs = ActionFunctionArgs<AppLoadContext>;

/** The filter service of a scanner. */
export function filtersOf(context: AppLoadContext, kind: ScannerKind) {
  return kind === "live" ? context.services.liveFilters : context.services.prematch;
}

/** A filter with its scanner, so that a page can tell a live filter (figures, active state) from a pre-match one. */
export type KindFilter = { kind: "live"; filter: LiveFilterView } | { kind: "preMatch"; filter: FilterView };

export async function loadFilter(context: AppLoadContext, kind: ScannerKind, id: number): Promise<KindFilter> {
  const filter = await fromService<KindFilter["filter"]>(() =>
    filtersOf(context, kind).filter(context.user, context.access, id),
  );
  return { kind, filter } as KindFilter;
}

function where(request: Request) {
  const { url, locale } = pageContext(request);
  return { locale, origin: url.origin, pathname: url.pathname };
}

export async function newFilterLoader(kind: ScannerKind, { request, context }: LoaderArgs) {
  const page = where(request);
  const user = requireUser(context, request, page.locale);
  const filters = filtersOf(context, kind);
  return {
    kind,
    ...page,
    leagues: await filters.leagues(),
    // Said before the form is filled in; the action still refuses past the limit.
    limitReached: await filters.creationRefusal(user, context.access),
    premium: context.access.premium,
  };
}

export async function newFilterAction(kind: ScannerKind, { request, context }: ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const done = await formAction<KindFilter["filter"]>(Object.fromEntries(form), () =>
    filtersOf(context, kind).create(user, context.access, filterFromForm(form)),
  );
  if (!done.ok) return done.failure;
  throw redirect(scannerPaths(kind, locale).newRule(done.result.id));
}

/** The rules page and the breakdown page: the filter, and for the breakdown its picks by league. */
export async function rulesLoader(kind: ScannerKind, { request, params, context }: LoaderArgs) {
  const page = where(request);
  requireUser(context, request, page.locale);
  const id = pageId(params.filterId);
  return { ...page, ...(await loadFilter(context, kind, id)) };
}

export async function breakdownLoader(kind: ScannerKind, args: LoaderArgs) {
  const { context } = args;
  const page = await rulesLoader(kind, args);
  const id = page.filter.id;
  const rows = await fromService(() => filtersOf(context, kind).breakdown(context.user, context.access, id));
  const streaks = kind === "live" ? await liveStreaks(context, id) : null;
  return { ...page, rows, streaks };
}

/** What `pickStreaks` counts of a filter's picks: their grade, by kick-off. */
function streaksOf(
  picks: Array<{ grade: HistoryPick["grade"]; match: { kickoff: string } | null; createdAt: string }>,
) {
  return pickStreaks(picks.map((p) => ({ grade: p.grade, kickoff: p.match?.kickoff ?? p.createdAt })));
}

/**
 * A live filter's winning and losing streaks (the pre-match backtest shows its own), counted on the server over
 * its graded picks; for those who may read its history (its owner, premium members), else null.
 */
export async function liveStreaks(context: AppLoadContext, id: number) {
  const picks = await fromService(() => context.services.liveFilters.history(context.user, context.access, id));
  return streaksOf(picks);
}

/** A rule of the owner's filter (`ruleId`), or none for a new rule. */
export async function ruleLoader(kind: ScannerKind, { request, params, context }: LoaderArgs) {
  const page = where(request);
  requireUser(context, request, page.locale);
  const loaded = await loadFilter(context, kind, pageId(params.filterId));
  const rules = loaded.filter.rules;
  if (!loaded.filter.mine || !rules) notFound();
  const rule = params.ruleId ? rules.find((r) => r.id === params.ruleId) : undefined;
  if (params.ruleId && !rule) notFound();
  return { ...page, ...loaded, rule: rule ?? null };
}

/**
 * Adds, changes or removes a rule, then goes on to the next new rule or to the rules page: a live filter after a
 * removal, an edit or "done"; a pre-match filter after a removal or once it has enough rules for a backtest.
 */
export async function ruleAction(kind: ScannerKind, { request, params, context }: ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const form = await request.formData();
  const filters = filtersOf(context, kind);
  const removing = form.get("intent") === "removeRule";
  const done = await formAction<KindFilter["filter"]>(Object.fromEntries(form), async () => {
    if (removing && params.ruleId) return filters.removeRule(user, context.access, id, params.ruleId);
    const rule = ruleFromForm(form);
    return params.ruleId
      ? filters.updateRule(user, context.access, id, params.ruleId, rule)
      : filters.addRule(user, context.access, id, rule);
  });
  if (!done.ok) return done.failure;
  const backtestFrom = SCANNERS[kind].backtestFrom;
  const toRules =
    removing ||
    (backtestFrom === null ? !!params.ruleId || form.get("then") === "done" : done.result.ruleCount >= backtestFrom);
  const paths = scannerPaths(kind, locale);
  throw redirect(toRules ? paths.rules(id) : paths.newRule(id));
}

/** The filter's picks; for a live filter also today in the user's zone, the day of the alerts' daily Excel. */
export async function historyLoader(kind: ScannerKind, { request, params, context }: LoaderArgs) {
  const page = where(request);
  const user = requireUser(context, request, page.locale);
  const id = pageId(params.filterId);
  const loaded = await loadFilter(context, kind, id);
  const picks = await fromService(() => filtersOf(context, kind).history(context.user, context.access, id));
  const today = SCANNERS[kind].historyReport
    ? new Intl.DateTimeFormat("en-CA", {
        timeZone: user.timezone ?? "UTC",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(context.services.clock.now())
    : null;
  // The live filter's streaks (the pre-match backtest shows its own), counted on the server over the graded picks.
  const streaks = kind === "live" ? streaksOf(picks) : null;
  return { ...page, ...loaded, picks, today, streaks };
}

export async function historyAction(kind: ScannerKind, { request, params, context }: ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const pickId = form.get("pickId");
  const filterId = pageId(params.filterId);
  // A pick that names nothing is a 404, never "every pick" (clearing the whole history).
  const pick = pickId ? pageId(String(pickId)) : null;
  const done = await formAction<number | { cleared: number }>(Object.fromEntries(form), () =>
    filtersOf(context, kind).clearHistory(user, filterId, pick),
  );
  if (!done.ok) return done.failure;
  return typeof done.result === "number" ? { cleared: done.result } : done.result;
}
