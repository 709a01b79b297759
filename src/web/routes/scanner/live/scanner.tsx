import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DESIRED_OUTCOMES } from "../../../../domain/scanner/rules.ts";
import { alertSettingsPath } from "../../../../i18n/routes-alerts.ts";
import { FormAlert, inputClass, primaryButton } from "../../../components/form.tsx";
import { GoPremiumButton } from "../../../components/premium/premium-gate.tsx";
import { LiveFilterCard } from "../../../scanner/live.tsx";
import { useLivePaths } from "../../../scanner/paths.ts";
import { MyFilters, ScannerList, SortSelect, scannerListMeta } from "../../../scanner/scanner-list.tsx";
import { scannerListAction, scannerListBase } from "../../../scanner/scanner-list.server.ts";
import { card, fitSelectClass, linkButton, selectClass } from "../../../scanner/ui.tsx";
import { fromService, isServiceError } from "../../../service-errors.server.ts";
import type { Route } from "./+types/scanner";
import { OutcomeOptions } from "../../../scanner/outcome-options.tsx";

const TABS = ["my-filters", "explore", "suggested"] as const;
const SORTS = ["score", "picks", "successRate", "roi", "meanOdd", "createdAt"] as const;
/** The explore list's settings in the URL (SPEC §3 scanner list state), each a number or empty. */
const NUMBERS = ["minPicks", "minSuccess", "maxSuccess", "minRoi", "minMeanOdd", "minMeanWinningOdd"] as const;

const numberOf = (v: string | null) =>
  v !== null && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;

export async function loader(args: Route.LoaderArgs) {
  const { user, access } = args.context;
  const { url, base } = scannerListBase("live", TABS, user ? "my-filters" : "explore", args);
  const { tab } = base;
  const q = url.searchParams;
  const lf = args.context.services.liveFilters;
  if (tab === "my-filters") {
    if (!user) return { ...base, view: "login" as const };
    return { ...base, view: "mine" as const, ...(await fromService(() => lf.myFilters(user, access))) };
  }
  if (tab === "suggested")
    return { ...base, view: "suggested" as const, items: await fromService(() => lf.suggested(user, access)) };
  const state = {
    search: (q.get("search") ?? "").slice(0, 80),
    desiredOutcome: DESIRED_OUTCOMES.find((o) => o === q.get("desiredOutcome")) ?? "",
    sortBy: SORTS.find((s) => s === q.get("sortBy")) ?? "score",
    sortOrder: q.get("sortOrder") === "asc" ? ("asc" as const) : ("desc" as const),
    ...Object.fromEntries(NUMBERS.map((k) => [k, q.get(k) ?? ""])),
  } as { search: string; desiredOutcome: string; sortBy: (typeof SORTS)[number]; sortOrder: "asc" | "desc" } & Record<
    (typeof NUMBERS)[number],
    string
  >;
  // 40 filters, then 10 more per "load more" (?more=n): fetched in chunks of at most 40.
  const more = Math.min(Math.max(Math.floor(numberOf(q.get("more")) ?? 0), 0), 100);
  const wanted = 40 + more * 10;
  const input = {
    ...(state.search ? { search: state.search } : {}),
    ...(state.desiredOutcome ? { desiredOutcome: state.desiredOutcome } : {}),
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    ...Object.fromEntries(NUMBERS.flatMap((k) => (numberOf(state[k]) === undefined ? [] : [[k, numberOf(state[k])]]))),
  };
  const items: Awaited<ReturnType<typeof lf.explore>>["items"] = [];
  let total = 0;
  let error: string | null = null;
  try {
    while (items.length < wanted) {
      const page = await lf.explore(user, access, {
        ...input,
        offset: items.length,
        limit: Math.min(40, wanted - items.length),
      });
      total = page.total;
      items.push(...page.items);
      if (page.items.length === 0 || items.length >= total) break;
    }
  } catch (e) {
    if (!isServiceError(e)) throw e;
    error = e.message;
  }
  return { ...base, view: "explore" as const, state, items, total, more, error };
}

export const action = (args: Route.ActionArgs) => scannerListAction("live", args);
export const meta = scannerListMeta;

function ImportButton({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={linkButton}>
        {t("prematch.import")}
      </button>
    </Form>
  );
}

