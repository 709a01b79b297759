import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { livescanPaths } from "../../../i18n/routes-livescan.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { InactiveNotice, useLivePaths } from "../../livescan/ui.tsx";
import { metaT, notFound, pageContext, seo, pageId } from "../../page-context.ts";
import { type FormErrors, RuleBuilder, ruleFromForm } from "../../prematch/forms.tsx";
import { PageHeader, RuleList, card, linkButton } from "../../prematch/ui.tsx";
import { fromService } from "../../service-errors.server.ts";
import type { Route } from "./+types/rule";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const filter = await fromService(() => context.services.liveFilters.filter(context.user, context.access, id));
  if (!filter.mine || !filter.rules) notFound();
  const rule = params.ruleId ? filter.rules.find((r) => r.id === params.ruleId) : undefined;
  if (params.ruleId && !rule) notFound();
  return { locale, origin: url.origin, pathname: url.pathname, filter, rule: rule ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const form = await request.formData();
  const lf = context.services.liveFilters;
  const done = await formAction(Object.fromEntries(form), async () => {
    if (form.get("intent") === "removeRule" && params.ruleId)
      return lf.removeRule(user, context.access, id, params.ruleId);
    const rule = ruleFromForm(form);
    return params.ruleId
      ? lf.updateRule(user, context.access, id, params.ruleId, rule)
      : lf.addRule(user, context.access, id, rule);
  });
  if (!done.ok) return done.failure;
  const paths = livescanPaths(locale);
  throw redirect(
    form.get("intent") === "removeRule" || params.ruleId || form.get("then") === "done"
      ? paths.rules(id)
      : paths.newRule(id),
  );
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({
      origin: page.origin,
      pathname: page.pathname,
      title: `${t(page.rule ? "prematch.editRule" : "prematch.newRule")} · ${page.filter.name}`,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LiveRule({ loaderData: { filter, rule }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  const hasHistory = filter.figures.picks > 0;
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <PageHeader title={t(rule ? "prematch.editRule" : "prematch.newRule")} intro={filter.name}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        <Link className={linkButton} to={paths.rules(filter.id)}>
          {t("prematch.rules")} ({filter.ruleCount})
        </Link>
      </PageHeader>
      {filter.ruleCount > 0 && <InactiveNotice filter={filter} />}
      {!rule && filter.rules && filter.rules.length > 0 && (
        <div className={card}>
          <RuleList
            rules={filter.rules}
            filterId={filter.id}
            editable
            ruleHref={(ruleId) => paths.rule(filter.id, ruleId)}
          />
        </div>
      )}
      {hasHistory && (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {t("liveScanner.editWarning", { count: filter.figures.picks })}
        </p>
      )}
      <div className={card}>
        <RuleBuilder
          kind="live"
          key={rule?.id ?? `new-${filter.ruleCount}`}
          {...(rule ? { rule } : {})}
          {...(hasHistory ? { confirm: t("liveScanner.editConfirm") } : {})}
          errors={actionData as FormErrors | undefined}
          submitLabel={t(rule ? "prematch.save" : "prematch.newRule")}
        />
      </div>
      {rule && (
        <Form
          method="post"
          onSubmit={(e) => {
            if (hasHistory && !window.confirm(t("liveScanner.editConfirm"))) e.preventDefault();
          }}
        >
          <button
            type="submit"
            name="intent"
            value="removeRule"
            className="text-sm font-semibold text-red-700 underline dark:text-red-400"
          >
            {t("prematch.removeRule")}
          </button>
        </Form>
      )}
    </main>
  );
}
