import type { Locale } from "../../i18n/locales.ts";
import { metaT, seo } from "../page-context.ts";

interface PageData {
  locale: Locale;
  origin: string;
  pathname: string;
}

type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

type T = ReturnType<typeof metaT>;

/** The meta of a member's scanner page: its title (from its data), its description if any, and no indexing. */
export function noindexMeta<D extends PageData>(title: (t: T, page: D) => string, description?: (t: T) => string) {
  return ({ data: page, matches }: { data: D | undefined; matches: MetaMatches }) => {
    if (!page) return [];
    const t = metaT(page.locale, matches);
    return [
      ...seo({
        origin: page.origin,
        pathname: page.pathname,
        title: title(t, page),
        ...(description ? { description: description(t) } : {}),
      }),
      { name: "robots", content: "noindex" },
    ];
  };
}
