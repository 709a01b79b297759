import { useTranslation } from "react-i18next";
import { leagueName } from "../../i18n/country-name.ts";

/** The options of a league multi-select: every league, named with its country. */
export function LeagueOptions({
  countries,
}: {
  countries: Array<{ name: string; leagues: Array<{ id: number; name: string }> }>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {countries.flatMap((c) =>
        c.leagues.map((l) => (
          <option key={l.id} value={l.id}>
            {leagueName(t, { name: l.name, country: c.name })}
          </option>
        )),
      )}
    </>
  );
}
