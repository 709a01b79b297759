import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Figures } from "../../../../domain/prematch/backtest.ts";
import { ScrollRegion } from "../../../components/scroll-region.tsx";
import { pageContext, pageId } from "../../../page-context.ts";
import { noindexMeta } from "../../../scanner/meta.ts";
import { fromService } from "../../../service-errors.server.ts";
import { requireUser } from "../../../auth.server.ts";
import { usePrematchPaths } from "../../../scanner/paths.ts";
import { RuleList } from "../../../scanner/rule-list.tsx";
import { FigureList, PageHeader, StatusBadge, card, linkButton, useFormat } from "../../../scanner/ui.tsx";
import { DataGaps, EquityAxes } from "../../../scanner/backtest-figures.tsx";
import type { Route } from "./+types/backtest";
import { leagueName } from "../../../../i18n/country-name.ts";
import { outcomeKey } from "../../../../i18n/outcome-label.ts";
import { EdgeFigures } from "../../../scanner/edge-figures.tsx";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.backtestId);
  const backtest = await fromService(() => context.services.prematch.backtest(context.user, context.access, id));
  return { locale, origin: url.origin, pathname: url.pathname, backtest };
}

export const meta = noindexMeta<Awaited<ReturnType<typeof loader>>>(
  (t, page) => `${t("prematch.backtest")} · ${page.backtest.filter.name}`,
);

function useFigureRows() {
  const { t } = useTranslation();
  const f = useFormat();
  return {
    summary: (x: Figures): Array<[string, React.ReactNode]> => [
      [t("prematch.figures.analysed"), f.int(x.analysed)],
      [t("prematch.figures.picks"), f.int(x.picks)],
      [t("prematch.figures.ratio"), f.pct(x.ratio)],
      [t("prematch.figures.successRate"), f.pct(x.successRate)],
      [t("prematch.figures.meanOdd"), f.num(x.meanOdd)],
      [t("prematch.figures.meanWinningOdd"), f.num(x.meanWinningOdd)],
    ],
    profit: (x: Figures): Array<[string, React.ReactNode]> => [
      [t("prematch.figures.stake"), f.num(x.profit.stake)],
      [t("prematch.figures.played"), f.num(x.profit.played)],
      [t("prematch.figures.winnings"), f.num(x.profit.winnings)],
      [t("prematch.figures.winningPicks"), f.int(x.profit.winningPicks)],
      [t("prematch.figures.losingPicks"), f.int(x.profit.losingPicks)],
      [t("prematch.figures.voidPicks"), f.int(x.profit.voidPicks)],
      [t("prematch.figures.picksWithOdds"), f.int(x.profit.picksWithOdds)],
      [t("prematch.figures.net"), f.num(x.profit.net)],
      [t("prematch.figures.roi"), f.pct(x.profit.roi)],
      [t("prematch.figures.clv"), f.pct2(x.closingLineValue)],
    ],
    streaks: (x: Figures): Array<[string, React.ReactNode]> => [
      [t("prematch.figures.maxWinning"), f.int(x.streaks.maxWinning)],
      [t("prematch.figures.maxLosing"), f.int(x.streaks.maxLosing)],
      [t("prematch.figures.meanWinning"), f.num(x.streaks.meanWinning)],
      [t("prematch.figures.meanLosing"), f.num(x.streaks.meanLosing)],
      [t("prematch.figures.volatility"), f.num(x.streaks.volatility)],
    ],
  };
}

