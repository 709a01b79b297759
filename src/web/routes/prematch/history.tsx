import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formAction, requireUser } from "../../auth.server.ts";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { PageHeader, PicksTable, card, linkButton, usePaths } from "../../prematch/ui.tsx";
import type { Route } from "./+types/history";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const p = context.services.prematch;
  const filter = await fromService(() => p.filter(context.user, context.access, id));
  const picks = await fromService(() => p.history(context.user, context.access, id));
  return { locale, origin: url.origin, pathname: url.pathname, filter, picks };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await request.formData();
  const pickId = form.get("pickId");
  const filterId = pageId(params.filterId);
  // A pick that names nothing is a 404, never "every pick" (clearing the whole history).
  const pick = pickId ? pageId(String(pickId)) : null;
  const done = await formAction(Object.fromEntries(form), () =>
    context.services.prematch.clearHistory(user, filterId, pick),
  );
  return done.ok ? { cleared: done.result } : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${t("prematch.history")} · ${page.filter.name}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function History({ loaderData: { filter, picks } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = usePaths();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <PageHeader title={`${t("prematch.history")} · ${filter.name}`}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        <Link className={linkButton} to={paths.breakdown(filter.id)}>
          {t("prematch.breakdown")}
        </Link>
        {filter.mine && picks.length > 0 && (
          <Form method="post">
            <button type="submit" className={linkButton}>
              {t("prematch.clearHistory")}
            </button>
          </Form>
        )}
      </PageHeader>
      <div className={card}>
        <PicksTable picks={picks} canClear={filter.mine} />
      </div>
    </main>
  );
}
