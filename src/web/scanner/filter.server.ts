import { type AppLoadContext, redirect } from "react-router";
import type { ScannerKind } from "../../domain/scanner/schema.ts";
import { formAction, requireUser } from "../auth.server.ts";
import { pageContext, pageId } from "../page-context.ts";
import { fromService } from "../service-errors.server.ts";
import { filterFromForm } from "./form-data.ts";
import { SCANNERS } from "./kinds.ts";
import { type ActionArgs, type LoaderArgs, filtersOf, liveStreaks } from "./pages.server.ts";
import { scannerPaths } from "./paths.ts";

/**
 * A filter's page, for either scanner: the filter and the leagues its owner can choose from, with the matches it
 * watches (live: live now or kicking off soon) or its upcoming matches (pre-match, for those who may see its rules).
 */
export async function filterLoader(kind: ScannerKind, { request, params, context }: LoaderArgs) {
  const { url, locale } = pageContext(request);
  const id = pageId(params.filterId);
  const page = { locale, origin: url.origin, pathname: url.pathname, loggedIn: !!context.user };
  if (kind === "live") {
    const lf = context.services.liveFilters;
    const filter = await fromService(() => lf.filter(context.user, context.access, id));
    const watched = await fromService(() => lf.watchedMatches(context.user, context.access, id, 20));
    const leagues = filter.mine ? await lf.leagues() : [];
    const imported = url.searchParams.get("imported") === "1";
    const premium = context.access.premium;
    // Its streaks for those who may read its history (the history link's rule).
    const streaks = context.user && (filter.mine || premium) ? await liveStreaks(context, id) : null;
    return { ...page, kind: "live" as const, filter, watched, leagues, premium, imported, streaks };
  }
  const p = context.services.prematch;
  const filter = await fromService(() => p.filter(context.user, context.access, id));
  const canSee = filter.mine || context.access.premium;
  const upcoming =
    canSee && filter.ruleCount > 0
      ? await fromService(() => p.upcomingMatches(context.user, context.access, id, 30))
      : [];
  // Another member's filter: its matches are for premium members; the page says so rather than "none".
  const upcomingForPremium = !canSee && filter.ruleCount > 0;
  return {
    ...page,
    kind: "preMatch" as const,
    filter,
    upcoming,
    upcomingForPremium,
    leagues: filter.mine ? await p.leagues() : [],
  };
}

/** Delete, duplicate, import, (live) mute and activate, or save the filter's fields. */
export async function filterAction(kind: ScannerKind, { request, params, context }: ActionArgs) {
  const { locale } = pageContext(request);
  const user = requireUser(context, request, locale);
  const id = pageId(params.filterId);
  const form = await request.formData();
  const intent = form.get("intent");
  const filters = filtersOf(context, kind);
  const paths = scannerPaths(kind, locale);
  const done = await formAction(Object.fromEntries(form), async () => {
    if (intent === "delete") {
      await filters.remove(user, id);
      return paths.scanner("my-filters");
    }
    if (intent === "duplicate") return paths.filter((await filters.duplicate(user, context.access, id)).id);
    if (intent === "import") {
      const copy = await filters.importFilter(user, context.access, id);
      return `${paths.filter(copy.id)}${SCANNERS[kind].importedNotice ? "?imported=1" : ""}`;
    }
    if (kind === "live" && (await liveSwitch(context, user, id, intent))) return null;
    await filters.update(user, context.access, id, filterFromForm(form));
    return null;
  });
  if (!done.ok) return done.failure;
  if (done.result) throw redirect(done.result);
  return { saved: true };
}

/** A live filter's mute and active switches; false for any other intent. */
async function liveSwitch(context: AppLoadContext, user: { id: number }, id: number, intent: unknown) {
  const lf = context.services.liveFilters;
  if (intent === "mute" || intent === "unmute") await lf.setMuted(user, context.access, id, intent === "mute");
  else if (intent === "activate" || intent === "deactivate")
    await lf.setActive(user, context.access, id, intent === "activate");
  else return false;
  return true;
}
