import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { DESIRED_OUTCOMES, LEAD_UNITS, PREMATCH_OUTCOMES } from "../../domain/scanner/rules.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { leagueName } from "../../i18n/country-name.ts";
import type { FilterView } from "../../services/scanner/filter-views.ts";
import { FormAlert, inputClass, primaryButton } from "../components/form.tsx";
import { FieldError, type FormErrors, invalid } from "./form-fields.tsx";
import { selectClass } from "./ui.tsx";
import { OutcomeOptions } from "./outcome-options.tsx";

/** What the filter form shows of a filter of either scanner. */
type EditedFilter = Pick<FilterView, "name" | "note" | "desiredOutcome" | "leagueIds" | "muted"> & {
  leadTime?: FilterView["leadTime"];
};

/**
 * The fields of a filter (not its rules): name, note, desired outcome, leagues, muted, and the lead time of a
 * pre-match filter. `confirm`: a question asked before the form is sent (a change that erases the history).
 */
export function FilterFields({
  filter,
  leagues,
  errors,
  submitLabel,
  kind = "preMatch",
  confirm: question,
}: {
  filter?: EditedFilter;
  leagues: Array<{ id: number; name: string; country: string }>;
  errors?: FormErrors;
  submitLabel: string;
  kind?: ScannerKind;
  confirm?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const chosen = new Set(filter?.leagueIds ?? []);
  return (
    <Form
      method="post"
      className="space-y-4"
      onSubmit={(e) => {
        if (question && !window.confirm(question)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <FormAlert message={errors?.error} />
      <div>
        <label className="block text-sm font-medium">
          {t("prematch.name")}
          <input
            name="name"
            required
            maxLength={80}
            defaultValue={filter?.name ?? ""}
            className={inputClass}
            {...invalid("name", errors)}
          />
        </label>
        <FieldError name="name" errors={errors} />
      </div>
      <div>
        <label className="block text-sm font-medium">
          {t("prematch.note")}
          <textarea
            name="note"
            maxLength={500}
            rows={2}
            defaultValue={filter?.note ?? ""}
            className={inputClass}
            {...invalid("note", errors)}
          />
        </label>
        <FieldError name="note" errors={errors} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium">
          {t("prematch.desiredOutcome")}
          <select name="desiredOutcome" defaultValue={filter?.desiredOutcome ?? "home"} className={selectClass}>
            <OutcomeOptions outcomes={kind === "preMatch" ? PREMATCH_OUTCOMES : DESIRED_OUTCOMES} />
          </select>
        </label>
        {kind === "preMatch" && (
          <fieldset>
            <legend className="block text-sm font-medium">{t("prematch.leadTime")}</legend>
            <div className="flex gap-2">
              <label className="w-24">
                <span className="sr-only">{t("prematch.leadAmount")}</span>
                <input
                  name="leadAmount"
                  type="number"
                  min={1}
                  max={72}
                  required
                  defaultValue={filter?.leadTime?.amount ?? 1}
                  className={inputClass}
                  {...invalid("leadTime", errors)}
                />
              </label>
              <label className="flex-1">
                <span className="sr-only">{t("prematch.leadTime")}</span>
                <select name="leadUnit" defaultValue={filter?.leadTime?.unit ?? "hours"} className={selectClass}>
                  {LEAD_UNITS.map((u) => (
                    <option key={u} value={u}>
                      {t(`prematch.leadUnit.${u}`)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <FieldError name="leadTime" errors={errors} />
          </fieldset>
        )}
      </div>
      <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <summary className="cursor-pointer text-sm font-medium">
          {t("prematch.leagues")}: {chosen.size === 0 ? t("prematch.allLeagues") : chosen.size}
        </summary>
        <p className="my-2 text-xs text-slate-600 dark:text-slate-400">{t("prematch.leaguesHelp")}</p>
        <div className="grid max-h-64 gap-1 overflow-y-auto sm:grid-cols-2">
          {leagues.map((l) => (
            <label key={l.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="leagueIds" value={l.id} defaultChecked={chosen.has(l.id)} />
              {leagueName(t, l)}
            </label>
          ))}
        </div>
      </details>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="muted" defaultChecked={filter?.muted ?? false} />
        {t("prematch.muted")}
      </label>
      <button type="submit" className={primaryButton} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
