import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { SplitStats } from "../../domain/stats/team-events.ts";
import { teamPath } from "../../i18n/team-paths.ts";
import { usePreferences } from "../preferences.tsx";
import { EventsTable } from "./team-events.tsx";

interface Side {
  venue: SplitStats;
  last10: SplitStats;
}

/** The match page's 100+ events of both teams side by side, from the matches that ended before kick-off. */
export function PreMatchEvents({
  fixture,
  events,
}: {
  fixture: { localTeam: { id: number; name: string }; visitorTeam: { id: number; name: string } };
  events: { localTeam: Side; visitorTeam: Side };
}) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const home = fixture.localTeam.name;
  const away = fixture.visitorTeam.name;
  return (
    <section aria-labelledby="pre-match-events" className="mt-6">
      <h2 id="pre-match-events" className="font-semibold">
        {t("teamStats.preMatch")}
      </h2>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        {t("teamStats.preMatchNote")}{" "}
        <Link to={teamPath(locale, fixture.localTeam)} className="underline">
          {t("teamStats.teamLink", { team: home })}
        </Link>
        {" · "}
        <Link to={teamPath(locale, fixture.visitorTeam)} className="underline">
          {t("teamStats.teamLink", { team: away })}
        </Link>
      </p>
      <EventsTable
        caption={`${t("teamStats.preMatch")}: ${home} – ${away}`}
        columns={[
          { id: "home-venue", group: home, label: t("teamStats.seasonHome"), split: events.localTeam.venue },
          { id: "home-last10", group: home, label: t("teamStats.last10"), split: events.localTeam.last10 },
          { id: "away-last10", group: away, label: t("teamStats.last10"), split: events.visitorTeam.last10 },
          { id: "away-venue", group: away, label: t("teamStats.seasonAway"), split: events.visitorTeam.venue },
        ]}
      />
    </section>
  );
}
