import { useTranslation } from "react-i18next";

export function RecordTable({
  title,
  rows,
}: {
  title: string;
  rows: Array<{
    venue: string;
    played: number;
    won: number;
    drawn: number;
    lost: number;
    goalsFor: number;
    goalsAgainst: number;
  }>;
}) {
  const { t } = useTranslation();
  const total = rows.reduce(
    (a, r) => ({
      played: a.played + r.played,
      won: a.won + r.won,
      drawn: a.drawn + r.drawn,
      lost: a.lost + r.lost,
      goalsFor: a.goalsFor + r.goalsFor,
      goalsAgainst: a.goalsAgainst + r.goalsAgainst,
    }),
    { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
  );
  const lines = [
    { id: "overall", label: t("matchPage.overall"), r: total },
    ...["home", "away"].map((venue) => ({
      id: venue,
      label: t(`matchPage.${venue}`),
      r: rows.find((x) => x.venue === venue) ?? { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    })),
  ];
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left font-semibold">{title}</caption>
      <thead className="text-xs text-slate-600 dark:text-slate-400">
        <tr>
          <th scope="col" className="text-left" />
          <th scope="col" className="text-right">
            {t("league.played")}
          </th>
          <th scope="col" className="text-right">
            {t("league.won")}
          </th>
          <th scope="col" className="text-right">
            {t("league.drawn")}
          </th>
          <th scope="col" className="text-right">
            {t("league.lost")}
          </th>
          <th scope="col" className="text-right">
            {t("league.goals")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map(({ id, label, r }) => (
          <tr key={id}>
            <th scope="row" className="py-1 text-left font-normal">
              {label}
            </th>
            <td className="text-right tabular-nums">{r.played}</td>
            <td className="text-right tabular-nums">{r.won}</td>
            <td className="text-right tabular-nums">{r.drawn}</td>
            <td className="text-right tabular-nums">{r.lost}</td>
            <td className="text-right tabular-nums">
              {r.goalsFor}:{r.goalsAgainst}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
