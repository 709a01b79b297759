import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthCard, FormAlert, primaryButton } from "../../components/form.tsx";
import { pagePath } from "../../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import type { Route } from "./+types/apple";

/**
 * The return page of a sign-in with Apple (SPEC §2.3). Apple posts its answer to /apple (response_mode=form_post);
 * the server finishes that sign-in, or, on a site without Apple's keys, sends the browser here with a GET
 * (src/server/http.ts). A visit gets a message and the way back to the login page, never an error.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const configured = context.services.accounts.publicConfig().providers.includes("apple");
  return { locale, origin: url.origin, pathname: url.pathname, configured };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("auth.appleTitle") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function AppleReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, configured } = loaderData;
  return (
    <AuthCard title={t("auth.appleTitle")}>
      <FormAlert message={configured ? "auth.appleNoAnswer" : "auth.appleUnavailable"} />
      <div className="flex flex-wrap gap-3">
        <Link to={pagePath(locale, "login")} className={`${primaryButton} inline-block`}>
          {t("auth.toLogin")}
        </Link>
        {configured && (
          <a
            href="/api/v1/auth/oauth/apple"
            className="inline-block rounded-lg border border-slate-300 px-5 py-2 font-semibold hover:bg-slate-100 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("auth.continueWith", { provider: "Apple" })}
          </a>
        )}
      </div>
    </AuthCard>
  );
}
