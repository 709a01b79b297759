import { useTranslation } from "react-i18next";
import type { Loaded } from "./page-data.ts";

export function StatsTab({ page }: { page: Loaded }) {
  const { t } = useTranslation();
  const [home, away] = [page.stats.find((s) => s.side === "H"), page.stats.find((s) => s.side === "A")];
  if (!home || !away)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("matchPage.noStats")}</p>;
  const rows: Array<[string, keyof typeof home]> = [
    [t("matchPage.shots"), "shots"],
    [t("matchPage.shotsOnTarget"), "shotsOnTarget"],
    [t("matchPage.corners"), "corners"],
    [t("matchPage.fouls"), "fouls"],
    [t("matchPage.yellowCards"), "yellowCards"],
    [t("matchPage.redCards"), "redCards"],
  ];
  return (
    <dl className="space-y-2">
      {rows.map(([label, key]) => (
        <div key={key} className="grid grid-cols-[3rem_1fr_3rem] items-center text-sm">
          <dd className="font-semibold tabular-nums">{home[key] ?? "–"}</dd>
          <dt className="text-center text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{away[key] ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}
