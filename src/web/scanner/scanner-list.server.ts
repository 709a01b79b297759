import { redirect } from "react-router";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { pagePath } from "../../i18n/paths.ts";
import { formAction, requireUser } from "../auth.server.ts";
import { pageContext, pageId } from "../page-context.ts";
import { SCANNERS } from "./kinds.ts";
import type { ActionArgs, LoaderArgs } from "./pages.server.ts";
import { scannerPaths } from "./paths.ts";

/**
 * What the list page of either scanner knows before its tab's content: the tab (from `?tab=`, else the given
 * default), the login link that comes back to it, the caller.
 */
export function scannerListBase<Tab extends string>(
  kind: ScannerKind,
  tabs: readonly Tab[],
  fallback: Tab,
  { request, context }: LoaderArgs,
) {
  const { url, locale } = pageContext(request);
  const tab = tabs.find((t) => t === url.searchParams.get("tab")) ?? fallback;
  const loginHref = `${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(`${url.pathname}?tab=${tab}`)}`;
  return {
    url,
    base: {
      kind,
      locale,
      tab,
      origin: url.origin,
      pathname: url.pathname,
      loginHref,
      loggedIn: !!context.user,
      premium: context.access.premium,
    },
  };
}

/** Imports another member's filter (or, pre-match, the filter of a backtest: `intent=importBacktest`) and opens it. */
export async function scannerListAction(kind: ScannerKind, { request, context }: ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const form = Object.fromEntries(await request.formData());
  // The form's one input rule (no NUL) comes before its id is read.
  const done = await formAction<{ id: number }>(form, () => {
    const id = pageId(String(form.id));
    if (kind === "live") return context.services.liveFilters.importFilter(user, context.access, id);
    return form.intent === "importBacktest"
      ? context.services.prematch.importFromBacktest(user, context.access, id)
      : context.services.prematch.importFilter(user, context.access, id);
  });
  if (!done.ok) return done.failure;
  throw redirect(
    `${scannerPaths(kind, locale).filter(done.result.id)}${SCANNERS[kind].importedNotice ? "?imported=1" : ""}`,
  );
}
