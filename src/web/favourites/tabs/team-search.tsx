import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import type { TeamGroupView } from "../../../services/favourites.ts";
import { Notice, card, input, primary, secondary, useSubmitting } from "./ui.tsx";
import { countryName } from "../../../i18n/country-name.ts";

export interface TeamSearchResult {
  query: string;
  results: Array<{ id: number; name: string; country: string }>;
}

/** Search a team by name (a GET form, so it works without JavaScript), then add it to the flat list or a group. */
export function TeamSearch({
  tab,
  search,
  groups,
}: {
  tab: string;
  search: TeamSearchResult | null;
  groups: TeamGroupView[];
}) {
  const { t } = useTranslation();
  const submitting = useSubmitting();
  const location = useLocation();
  const query = search?.query ?? new URLSearchParams(location.search).get("q") ?? "";
  return (
    <section aria-labelledby="team-search" className={`${card} space-y-3`}>
      <h2 id="team-search" className="font-semibold">
        {t("favourites.search.title")}
      </h2>
      <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="tab" value={tab} />
        <label className="min-w-48 flex-1 text-sm font-medium">
          {t("favourites.search.label")}
          <input
            name="q"
            type="search"
            defaultValue={query}
            minLength={2}
            maxLength={50}
            autoComplete="off"
            className={input}
          />
        </label>
        <button type="submit" className={secondary}>
          {t("favourites.search.submit")}
        </button>
      </Form>
      <Notice target="search" />
      {search && search.query.length < 2 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("favourites.search.tooShort")}</p>
      )}
      {search && search.query.length >= 2 && search.results.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("favourites.search.noResults", { query: search.query })}
        </p>
      )}
      {search && search.results.length > 0 && (
        <ul
          aria-label={t("favourites.search.results", { query: search.query })}
          className="divide-y divide-slate-100 dark:divide-slate-800"
        >
          {search.results.map((team) => (
            <li key={team.id}>
              <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2 py-2">
                <input type="hidden" name="target" value="search" />
                <input type="hidden" name="teamId" value={team.id} />
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{team.name}</span>{" "}
                  <span className="text-sm text-slate-600 dark:text-slate-400">· {countryName(t, team.country)}</span>
                </span>
                {groups.length > 0 ? (
                  <label className="flex items-center gap-2 text-sm">
                    <span className="sr-only sm:not-sr-only">{t("favourites.search.addTo", { team: team.name })}</span>
                    <select
                      name="groupId"
                      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-950"
                    >
                      <option value="">{t("favourites.search.flatList")}</option>
                      {groups.map((g) => (
                        <option key={g.id} value={g.id}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <input type="hidden" name="groupId" value="" />
                )}
                <button
                  type="submit"
                  name="intent"
                  value="addTeam"
                  disabled={submitting}
                  className={primary}
                  aria-label={`${t("favourites.search.add")}: ${team.name}`}
                >
                  {t("favourites.search.add")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
