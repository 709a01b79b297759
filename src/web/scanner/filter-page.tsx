import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FormAlert } from "../components/form.tsx";
import { ScrollRegion } from "../components/scroll-region.tsx";
import type { filterLoader } from "./filter.server.ts";
import { BacktestLink } from "./filter-pages.tsx";
import { LiveFilterFigures, LiveFilterSwitches, LiveFilterWatch, LiveRulesHidden } from "./filter-page-live.tsx";
import { FilterFields } from "./filter-fields.tsx";
import type { FormErrors } from "./form-fields.tsx";
import { SCANNERS } from "./kinds.ts";
import { InactiveNotice } from "./live.tsx";
import { noindexMeta } from "./meta.ts";
import { useScannerPaths } from "./paths.ts";
import { RuleList } from "./rule-list.tsx";
import { MatchRow } from "./tables.tsx";
import { PageHeader, card, linkButton, useFormat } from "./ui.tsx";
import { formatOdds } from "../../domain/odds-format.ts";
import { LOCALE_TAGS } from "../../i18n/locales.ts";
import { outcomeKey } from "../../i18n/outcome-label.ts";
import { GoPremiumLink } from "../components/premium/premium-gate.tsx";
import { usePreferences } from "../preferences.tsx";

export type FilterData = Awaited<ReturnType<typeof filterLoader>>;
type FilterAnswer = { saved: boolean } | (FormErrors & { vars?: Record<string, string | number> });

export const filterMeta = noindexMeta<FilterData>(
  (t, page) => `${page.filter.name} · ${t(`${SCANNERS[page.kind].words}.title`)}`,
);

/**
 * A filter's page, for either scanner: its rules, its matches and, for its owner, the form that edits it. A live
 * filter also shows its figures, its switches (active, muted) and a backtest of its rules as they stand.
 */
export function FilterPage({ data: d, answer }: { data: FilterData; answer: FilterAnswer | undefined }) {
  const filter = d.filter;
  const errors = answer && "error" in answer ? answer : undefined;
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      <FilterHeader data={d} />
      {d.kind === "live" && d.imported && <FormAlert tone="success" message="prematch.imported" />}
      {d.kind === "live" && <InactiveNotice filter={d.filter} />}
      {answer && "saved" in answer && <FormAlert tone="success" message="prematch.saved" />}
      {errors && (d.kind === "live" || !filter.mine) && (
        <FormAlert message={errors.error} {...(d.kind === "live" ? { vars: errors.vars } : {})} />
      )}
      {d.kind === "live" && <LiveFilterFigures filter={d.filter} />}
      <FilterRules data={d} />
      {d.kind === "live" ? <LiveFilterWatch data={d} /> : <UpcomingMatches data={d} />}
      {filter.mine && <EditFilter data={d} errors={errors} />}
    </main>
  );
}

function FilterHeader({ data: d }: { data: FilterData }) {
  const { t } = useTranslation();
  const paths = useScannerPaths(d.kind);
  const { words, othersTab } = SCANNERS[d.kind];
  const filter = d.filter;
  // A live filter's rules are shown to those who may see them, its history to its owner and premium members.
  const rulesLink = d.kind === "live" ? !!filter.rules : filter.mine;
  const historyLinks = d.kind === "live" ? filter.mine || d.premium : filter.mine;
  return (
    <PageHeader title={filter.name} intro={filter.note || undefined}>
      <Link className={linkButton} to={paths.scanner(filter.mine ? "my-filters" : othersTab)}>
        ← {t(`${words}.title`)}
      </Link>
      {rulesLink && (
        <Link className={linkButton} to={paths.rules(filter.id)}>
          {t("prematch.rules")}
        </Link>
      )}
      {historyLinks && (
        <>
          <Link className={linkButton} to={paths.history(filter.id)}>
            {t("prematch.history")}
          </Link>
          <Link className={linkButton} to={paths.breakdown(filter.id)}>
            {t("prematch.breakdown")}
          </Link>
        </>
      )}
      {d.kind === "preMatch" && filter.mine && <BacktestLink filterId={filter.id} />}
    </PageHeader>
  );
}

