import { useTranslation } from "react-i18next";
import { idFromText } from "../../../domain/ids.ts";
import { Form, Link, useNavigation } from "react-router";
import { countryName } from "../../../i18n/country-name.ts";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { isPreviewLocale, previewPath, previewsListPath } from "../../../i18n/routes-previews.ts";
import type { PreviewSummary } from "../../../services/previews.ts";
import { metaT, notFound, pageContext, seo } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { useBrowserTimeZone } from "../../live-refresh.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  if (!isPreviewLocale(locale)) notFound();
  const league = idFromText(url.searchParams.get("league"));
  const page = Number(url.searchParams.get("page") ?? "1");
  const data = await fromService(() =>
    context.services.previews.list({
      locale,
      leagueId: league ?? undefined,
      search: url.searchParams.get("q") ?? undefined,
      page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    }),
  );
  return { locale, timeZone, data, origin: url.origin, pathname: url.pathname, leagueId: league };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("previews.title"),
    description: t("previews.intro"),
  });
}

/** Previews grouped by the calendar day of their kick-off in the visitor's zone, in the list's order. */
function byDay(items: PreviewSummary[], timeZone: string, tag: string) {
  const heading = new Intl.DateTimeFormat(tag, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  });
  const groups: Array<{ day: string; items: PreviewSummary[] }> = [];
  for (const item of items) {
    const day = heading.format(new Date(item.kickoff));
    if (groups.at(-1)?.day !== day) groups.push({ day, items: [] });
    groups.at(-1)!.items.push(item);
  }
  return groups;
}

function PreviewCard({ item, timeZone }: { item: PreviewSummary; timeZone: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (!isPreviewLocale(locale)) return null;
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { hour: "2-digit", minute: "2-digit", timeZone }).format(
    new Date(item.kickoff),
  );
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <p className="mb-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="tabular-nums">{time}</span>
        <span aria-hidden="true">·</span>
        <span>
          {item.league.name} ({countryName(t, item.league.country)})
        </span>
        {item.score && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {t("previews.fullTime")} {item.score.home}–{item.score.away}
          </span>
        )}
      </p>
      <h3 className="text-base font-semibold">
        <Link to={previewPath(locale, item.slug)} className="text-pitch-800 hover:underline dark:text-pitch-100">
          {item.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{item.summary}</p>
    </li>
  );
}

export default function PreviewsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const navigation = useNavigation();
  const { data, timeZone, leagueId } = loaderData;
  useBrowserTimeZone(timeZone);
  if (!isPreviewLocale(locale)) return null;
  const base = previewsListPath(locale);
  const link = (page: number) => {
    const params = new URLSearchParams();
    if (data.search) params.set("q", data.search);
    if (leagueId) params.set("league", String(leagueId));
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  const filtered = Boolean(data.search || leagueId);
  const loading = navigation.state === "loading" && navigation.location?.pathname === base;
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("previews.title")}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("previews.intro")}</p>

      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t("previews.searchLabel")}
        className="mt-4 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm sm:flex-row sm:items-end dark:bg-slate-900"
      >
        <label className="flex flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{t("previews.searchLabel")}</span>
          <input
            type="search"
            name="q"
            defaultValue={data.search}
            maxLength={100}
            placeholder={t("previews.searchPlaceholder")}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm sm:w-56">
          <span className="font-medium">{t("previews.league")}</span>
          <select
            name="league"
            defaultValue={leagueId ?? ""}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
          >
            <option value="">{t("previews.allLeagues")}</option>
            {data.leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({countryName(t, l.countryName)})
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button
            type="submit"
            className="rounded-md bg-pitch-700 px-4 py-2 text-sm font-semibold text-white hover:bg-pitch-800 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {t("previews.submit")}
          </button>
          {filtered && (
            <Link
              to={base}
              className="rounded-md px-3 py-2 text-sm font-medium text-pitch-800 hover:underline dark:text-pitch-100"
            >
              {t("previews.clear")}
            </Link>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {loading ? t("previews.loading") : t("previews.results", { count: data.total })}
        {" · "}
        <span data-testid="previews-zone">{t("home.timesIn", { zone: timeZone })}</span>
      </p>

      {data.items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm dark:bg-slate-900 dark:text-slate-300">
          {filtered ? t("previews.empty") : t("previews.emptyAll")}
        </p>
      ) : (
        <div className={`mt-2 space-y-6 ${loading ? "opacity-60" : ""}`}>
          {byDay(data.items, timeZone, LOCALE_TAGS[locale]).map((group) => (
            <section key={group.day} aria-label={group.day}>
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                {group.day}
              </h2>
              <ul className="space-y-3">
                {group.items.map((item) => (
                  <PreviewCard key={item.fixtureId} item={item} timeZone={timeZone} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      {data.pages > 1 && (
        <nav aria-label={t("previews.pagination")} className="mt-6 flex items-center justify-between gap-2 text-sm">
          {data.page > 1 ? (
            <Link
              to={link(data.page - 1)}
              rel="prev"
              className="rounded-md px-3 py-2 font-medium text-pitch-800 hover:underline dark:text-pitch-100"
            >
              ← {t("previews.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600 dark:text-slate-400">
            {t("previews.page", { page: data.page, pages: data.pages })}
          </span>
          {data.page < data.pages ? (
            <Link
              to={link(data.page + 1)}
              rel="next"
              className="rounded-md px-3 py-2 font-medium text-pitch-800 hover:underline dark:text-pitch-100"
            >
              {t("previews.next")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </main>
  );
}
