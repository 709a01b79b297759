import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { prematchPaths } from "../../../i18n/routes-prematch.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { FilterFields, type FormErrors, filterFromForm } from "../../prematch/forms.tsx";
import { PageHeader, card } from "../../prematch/ui.tsx";
import type { Route } from "./+types/filter-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  return { locale, origin: url.origin, pathname: url.pathname, leagues: await context.services.prematch.leagues() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const done = await formAction(Object.fromEntries(form), () =>
    context.services.prematch.create(user, context.access, filterFromForm(form)),
  );
  if (!done.ok) return done.failure;
  throw redirect(prematchPaths(locale).newRule(done.result.id));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("prematch.newFilter") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewFilter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={t("prematch.newFilter")} intro={t("prematch.intro")} />
      <div className={card}>
        <FilterFields
          leagues={loaderData.leagues}
          errors={actionData as FormErrors | undefined}
          submitLabel={t("prematch.create")}
        />
      </div>
    </main>
  );
}
