import { useTranslation } from "react-i18next";
import { idFromText } from "../../../domain/ids.ts";
import { Form, Link, useNavigation } from "react-router";
import { localDate } from "../../../domain/time/zones.ts";
import { requireUser } from "../../auth.server.ts";
import { metaT, pageContext, pageId, seo } from "../../page-context.ts";
import type { Route } from "./+types/notifications";
import { readPageForm } from "../../form-input.server.ts";

const PAGE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const inbox = await context.services.alerts.inbox.list(user, {
    limit: PAGE,
    before: idFromText(url.searchParams.get("before")),
  });
  const zone = user.timezone ?? "UTC";
  return {
    locale,
    origin: url.origin,
    pathname: url.pathname,
    inbox,
    today: localDate(context.services.clock.now().getTime(), zone),
    timeZone: zone,
    older: inbox.items.length === PAGE ? inbox.items.at(-1)!.id : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = await readPageForm(request);
  const raw = form.get("id");
  // No id: mark every alert read; an id that names nothing: 404 (never "every alert").
  await context.services.alerts.inbox.markRead(user, raw === null || raw === "" ? null : pageId(String(raw)));
  return { ok: true };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("alerts.inbox.title") }),
    { name: "robots", content: "noindex" },
  ];
}

const STATUS_TONE: Record<string, string> = {
  won: "bg-pitch-100 text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50",
  lost: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  void: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
};

/** The in-app notifications: every alert of the user's filters and bots, newest first (SPEC §1). */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { inbox, older, today, timeZone } = loaderData;
  const time = new Intl.DateTimeFormat(i18n.language, { timeZone, dateStyle: "medium", timeStyle: "short" });
  return (
    <main className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("alerts.inbox.title")}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t("alerts.inbox.unread", { count: inbox.unread })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/api/v1/alerts/report?day=${today}`}
            download
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-white dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("alerts.report.download")}
          </a>
          {inbox.unread > 0 && (
            <Form method="post">
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-pitch-700 px-3 py-2 text-sm font-semibold text-white hover:bg-pitch-900 focus-visible:outline-2 disabled:opacity-60"
              >
                {t("alerts.inbox.markAllRead")}
              </button>
            </Form>
          )}
        </div>
      </div>
      {inbox.items.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-400">
          {t("alerts.inbox.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {inbox.items.map((item) => (
            <li
              key={item.id}
              className={`rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900 ${item.read ? "" : "border-l-4 border-pitch-600"}`}
            >
              <article aria-label={item.title}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="min-w-0 font-semibold wrap-anywhere">{item.title}</h2>
                  {item.kind === "alert" && (
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONE[item.status]}`}>
                      {t(`alerts.inbox.status.${item.status}`)}
                    </span>
                  )}
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <time dateTime={item.createdAt}>{time.format(new Date(item.createdAt))}</time>
                </p>
                <ul className="mt-2 space-y-0.5 text-sm wrap-anywhere">
                  {item.lines.map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines of one message never reorder
                    <li key={i}>{line}</li>
                  ))}
                </ul>
                <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                  <Link to={item.url} className="font-medium text-pitch-700 underline dark:text-pitch-100">
                    {t("alerts.message.openMatch")}
                  </Link>
                  {!item.read && (
                    <Form method="post">
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" disabled={busy} className="text-slate-600 underline dark:text-slate-400">
                        {t("alerts.inbox.markOneRead")}
                      </button>
                    </Form>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {older !== null && (
        <Link
          to={`?before=${older}`}
          className="inline-block text-sm font-medium text-pitch-700 underline dark:text-pitch-100"
        >
          {t("alerts.inbox.more")}
        </Link>
      )}
    </main>
  );
}
