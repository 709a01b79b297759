import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { prematchPaths } from "../../../i18n/routes-prematch.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { FormAlert } from "../../components/form.tsx";
import { ScrollRegion } from "../../components/scroll-region.tsx";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { FilterFields, type FormErrors, filterFromForm } from "../../prematch/forms.tsx";
import { MatchRow, PageHeader, RuleList, card, linkButton, useFormat, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/filter";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = pageId(params.filterId);
  const p = context.services.prematch;
  const filter = await fromService(() => p.filter(context.user, context.access, id));
  const canSee = filter.mine || context.access.premium;
  const upcoming =
    canSee && filter.ruleCount > 0
      ? await fromService(() => p.upcomingMatches(context.user, context.access, id, 30))
      : [];
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    filter,
    upcoming,
    leagues: filter.mine ? await p.leagues() : [],
    loggedIn: !!context.user,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const form = await request.formData();
  const intent = form.get("intent");
  const p = context.services.prematch;
  const paths = prematchPaths(locale);
  const done = await formAction(Object.fromEntries(form), async () => {
    if (intent === "delete") {
      await p.remove(user, id);
      return paths.scanner("my-filters");
    }
    if (intent === "duplicate") return paths.filter((await p.duplicate(user, context.access, id)).id);
    if (intent === "import") return paths.filter((await p.importFilter(user, context.access, id)).id);
    await p.update(user, context.access, id, filterFromForm(form));
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
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${page.filter.name} · ${t("prematch.title")}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function FilterPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  const f = useFormat();
  const filter = d.filter;
  const errors = actionData && "error" in actionData ? (actionData as FormErrors) : undefined;
  return (
    <main className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      <PageHeader title={filter.name} intro={filter.note || undefined}>
        <Link className={linkButton} to={paths.scanner(filter.mine ? "my-filters" : "users-filters")}>
          ← {t("prematch.title")}
        </Link>
        {filter.mine && (
          <>
            <Link className={linkButton} to={paths.rules(filter.id)}>
              {t("prematch.rules")}
            </Link>
            <Link className={linkButton} to={paths.history(filter.id)}>
              {t("prematch.history")}
            </Link>
            <Link className={linkButton} to={paths.breakdown(filter.id)}>
              {t("prematch.breakdown")}
            </Link>
            <Link className={linkButton} to={paths.newBacktesting(filter.id)}>
              {t("prematch.backtest")}
            </Link>
          </>
        )}
      </PageHeader>
      {actionData && "saved" in actionData && <FormAlert tone="success" message="prematch.saved" />}
      {!filter.mine && errors && <FormAlert message={errors.error} />}
      <section className={card} aria-labelledby="rules-heading">
        <h2 id="rules-heading" className="mb-2 text-lg font-semibold">
          {t("prematch.rules")} · {t(`prematch.outcomes.${filter.desiredOutcome}`)}
        </h2>
        {filter.rules ? (
          <RuleList rules={filter.rules} filterId={filter.id} editable={filter.mine} />
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
                <button type="submit" name="intent" value="duplicate" className={linkButton}>
                  {t("prematch.duplicate")}
                </button>
              ) : (
                <button type="submit" name="intent" value="import" className={linkButton}>
                  {t("prematch.import")}
                </button>
              )}
            </Form>
          )}
        </div>
      </section>
      <section className={card} aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-2 text-lg font-semibold">
          {t("prematch.upcoming")}
        </h2>
        {d.upcoming.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("prematch.noUpcoming")}</p>
        ) : (
          <ScrollRegion label={t("prematch.upcoming")}>
            <table className="w-full text-sm">
              <tbody>
                {d.upcoming.map((m) => (
                  <tr key={m.fixtureId} className="border-t border-slate-100 dark:border-slate-800">
                    <MatchRow match={m} />
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
      {filter.mine && (
        <section className={card} aria-labelledby="edit-heading">
          <h2 id="edit-heading" className="mb-2 text-lg font-semibold">
            {t("prematch.edit")}
          </h2>
          <p className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            {t("prematch.editWarning")}
          </p>
          <FilterFields filter={filter} leagues={d.leagues} errors={errors} submitLabel={t("prematch.save")} />
          <Form
            method="post"
            className="mt-4"
            onSubmit={(e) => {
              if (!confirm(t("prematch.deleteConfirm"))) e.preventDefault();
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
          <p className="mt-2 text-xs text-slate-500">{f.dateTime(filter.createdAt)}</p>
        </section>
      )}
    </main>
  );
}
