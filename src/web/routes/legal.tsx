import { useTranslation } from "react-i18next";
import { parsePath } from "../../i18n/paths.ts";
import { pageContext, metaT, seo } from "../page-context.ts";
import type { Route } from "./+types/legal";

const DOCUMENTS = { privacy: "privacy", terms: "terms", cookiepolicy: "cookies" } as const;

export function loader({ request }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const page = parsePath(url.pathname)?.page as keyof typeof DOCUMENTS;
  return { locale, document: DOCUMENTS[page], origin: url.origin, pathname: url.pathname };
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return seo({ origin: page.origin, pathname: page.pathname, title: t(`legal.${page.document}.title`) });
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const key = `legal.${loaderData.document}`;
  const sections = t(`${key}.sections`, { returnObjects: true }) as Array<{ h: string; p: string }>;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <article className="rounded-xl bg-white p-6 shadow-sm dark:bg-slate-900">
        <h1 className="text-2xl font-bold">{t(`${key}.title`)}</h1>
        <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">{t(`${key}.updated`)}</p>
        {sections.map((s) => (
          <section key={s.h} className="mb-4">
            <h2 className="mb-1 text-lg font-semibold">{s.h}</h2>
            <p className="text-slate-700 dark:text-slate-300">{s.p}</p>
          </section>
        ))}
      </article>
    </main>
  );
}
