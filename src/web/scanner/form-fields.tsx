import { useTranslation } from "react-i18next";
import { selectClass } from "./ui.tsx";

export interface FormErrors {
  error?: string;
  /** the message's parameters ("Field required: {{field}}") */
  vars?: Record<string, string | number>;
  fields?: Record<string, string>;
}

export function FieldError({ name, errors }: { name: string; errors: FormErrors | undefined }) {
  const { t } = useTranslation();
  const message = errors?.fields?.[name];
  if (!message) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {t(message)}
    </p>
  );
}

export const invalid = (name: string, errors: FormErrors | undefined) =>
  errors?.fields?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};

/** A labelled select of fixed options: the value of each option, and its text. */
export function Choice({
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
