import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { CountryWithLeagues } from "../../../services/leagues.ts";
import { countryName } from "../../../i18n/country-name.ts";
import { PremiumDenied } from "../../components/premium/premium-gate.tsx";

export const field =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";
export const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";

/** Name and leagues of a group: one form for creating and for editing. */
export function GroupForm({
  countries,
  group,
  error,
  busy,
}: {
  countries: CountryWithLeagues[];
  group?: { id: number; name: string; leagueIds: number[] };
  error?: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      className={`${card} space-y-3`}
      aria-label={group ? t("leagueGroups.edit") : t("leagueGroups.create")}
    >
      <input type="hidden" name="intent" value={group ? "update" : "create"} />
      <label className="block text-sm font-medium">
        {t("leagueGroups.name")}
        <input
          name="name"
          required
          maxLength={100}
          defaultValue={group?.name ?? ""}
          className={field}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <fieldset>
        <legend className="text-sm font-medium">{t("leagueGroups.leagues")}</legend>
        <div className="mt-1 max-h-72 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
          {countries.map((c) => (
            <div key={c.id}>
              <p className="text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">
                {countryName(t, c.name)}
              </p>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {c.leagues.map((l) => (
                  <label key={l.id} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      name="leagueId"
                      value={l.id}
                      defaultChecked={group?.leagueIds.includes(l.id) ?? false}
                    />
                    {l.name}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t(error)}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-pitch-700 px-4 py-2 font-semibold text-white hover:bg-pitch-900 disabled:opacity-60"
      >
        {group ? t("leagueGroups.saveChanges") : t("leagueGroups.create")}
      </button>
    </Form>
  );
}

/** A non-member gets the same denial block as every premium page (with Go Premium); a member, a plain note. */
export function NoPermission({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  if (!premium) return <PremiumDenied message="leagueGroups.noPermission" />;
  return (
    <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {t("leagueGroups.noPermission")}
    </p>
  );
}