export default function Backtest({ loaderData: { backtest: b } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  const f = useFormat();
  const rows = useFigureRows();
  const r = b.result;
  return (
    <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-6">
      <PageHeader
        title={`${t("prematch.backtest")} · ${b.filter.name}`}
        intro={`${t(`prematch.intervals.${b.interval}`)}: ${f.date(b.from)} – ${f.date(b.to)} · ${t(...outcomeKey(b.filter.desiredOutcome))}`}
      >
        <Link className={linkButton} to={paths.scanner("prematch-backtesting")}>
          ← {t("prematch.tabs.prematch-backtesting")}
        </Link>
        {b.filterId && b.mine && (
          <Link className={linkButton} to={paths.filter(b.filterId)}>
            {t("prematch.filter")}
          </Link>
        )}
        {b.hasExcel && (
          <a className={linkButton} href={`/api/v1/prematch/backtests/${b.id}/excel`} download>
            {t("prematch.downloadExcel")}
          </a>
        )}
      </PageHeader>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge backtest={b} />
        {r && <span className="text-slate-500">{t("prematch.scanTime", { ms: f.num(r.scanMs) })}</span>}
        {(b.status === "Todo" || b.status === "OnGoing") && (
          <Form method="get">
            <button type="submit" className="underline">
              {t("prematch.refresh")}
            </button>
          </Form>
        )}
      </p>
      {b.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {b.error}
        </p>
      )}
      {b.filter.rules && (
        <section className={card} aria-labelledby="bt-rules">
          <h2 id="bt-rules" className="mb-2 text-lg font-semibold">
            {t("prematch.rules")}
          </h2>
          <RuleList kind="preMatch" rules={b.filter.rules} filterId={b.filterId ?? 0} editable={false} />
        </section>
      )}
      {r && (
        <>
          <section className={card} aria-labelledby="bt-summary">
            <h2 id="bt-summary" className="mb-2 text-lg font-semibold">
              {t("prematch.figures.picks")}
            </h2>
            <FigureList rows={rows.summary(r.figures)} />
            <EdgeFigures fig={r.figures} />
            {r.dataGaps.length > 0 && (
              <div className="mt-3">
                <DataGaps gaps={r.dataGaps} kind="preMatch" />
              </div>
            )}
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <section className={card} aria-labelledby="bt-profit">
              <h2 id="bt-profit" className="mb-2 text-lg font-semibold">
                {t("prematch.profit")}
              </h2>
              <FigureList rows={rows.profit(r.figures)} />
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                {t("prematch.figures.clvHelp", { count: r.figures.clvPicks })}
              </p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t("resultsUx.oddsNote", { stake: f.num(b.stake) })}
              </p>
            </section>
            <section className={card} aria-labelledby="bt-streaks">
              <h2 id="bt-streaks" className="mb-2 text-lg font-semibold">
                {t("prematch.streaks")}
              </h2>
              <FigureList rows={rows.streaks(r.figures)} />
            </section>
          </div>
          <section className={card} aria-labelledby="bt-equity">
            <h2 id="bt-equity" className="mb-2 text-lg font-semibold">
              {t("prematch.equity")}
            </h2>
            <EquityAxes
              values={r.equity.map((p) => p[1])}
              dates={r.equityDates}
              caption={t("resultsUx.equity.stake", { stake: f.num(b.stake) })}
            />
          </section>
          <section className={card} aria-labelledby="bt-oos">
            <h2 id="bt-oos" className="mb-1 text-lg font-semibold">
              {t("prematch.outOfSample")}
            </h2>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("prematch.outOfSampleIntro")}</p>
            <p
              role={r.outOfSample.warning ? "alert" : "status"}
              className={`mb-3 rounded-md p-2 text-sm ${r.outOfSample.warning ? "bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100" : "bg-pitch-50 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50"}`}
            >
              {t(r.outOfSample.warning ? "prematch.oosWarning" : "prematch.oosOk")}
            </p>
            <ScrollRegion label={t("prematch.outOfSample")}>
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th className="px-2 py-1" />
                    <th className="px-2 py-1 text-right">{t("prematch.figures.picks")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.successRate")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.roi")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.clv")}</th>
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      ["firstPart", r.outOfSample.first],
                      ["lastPart", r.outOfSample.last],
                    ] as const
                  ).map(([label, x]) => (
                    <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
                      <th scope="row" className="px-2 py-1.5 text-left font-medium">
                        {t(`prematch.${label}`)}
                      </th>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.int(x.picks)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(x.successRate)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(x.profit.roi)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.pct2(x.closingLineValue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
          <section className={card} aria-labelledby="bt-leagues">
            <h2 id="bt-leagues" className="mb-2 text-lg font-semibold">
              {t("prematch.breakdown")}
            </h2>
            <ScrollRegion label={t("prematch.breakdown")}>
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                  <tr>
                    <th className="px-2 py-1">{t("prematch.league")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.analysed")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.picks")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.successRate")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.net")}</th>
                    <th className="px-2 py-1 text-right">{t("prematch.figures.roi")}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.leagues.map((l) => (
                    <tr key={l.leagueId} className="border-t border-slate-100 dark:border-slate-800">
                      <th scope="row" className="px-2 py-1.5 text-left font-medium">
                        {leagueName(t, l)}
                      </th>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.int(l.analysed)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.int(l.picks)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(l.successRate)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.num(l.profit.net)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{f.pct(l.profit.roi)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
        </>
      )}
    </main>
  );
}
