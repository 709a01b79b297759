/** The options of a league multi-select: every league, named with its country. */
export function LeagueOptions({ countries }: { countries: Array<{ name: string; leagues: Array<{ id: number; name: string }> }> }) {
  return (
    <>
      {countries.flatMap((c) =>
        c.leagues.map((l) => (
          <option key={l.id} value={l.id}>
            {c.name} · {l.name}
          </option>
        )),
      )}
    </>
  );
}
