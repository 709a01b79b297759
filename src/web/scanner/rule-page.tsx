import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { FormErrors } from "./form-fields.tsx";
import { SCANNERS } from "./kinds.ts";
import { InactiveNotice } from "./live.tsx";
import { noindexMeta } from "./meta.ts";
import type { ruleLoader } from "./pages.server.ts";
import { useScannerPaths } from "./paths.ts";
import { RuleBuilder } from "./rule-builder.tsx";
import { RuleList } from "./rule-list.tsx";
import { PageHeader, card, linkButton } from "./ui.tsx";

type RuleData = Awaited<ReturnType<typeof ruleLoader>>;

const warning = "rounded-md bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100";

export const ruleMeta = noindexMeta<RuleData>(
  (t, page) => `${t(page.rule ? "prematch.editRule" : "prematch.newRule")} · ${page.filter.name}`,
);

/**
 * A new rule or a rule of the owner's filter, for either scanner. A live filter with picks warns that a change
 * erases them and asks before saving or removing; a pre-match filter always shows the edit warning. A new rule's
 * form says what adding does (`ruleAction`): the rule is saved at once, listed above and the form starts over
 * (live: the filter, inactive, offers to be activated); a pre-match filter goes on to its rules from 3 rules on.
 */
export function RulePage({ data, errors }: { data: RuleData; errors: FormErrors | undefined }) {
  const { t } = useTranslation();
  const { filter, rule, kind } = data;
  const picks = data.kind === "live" ? data.filter.figures.picks : 0;
  const confirm = SCANNERS[kind].confirmErase && picks > 0 ? t("liveScanner.editConfirm") : undefined;
  return (
    <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <PageHeader title={t(rule ? "prematch.editRule" : "prematch.newRule")} intro={filter.name}>
        <RuleLinks data={data} />
      </PageHeader>
      {data.kind === "live" && data.filter.ruleCount > 0 && <InactiveNotice filter={data.filter} />}
      {!rule && filter.rules && filter.rules.length > 0 && (
        <div className={card}>
          <RuleList kind={kind} rules={filter.rules} filterId={filter.id} editable />
        </div>
      )}
      {kind === "preMatch" && <p className={warning}>{t("prematch.editWarning")}</p>}
      {confirm && <p className={warning}>{t("liveScanner.editWarning", { count: picks })}</p>}
      <div className={card}>
        {!rule && (
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="help-after-add">
            {t(kind === "live" ? "ruleHelp.afterAddLive" : "ruleHelp.afterAddPrematch")}
          </p>
        )}
        <RuleBuilder
          kind={kind}
          key={rule?.id ?? (kind === "live" ? `new-${filter.ruleCount}` : "new")}
          {...(rule ? { rule } : {})}
          {...(confirm ? { confirm } : {})}
          errors={errors}
          submitLabel={t(rule ? "prematch.save" : "prematch.newRule")}
        />
      </div>
      {rule && (
        <Form
          method="post"
          onSubmit={(e) => {
            if (confirm && !window.confirm(confirm)) e.preventDefault();
          }}
        >
          <button
            type="submit"
            name="intent"
            value="removeRule"
            className="text-sm font-semibold text-red-700 underline dark:text-red-400"
          >
            {t("prematch.removeRule")}
          </button>
        </Form>
      )}
    </main>
  );
}

/** Back to the filter and its rules (live), or to the rules (pre-match). */
function RuleLinks({ data: { kind, filter } }: { data: RuleData }) {
  const { t } = useTranslation();
  const paths = useScannerPaths(kind);
  if (kind === "preMatch")
    return (
      <Link className={linkButton} to={paths.rules(filter.id)}>
        ← {t("prematch.rules")}
      </Link>
    );
  return (
    <>
      <Link className={linkButton} to={paths.filter(filter.id)}>
        ← {filter.name}
      </Link>
      <Link className={linkButton} to={paths.rules(filter.id)}>
        {t("prematch.rules")} ({filter.ruleCount})
      </Link>
    </>
  );
}
