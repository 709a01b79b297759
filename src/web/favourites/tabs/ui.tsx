import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";

/** What the favourites page's action answers: the message key, and which form it belongs to. */
export interface ActionResult {
  intent: string;
  ok: boolean;
  message: string;
  target: string;
  values?: Record<string, string>;
}

export const card = "rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900";
export const input =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-950";
export const primary =
  "rounded-lg bg-pitch-700 px-4 py-2 text-sm font-semibold text-white hover:bg-pitch-900 focus-visible:outline-2 focus-visible:outline-pitch-600 disabled:opacity-60";
export const secondary =
  "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-pitch-600 disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800";
export const danger =
  "rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 disabled:opacity-60 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950";

/** The action's answer for the form named `target`, if the last submission was that form's. */
export function useResult(target: string): ActionResult | null {
  const result = useActionData() as ActionResult | undefined;
  return result && result.target === target ? result : null;
}

export const useSubmitting = () => useNavigation().state === "submitting";

/** The success or refusal of the last change, where the change was made. */
export function Notice({ target }: { target: string }) {
  const { t } = useTranslation();
  const result = useResult(target);
  if (!result) return null;
  return result.ok ? (
    <p role="status" className="rounded-md bg-pitch-50 p-3 text-sm text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50">
      {t(result.message)}
    </p>
  ) : (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {t(result.message)}
    </p>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm dark:bg-slate-900 dark:text-slate-300">
      {children}
    </p>
  );
}

/** A one-button form posting an intent to the page's action; `confirm` asks first (with JavaScript). */
export function ActionButton({
  intent,
  target,
  fields,
  label,
  children,
  className = secondary,
  confirm,
}: {
  intent: string;
  target: string;
  fields: Record<string, string | number>;
  label?: string;
  children: React.ReactNode;
  className?: string;
  confirm?: string;
}) {
  const submitting = useSubmitting();
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="target" value={target} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} aria-label={label} disabled={submitting} className={className}>
        {children}
      </button>
    </Form>
  );
}