function FilterRules({ data: d }: { data: FilterData }) {
  const { t } = useTranslation();
  const paths = useScannerPaths(d.kind);
  const filter = d.filter;
  return (
    <section className={card} aria-labelledby="rules-heading">
      <h2 id="rules-heading" className="mb-2 text-lg font-semibold">
        {t("prematch.rules")}{" "}
        {d.kind === "live" ? `(${filter.ruleCount})` : `· ${t(...outcomeKey(filter.desiredOutcome))}`}
      </h2>
      {filter.rules ? (
        <RuleList kind={d.kind} rules={filter.rules} filterId={filter.id} editable={filter.mine} />
      ) : d.kind === "live" ? (
        <LiveRulesHidden premium={d.premium} />
      ) : (
        <p className="text-sm">{t("prematch.rulesHidden")}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {filter.mine && (
          <Link className={linkButton} to={paths.newRule(filter.id)}>
            + {t("prematch.newRule")}
          </Link>
        )}
        {d.loggedIn && (
          <Form method="post" className="flex flex-wrap gap-2">
            {filter.mine ? (
              <>
                {d.kind === "live" && <LiveFilterSwitches filter={d.filter} />}
                <button type="submit" name="intent" value="duplicate" className={linkButton}>
                  {t("prematch.duplicate")}
                </button>
              </>
            ) : (
              <button type="submit" name="intent" value="import" className={linkButton}>
                {t("prematch.import")}
              </button>
            )}
          </Form>
        )}
      </div>
      {d.kind === "live" && d.filter.mine && (
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {t(d.filter.active ? "liveScanner.active" : "liveScanner.inactive")}
          {d.filter.muted ? ` · ${t("liveScanner.muted")}` : ""}
        </p>
      )}
    </section>
  );
}

/**
 * The upcoming matches the filter picks now, with the opening price of its outcome published by now (a dash before
 * publication), each a link to its match page; for others than its owner and premium members, that they are premium.
 */
function UpcomingMatches({ data: d }: { data: Extract<FilterData, { kind: "preMatch" }> }) {
  const { t } = useTranslation();
  const { locale, oddsFormat } = usePreferences();
  const outcome = t(...outcomeKey(d.filter.desiredOutcome));
  const matches = d.upcoming;
  return (
    <section className={card} aria-labelledby="upcoming-heading" data-testid="upcoming-matches">
      <h2 id="upcoming-heading" className="mb-2 text-lg font-semibold">
        {t("prematch.upcoming")}
      </h2>
      {d.upcomingForPremium ? (
        <div className="space-y-2 text-sm" data-testid="upcoming-premium">
          <p>{t("resultsUx.upcoming.premium")}</p>
          <GoPremiumLink />
        </div>
      ) : matches.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("prematch.noUpcoming")}</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
            {t("resultsUx.upcoming.oddsNote", { outcome })}
          </p>
          <ScrollRegion label={t("prematch.upcoming")} className="relative">
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th className="px-2 py-1">{t("prematch.kickoff")}</th>
                  <th className="px-2 py-1">{t("prematch.match")}</th>
                  <th className="px-2 py-1 text-right">{t("prematch.odds")}</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((m) => (
                  <tr key={m.fixtureId} className="border-t border-slate-100 dark:border-slate-800">
                    <MatchRow match={m} />
                    <td className="px-2 py-1.5 text-right tabular-nums" data-testid="upcoming-odds">
                      {m.odds === null ? (
                        <span title={t("resultsUx.upcoming.noOdds")}>–</span>
                      ) : (
                        formatOdds(m.odds, oddsFormat, LOCALE_TAGS[locale])
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}

/** The owner's form: the filter's fields (a live filter with picks asks first: a change erases them), delete. */
function EditFilter({ data: d, errors }: { data: FilterData; errors: FormErrors | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  const filter = d.filter;
  const erases = SCANNERS[d.kind].confirmErase && d.kind === "live" && d.filter.figures.picks > 0;
  return (
    <section className={card} aria-labelledby="edit-heading">
      <h2 id="edit-heading" className="mb-2 text-lg font-semibold">
        {t("prematch.edit")}
      </h2>
      <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        {t("prematch.editWarning")}
      </p>
      <FilterFields
        kind={d.kind}
        filter={filter}
        leagues={d.leagues}
        errors={errors}
        submitLabel={t("prematch.save")}
        {...(erases ? { confirm: t("liveScanner.editConfirm") } : {})}
      />
      <Form
        method="post"
        className="mt-4"
        onSubmit={(e) => {
          if (!window.confirm(t("prematch.deleteConfirm"))) e.preventDefault();
        }}
      >
        <button
          type="submit"
          name="intent"
          value="delete"
          className="text-sm font-semibold text-red-700 underline dark:text-red-400"
        >
          {t("prematch.delete")}
        </button>
      </Form>
      {d.kind === "preMatch" && <p className="mt-2 text-xs text-slate-500">{f.dateTime(filter.createdAt)}</p>}
    </section>
  );
}
