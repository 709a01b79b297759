import { useTranslation } from "react-i18next";
import { idFromText } from "../../domain/ids.ts";
import { Form } from "react-router";
import { formatNumber, formatPercent } from "../format.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import { usePreferences } from "../preferences.tsx";
import type { Route } from "./+types/predictability";
import { countryName, leagueName } from "../../i18n/country-name.ts";
import { ScrollRegion } from "../components/scroll-region.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const leagueId = idFromText(url.searchParams.get("league"));
  const rows = await context.services.predictions.accuracy();
  const leagues = [...new Map(rows.map((r) => [r.league.id, r.league])).values()];
  const selected = leagueId ? rows.filter((r) => r.league.id === leagueId) : rows;
  // Totals per kind over the chosen leagues.
  const byKind = new Map<
    number,
    { kind: number; picks: number; hits: number; probabilitySum: number; logLossSum: number }
  >();
  for (const r of selected) {
    const k = byKind.get(r.kind) ?? { kind: r.kind, picks: 0, hits: 0, probabilitySum: 0, logLossSum: 0 };
    k.picks += r.picks;
    k.hits += r.hits;
    k.probabilitySum += (r.meanProbability ?? 0) * r.picks;
    k.logLossSum += (r.logLoss ?? 0) * r.picks;
    byKind.set(r.kind, k);
  }
  const kinds = [...byKind.values()].sort((a, b) => a.kind - b.kind);
  const points = selected
    .filter((r) => r.picks >= 30)
    .map((r) => ({ x: r.meanProbability ?? 0, y: r.hitRate ?? 0, n: r.picks }));
  const probabilities = await context.services.predictions.probabilitiesByLeague();
  return { locale, leagueId, leagues, kinds, points, probabilities, origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({
    origin: page.origin,
    pathname: page.pathname,
    title: t("predictability.title"),
    description: t("predictability.intro"),
  });
}

function CalibrationChart({ points }: { points: Array<{ x: number; y: number; n: number }> }) {
  const { t } = useTranslation();
  const size = 240;
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900">
      <figcaption className="mb-2 text-sm font-semibold">{t("predictability.calibration")}</figcaption>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        className="mx-auto w-full max-w-xs"
        role="img"
        aria-label={t("predictability.calibration")}
      >
        <rect x="0" y="0" width={size} height={size} className="fill-slate-50 dark:fill-slate-800" />
        <line x1="0" y1={size} x2={size} y2="0" className="stroke-slate-400" strokeDasharray="4 4" />
        {points.map((p) => (
          <circle
            key={`${p.x}-${p.y}-${p.n}`}
            cx={p.x * size}
            cy={size - p.y * size}
            r={Math.min(6, 1.5 + Math.log10(p.n))}
            className="fill-pitch-600/60"
          />
        ))}
      </svg>
    </figure>
  );
}

export default function Predictability({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { leagues, leagueId, kinds, points, probabilities } = loaderData;
  const pct = (v: number | null) => formatPercent(v, locale, 1);
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("predictability.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("predictability.intro")}</p>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <label className="min-w-0 max-w-full text-sm font-medium">
          {t("predictability.league")}
          <select
            name="league"
            defaultValue={leagueId ?? ""}
            className="mt-1 block w-64 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="">{t("predictability.allLeagues")}</option>
            {leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {leagueName(t, l)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-pitch-700 px-4 py-1.5 font-medium text-white hover:bg-pitch-900">
          {t("predictability.show")}
        </button>
      </Form>
      {kinds.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
          {t("predictability.empty")}
        </p>
      ) : (
        <div className="mb-8 grid gap-4 lg:grid-cols-[1fr_18rem]">
          <ScrollRegion label={t("predictability.title")} className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    {t("predictability.kind")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t("predictability.picks")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t("predictability.hitRate")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t("predictability.meanProbability")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t("predictability.logLoss")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {kinds.map((k) => (
                  <tr key={k.kind}>
                    <th scope="row" className="px-3 py-1.5 text-left font-normal">
                      {t(`categories.${k.kind}`)}
                    </th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{k.picks.toLocaleString(locale)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums font-semibold">
                      {pct(k.picks ? k.hits / k.picks : null)}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {pct(k.picks ? k.probabilitySum / k.picks : null)}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {formatNumber(k.picks ? k.logLossSum / k.picks : null, locale, 3)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <CalibrationChart points={points} />
        </div>
      )}
      <h2 className="mb-2 text-lg font-semibold">{t("predictability.byLeague")}</h2>
      <ScrollRegion label={t("predictability.byLeague")} className="rounded-xl bg-white shadow-sm dark:bg-slate-900">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t("predictability.league")}
              </th>
              {["1", "X", "2", "O 2.5"].map((h) => (
                <th key={h} scope="col" className="px-2 py-2 text-right">
                  {h}
                  <span className="block font-normal">
                    {t("predictability.predicted")} / {t("predictability.observed")}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {probabilities
              .filter((r) => r.played >= 20)
              .map((r) => (
                <tr key={r.leagueId}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    <span className="text-slate-600 dark:text-slate-400">{countryName(t, r.countryName)} · </span>
                    {r.leagueName}
                  </th>
                  {(
                    [
                      ["1", r.pHome, r.homeRate],
                      ["X", r.pDraw, r.drawRate],
                      ["2", r.pAway, r.awayRate],
                      ["O25", r.pOver25, r.over25Rate],
                    ] as const
                  ).map(([key, p, o]) => (
                    <td key={key} className="px-2 py-1.5 text-right tabular-nums">
                      {formatPercent(p, locale)} / {formatPercent(o, locale)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </ScrollRegion>
    </main>
  );
}
