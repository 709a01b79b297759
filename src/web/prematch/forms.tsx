import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import {
  COMPARATORS,
  DESIRED_OUTCOMES,
  LEAD_UNITS,
  NUMERIC_OPS,
  ODDS_BOOKMAKERS,
  ODDS_MARKETS,
  type Rule,
  STATS,
  TARGETS,
  TIME_CONDITIONS,
  VENUES,
  WINDOWS,
} from "../../domain/scanner/rules.ts";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { EVENT_GROUPS, TEAM_EVENTS } from "../../domain/stats/team-events.ts";
import type { FilterView } from "../../services/prematch.ts";
import { FormAlert, inputClass, primaryButton } from "../components/form.tsx";
import { useEventName } from "../components/team-events.tsx";
import { bookmakerName, selectClass } from "./ui.tsx";
import { leagueName } from "../../i18n/country-name.ts";

export interface FormErrors {
  error?: string;
  fields?: Record<string, string>;
}

function FieldError({ name, errors }: { name: string; errors: FormErrors | undefined }) {
  const { t } = useTranslation();
  const message = errors?.fields?.[name];
  if (!message) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {t(message)}
    </p>
  );
}

const invalid = (name: string, errors: FormErrors | undefined) =>
  errors?.fields?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};

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
            {DESIRED_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {t(`prematch.outcomes.${o}`)}
              </option>
            ))}
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

/** The filter fields of a posted form, as the service takes them. */
export function filterFromForm(form: FormData) {
  return {
    name: String(form.get("name") ?? ""),
    note: String(form.get("note") ?? ""),
    desiredOutcome: String(form.get("desiredOutcome") ?? "none"),
    ...(form.has("leadAmount")
      ? { leadTime: { amount: Number(form.get("leadAmount") ?? 1), unit: String(form.get("leadUnit") ?? "hours") } }
      : {}),
    leagueIds: form.getAll("leagueIds").map(Number),
    muted: form.get("muted") === "on",
  };
}

const numberOrUndefined = (v: FormDataEntryValue | null) => (v === null || v === "" ? undefined : Number(v));

/** A rule of a posted rule-builder form. */
export function ruleFromForm(form: FormData): Partial<Rule> {
  const category = String(form.get("category") ?? "");
  const statChoice = String(form.get("stat") ?? "");
  const event = String(form.get("event") ?? "");
  const stat = category === "preMatchStats" && statChoice === "event" ? event : statChoice.replace(/:match$/, "");
  const rule: Record<string, unknown> = {
    category,
    stat,
    target: String(form.get("target") ?? ""),
    comparator: String(form.get("comparator") ?? ""),
    value: numberOrUndefined(form.get("value")),
  };
  if (category === "preMatchStats" && statChoice === "event") {
    rule.venue = String(form.get("venue") ?? "overall");
    rule.window = String(form.get("window") ?? "season");
  }
  if (category === "odds") rule.bookmaker = String(form.get("bookmaker") ?? "Avg");
  const timeKind = String(form.get("timeKind") ?? "");
  if (timeKind) {
    const time: Record<string, unknown> = { kind: timeKind };
    if (["MinuteAt", "BeforeMinute", "AfterMinute", "MinuteRange"].includes(timeKind))
      time.minute = numberOrUndefined(form.get("minute"));
    if (timeKind === "MinuteRange") time.toMinute = numberOrUndefined(form.get("toMinute"));
    rule.time = time;
  }
  const market = String(form.get("oddsMarket") ?? "");
  if (category === "odds" && market) {
    rule.oddsMarket = market;
    if (market === "LiveMatch") {
      const first = numberOrUndefined(form.get("firstMinute"));
      const second = numberOrUndefined(form.get("secondMinute"));
      if (first !== undefined) rule.firstMinute = first;
      if (second !== undefined) rule.secondMinute = second;
    }
  }
  const op = String(form.get("numericOp") ?? "");
  if (op)
    rule.numeric = {
      op,
      stat: String(form.get("numericStat") ?? ""),
      withTarget: String(form.get("numericTarget") ?? ""),
    };
  return rule as Partial<Rule>;
}

const PRE_CATEGORIES = ["odds", "probabilities", "preMatchStats", "time"] as const;
const LIVE_CATEGORIES = ["liveStats", "time", "odds", "probabilities", "preMatchStats"] as const;
const STANDINGS = new Set(["rank", "points", "pointsGap", "played"]);
const WITH_MINUTE = new Set(["MinuteAt", "BeforeMinute", "AfterMinute", "MinuteRange"]);

