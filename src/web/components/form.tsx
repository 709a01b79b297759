import { useTranslation } from "react-i18next";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900";
export const primaryButton =
  "rounded-lg bg-pitch-700 px-5 py-2 font-semibold text-white hover:bg-pitch-900 focus-visible:outline-2 disabled:opacity-60";

/** A labelled input with its error message wired for screen readers. */
export function Field({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  return (
    <div>
      <label className="block text-sm font-medium">
        {label}
        <input
          name={name}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          {...input}
        />
      </label>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t(error)}
        </p>
      )}
    </div>
  );
}

export function FormAlert({
  message,
  vars,
  tone = "error",
}: {
  message: string | null | undefined;
  vars?: Record<string, string | number>;
  tone?: "error" | "success";
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return tone === "error" ? (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {t(message, vars)}
    </p>
  ) : (
    <p role="status" className="rounded-md bg-pitch-50 p-3 text-sm text-pitch-900 dark:bg-pitch-900 dark:text-pitch-50">
      {t(message)}
    </p>
  );
}

export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <div className="space-y-4 rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro && <p className="text-slate-600 dark:text-slate-400">{intro}</p>}
        {children}
      </div>
    </main>
  );
}
