import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { livescanPaths } from "../../../i18n/routes-livescan.ts";
import { formAction, requireUser } from "../../auth.server.ts";
import { useLivePaths } from "../../livescan/ui.tsx";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { FilterFields, type FormErrors, filterFromForm } from "../../prematch/forms.tsx";
import { PageHeader, card, linkButton } from "../../prematch/ui.tsx";
import type { Route } from "./+types/filter-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  return { locale, origin: url.origin, pathname: url.pathname, leagues: await context.services.liveFilters.leagues() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const done = await formAction(Object.fromEntries(form), () =>
    context.services.liveFilters.create(user, context.access, filterFromForm(form)),
  );
  if (!done.ok) return done.failure;
  throw redirect(livescanPaths(locale).newRule(done.result.id));
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("liveScanner.newFilter") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function NewLiveFilter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={t("liveScanner.newFilter")} intro={t("liveScanner.newFilterIntro")}>
        <Link className={linkButton} to={paths.scanner("my-filters")}>
          ← {t("liveScanner.title")}
        </Link>
      </PageHeader>
      <div className={card}>
        <FilterFields
          kind="live"
          leagues={loaderData.leagues}
          errors={actionData as FormErrors | undefined}
          submitLabel={t("prematch.create")}
        />
      </div>
    </main>
  );
}
