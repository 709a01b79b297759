import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { prematchPaths } from "../../../i18n/routes-prematch.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { metaT, notFound, pageContext, seo, pageId } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { type FormErrors, RuleBuilder, ruleFromForm } from "../../prematch/forms.tsx";
import { PageHeader, RuleList, card, linkButton, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/rule";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const filter = await fromService(() => context.services.prematch.filter(context.user, context.access, id));
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
  const p = context.services.prematch;
  const done = await formAction(Object.fromEntries(form), async () => {
    if (form.get("intent") === "removeRule" && params.ruleId)
      return p.removeRule(user, context.access, id, params.ruleId);
    const rule = ruleFromForm(form);
    return params.ruleId
      ? p.updateRule(user, context.access, id, params.ruleId, rule)
      : p.addRule(user, context.access, id, rule);
  });
  if (!done.ok) return done.failure;
  const paths = prematchPaths(locale);
  throw redirect(
    done.result.ruleCount >= 3 || form.get("intent") === "removeRule" ? paths.rules(id) : paths.newRule(id),
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

export default function RulePage({ loaderData: { filter, rule }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <PageHeader title={t(rule ? "prematch.editRule" : "prematch.newRule")} intro={filter.name}>
        <Link className={linkButton} to={paths.rules(filter.id)}>
          ← {t("prematch.rules")}
        </Link>
      </PageHeader>
      {!rule && filter.rules && filter.rules.length > 0 && (
        <div className={card}>
          <RuleList rules={filter.rules} filterId={filter.id} editable />
        </div>
      )}
      <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
        {t("prematch.editWarning")}
      </p>
      <div className={card}>
        <RuleBuilder
          key={rule?.id ?? "new"}
          {...(rule ? { rule } : {})}
          errors={actionData as FormErrors | undefined}
          submitLabel={t(rule ? "prematch.save" : "prematch.newRule")}
        />
      </div>
      {rule && (
        <Form method="post">
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