/**
 * The rule builder of both scanners: one column of labelled selects that fits a phone, in the order category →
 * statistic → team → (numeric mode) → comparison → value, then for live rules the time condition and the odds
 * market. The choices follow the category and the scanner (its statistics, the teams a statistic can be read
 * for); team events come in groups.
 */
export function RuleBuilder({
  rule,
  errors,
  submitLabel,
  kind = "preMatch",
  confirm: question,
}: {
  rule?: Rule;
  errors?: FormErrors;
  submitLabel: string;
  kind?: ScannerKind;
  /** a question asked before the rule is saved (it erases the filter's history) */
  confirm?: string;
}) {
  const { t } = useTranslation();
  const eventName = useEventName();
  const busy = useNavigation().state !== "idle";
  const live = kind === "live";
  const categories = live ? LIVE_CATEGORIES : PRE_CATEGORIES;
  const isEvent = rule?.category === "preMatchStats" && !STANDINGS.has(rule.stat);
  const [category, setCategory] = useState<string>(rule?.category ?? categories[0]);
  const firstStat = (c: string) =>
    c === "preMatchStats" && !live
      ? "event"
      : (STATS.find((x) => x.category === c && x.scanners.includes(kind))?.stat ?? "");
  const [statChoice, setStatChoice] = useState<string>(
    isEvent
      ? "event"
      : rule?.stat === "pointsGap" && rule.target === "Match"
        ? "pointsGap:match"
        : (rule?.stat ?? firstStat(categories[0])),
  );
  const [numeric, setNumeric] = useState<string>(rule?.numeric?.op ?? "");
  const [timeKind, setTimeKind] = useState<string>(rule?.time?.kind ?? "");
  const [market, setMarket] = useState<string>(rule?.oddsMarket ?? "PreMatch");
  const stats = STATS.filter((x) => x.category === category && x.scanners.includes(kind));
  const statOptions =
    category === "preMatchStats"
      ? [
          ...stats.filter((x) => x.scope === "team" && STANDINGS.has(x.stat)).map((x) => x.stat),
          ...(live ? [] : ["event"]),
          "pointsGap:match",
        ]
      : stats.map((x) => x.stat);
  const chosenStat = statChoice.split(":")[0]!;
  const scope =
    statChoice === "event"
      ? "team"
      : (STATS.find(
          (x) =>
            x.category === category &&
            x.stat === chosenStat &&
            (statChoice.endsWith(":match") ? x.scope === "match" : true),
        )?.scope ?? "team");
  const targets =
    scope === "match"
      ? (["Match"] as const)
      : TARGETS.filter(
          (x) => (live || (x !== "LoosingTeam" && x !== "WinningTeam")) && (x !== "Match" || statChoice === "event"),
        );
  const comparators = COMPARATORS.filter(
    (c) => (c !== "IncreasedOf" && c !== "DecreasedOf") || (live && category === "odds" && market === "LiveMatch"),
  );
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
      <FormAlert message={errors?.error} />
      <label className="block text-sm font-medium">
        {t("prematch.category")}
        <select
          {...field("category")}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setStatChoice(firstStat(e.target.value));
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
          onChange={(e) => setStatChoice(e.target.value)}
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
      <FieldError name="stat" errors={errors} />
      {statChoice === "event" && (
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
      )}
      {category === "odds" && live && (
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
                    max={130}
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
                    max={130}
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
        <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">{t("prematch.numeric")}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="block text-sm">
              <span className="sr-only">{t("prematch.numeric")}</span>
              <select
                name="numericOp"
                value={numeric}
                onChange={(e) => setNumeric(e.target.value)}
                className={selectClass}
              >
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
                  <select
                    name="numericTarget"
                    defaultValue={rule?.numeric?.withTarget ?? "Away"}
                    className={selectClass}
                  >
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
      <FieldError name="comparator" errors={errors} />
      <FieldError name="value" errors={errors} />
      {live && (
        <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">{t("liveScanner.timeCondition")}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
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
                  max={130}
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
                  max={130}
                  required
                  inputMode="numeric"
                  defaultValue={rule?.time?.toMinute ?? ""}
                  className={inputClass}
                  {...invalid("time.toMinute", errors)}
                />
              </label>
            )}
          </div>
          <FieldError name="time" errors={errors} />
          <FieldError name="time.minute" errors={errors} />
          <FieldError name="time.toMinute" errors={errors} />
        </fieldset>
      )}
      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A labelled select of fixed options: the value of each option, and its text. */
function Choice({
  label,
  name,
  defaultValue,
  options,
  text,
}: {
  label: string;
  name: string;
  defaultValue: string;
  options: readonly string[];
  text: (value: string) => string;
}) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={defaultValue} className={selectClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {text(value)}
          </option>
        ))}
      </select>
    </label>
  );
}
