import { useTranslation } from "react-i18next";
import {
  NUMERIC_OPS,
  ODDS_MARKETS,
  type Rule,
  type STATS,
  TIME_CONDITIONS,
  VENUES,
  WINDOWS,
} from "../../domain/scanner/rules.ts";
import { MAX_RULE_MINUTE } from "../../domain/scanner/schema.ts";
import { EVENT_GROUPS, TEAM_EVENTS } from "../../domain/stats/team-events.ts";
import { inputClass } from "../components/form.tsx";
import { useEventName } from "../components/team-events.tsx";
import { Choice, FieldError, type FormErrors, invalid } from "./form-fields.tsx";
import { selectClass } from "./ui.tsx";

/** The parts of the rule builder that only some rules show, each a fieldset or a group of selects. */

const WITH_MINUTE = new Set(["MinuteAt", "BeforeMinute", "AfterMinute", "MinuteRange"]);

/** A team event of the pre-match statistics, with its venue and window. */
export function EventFields({ rule, isEvent }: { rule: Rule | undefined; isEvent: boolean }) {
  const { t } = useTranslation();
  const eventName = useEventName();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <label className="block text-sm font-medium sm:col-span-3">
        {t("teamStats.event")}
        <select name="event" defaultValue={isEvent ? rule!.stat : "W"} className={selectClass}>
          {EVENT_GROUPS.map((g) => (
            <optgroup key={g} label={t(`teamStats.groups.${g}`)}>
              {TEAM_EVENTS.filter((e) => e.group === g).map((e) => (
                <option key={e.key} value={e.key}>
                  {eventName(e.key)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <Choice
        label={t("prematch.venue")}
        name="venue"
        defaultValue={rule?.venue ?? "overall"}
        options={VENUES}
        text={(v) => t(`teamStats.venue.${v}`)}
      />
      <Choice
        label={t("prematch.window")}
        name="window"
        defaultValue={rule?.window ?? "season"}
        options={WINDOWS}
        text={(w) => t(`teamStats.window.${w}`)}
      />
    </div>
  );
}

/** The odds market of a live rule (pre-match or live prices) and the live prices' minutes. */
export function LiveOddsFields({
  rule,
  errors,
  market,
  setMarket,
}: {
  rule: Rule | undefined;
  errors: FormErrors | undefined;
  market: string;
  setMarket: (market: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t("liveScanner.oddsMarket")}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm">
          <span className="sr-only">{t("liveScanner.oddsMarket")}</span>
          <select
            name="oddsMarket"
            value={market}
            onChange={(e) => setMarket(e.target.value)}
            className={selectClass}
            {...invalid("oddsMarket", errors)}
          >
            {ODDS_MARKETS.map((m) => (
              <option key={m} value={m}>
                {t(`liveScanner.oddsMarkets.${m}`)}
              </option>
            ))}
          </select>
        </label>
        {market === "LiveMatch" && (
          <>
            <label className="block text-sm">
              {t("liveScanner.firstMinute")}
              <input
                name="firstMinute"
                type="number"
                min={0}
                max={MAX_RULE_MINUTE}
                inputMode="numeric"
                defaultValue={rule?.firstMinute ?? ""}
                className={inputClass}
                {...invalid("firstMinute", errors)}
              />
            </label>
            <label className="block text-sm">
              {t("liveScanner.secondMinute")}
              <input
                name="secondMinute"
                type="number"
                min={0}
                max={MAX_RULE_MINUTE}
                inputMode="numeric"
                defaultValue={rule?.secondMinute ?? ""}
                className={inputClass}
                {...invalid("secondMinute", errors)}
              />
            </label>
          </>
        )}
      </div>
      <FieldError name="oddsMarket" errors={errors} />
    </fieldset>
  );
}

/** The numeric mode: the statistic compared with another team's statistic. */
export function NumericFields({
  rule,
  errors,
  numeric,
  setNumeric,
  targets,
  stats,
  chosenStat,
  statName,
}: {
  rule: Rule | undefined;
  errors: FormErrors | undefined;
  numeric: string;
  setNumeric: (op: string) => void;
  targets: readonly string[];
  stats: ReadonlyArray<(typeof STATS)[number]>;
  chosenStat: string;
  statName: (stat: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t("prematch.numeric")}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm">
          <span className="sr-only">{t("prematch.numeric")}</span>
          <select name="numericOp" value={numeric} onChange={(e) => setNumeric(e.target.value)} className={selectClass}>
            <option value="">{t("prematch.numericNone")}</option>
            {NUMERIC_OPS.map((o) => (
              <option key={o} value={o}>
                {t(`prematch.ops.${o}`)}
              </option>
            ))}
          </select>
        </label>
        {numeric && (
          <>
            <label className="block text-sm">
              {t("prematch.numericTarget")}
              <select name="numericTarget" defaultValue={rule?.numeric?.withTarget ?? "Away"} className={selectClass}>
                {targets.map((x) => (
                  <option key={x} value={x}>
                    {t(`prematch.targets.${x}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm">
              {t("prematch.numericWith")}
              <select name="numericStat" defaultValue={rule?.numeric?.stat ?? chosenStat} className={selectClass}>
                {stats
                  .filter((x) => x.scope === "team")
                  .map((x) => (
                    <option key={x.stat} value={x.stat}>
                      {statName(x.stat)}
                    </option>
                  ))}
              </select>
            </label>
          </>
        )}
      </div>
      <FieldError name="numeric" errors={errors} />
    </fieldset>
  );
}

/** The time condition of a live rule. */
export function TimeFields({
  rule,
  errors,
  timeKind,
  setTimeKind,
}: {
  rule: Rule | undefined;
  errors: FormErrors | undefined;
  timeKind: string;
  setTimeKind: (kind: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">{t("liveScanner.timeCondition")}</legend>
      {/* The condition's names are long ("During the 2nd half"), its minutes short. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <label className="block text-sm">
          <span className="sr-only">{t("liveScanner.timeCondition")}</span>
          <select
            name="timeKind"
            value={timeKind}
            onChange={(e) => setTimeKind(e.target.value)}
            className={selectClass}
            {...invalid("time", errors)}
          >
            <option value="">{t("liveScanner.timeConditions.none")}</option>
            {TIME_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {t(`liveScanner.timeConditions.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {WITH_MINUTE.has(timeKind) && (
          <label className="block text-sm">
            {t("liveScanner.minute")}
            <input
              name="minute"
              type="number"
              min={0}
              max={MAX_RULE_MINUTE}
              required
              inputMode="numeric"
              defaultValue={rule?.time?.minute ?? ""}
              className={inputClass}
              {...invalid("time.minute", errors)}
            />
          </label>
        )}
        {timeKind === "MinuteRange" && (
          <label className="block text-sm">
            {t("liveScanner.toMinute")}
            <input
              name="toMinute"
              type="number"
              min={0}
              max={MAX_RULE_MINUTE}
              required
              inputMode="numeric"
              defaultValue={rule?.time?.toMinute ?? ""}
              className={inputClass}
              {...invalid("time.toMinute", errors)}
            />
          </label>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="help-time-when">
        {t("ruleHelp.timeWhen")}
      </p>
      <FieldError name="time" errors={errors} />
      <FieldError name="time.minute" errors={errors} />
      <FieldError name="time.toMinute" errors={errors} />
    </fieldset>
  );
}
