import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formAction, requireUser } from "../../auth.server.ts";
import { FormAlert } from "../../components/form.tsx";
import { useLivePaths } from "../../livescan/ui.tsx";
import { metaT, pageContext, seo, pageId } from "../../page-context.ts";
import { PageHeader, PicksTable, card, linkButton } from "../../prematch/ui.tsx";
import { fromService } from "../../service-errors.server.ts";
import type { Route } from "./+types/history";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const lf = context.services.liveFilters;
  const filter = await fromService(() => lf.filter(context.user, context.access, id));
  const picks = await fromService(() => lf.history(context.user, context.access, id));
  // The daily Excel of the user's alerts: today in the user's time zone.
  const zone = user.timezone ?? "UTC";
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(context.services.clock.now());
  return { locale, origin: url.origin, pathname: url.pathname, filter, picks, today };
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
    context.services.liveFilters.clearHistory(user, filterId, pick),
  );
  return done.ok ? done.result : done.failure;
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: `${t("prematch.history")} · ${page.filter.name}` }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LiveHistory({ loaderData: { filter, picks, today }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const paths = useLivePaths();
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-6">
      <PageHeader title={`${t("prematch.history")} · ${filter.name}`}>
        <Link className={linkButton} to={paths.filter(filter.id)}>
          ← {filter.name}
        </Link>
        <Link className={linkButton} to={paths.breakdown(filter.id)}>
          {t("prematch.breakdown")}
        </Link>
        <a className={linkButton} href={`/api/v1/alerts/report?day=${today}`} download>
          {t("liveScanner.downloadReport")}
        </a>
        {filter.mine && picks.length > 0 && (
          <Form
            method="post"
            onSubmit={(e) => {
              if (!window.confirm(t("liveScanner.clearConfirm"))) e.preventDefault();
            }}
          >
            <button type="submit" className={linkButton}>
              {t("prematch.clearHistory")}
            </button>
          </Form>
        )}
      </PageHeader>
      {actionData && "cleared" in actionData && (
        <FormAlert tone="success" message="liveScanner.cleared" vars={{ count: actionData.cleared }} />
      )}
      {actionData && "error" in actionData && <FormAlert message={actionData.error} />}
      <div className={card}>
        <PicksTable picks={picks} canClear={filter.mine} />
      </div>
    </main>
  );
}
