import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { DESIRED_OUTCOMES } from "../../../../domain/scanner/rules.ts";
import { INTERVALS } from "../../../../domain/prematch/backtest.ts";
import { pagePath } from "../../../../i18n/paths.ts";
import { prematchPaths } from "../../../../i18n/routes-prematch.ts";
import { formAction, requireUser } from "../../../auth.server.ts";
import { FormAlert, inputClass, primaryButton } from "../../../components/form.tsx";
import { GoPremiumButton } from "../../../components/premium/premium-gate.tsx";
import { ScrollRegion } from "../../../components/scroll-region.tsx";
import { TabLinks } from "../../../components/tabs.tsx";
import { metaT, pageContext, pageId, queryNumber, seo } from "../../../page-context.ts";
import { fromService } from "../../../service-errors.server.ts";
import { usePrematchPaths } from "../../../scanner/paths.ts";
import { FilterCard, StatusBadge, card, linkButton, selectClass, useFormat } from "../../../scanner/ui.tsx";
import type { Route } from "./+types/scanner";

const TABS = ["users-filters", "my-filters", "prematch-backtesting"] as const;
const SORTS = ["createdAt", "roi", "successRate", "picks"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const tab = TABS.find((t) => t === url.searchParams.get("tab")) ?? "users-filters";
  const { user, access } = context;
  const p = context.services.prematch;
  const loginHref = `${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(`${url.pathname}?tab=${tab}`)}`;
  const base = {
    locale,
    tab,
    origin: url.origin,
    pathname: url.pathname,
    loginHref,
    loggedIn: !!user,
    premium: access.premium,
    addon: access.addonBacktesting,
  };
  if (tab === "users-filters") {
    const outcome = DESIRED_OUTCOMES.find((o) => o === url.searchParams.get("desiredOutcome"));
    const page = queryNumber(url, "page", 1, { min: 1, max: 100_000, whole: true });
    const items = await fromService(() =>
      p.usersFilters(user, access, { ...(outcome ? { desiredOutcome: outcome } : {}), page, perPage: 40 }),
    );
    return { ...base, kind: "users" as const, outcome: outcome ?? "", page, items };
  }
  if (tab === "my-filters") {
    if (!user) return { ...base, kind: "login" as const };
    return { ...base, kind: "mine" as const, ...(await fromService(() => p.myFilters(user, access))) };
  }
  if (!user) return { ...base, kind: "login" as const };
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
  return { ...base, kind: "backtests" as const, mine, users, state };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = Object.fromEntries(await request.formData());
  const id = pageId(String(form.id));
  const done = await formAction(form, () =>
    form.intent === "importBacktest"
      ? context.services.prematch.importFromBacktest(user, context.access, id)
      : context.services.prematch.importFilter(user, context.access, id),
  );
  if (!done.ok) return done.failure;
  throw redirect(prematchPaths(locale).filter(done.result.id));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("prematch.title"),
    description: t("prematch.intro"),
  });
}

export default function Scanner({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  const f = useFormat();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("prematch.title")}</h1>
      <p className="mb-3 text-slate-600 dark:text-slate-400">{t("prematch.intro")}</p>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link className={primaryButton} to={paths.newFilter}>
          {t("prematch.newFilter")}
        </Link>
        <Link className={linkButton} to={paths.newBacktesting()}>
          {t("prematch.newBacktesting")}
        </Link>
        <Link className={linkButton} to={paths.alertSettings}>
          {t("prematch.alertSettings")}
        </Link>
      </div>
      <TabLinks
        tabs={TABS.map((id) => ({ id, label: t(`prematch.tabs.${id}`) }))}
        current={d.tab}
        label={t("prematch.title")}
      />
      {actionData && "error" in actionData && <FormAlert message={actionData.error} />}

      {d.kind === "login" && (
        <p className={card}>
          <Link className="font-semibold underline" to={d.loginHref}>
            {t("prematch.loginToUse")}
          </Link>
        </p>
      )}

      {d.kind === "users" && (
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
                {DESIRED_OUTCOMES.filter((o) => o !== "none" && o !== "all").map((o) => (
                  <option key={o} value={o}>
                    {t(`prematch.outcomes.${o}`)}
                  </option>
                ))}
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

      {d.kind === "mine" && (
        <section aria-labelledby="my-filters">
          <h2 id="my-filters" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            {t("prematch.filterLimit", { count: d.items.length, limit: d.limit })}
          </h2>
          {!d.premium && (
            <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
              {t("prematch.premiumOnly")} <GoPremiumButton premium={false} />
            </div>
          )}
          {d.items.length === 0 ? (
            <p className={card}>{t("prematch.noFilters")}</p>
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
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
            </div>
          )}
        </section>
      )}

      {d.kind === "backtests" && (
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
                    <Link to={paths.backtesting(b.id)} className="font-medium hover:underline">
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
                  <label className="text-sm">
                    {t("prematch.sortBy")}
                    <select name="sortBy" defaultValue={d.state.sortBy} className={selectClass}>
                      {SORTS.map((s) => (
                        <option key={s} value={s}>
                          {t(`prematch.sorts.${s}`)}
                        </option>
                      ))}
                    </select>
                  </label>
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
                            <td className="px-2 py-1.5">
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
    </main>
  );
}
