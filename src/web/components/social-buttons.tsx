import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

const NAMES = { google: "Google", facebook: "Facebook", apple: "Apple" } as const;

/** One button per configured provider; none when no provider is configured. */
export function SocialButtons({ redirectTo }: { redirectTo: string | null }) {
  const { t, i18n } = useTranslation();
  const providers = useRouteLoaderData<typeof rootLoader>("root")?.auth.providers ?? [];
  if (providers.length === 0) return null;
  const query = new URLSearchParams({ language: i18n.language });
  if (redirectTo) query.set("redirectTo", redirectTo);
  return (
    <div className="space-y-2">
      <p className="text-center text-sm text-slate-500 dark:text-slate-400">{t("auth.orContinueWith")}</p>
      {providers.map((p) => (
        <a
          key={p}
          href={`/api/v1/auth/oauth/${p}?${query}`}
          className="block rounded-lg border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          {t("auth.continueWith", { provider: NAMES[p] })}
        </a>
      ))}
    </div>
  );
}
