import { useTranslation } from "react-i18next";

/** A member's league groups as a choice of a GET form (the server adds the group's leagues). */
export function LeagueGroupSelect({
  groups,
  selected,
  className,
}: {
  groups: Array<{ id: number; name: string }>;
  selected: number | null;
  className: string;
}) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <label className="block text-sm font-medium">
      {t("advancedFilter.leagueGroup")}
      <select name="leagueGroup" defaultValue={selected ?? ""} className={className}>
        <option value="">{t("advancedFilter.chooseGroup")}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </label>
  );
}
