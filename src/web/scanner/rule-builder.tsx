import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ODDS_BOOKMAKERS, type Rule } from "../../domain/scanner/rules.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { FormAlert, inputClass, primaryButton } from "../components/form.tsx";
import { Choice, FieldError, type FormErrors, invalid } from "./form-fields.tsx";
import { EventFields, LiveOddsFields, NumericFields, TimeFields } from "./rule-builder-parts.tsx";
import { useRuleChoices } from "./rule-choices.ts";
import { bookmakerName, selectClass } from "./ui.tsx";

/** The short help under a choice of the builder. */
export const helpText = "mt-1 text-xs font-normal text-slate-600 dark:text-slate-400";

/**
 * The rule builder of both scanners: one column of labelled selects that fits a phone, in the order category →
 * statistic → team → (numeric mode) → comparison → value, then for live rules the time condition and the odds
 * market. The choices follow the category and the scanner (its statistics, the teams a statistic can be read
 * for); team events come in groups. Short help says what the probabilities' Model and Final are, what a Time
 * rule compares and what the live rules' "When" adds (as `domain/scanner/compile.ts` and `live-source.ts`
 * evaluate them). `hidden` fields go with the form (a page that carries its rules in the form, not in a filter).
 */
export function RuleBuilder({
  rule,
  errors,
  submitLabel,
  kind = "preMatch",
  confirm: question,
  hidden,
}: {
  rule?: Rule;
  errors?: FormErrors;
  submitLabel: string;
  kind?: ScannerKind;
  /** a question asked before the rule is saved (it erases the filter's history) */
  confirm?: string;
  /** fields posted with the rule (name → value) */
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const choices = useRuleChoices(rule, kind);
  const { live, categories, isEvent, category, statChoice, numeric, timeKind, market } = choices;
  const { stats, statOptions, chosenStat, scope, targets, comparators } = choices;
  const field = (name: string) => ({ name, ...invalid(name, errors) });
  const categoryName = (c: string) => t(live ? `liveScanner.categories.${c}` : `prematch.categories.${c}`);
  const statName = (stat: string) => {
    if (stat === "event") return t("prematch.stats.event");
    if (stat === "pointsGap:match") return `${t("prematch.stats.pointsGap")} (${t("prematch.targets.Match")})`;
    if (category === "liveStats" || (category === "time" && stat === "minute")) return t(`liveScanner.stats.${stat}`);
    return t(`prematch.stats.${stat}`);
  };
  return (
    <Form
      method="post"
      className="space-y-3"
      onSubmit={(e) => {
        if (question && !window.confirm(question)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="saveRule" />
      {hidden &&
        Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <FormAlert message={errors?.error} {...(errors?.vars ? { vars: errors.vars } : {})} />
      <label className="block text-sm font-medium">
        {t("prematch.category")}
        <select
          {...field("category")}
          value={category}
          onChange={(e) => {
            choices.setCategory(e.target.value);
            choices.setStatChoice(choices.firstStat(e.target.value));
          }}
          className={selectClass}
        >
          {categories.map((c) => (
            <option key={c} value={c}>
              {categoryName(c)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium">
        {t("prematch.stat")}
        <select
          name="stat"
          value={statChoice}
          onChange={(e) => choices.setStatChoice(e.target.value)}
          className={selectClass}
          {...invalid("stat", errors)}
        >
          {statOptions.map((x) => (
            <option key={x} value={x}>
              {statName(x)}
            </option>
          ))}
        </select>
      </label>
      {category === "probabilities" && (
        <p className={helpText} data-testid="help-probabilities">
          {t("ruleHelp.probabilities")}
        </p>
      )}
      <FieldError name="stat" errors={errors} />
      {statChoice === "event" && <EventFields rule={rule} isEvent={isEvent} />}
      {category === "odds" && live && (
        <LiveOddsFields rule={rule} errors={errors} market={market} setMarket={choices.setMarket} />
      )}
      {category === "odds" && (!live || market === "PreMatch") && (
        <Choice
          label={t("prematch.bookmaker")}
          name="bookmaker"
          defaultValue={rule?.bookmaker ?? "Avg"}
          options={ODDS_BOOKMAKERS}
          text={(b) => bookmakerName(t, b)}
        />
      )}
      <label className="block text-sm font-medium">
        {t("prematch.target")}
        <select
          name="target"
          defaultValue={rule?.target && (targets as readonly string[]).includes(rule.target) ? rule.target : targets[0]}
          key={`${category}-${statChoice}`}
          className={selectClass}
          {...invalid("target", errors)}
        >
          {targets.map((x) => (
            <option key={x} value={x}>
              {t(`prematch.targets.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <FieldError name="target" errors={errors} />
      {category !== "time" && statChoice !== "event" && scope === "team" && (
        <NumericFields
          rule={rule}
          errors={errors}
          numeric={numeric}
          setNumeric={choices.setNumeric}
          targets={targets}
          stats={stats}
          chosenStat={chosenStat}
          statName={statName}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm font-medium">
          {t("prematch.comparator")}
          <select
            name="comparator"
            defaultValue={rule?.comparator ?? "GreaterEqualThan"}
            key={`${category}-${market}`}
            className={selectClass}
            {...invalid("comparator", errors)}
          >
            {comparators.map((c) => (
              <option key={c} value={c}>
                {t(`prematch.comparators.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          {t("prematch.value")}
          <input
            name="value"
            type="number"
            step="any"
            required
            inputMode="decimal"
            defaultValue={rule?.value ?? ""}
            className={inputClass}
            {...invalid("value", errors)}
          />
        </label>
      </div>
      {category === "time" && (
        <p className={helpText} data-testid="help-time-compare">
          {t(live ? "ruleHelp.timeCompareLive" : "ruleHelp.timeComparePrematch")}
        </p>
      )}
      <FieldError name="comparator" errors={errors} />
      <FieldError name="value" errors={errors} />
      {live && <TimeFields rule={rule} errors={errors} timeKind={timeKind} setTimeKind={choices.setTimeKind} />}
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
