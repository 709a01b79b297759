import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root.tsx";

const NETWORK_NAMES: Record<string, string> = {
  x: "X",
  facebook: "Facebook",
  instagram: "Instagram",
  telegram: "Telegram",
  youtube: "YouTube",
  tiktok: "TikTok",
};

const badge =
  "inline-flex items-center gap-1 rounded-md bg-slate-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-700 dark:bg-slate-700 dark:hover:bg-slate-600";

/** App-store badges and social links, shown only for the addresses the operator configured. */
export function AppAndSocialLinks() {
  const { t } = useTranslation();
  const links = useRouteLoaderData<typeof rootLoader>("root")?.siteLinks;
  if (!links || (!links.appStore && !links.googlePlay && links.social.length === 0)) return null;
  return (
    <div className="mt-4 space-y-3">
      {(links.appStore || links.googlePlay) && (
        <ul className="flex flex-wrap gap-2" aria-label={t("footer.apps")}>
          {links.appStore && (
            <li>
              <a className={badge} href={links.appStore} rel="noopener">
                {t("footer.appStore")}
              </a>
            </li>
          )}
          {links.googlePlay && (
            <li>
              <a className={badge} href={links.googlePlay} rel="noopener">
                {t("footer.googlePlay")}
              </a>
            </li>
          )}
        </ul>
      )}
      {links.social.length > 0 && (
        <ul className="flex flex-wrap gap-3" aria-label={t("footer.social")}>
          {links.social.map((s) => (
            <li key={s.network}>
              <a className="font-medium hover:underline" href={s.url} rel="noopener me">
                {NETWORK_NAMES[s.network] ?? s.network}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
