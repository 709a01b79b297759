import { useTranslation } from "react-i18next";
import {
  type FilterState,
  GOAL_KEYS,
  GOAL_OPTIONS,
  GOAL_SIDES,
  GOAL_STATS,
  type GoalKey,
} from "../../../domain/stats/advanced-filter.ts";
import { field } from "./classes.ts";

type Bounds = { min: number | null; max: number | null };

function GoalRow({
  goal,
  value,
  onChange,
}: {
  goal: GoalKey;
  value: { min: number | null; max: number | null } | undefined;
  onChange: (v: { min: number | null; max: number | null }) => void;
}) {
  const { t } = useTranslation();
  const side = goal.startsWith("Home") ? "Home" : "Away";
  const stat = goal.includes("Scored") ? "Scored" : "Conceded";
  const scope = goal.slice(side.length + stat.length);
  const label = `${t(`advancedFilter.side${side}`)} · ${t(`advancedFilter.stat${stat}`)} · ${t(`advancedFilter.scope${scope}`)}`;
  const select = (bound: "min" | "max") => (
    <label className="text-xs">
      <span className="sr-only">{label} – </span>
      {t(`advancedFilter.${bound}`)}
      <select
        name={`${bound}${goal}`}
        className={field}
        value={value?.[bound] ?? ""}
        onChange={(e) =>
          onChange({
            min: value?.min ?? null,
            max: value?.max ?? null,
            [bound]: e.target.value === "" ? null : Number(e.target.value),
          })
        }
      >
        <option value="">{t("advancedFilter.any")}</option>
        {GOAL_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {o === 4 ? "4+" : o}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_5rem_5rem] items-end gap-2 py-1">
      <span className="block text-sm first-letter:uppercase">{t(`advancedFilter.scope${scope}`)}</span>
      {select("min")}
      {select("max")}
    </div>
  );
}

/** The goals section of the form: a row of bounds per side, statistic and scope (open when one is set). */
export function GoalFields({
  goals,
  onChange,
}: {
  goals: FilterState["goals"];
  onChange: (goal: GoalKey, v: Bounds) => void;
}) {
  const { t } = useTranslation();
  return (
    <details
      className="rounded-lg border border-slate-200 p-2 dark:border-slate-700"
      open={Object.keys(goals).length > 0}
    >
      <summary className="cursor-pointer text-sm font-medium">{t("advancedFilter.goals")}</summary>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("advancedFilter.goalsHint")}</p>
      {GOAL_SIDES.flatMap((side) =>
        GOAL_STATS.map((stat) => (
          <fieldset key={side + stat} className="mt-2">
            <legend className="text-xs font-semibold uppercase text-slate-600 dark:text-slate-400">
              {t(`advancedFilter.side${side}`)} · {t(`advancedFilter.stat${stat}`)}
            </legend>
            <div className="divide-y divide-slate-100 dark:divide-slate-800">
              {GOAL_KEYS.filter((goal) => goal.startsWith(side + stat)).map((goal) => (
                <GoalRow key={goal} goal={goal} value={goals[goal]} onChange={(v) => onChange(goal, v)} />
              ))}
            </div>
          </fieldset>
        )),
      )}
    </details>
  );
}
