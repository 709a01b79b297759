import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RecordFigures } from "../../domain/valuebets/track-record.ts";
import { countryName } from "../../i18n/country-name.ts";
import { LOCALE_TAGS, type Locale } from "../../i18n/locales.ts";
import { matchPath } from "../../i18n/paths.ts";
import type { TrackRecord, ValuePickView } from "../../services/value-bets.ts";
import { Odds } from "../components/odds.tsx";
import { PremiumDenied } from "../components/premium/premium-gate.tsx";
import { ScrollRegion } from "../components/scroll-region.tsx";
import { formatKickoff, formatNumber } from "../format.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import { fromService } from "../service-errors.server.ts";
import { readPreferenceCookies, usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/value-bet-bot";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const country = readPreferenceCookies(request.headers.get("Cookie")).bookmakerCountry;
  const record = await fromService(() => context.services.valueBets.record(country));
  // Today's picks are for members; the track record is public.
  const upcoming = context.access.premium
    ? await fromService(() => context.services.valueBets.upcoming(context.access, country))
    : null;
  // The page shows the last twelve months; the API has them all.
  return {
    locale,
    timeZone,
    origin: url.origin,
    pathname: url.pathname,
    record: { ...record, byMonth: record.byMonth.slice(-12) },
    upcoming,
  };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("valuebets.title"),
    description: t("valuebets.intro", ruleVars(page.record, page.locale)),
  });
}

function percent(value: number | null, locale: Locale, signed = false): string {
  if (value === null) return "–";
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: signed ? "exceptZero" : "auto",
  }).format(value);
}

function ruleVars(record: TrackRecord, locale: Locale) {
  return { ev: percent(record.rule.minEv, locale), probability: percent(record.rule.minProbability, locale) };
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: "good" | "bad" }) {
  const colour =
    tone === "good" ? "text-pitch-700 dark:text-emerald-400" : tone === "bad" ? "text-red-700 dark:text-red-300" : "";
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <dt className="text-xs uppercase text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`text-2xl font-bold tabular-nums ${colour}`}>{value}</dd>
    </div>
  );
}

const tone = (v: number | null) => (v === null || v === 0 ? undefined : v > 0 ? "good" : "bad");

