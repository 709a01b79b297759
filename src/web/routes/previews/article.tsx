import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countryName } from "../../../i18n/country-name.ts";
import { LOCALE_TAGS } from "../../../i18n/locales.ts";
import { matchPath } from "../../../i18n/paths.ts";
import { isPreviewLocale, previewPath, previewsListPath } from "../../../i18n/routes-previews.ts";
import { outcomeLabel } from "../../components/fixture-row.tsx";
import { Odds } from "../../components/odds.tsx";
import { formatPercent } from "../../format.ts";
import { metaT, notFound, pageContext, seo } from "../../page-context.ts";
import { fromService } from "../../service-errors.server.ts";
import { useBrowserTimeZone } from "../../live-refresh.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/article";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  if (!isPreviewLocale(locale) || !params.preview) notFound();
  const article = await fromService(() => context.services.previews.article(locale, params.preview));
  const similars = await context.services.previews.similars(article.fixtureId, locale, 6);
  return { locale, timeZone, article, similars, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  const a = page.article;
  const url = `${page.origin}${page.pathname}`;
  const ogLocale = (l: string) => LOCALE_TAGS[l as keyof typeof LOCALE_TAGS].replace("-", "_");
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: a.title, description: a.summary }),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: t("app.name") },
    { property: "og:title", content: a.title },
    { property: "og:description", content: a.summary },
    { property: "og:url", content: url },
    { property: "og:locale", content: ogLocale(page.locale) },
    ...a.alternates
      .filter((x) => x.locale !== page.locale)
      .map((x) => ({ property: "og:locale:alternate", content: ogLocale(x.locale) })),
    { property: "article:published_time", content: a.firstWrittenAt },
    { property: "article:modified_time", content: a.writtenAt },
    { property: "article:section", content: a.league.name },
    { name: "twitter:card", content: "summary" },
  ];
}

type Loaded = Route.ComponentProps["loaderData"];

/** SportsEvent and Article structured data of the preview, in one graph. */
function JsonLd({ page }: { page: Loaded }) {
  const a = page.article;
  const url = `${page.origin}${page.pathname}`;
  const f = a.facts;
  const graph = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "SportsEvent",
        "@id": `${url}#event`,
        name: `${a.localTeam.name} – ${a.visitorTeam.name}`,
        sport: "Soccer",
        startDate: a.kickoff,
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        homeTeam: { "@type": "SportsTeam", name: a.localTeam.name },
        awayTeam: { "@type": "SportsTeam", name: a.visitorTeam.name },
        competitor: [
          { "@type": "SportsTeam", name: a.localTeam.name },
          { "@type": "SportsTeam", name: a.visitorTeam.name },
        ],
        location: f.venue
          ? {
              "@type": "StadiumOrArena",
              name: f.venue.stadium,
              address: { "@type": "PostalAddress", addressLocality: f.venue.city, addressCountry: f.league.country },
            }
          : { "@type": "Place", name: f.league.country },
        superEvent: { "@type": "SportsEvent", name: `${a.league.name} ${f.season}` },
        ...(f.referee ? { referee: { "@type": "Person", name: f.referee.name } } : {}),
      },
      {
        "@type": "Article",
        "@id": `${url}#article`,
        headline: a.title,
        description: a.summary,
        inLanguage: LOCALE_TAGS[page.locale],
        datePublished: a.firstWrittenAt,
        dateModified: a.writtenAt,
        mainEntityOfPage: url,
        about: { "@id": `${url}#event` },
        author: { "@type": "Organization", name: "Pitchlab" },
        publisher: { "@type": "Organization", name: "Pitchlab" },
        articleSection: a.league.name,
        wordCount: a.sections
          .flatMap((s) => s.paragraphs)
          .join(" ")
          .split(/\s+/).length,
      },
    ],
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own data, with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(graph).replace(/</g, "\\u003c") }}
    />
  );
}

