import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { breakdownLoader, newFilterLoader, rulesLoader } from "./pages.server.ts";
import { GoPremiumLink } from "../components/premium/premium-gate.tsx";
import { FilterFields } from "./filter-fields.tsx";
import type { FormErrors } from "./form-fields.tsx";
import { SCANNERS } from "./kinds.ts";
import { InactiveNotice } from "./live.tsx";
import { noindexMeta } from "./meta.ts";
import { usePrematchPaths, useScannerPaths } from "./paths.ts";
import { RuleList } from "./rule-list.tsx";
import { BreakdownPage } from "./tables.tsx";
import { PageHeader, card, linkButton } from "./ui.tsx";

/** The new-filter, rules and breakdown pages of either scanner (the loaders are in `pages.server.ts`). */

type NewFilterData = Awaited<ReturnType<typeof newFilterLoader>>;
type RulesData = Awaited<ReturnType<typeof rulesLoader>>;
type BreakdownData = Awaited<ReturnType<typeof breakdownLoader>>;

export const newFilterMeta = noindexMeta<NewFilterData>((t, page) => t(`${SCANNERS[page.kind].words}.newFilter`));

export function NewFilterPage({ data: d, errors }: { data: NewFilterData; errors: FormErrors | undefined }) {
  const { t } = useTranslation();
  const paths = useScannerPaths(d.kind);
  const { words, newFilterIntro } = SCANNERS[d.kind];
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={t(`${words}.newFilter`)} intro={t(newFilterIntro)}>
        {d.kind === "live" && (
          <Link className={linkButton} to={paths.scanner("my-filters")}>
            ← {t("liveScanner.title")}
          </Link>
        )}
      </PageHeader>
      {d.limitReached && (
        <div
          role="status"
          data-testid="filter-limit"
          className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{t(d.limitReached)}</p>
          {!d.premium && (
            <p className="mt-2">
              <GoPremiumLink />
            </p>
          )}
        </div>
      )}
      <div className={card}>
        <FilterFields kind={d.kind} leagues={d.leagues} errors={errors} submitLabel={t("prematch.create")} />
      </div>
    </main>
  );
}

export const rulesMeta = noindexMeta<RulesData>((t, page) => `${t("prematch.rules")} · ${page.filter.name}`);

export function RulesPage({ data }: { data: RulesData }) {
  const { t } = useTranslation();
  const paths = useScannerPaths(data.kind);
  const traits = SCANNERS[data.kind];
  const filter = data.filter;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-6">
      <PageHeader title={`${t("prematch.rules")} · ${filter.name}`} intro={t(traits.rulesIntro)}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        {filter.mine && (
          <Link className={linkButton} to={paths.newRule(filter.id)}>
            + {t("prematch.newRule")}
          </Link>
        )}
        {filter.mine && traits.backtestFrom !== null && filter.ruleCount >= traits.backtestFrom && (
          <BacktestLink filterId={filter.id} />
        )}
      </PageHeader>
      {data.kind === "live" && <InactiveNotice filter={data.filter} />}
      <div className={traits.inactiveNotice ? `${card} mt-4` : card}>
        {filter.rules ? (
          <RuleList kind={data.kind} rules={filter.rules} filterId={filter.id} editable={filter.mine} />
        ) : (
          <p>{t("prematch.rulesHidden")}</p>
        )}
      </div>
    </main>
  );
}

/** The link to a new backtest of a pre-match filter. */
export function BacktestLink({ filterId }: { filterId: number }) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  return (
    <Link className={linkButton} to={paths.newBacktesting(filterId)}>
      {t("prematch.backtest")}
    </Link>
  );
}

export const breakdownMeta = noindexMeta<BreakdownData>(
  (t, page) => `${t("prematch.breakdown")} · ${page.filter.name}`,
);

/** The filter's alerts by league: picks, won, success rate and ROI at a unit stake. */
export function FilterBreakdownPage({ data: { kind, filter, rows, streaks } }: { data: BreakdownData }) {
  const paths = useScannerPaths(kind);
  return (
    <BreakdownPage
      name={filter.name}
      rows={rows}
      streaks={streaks}
      filterHref={paths.filter(filter.id)}
      historyHref={paths.history(filter.id)}
    />
  );
}