export default function LiveScanner({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  const links = (
    <>
      <Link className={linkButton} to={alertSettingsPath(d.locale, "live")}>
        {t("liveScanner.alertSettings")}
      </Link>
      <Link className={linkButton} to={paths.description}>
        {t("liveScanner.howItWorks")}
      </Link>
      <GoPremiumButton premium={d.premium} />
    </>
  );
  return (
    <ScannerList data={d} tabs={TABS} links={links} answer={actionData} login={d.view === "login"}>
      {d.view === "mine" && (
        <MyFilters kind="live" count={d.items.length} limit={d.limit}>
          {d.items.map((item) => (
            <LiveFilterCard key={item.id} filter={item} />
          ))}
        </MyFilters>
      )}
      {d.view === "suggested" && (
        <section aria-labelledby="suggested">
          <h2 id="suggested" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            {t("liveScanner.suggestedHelp")}
          </h2>
          {d.items.length === 0 ? (
            <p className={card}>{t("liveScanner.noSuggested")}</p>
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
              {d.items.map((item) => (
                <LiveFilterCard key={item.id} filter={item}>
                  {d.loggedIn && <ImportButton id={item.id} />}
                </LiveFilterCard>
              ))}
            </div>
          )}
        </section>
      )}

      {d.view === "explore" && (
        <section aria-labelledby="explore">
          <h2 id="explore" className="sr-only">
            {t("liveScanner.tabs.explore")}
          </h2>
          <Form method="get" className={`${card} mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4`}>
            <input type="hidden" name="tab" value="explore" />
            <label className="text-sm sm:col-span-2 lg:col-span-1">
              {t("liveScanner.search")}
              <input type="search" name="search" defaultValue={d.state.search} maxLength={80} className={inputClass} />
            </label>
            <label className="text-sm">
              {t("prematch.desiredOutcome")}
              <select name="desiredOutcome" defaultValue={d.state.desiredOutcome} className={selectClass}>
                <option value="">{t("liveScanner.anyOutcome")}</option>
                <OutcomeOptions outcomes={DESIRED_OUTCOMES} />
              </select>
            </label>
            {/* Side by side while both show their longest choice in full, else one above the other. */}
            <div className="flex flex-wrap gap-2 sm:col-span-2">
              <SortSelect kind="live" sorts={SORTS} value={d.state.sortBy} className="min-w-fit flex-1 text-sm" />
              <label className="min-w-fit flex-1 text-sm">
                {t("liveScanner.sortOrder")}
                <select name="sortOrder" defaultValue={d.state.sortOrder} className={fitSelectClass}>
                  <option value="desc">{t("liveScanner.orders.desc")}</option>
                  <option value="asc">{t("liveScanner.orders.asc")}</option>
                </select>
              </label>
            </div>
            <details className="sm:col-span-2 lg:col-span-4" open={NUMBERS.some((k) => d.state[k] !== "")}>
              <summary className="cursor-pointer text-sm font-medium">{t("liveScanner.figureFilters")}</summary>
              <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {NUMBERS.map((k) => (
                  <label key={k} className="text-sm">
                    {t(`liveScanner.listState.${k}`)}
                    <input
                      name={k}
                      type="number"
                      step="any"
                      inputMode="decimal"
                      defaultValue={d.state[k]}
                      className={inputClass}
                    />
                  </label>
                ))}
              </div>
            </details>
            <div className="flex items-end gap-2 sm:col-span-2">
              <button type="submit" className={primaryButton}>
                {t("prematch.apply")}
              </button>
              <Link className={linkButton} to="?tab=explore">
                {t("liveScanner.reset")}
              </Link>
            </div>
          </Form>
          {d.error && <FormAlert message={d.error} />}
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t("liveScanner.shown", { shown: d.items.length, total: d.total })}
          </p>
          {d.items.length === 0 ? (
            <p className={card}>{t("liveScanner.noExplore")}</p>
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
              {d.items.map((item) => (
                <LiveFilterCard key={item.id} filter={item}>
                  {d.loggedIn && !item.mine && <ImportButton id={item.id} />}
                </LiveFilterCard>
              ))}
            </div>
          )}
          {d.items.length < d.total && (
            <div className="mt-4 text-center">
              <Link
                className={linkButton}
                preventScrollReset
                to={`?${new URLSearchParams({ ...Object.fromEntries(Object.entries(d.state).filter(([, v]) => v !== "")), tab: "explore", more: String(d.more + 1) }).toString()}`}
              >
                {t("liveScanner.loadMore")}
              </Link>
            </div>
          )}
        </section>
      )}
    </ScannerList>
  );
}
