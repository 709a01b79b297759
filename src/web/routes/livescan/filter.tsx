import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { livescanPaths } from "../../../i18n/routes-livescan.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { FormAlert } from "../../components/form.tsx";
import { GoPremiumButton } from "../../components/premium/premium-gate.tsx";
import { LiveBacktestPanel } from "../../livescan/backtest-panel.tsx";
import { InactiveNotice, LiveFigures, WatchedMatches, useLivePaths } from "../../livescan/ui.tsx";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { FilterFields, type FormErrors, filterFromForm } from "../../prematch/forms.tsx";
import { PageHeader, RuleList, card, linkButton, useFormat } from "../../prematch/ui.tsx";
import { fromService } from "../../service-errors.server.ts";
import type { Route } from "./+types/filter";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = pageId(params.filterId);
  const lf = context.services.liveFilters;
  const filter = await fromService(() => lf.filter(context.user, context.access, id));
  const watched = await fromService(() => lf.watchedMatches(context.user, context.access, id, 20));
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    filter,
    watched,
    leagues: filter.mine ? await lf.leagues() : [],
    loggedIn: !!context.user,
    premium: context.access.premium,
    imported: url.searchParams.get("imported") === "1",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const form = await request.formData();
  const intent = form.get("intent");
  const lf = context.services.liveFilters;
  const paths = livescanPaths(locale);
  const done = await formAction(Object.fromEntries(form), async () => {
    if (intent === "delete") {
      await lf.remove(user, id);
      return paths.scanner("my-filters");
    }
    if (intent === "duplicate") return paths.filter((await lf.duplicate(user, context.access, id)).id);
    if (intent === "import") return `${paths.filter((await lf.importFilter(user, context.access, id)).id)}?imported=1`;
    if (intent === "mute" || intent === "unmute") await lf.setMuted(user, context.access, id, intent === "mute");
    else if (intent === "activate" || intent === "deactivate")
      await lf.setActive(user, context.access, id, intent === "activate");
    else await lf.update(user, context.access, id, filterFromForm(form));
    return null;
  });
  if (!done.ok) return done.failure;
  if (done.result) throw redirect(done.result);
  return { saved: true };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${page.filter.name} · ${t("liveScanner.title")}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LiveFilterPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  const f = useFormat();
  const filter = d.filter;
  const errors = actionData && "error" in actionData ? (actionData as FormErrors) : undefined;
  const hasHistory = filter.figures.picks > 0;
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      <PageHeader title={filter.name} intro={filter.note || undefined}>
        <Link className={linkButton} to={paths.scanner(filter.mine ? "my-filters" : "explore")}>
          ← {t("liveScanner.title")}
        </Link>
        {filter.rules && (
          <Link className={linkButton} to={paths.rules(filter.id)}>
            {t("prematch.rules")}
          </Link>
        )}
        {(filter.mine || d.premium) && (
          <>
            <Link className={linkButton} to={paths.history(filter.id)}>
              {t("prematch.history")}
            </Link>
            <Link className={linkButton} to={paths.breakdown(filter.id)}>
              {t("prematch.breakdown")}
            </Link>
          </>
        )}
      </PageHeader>
      {d.imported && <FormAlert tone="success" message="prematch.imported" />}
      <InactiveNotice filter={filter} />
      {actionData && "saved" in actionData && <FormAlert tone="success" message="prematch.saved" />}
      {errors && (
        <FormAlert message={errors.error} vars={(errors as { vars?: Record<string, string | number> }).vars} />
      )}

      <section className={card} aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="mb-2 text-lg font-semibold">
          {t("liveScanner.figuresTitle")} · {t(`prematch.outcomes.${filter.desiredOutcome}`)}
        </h2>
        <LiveFigures figures={filter.figures} />
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("liveScanner.scoreHelp")}</p>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {filter.mine ? "" : `${t("prematch.owner", { name: filter.owner })} · `}
          {f.dateTime(filter.createdAt)}
        </p>
      </section>

      <section className={card} aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="mb-2 text-lg font-semibold">
          {t("prematch.rules")} ({filter.ruleCount})
        </h2>
        {filter.rules ? (
          <RuleList
            rules={filter.rules}
            filterId={filter.id}
            editable={filter.mine}
            ruleHref={(ruleId) => paths.rule(filter.id, ruleId)}
          />
        ) : (
          <div className="space-y-2 text-sm">
            <p>{t("liveScanner.hiddenForFree")}</p>
            <GoPremiumButton premium={d.premium} />
          </div>
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
                  <button
                    type="submit"
                    name="intent"
                    value={filter.active ? "deactivate" : "activate"}
                    className={linkButton}
                    aria-pressed={filter.active}
                  >
                    {t(filter.active ? "liveScanner.deactivate" : "liveScanner.activate")}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={filter.muted ? "unmute" : "mute"}
                    className={linkButton}
                    aria-pressed={filter.muted}
                  >
                    {t(filter.muted ? "liveScanner.unmute" : "liveScanner.mute")}
                  </button>
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
        {filter.mine && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {t(filter.active ? "liveScanner.active" : "liveScanner.inactive")}
            {filter.muted ? ` · ${t("liveScanner.muted")}` : ""}
          </p>
        )}
      </section>

      {filter.rules && filter.rules.length > 0 && (
        // Rules as they stand (saved or just edited): what they would have picked, before the filter goes live.
        <LiveBacktestPanel
          rules={filter.rules}
          desiredOutcome={filter.desiredOutcome}
          leagueIds={filter.leagueIds}
          {...(d.leagues.length > 0 ? { leagues: d.leagues } : {})}
        />
      )}

      <section className={card} aria-labelledby="watched-heading">
        <h2 id="watched-heading" className="text-lg font-semibold">
          {t("liveScanner.watched")}
        </h2>
        <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">{t("liveScanner.watchedHelp")}</p>
        <WatchedMatches matches={d.watched} />
      </section>

      {filter.mine && (
        <section className={card} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className="mb-2 text-lg font-semibold">
            {t("prematch.edit")}
          </h2>
          <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            {t("prematch.editWarning")}
          </p>
          <FilterFields
            kind="live"
            filter={filter}
            leagues={d.leagues}
            errors={errors}
            submitLabel={t("prematch.save")}
            {...(hasHistory ? { confirm: t("liveScanner.editConfirm") } : {})}
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
        </section>
      )}
    </main>
  );
}
