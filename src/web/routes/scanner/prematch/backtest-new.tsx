import { useState } from "react";
import { idFromText } from "../../../../domain/ids.ts";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useNavigation } from "react-router";
import { INTERVALS } from "../../../../domain/prematch/backtest.ts";
import { prematchPaths } from "../../../../i18n/routes-prematch.ts";
import { formAction, requireUser } from "../../../auth.server.ts";
import { FormAlert, inputClass, primaryButton } from "../../../components/form.tsx";
import { PremiumDenied } from "../../../components/premium/premium-gate.tsx";
import { metaT, pageContext, seo } from "../../../page-context.ts";
import { fromService } from "../../../service-errors.server.ts";
import type { FormErrors } from "../../../scanner/form-fields.tsx";
import { usePrematchPaths } from "../../../scanner/paths.ts";
import { PageHeader, card, linkButton, selectClass } from "../../../scanner/ui.tsx";
import type { Route } from "./+types/backtest-new";
import { leagueName } from "../../../../i18n/country-name.ts";
import { OutcomeText } from "../../../scanner/outcome-options.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const p = context.services.prematch;
  const filters = (await fromService(() => p.myFilters(user, context.access))).items;
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    premium: context.access.premium,
    filters: filters.map((f) => ({ id: f.id, name: f.name, ruleCount: f.ruleCount, desiredOutcome: f.desiredOutcome })),
    chosen: idFromText(url.searchParams.get("filterId")) ?? filters[0]?.id ?? null,
    leagues: await p.leagues(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const date = (v: FormDataEntryValue | null) => (typeof v === "string" && v ? new Date(`${v}T00:00:00Z`) : undefined);
  const from = date(form.get("from"));
  const to = date(form.get("to"));
  const done = await formAction(Object.fromEntries(form), () =>
    context.services.prematch.submitBacktest(user, context.access, {
      // An id that names nothing reads as none: the service answers the form's "field required".
      filterId: idFromText(form.get("filterId")) ?? 0,
      interval: String(form.get("interval") ?? "ThreeMonths"),
      ...(from ? { from } : {}),
      ...(to ? { to: new Date(to.getTime() + 86_400_000) } : {}),
      leagueIds: form.getAll("leagueIds").map((v) => idFromText(v) ?? 0),
      stake: Number(form.get("stake") || 10),
    }),
  );
  if (!done.ok) return done.failure;
  throw redirect(prematchPaths(locale).backtesting(done.result.id));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("prematch.newBacktesting") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewBacktest({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePrematchPaths();
  const busy = useNavigation().state !== "idle";
  const [interval, setInterval] = useState("ThreeMonths");
  const errors = actionData as FormErrors | undefined;
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={t("prematch.newBacktesting")} intro={t("prematch.backtestNeeds")}>
        <Link className={linkButton} to={paths.scanner("prematch-backtesting")}>
          ← {t("prematch.tabs.prematch-backtesting")}
        </Link>
      </PageHeader>
      {!d.premium ? (
        <PremiumDenied />
      ) : d.filters.length === 0 ? (
        <p className={card}>
          <Link className="underline" to={paths.newFilter}>
            {t("prematch.newFilter")}
          </Link>
        </p>
      ) : (
        <Form method="post" className={`${card} space-y-4`}>
          <FormAlert message={errors?.error} />
          <label className="block text-sm font-medium">
            {t("prematch.filter")}
            <select name="filterId" defaultValue={d.chosen ?? undefined} className={selectClass}>
              {d.filters.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name} · {t("prematch.ruleCount", { count: f.ruleCount })} ·{" "}
                  <OutcomeText outcome={f.desiredOutcome} />
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t("prematch.interval")}
            <select
              name="interval"
              value={interval}
              onChange={(e) => setInterval(e.target.value)}
              className={selectClass}
            >
              {INTERVALS.map((i) => (
                <option key={i} value={i}>
                  {t(`prematch.intervals.${i}`)}
                </option>
              ))}
            </select>
          </label>
          {interval === "Custom" && (
            <div className="grid grid-cols-2 gap-3">
              <label className="block text-sm font-medium">
                {t("prematch.from")}
                <input type="date" name="from" required className={inputClass} />
              </label>
              <label className="block text-sm font-medium">
                {t("prematch.to")}
                <input type="date" name="to" className={inputClass} />
              </label>
            </div>
          )}
          <label className="block text-sm font-medium">
            {t("prematch.stake")}
            <input type="number" name="stake" min={0.01} step="any" defaultValue={10} className={inputClass} />
          </label>
          <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <summary className="cursor-pointer text-sm font-medium">
              {t("prematch.leagues")}: {t("prematch.allLeagues")}
            </summary>
            <p className="my-2 text-xs text-slate-600 dark:text-slate-400">{t("prematch.leaguesHelp")}</p>
            <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
              {d.leagues.map((l) => (
                <label key={l.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="leagueIds" value={l.id} />
                  {leagueName(t, l)}
                </label>
              ))}
            </div>
          </details>
          <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
            {t("prematch.run")}
          </button>
        </Form>
      )}
    </main>
  );
}
