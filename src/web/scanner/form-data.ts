import type { Rule } from "../../domain/scanner/rules.ts";

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
