import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { PREMATCH_OUTCOMES } from "../../../../domain/scanner/rules.ts";
import { INTERVALS } from "../../../../domain/prematch/backtest.ts";
import { inputClass } from "../../../components/form.tsx";
import { GoPremiumButton } from "../../../components/premium/premium-gate.tsx";
import { ScrollRegion } from "../../../components/scroll-region.tsx";
import { queryNumber } from "../../../page-context.ts";
import { MyFilters, ScannerList, SortSelect, scannerListMeta } from "../../../scanner/scanner-list.tsx";
import { scannerListAction, scannerListBase } from "../../../scanner/scanner-list.server.ts";
import { fromService } from "../../../service-errors.server.ts";
import { usePrematchPaths } from "../../../scanner/paths.ts";
import { FilterCard, StatusBadge, card, linkButton, selectClass, useFormat } from "../../../scanner/ui.tsx";
import type { Route } from "./+types/scanner";
import { OutcomeOptions } from "../../../scanner/outcome-options.tsx";

const TABS = ["users-filters", "my-filters", "prematch-backtesting"] as const;
const SORTS = ["createdAt", "roi", "successRate", "picks"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { user, access } = args.context;
  const { url, base: list } = scannerListBase("preMatch", TABS, "users-filters", args);
  const { tab } = list;
  const p = args.context.services.prematch;
  const base = { ...list, addon: access.addonBacktesting };
  if (tab === "users-filters") {
    const outcome = PREMATCH_OUTCOMES.find((o) => o === url.searchParams.get("desiredOutcome"));
    const page = queryNumber(url, "page", 1, { min: 1, max: 100_000, whole: true });
    const items = await fromService(() =>
      p.usersFilters(user, access, { ...(outcome ? { desiredOutcome: outcome } : {}), page, perPage: 40 }),
    );
    return { ...base, view: "users" as const, outcome: outcome ?? "", page, items };
  }
  if (tab === "my-filters") {
    if (!user) return { ...base, view: "login" as const };
    return { ...base, view: "mine" as const, ...(await fromService(() => p.myFilters(user, access))) };
  }
  if (!user) return { ...base, view: "login" as const };
  const state = {
    interval: INTERVALS.find((i) => i === url.searchParams.get("interval")) ?? "ThreeMonths",
    minPicks: queryNumber(url, "minTotalPicks", 0, { min: 0, max: 1_000_000, whole: true }),
    minSuccess: queryNumber(url, "minSuccessPercentage", 0, { min: 0, max: 100 }),
    maxSuccess: queryNumber(url, "maxSuccessPercentage", 100, { min: 0, max: 100 }),
    minRoi: url.searchParams.get("minCalculatedRoi")
      ? queryNumber(url, "minCalculatedRoi", 0, { min: -100, max: 1_000_000 })
      : null,
    minMeanWinningOdd: url.searchParams.get("minAvgWinningOddValue")
      ? queryNumber(url, "minAvgWinningOddValue", 0, { min: 0, max: 10_000 })
      : null,
    minLeagues: queryNumber(url, "minNumberOfLeagues", 25, { min: 0, max: 1000, whole: true }),
    sortBy: SORTS.find((s) => s === url.searchParams.get("sortBy")) ?? "createdAt",
    sortOrder: url.searchParams.get("sortOrder") === "asc" ? ("asc" as const) : ("desc" as const),
  };
  const mine = await fromService(() => p.myBacktests(user, access));
  const users = access.premium
    ? await fromService(() => p.usersBacktests(user, access, { ...state, page: 1, perPage: 10 }))
    : null;
  return { ...base, view: "backtests" as const, mine, users, state };
}

export const action = (args: Route.ActionArgs) => scannerListAction("preMatch", args);
export const meta = scannerListMeta;