/** Cumulative profit in units, drawn as a line over the zero line. */
function EquityCurve({ points }: { points: TrackRecord["equity"] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const units = (v: number) => formatNumber(v, locale, 1);
  if (points.length < 2) return null;
  const W = 600;
  const H = 180;
  const values = points.map((p) => p.profit);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const y = (v: number) => H - 8 - ((v - lo) / (hi - lo || 1)) * (H - 16);
  const x = (i: number) => (i / (points.length - 1)) * W;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.profit).toFixed(1)}`).join(" ");
  const last = values[values.length - 1]!;
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <figcaption className="mb-2 font-semibold">{t("valuebets.equity")}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-44 w-full"
        role="img"
        aria-label={t("valuebets.equityLabel", {
          from: points[0]!.at.slice(0, 10),
          to: points[points.length - 1]!.at.slice(0, 10),
          profit: units(last),
        })}
      >
        <line
          x1="0"
          x2={W}
          y1={y(0)}
          y2={y(0)}
          className="stroke-slate-300 dark:stroke-slate-600"
          strokeDasharray="4 4"
        />
        <polyline
          points={line}
          fill="none"
          strokeWidth="2"
          className={last >= 0 ? "stroke-pitch-600" : "stroke-red-600"}
        />
      </svg>
      <p className="mt-1 flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{points[0]!.at.slice(0, 10)}</span>
        <span>{t("valuebets.units", { value: units(last) })}</span>
        <span>{points[points.length - 1]!.at.slice(0, 10)}</span>
      </p>
    </figure>
  );
}

function FiguresTable({
  caption,
  rows,
  label,
}: {
  caption: string;
  rows: Array<{ key: string } & RecordFigures>;
  label: (key: string) => string;
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (rows.length === 0) return null;
  return (
    <ScrollRegion label={caption} className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>
        <thead className="text-xs text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 text-left" />
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.picks")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.hitRate")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.roi")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <abbr title={t("valuebets.clv")}>{t("valuebets.clvShort")}</abbr>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {label(r.key)}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{r.picks}</td>
              <td className="px-3 py-2 text-right tabular-nums">{percent(r.hitRate, locale)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{percent(r.roi, locale, true)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{percent(r.clv, locale, true)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function UpcomingPicks({ picks, timeZone }: { picks: ValuePickView[]; timeZone: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (picks.length === 0)
    return (
      <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
        {t("valuebets.noUpcoming")}
      </p>
    );
  return (
    <ScrollRegion label={t("valuebets.upcoming")} className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
      <table className="w-full text-sm">
        <thead className="text-xs text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {t("valuebets.match")}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t("valuebets.pick")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.price")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.fairOdds")}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {t("valuebets.ev")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {picks.map((p) => (
            <tr key={p.id} data-testid="value-pick">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <Link
                  to={matchPath(locale, {
                    id: p.fixture.id,
                    localTeam: { name: p.fixture.homeTeam },
                    visitorTeam: { name: p.fixture.awayTeam },
                  })}
                  className="hover:underline"
                >
                  {p.fixture.homeTeam} – {p.fixture.awayTeam}
                </Link>
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                  {new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
                    weekday: "short",
                    day: "numeric",
                    month: "short",
                    timeZone,
                  }).format(new Date(p.fixture.kickoff))}{" "}
                  {formatKickoff(p.fixture.kickoff, locale, timeZone)} · {countryName(t, p.fixture.league.country)} ·{" "}
                  {p.fixture.league.name}
                </span>
              </th>
              <td className="px-3 py-2">
                {t(`valuebets.outcome.${p.outcome}`)}{" "}
                <span className="text-xs text-slate-600 dark:text-slate-400">· {p.bookmakerName}</span>
              </td>
              <td className="px-3 py-2 text-right font-semibold">
                <Odds value={p.price} />
                {p.commission > 0 && (
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
                    {t("valuebets.netPrice")} <Odds value={p.netPrice} />
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right">
                <Odds value={p.fairOdds} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{percent(p.ev, locale, true)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default function ValueBetBot({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { record, upcoming, timeZone } = loaderData;
  const total = record.total;
  const months = [...record.byMonth].reverse();
  const monthLabel = (key: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${key}-15T12:00:00Z`),
    );
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <header>
        <h1 className="text-2xl font-bold">{t("valuebets.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("valuebets.intro", ruleVars(record, locale))}</p>
        <p className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800">
          {t("valuebets.honesty")}
        </p>
      </header>

      <section aria-labelledby="record-heading" className="space-y-3">
        <h2 id="record-heading" className="text-lg font-semibold">
          {t("valuebets.record")}
        </h2>
        {total.picks === 0 ? (
          <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
            {t("valuebets.noRecord")}
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              <Figure
                label={t("valuebets.picks")}
                value={new Intl.NumberFormat(LOCALE_TAGS[locale]).format(total.picks)}
              />
              <Figure label={t("valuebets.hitRate")} value={percent(total.hitRate, locale)} />
              <Figure label={t("valuebets.roi")} value={percent(total.roi, locale, true)} tone={tone(total.roi)} />
              <Figure label={t("valuebets.clv")} value={percent(total.clv, locale, true)} tone={tone(total.clv)} />
              <Figure label={t("valuebets.beatClosing")} value={percent(total.beatClosing, locale)} />
            </dl>
            {total.roi < 0 && (
              <p role="status" className="font-medium text-red-700 dark:text-red-300">
                {t("valuebets.negativeRoi")}
              </p>
            )}
            {total.clv !== null && total.clv < 0 && (
              <p role="status" className="font-medium text-red-700 dark:text-red-300">
                {t("valuebets.negativeClv")}
              </p>
            )}
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("valuebets.explain")} {record.pending > 0 && t("valuebets.pending", { count: record.pending })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="value-commission">
              {t("valuebets.commission", {
                commission: percent(record.exchangeCommission, locale),
                count: record.exchangePicks,
              })}{" "}
              {t("valuebets.devig")}
            </p>
            <EquityCurve points={record.equity} />
            <FiguresTable
              caption={t("valuebets.byMarket")}
              rows={record.byMarket}
              label={(key) => t(`valuebets.market.${key}`)}
            />
            <FiguresTable caption={t("valuebets.byMonth")} rows={months} label={monthLabel} />
            <FiguresTable
              caption={t("valuebets.byLeague")}
              rows={record.byLeague}
              label={(key) => {
                const [country, league] = key.split(" · ");
                return `${countryName(t, country!)} · ${league}`;
              }}
            />
          </>
        )}
      </section>

      <section aria-labelledby="upcoming-heading" className="space-y-3">
        <h2 id="upcoming-heading" className="text-lg font-semibold">
          {t("valuebets.upcoming")}
        </h2>
        {upcoming ? (
          <UpcomingPicks picks={upcoming} timeZone={timeZone} />
        ) : (
          <PremiumDenied message="premium.lockedText" />
        )}
      </section>
    </main>
  );
}
