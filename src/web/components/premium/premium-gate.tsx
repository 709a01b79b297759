import { useTranslation } from "react-i18next";
import { premiumPath } from "../../../i18n/routes-premium.ts";
import { usePreferences } from "../../preferences.tsx";

/** The Go Premium button: shown only to those who are not premium (SPEC §6). */
export function GoPremiumButton({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  if (premium) return null;
  return (
    <a
      href={premiumPath(locale, "plans")}
      className="inline-block rounded-lg bg-amber-500 px-5 py-2 font-semibold text-slate-950 hover:bg-amber-400 focus-visible:outline-2"
    >
      <span aria-hidden="true">♛ </span>
      {t("premium.goPremium")}
    </a>
  );
}

/** An inline Go Premium link, for a note under a form. */
export function GoPremiumLink() {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <a className="font-semibold text-amber-700 underline dark:text-amber-300" href={premiumPath(locale, "plans")}>
      {t("premium.goPremium")}
    </a>
  );
}

/** A page or block a non-member may not use: the SPEC's text and the Go Premium button. */
export function PremiumDenied({
  message = "premium.noPermission",
  children,
}: {
  message?: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-center text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {children && <div className="mb-2 text-sm">{children}</div>}
      <p className="mb-4">{t(message)}</p>
      <GoPremiumButton premium={false} />
    </div>
  );
}

export function formatMoney(cents: number, currency: string, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { style: "currency", currency }).format(cents / 100);
}