function Probabilities({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const p = page.article.facts.prediction;
  if (!p) return null;
  const rows = [
    { label: `${t("previews.home")} · ${page.article.localTeam.name}`, value: p.pHome },
    { label: t("previews.draw"), value: p.pDraw },
    { label: `${t("previews.away")} · ${page.article.visitorTeam.name}`, value: p.pAway },
  ];
  return (
    <section aria-labelledby="preview-probabilities" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <h2 id="preview-probabilities" className="mb-3 text-sm font-semibold">
        {t("previews.probabilities")}
      </h2>
      <dl className="space-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="grid grid-cols-[1fr_auto] gap-x-2">
            <dt className="truncate">{r.label}</dt>
            <dd className="font-semibold tabular-nums">{formatPercent(r.value, page.locale)}</dd>
            <dd className="col-span-2 mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-pitch-600 dark:bg-pitch-400"
                style={{ width: `${Math.round(r.value * 100)}%` }}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BestBet({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const a = page.article;
  const best = a.facts.prediction?.best;
  if (!best) return null;
  const verdict = a.result?.bestBetWon;
  return (
    <section aria-labelledby="preview-best" className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <h2 id="preview-best" className="mb-2 text-sm font-semibold">
        {t("previews.ourBestBet")}
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-xl font-bold">{outcomeLabel(best.outcome, page.locale)}</span>
        <span className="tabular-nums">{formatPercent(best.probability, page.locale)}</span>
        {verdict === true && (
          <span className="rounded bg-pitch-100 px-2 py-0.5 text-sm font-semibold text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100">
            ✓ {t("previews.won")}
          </span>
        )}
        {verdict === false && (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
            ✗ {t("previews.lost")}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("previews.fairOdds")} <Odds value={best.fairOdds} className="font-semibold" />
        {best.odds !== null && (
          <>
            {" · "}
            {t("previews.bookmakerOdds")} <Odds value={best.odds} className="font-semibold" />
            {best.bookmaker ? ` (${best.bookmaker})` : ""}
          </>
        )}
      </p>
    </section>
  );
}

export default function PreviewArticle({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const page = loaderData;
  const a = page.article;
  useBrowserTimeZone(page.timeZone);
  if (!isPreviewLocale(locale)) return null;
  const tag = LOCALE_TAGS[locale];
  const kickoff = new Intl.DateTimeFormat(tag, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: page.timeZone,
    timeZoneName: "short",
  }).format(new Date(a.kickoff));
  const written = new Intl.DateTimeFormat(tag, {
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: page.timeZone,
  });
  const match = matchPath(locale, { id: a.fixtureId, localTeam: a.localTeam, visitorTeam: a.visitorTeam });
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <JsonLd page={page} />
      <p className="mb-3 text-sm">
        <Link to={previewsListPath(locale)} className="font-medium text-pitch-800 hover:underline dark:text-pitch-100">
          ← {t("previews.back")}
        </Link>
      </p>
      <article aria-labelledby="preview-title">
        <header className="mb-4">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
            {a.league.name} · {countryName(t, a.league.country)}
          </p>
          <h1 id="preview-title" className="mt-1 text-2xl font-bold sm:text-3xl">
            {a.title}
          </h1>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            <span className="font-medium">{t("previews.kickoff")}:</span> <time dateTime={a.kickoff}>{kickoff}</time>{" "}
            <span className="text-xs text-slate-600 dark:text-slate-400">
              ({t("home.timesIn", { zone: page.timeZone })})
            </span>
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={a.firstWrittenAt}>
              {t("previews.written", { date: written.format(new Date(a.firstWrittenAt)) })}
            </time>
            {a.revision > 1 && (
              <>
                {", "}
                <time dateTime={a.writtenAt}>
                  {t("previews.updated", { date: written.format(new Date(a.writtenAt)) })}
                </time>
              </>
            )}
          </p>
        </header>

        {a.result && (
          <section
            aria-labelledby="preview-result"
            className="mb-4 rounded-xl border-2 border-pitch-600 bg-white p-4 dark:border-pitch-400 dark:bg-slate-900"
          >
            <h2 id="preview-result" className="text-sm font-semibold">
              {t("previews.result")}
            </h2>
            <p className="mt-1 text-xl font-bold">
              {a.localTeam.name} {a.result.score.home}–{a.result.score.away} {a.visitorTeam.name}
            </p>
          </section>
        )}
        {a.frozen && !a.result && (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("previews.frozen")}
          </p>
        )}

        <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
          <div className="space-y-5 leading-relaxed">
            {a.sections.map((section) => (
              <section key={section.key} aria-labelledby={`s-${section.key}`}>
                <h2 id={`s-${section.key}`} className="mb-1 text-lg font-semibold">
                  {section.heading}
                </h2>
                {section.paragraphs.map((p) => (
                  <p key={p} className="mb-2 text-slate-800 dark:text-slate-200">
                    {p}
                  </p>
                ))}
              </section>
            ))}
            <p>
              <Link to={match} className="font-medium text-pitch-800 underline dark:text-pitch-100">
                {t("previews.matchPage")}
              </Link>
            </p>
          </div>
          <aside className="order-first space-y-4 md:order-none">
            <BestBet page={page} />
            <Probabilities page={page} />
          </aside>
        </div>
      </article>

      <section aria-labelledby="preview-similar" className="mt-8">
        <h2 id="preview-similar" className="mb-3 text-lg font-semibold">
          {t("previews.similar")}
        </h2>
        {page.similars.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("previews.noSimilar")}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {page.similars.map((s) => (
              <li key={s.fixtureId} className="rounded-xl bg-white p-3 shadow-sm dark:bg-slate-900">
                <Link
                  to={previewPath(locale, s.slug)}
                  className="font-medium text-pitch-800 hover:underline dark:text-pitch-100"
                >
                  {s.title}
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {s.league.name} ·{" "}
                  {new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: page.timeZone }).format(
                    new Date(s.kickoff),
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
