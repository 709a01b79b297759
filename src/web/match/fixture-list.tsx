import { useTranslation } from "react-i18next";
import { FixtureRow, LeagueCard } from "../components/fixture-row.tsx";
import type { Loaded } from "./page-data.ts";

export function FixtureList({ fixtures }: { fixtures: Loaded["similars"] }) {
  const { t } = useTranslation();
  if (fixtures.length === 0)
    return <p className="p-6 text-center text-slate-600 dark:text-slate-300">{t("home.noMatches")}</p>;
  return (
    <LeagueCard league={fixtures[0]!.league}>
      {fixtures.map((f) => (
        <FixtureRow key={f.id} fixture={f} />
      ))}
    </LeagueCard>
  );
}
