import { useTranslation } from "react-i18next";
import type { TeamGroupView } from "../../../services/favourites.ts";
import { TeamSearch, type TeamSearchResult } from "./team-search.tsx";
import { ActionButton, Empty, Notice, card } from "./ui.tsx";
import { countryName } from "../../../i18n/country-name.ts";

/** The flat list of favourite teams (the generic group), with removal and a search to add more. */
export function TeamsTab({ teams, search }: { teams: TeamGroupView["teams"]; search: TeamSearchResult | null }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Notice target="list" />
      <section aria-labelledby="fav-teams">
        <h2 id="fav-teams" className="mb-2 font-semibold">
          {t("favourites.teams.title")}
        </h2>
        {teams.length === 0 ? (
          <Empty>{t("favourites.teams.empty")}</Empty>
        ) : (
          <ul className={`${card} divide-y divide-slate-100 p-0 dark:divide-slate-800`}>
            {teams.map((team) => (
              <li key={team.id} className="flex items-center justify-between gap-3 px-4 py-2">
                <span className="min-w-0">
                  <span className="font-medium">{team.name}</span>{" "}
                  <span className="text-sm text-slate-600 dark:text-slate-400">· {countryName(t, team.country)}</span>
                </span>
                <ActionButton
                  intent="removeTeam"
                  target="list"
                  fields={{ teamId: team.id }}
                  label={t("favourites.teams.remove", { name: team.name })}
                >
                  <span aria-hidden="true">✕</span>
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TeamSearch tab="teams" search={search} groups={[]} />
    </div>
  );
}
