import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import type { Locale } from "../../i18n/locales.ts";
import { FormAlert, primaryButton } from "../components/form.tsx";
import { TabLinks } from "../components/tabs.tsx";
import { metaT, seo } from "../page-context.ts";
import { SCANNERS } from "./kinds.ts";
import { useScannerPaths } from "./paths.ts";
import { card, fitSelectClass } from "./ui.tsx";

/** The list page of either scanner: its heading, links, tabs, and the tab's content (given by the route). */

interface ListData {
  kind: ScannerKind;
  locale: Locale;
  origin: string;
  pathname: string;
  tab: string;
  loginHref: string;
}

export function scannerListMeta({
  data: page,
  matches,
}: {
  data: ListData | undefined;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  const { words } = SCANNERS[page.kind];
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t(`${words}.title`),
    description: t(`${words}.intro`),
  });
}

export function ScannerList({
  data: d,
  tabs,
  links,
  answer,
  login,
  children,
}: {
  data: ListData;
  tabs: readonly string[];
  /** the links beside "new filter" */
  links: React.ReactNode;
  answer: { error: string } | object | undefined;
  /** the tab asks the visitor to log in */
  login: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const paths = useScannerPaths(d.kind);
  const { words } = SCANNERS[d.kind];
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t(`${words}.title`)}</h1>
      <p className="mb-3 text-slate-600 dark:text-slate-400">{t(`${words}.intro`)}</p>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link className={primaryButton} to={paths.newFilter}>
          {t(`${words}.newFilter`)}
        </Link>
        {links}
      </div>
      <TabLinks
        tabs={tabs.map((id) => ({ id, label: t(`${words}.tabs.${id}`) }))}
        current={d.tab}
        label={t(`${words}.title`)}
      />
      {answer && "error" in answer && <FormAlert message={answer.error} />}
      {login && (
        <p className={card}>
          <Link className="font-semibold underline" to={d.loginHref}>
            {t(`${words}.loginToUse`)}
          </Link>
        </p>
      )}
      {children}
    </main>
  );
}

/** The owner's filters: how many of the limit, a note (pre-match: premium only), the cards or "no filters". */
export function MyFilters({
  kind,
  count,
  limit,
  note,
  children,
}: {
  kind: ScannerKind;
  count: number;
  limit: number;
  note?: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="my-filters">
      <h2 id="my-filters" className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {t("prematch.filterLimit", { count, limit })}
      </h2>
      {note}
      {count === 0 ? (
        <p className={card}>{t(`${SCANNERS[kind].words}.noFilters`)}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">{children}</div>
      )}
    </section>
  );
}

/** The sort of a list's form (`sortBy`): the scanner's sorts in its words. */
export function SortSelect({
  kind,
  sorts,
  value,
  className = "text-sm",
}: {
  kind: ScannerKind;
  sorts: readonly string[];
  value: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { words } = SCANNERS[kind];
  return (
    <label className={className}>
      {t(`${words}.sortBy`)}
      <select name="sortBy" defaultValue={value} className={fitSelectClass}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(`${words}.sorts.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
