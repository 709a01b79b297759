import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FormAlert } from "../components/form.tsx";
import { SCANNERS } from "./kinds.ts";
import { noindexMeta } from "./meta.ts";
import type { historyLoader } from "./pages.server.ts";
import { useScannerPaths } from "./paths.ts";
import { PicksTable, StreakFigures } from "./tables.tsx";
import { PageHeader, card, linkButton } from "./ui.tsx";

type HistoryData = Awaited<ReturnType<typeof historyLoader>>;
type HistoryAnswer = { cleared: number } | { error: string; vars?: Record<string, string | number> };

export const historyMeta = noindexMeta<HistoryData>((t, page) => `${t("prematch.history")} · ${page.filter.name}`);

/**
 * A filter's picks, for either scanner. The live scanner's page also links the daily Excel of the alerts, asks
 * before clearing the history and says what it cleared.
 */
export function HistoryPage({ data, answer }: { data: HistoryData; answer: HistoryAnswer | undefined }) {
  const { t } = useTranslation();
  const { kind, filter, picks, today, streaks } = data;
  const paths = useScannerPaths(kind);
  const report = SCANNERS[kind].historyReport;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <PageHeader title={`${t("prematch.history")} · ${filter.name}`}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        <Link className={linkButton} to={paths.breakdown(filter.id)}>
          {t("prematch.breakdown")}
        </Link>
        {report && (
          <a className={linkButton} href={`/api/v1/alerts/report?day=${today}`} download>
            {t("liveScanner.downloadReport")}
          </a>
        )}
        {filter.mine && picks.length > 0 && (
          <Form
            method="post"
            onSubmit={(e) => {
              if (SCANNERS[kind].confirmErase && !window.confirm(t("liveScanner.clearConfirm"))) e.preventDefault();
            }}
          >
            <button type="submit" className={linkButton}>
              {t("prematch.clearHistory")}
            </button>
          </Form>
        )}
      </PageHeader>
      {report && answer && "cleared" in answer && (
        <FormAlert tone="success" message="liveScanner.cleared" vars={{ count: answer.cleared }} />
      )}
      {report && answer && "error" in answer && <FormAlert message={answer.error} />}
      {streaks && <StreakFigures streaks={streaks} />}
      <div className={card}>
        <PicksTable picks={picks} canClear={filter.mine} />
      </div>
    </main>
  );
}