export default function Scanner({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  const f = useFormat();
  const links = (
    <>
      <Link className={linkButton} to={paths.newBacktesting()}>
        {t("prematch.newBacktesting")}
      </Link>
      <Link className={linkButton} to={paths.alertSettings}>
        {t("prematch.alertSettings")}
      </Link>
    </>
  );
  return (
    <ScannerList data={d} tabs={TABS} links={links} answer={actionData} login={d.view === "login"}>
      {d.view === "users" && (
        <section aria-labelledby="users-filters">
          <h2 id="users-filters" className="sr-only">
            {t("prematch.tabs.users-filters")}
          </h2>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
            <input type="hidden" name="tab" value="users-filters" />
            <label className="text-sm">
              {t("prematch.desiredOutcome")}
              <select name="desiredOutcome" defaultValue={d.outcome} className={selectClass}>
                <option value="">{t("prematch.outcomes.all")}</option>
                <OutcomeOptions outcomes={PREMATCH_OUTCOMES.filter((o) => o !== "none" && o !== "all")} />
              </select>
            </label>
            <button type="submit" className={linkButton}>
              {t("prematch.apply")}
            </button>
          </Form>
          {d.items.length === 0 ? (
            <p className={card}>{t("prematch.noUsersFilters")}</p>
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
              {d.items.map((item) => (
                <FilterCard kind="preMatch" key={item.id} filter={item}>
                  <p className="text-sm tabular-nums">
                    {t("prematch.figures.picks")}: {f.int(item.figures.picks)} · {t("prematch.figures.successRate")}:{" "}
                    {f.pct(item.figures.successRate)} · {t("prematch.figures.roi")}: {f.pct(item.figures.roi)}
                  </p>
                  {d.loggedIn && (
                    <Form method="post">
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" name="intent" value="import" className={linkButton}>
                        {t("prematch.import")}
                      </button>
                    </Form>
                  )}
                </FilterCard>
              ))}
            </div>
          )}
        </section>
      )}

      {d.view === "mine" && (
        <MyFilters
          kind="preMatch"
          count={d.items.length}
          limit={d.limit}
          note={
            !d.premium && (
              <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
                {t("prematch.premiumOnly")} <GoPremiumButton premium={false} />
              </div>
            )
          }
        >
          {d.items.map((item) => (
            <FilterCard kind="preMatch" key={item.id} filter={item}>
              <div className="flex flex-wrap gap-2">
                <Link className={linkButton} to={paths.rules(item.id)}>
                  {t("prematch.rules")}
                </Link>
                <Link className={linkButton} to={paths.history(item.id)}>
                  {t("prematch.history")}
                </Link>
                <Link className={linkButton} to={paths.newBacktesting(item.id)}>
                  {t("prematch.backtest")}
                </Link>
              </div>
            </FilterCard>
          ))}
        </MyFilters>
      )}

      {d.view === "backtests" && (
        <div className="space-y-6">
          <section aria-labelledby="my-backtests" className={card}>
            <h2 id="my-backtests" className="mb-2 text-lg font-semibold">
              {t("prematch.myBacktests")}
            </h2>
            {d.mine.length === 0 ? (
              <p className="text-sm">{t("prematch.noBacktests")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {d.mine.map((b) => (
                  <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link to={paths.backtesting(b.id)} className="min-w-0 font-medium wrap-anywhere hover:underline">
                      {b.filter.name} · {t(`prematch.intervals.${b.interval}`)}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2 tabular-nums">
                      <StatusBadge backtest={b} />
                      {t("prematch.figures.picks")} {f.int(b.summary.picks)} · ROI {f.pct(b.summary.roi)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="users-backtests" className={card}>
            <h2 id="users-backtests" className="mb-2 text-lg font-semibold">
              {t("prematch.usersBacktests")}
            </h2>
            {!d.users ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                {t("prematch.premiumOnly")} <GoPremiumButton premium={false} />
              </div>
            ) : (
              <>
                {!d.addon && (
                  <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("prematch.usersBacktestsAddon")}</p>
                )}
                <Form method="get" className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <input type="hidden" name="tab" value="prematch-backtesting" />
                  <label className="text-sm">
                    {t("prematch.interval")}
                    <select name="interval" defaultValue={d.state.interval} className={selectClass}>
                      {INTERVALS.filter((i) => i !== "Custom").map((i) => (
                        <option key={i} value={i}>
                          {t(`prematch.intervals.${i}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  {(
                    [
                      ["minTotalPicks", "minPicks", d.state.minPicks],
                      ["minSuccessPercentage", "minSuccess", d.state.minSuccess],
                      ["maxSuccessPercentage", "maxSuccess", d.state.maxSuccess],
                      ["minCalculatedRoi", "minRoi", d.state.minRoi ?? ""],
                      ["minAvgWinningOddValue", "minWinningOdd", d.state.minMeanWinningOdd ?? ""],
                      ["minNumberOfLeagues", "minLeagues", d.state.minLeagues],
                    ] as const
                  ).map(([name, label, value]) => (
                    <label key={name} className="text-sm">
                      {t(`prematch.${label}`)}
                      <input name={name} type="number" step="any" defaultValue={value} className={inputClass} />
                    </label>
                  ))}
                  <SortSelect kind="preMatch" sorts={SORTS} value={d.state.sortBy} />
                  <div className="flex items-end">
                    <button type="submit" className={linkButton}>
                      {t("prematch.apply")}
                    </button>
                  </div>
                </Form>
                {d.users.items.length === 0 ? (
                  <p className="text-sm">{t("prematch.noBacktests")}</p>
                ) : (
                  <ScrollRegion label={t("prematch.usersBacktests")}>
                    <table className="w-full text-sm">
                      <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                        <tr>
                          <th className="px-2 py-1">{t("prematch.filter")}</th>
                          <th className="px-2 py-1 text-right">{t("prematch.figures.picks")}</th>
                          <th className="px-2 py-1 text-right">{t("prematch.figures.successRate")}</th>
                          <th className="px-2 py-1 text-right">ROI</th>
                          <th className="px-2 py-1 text-right">{t("prematch.figures.leagues")}</th>
                          <th className="px-2 py-1">
                            <span className="sr-only">{t("prematch.view")}</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.users.items.map((b) => (
                          <tr key={b.id} className="border-t border-slate-100 dark:border-slate-800">
                            <td className="px-2 py-1.5 wrap-anywhere">
                              <Link to={paths.backtesting(b.id)} className="font-medium hover:underline">
                                {b.filter.name}
                              </Link>
                              <span className="block text-xs text-slate-500">
                                {t("prematch.owner", { name: b.owner })}
                              </span>
                            </td>
                            <td className="px-2 py-1.5 text-right tabular-nums">{f.int(b.summary.picks)}</td>
                            <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(b.summary.successRate)}</td>
                            <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(b.summary.roi)}</td>
                            <td className="px-2 py-1.5 text-right tabular-nums">{f.int(b.summary.leagues)}</td>
                            <td className="px-2 py-1.5">
                              {d.addon && !b.mine && (
                                <Form method="post">
                                  <input type="hidden" name="id" value={b.id} />
                                  <button type="submit" name="intent" value="importBacktest" className={linkButton}>
                                    {t("prematch.import")}
                                  </button>
                                </Form>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollRegion>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </ScannerList>
  );
}
