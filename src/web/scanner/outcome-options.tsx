import { useTranslation } from "react-i18next";
import { OUTCOME_GROUPS, outcomeGroup } from "../../domain/scanner/goal-outcomes.ts";
import { outcomeKey } from "../../i18n/outcome-label.ts";

/** A desired outcome in the page's language. */
export function OutcomeText({ outcome }: { outcome: string }) {
  const { t } = useTranslation();
  return <>{t(...outcomeKey(outcome))}</>;
}

/**
 * The options of a desired-outcome select, grouped (match result, goals, first half, corners, from the alert on):
 * over fifty outcomes read better in groups. `none`/`all` come first, ungrouped, when listed.
 */
export function OutcomeOptions({ outcomes }: { outcomes: readonly string[] }) {
  const { t } = useTranslation();
  const option = (o: string) => (
    <option key={o} value={o}>
      {t(...outcomeKey(o))}
    </option>
  );
  return (
    <>
      {outcomes.filter((o) => outcomeGroup(o) === null).map(option)}
      {OUTCOME_GROUPS.map((group) => {
        const listed = outcomes.filter((o) => outcomeGroup(o) === group);
        return listed.length === 0 ? null : (
          <optgroup key={group} label={t(`goalOutcomes.groups.${group}`)}>
            {listed.map(option)}
          </optgroup>
        );
      })}
    </>
  );
}
