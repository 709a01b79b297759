import { useEffect } from "react";
import { fromService, isServiceError } from "../service-errors.server.ts";
import { useTranslation } from "react-i18next";
import { data, redirect, useNavigation } from "react-router";
import { TabLinks } from "../components/tabs.tsx";
import { useFavourites } from "../favourites/provider.tsx";
import { FixturesTab } from "../favourites/tabs/fixtures-tab.tsx";
import { GroupsTab } from "../favourites/tabs/groups-tab.tsx";
import { LeaguesTab } from "../favourites/tabs/leagues-tab.tsx";
import { SettingsTab } from "../favourites/tabs/settings-tab.tsx";
import { TeamsTab } from "../favourites/tabs/teams-tab.tsx";
import type { ActionResult } from "../favourites/tabs/ui.tsx";
import type { Locale } from "../../i18n/locales.ts";
import { pagePath } from "../../i18n/paths.ts";
import { metaT, pageContext, seo } from "../page-context.ts";
import type { Route } from "./+types/favourites";
import { NUL_MESSAGE, badEntryIn } from "../../domain/input-text.ts";

const TABS = ["fixtures", "teams", "leagues", "groups", "settings"] as const;

/** SPEC §4: a visitor goes to login, which brings them back here afterwards. */
function toLogin(locale: Locale, url: URL): never {
  throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

const positiveInt = (value: FormDataEntryValue | string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale, timeZone } = pageContext(request);
  const user = context.user;
  if (!user) toLogin(locale, url);
  const tab = TABS.find((t) => t === url.searchParams.get("tab")) ?? "fixtures";
  const favourites = context.services.favourites;
  const groups = await favourites.teamGroups(user);
  const generic = groups.find((g) => g.generic) ?? null;
  const query = (url.searchParams.get("q") ?? "").trim();
  const search =
    (tab === "teams" || tab === "groups") && query ? { query, results: await favourites.searchTeams(query) } : null;
  return {
    locale,
    tab,
    origin: url.origin,
    pathname: url.pathname,
    groups: groups.filter((g) => !g.generic),
    genericId: generic?.id ?? null,
    teams: generic?.teams ?? [],
    fixtures:
      tab === "fixtures"
        ? await fromService(() =>
            favourites.fixtures(user, { timeZone, groupId: positiveInt(url.searchParams.get("group")) }),
          )
        : null,
    leagues: tab === "leagues" ? await favourites.leagues(user) : [],
    search,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const user = context.user;
  if (!user) toLogin(locale, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const target = String(form.get("target") ?? "list");
  const text = (name: string) => String(form.get(name) ?? "");
  const id = (name: string) => Number(form.get(name) ?? Number.NaN);
  const favourites = context.services.favourites;
  const changes: Record<string, () => Promise<unknown>> = {
    removeTeam: () => favourites.removeTeam(user, id("teamId")),
    removeLeague: () => favourites.removeLeague(user, id("leagueId")),
    removeMatch: () => favourites.removeMatch(user, id("fixtureId")),
    createGroup: () => favourites.createGroup(user, { name: text("name"), description: text("description") }),
    updateGroup: () =>
      favourites.updateGroup(user, { id: id("groupId"), name: text("name"), description: text("description") }),
    deleteGroup: () => favourites.deleteGroup(user, id("groupId")),
    addTeam: () =>
      favourites.addTeam(user, {
        team: { id: id("teamId") },
        teamGroup: positiveInt(form.get("groupId")) ? { id: id("groupId") } : null,
      }),
    removeTeamFromGroup: () => favourites.removeTeamFromGroup(user, id("groupId"), id("teamId")),
    reset: () => favourites.reset(user),
  };
  const change = Object.hasOwn(changes, intent) ? changes[intent] : undefined;
  const answer = (ok: boolean, message: string, status = 200) =>
    data<ActionResult>(
      {
        intent,
        ok,
        message,
        target,
        ...(ok ? {} : { values: { name: text("name"), description: text("description") } }),
      },
      { status },
    );
  if (!change) return answer(false, "favourites.errors.badInput", 400);
  // The one input rule: a NUL character in a field is the form's error, before any service sees it.
  if (badEntryIn(form.entries()))
    return data<ActionResult>({ intent, ok: false, message: NUL_MESSAGE, target }, { status: 400 });
  try {
    await change();
    return answer(true, `favourites.done.${intent}`);
  } catch (error) {
    if (isServiceError(error)) return answer(false, error.message, error.status);
    console.error(error);
    return answer(
      false,
      intent === "deleteGroup" ? "favourites.errors.deleteFailed" : "favourites.errors.generic",
      500,
    );
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("favourites.title") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Favourites({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const favourites = useFavourites();
  const refresh = favourites?.refresh;
  const { tab } = loaderData;
  // The stars elsewhere on the site follow what was changed here.
  useEffect(() => {
    if (actionData?.ok) void refresh?.();
  }, [actionData, refresh]);
  const loading = navigation.state === "loading";
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("favourites.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("favourites.intro")}</p>
      <TabLinks
        label={t("favourites.tabs")}
        current={tab}
        tabs={TABS.map((id) => ({ id, label: t(`favourites.tab_${id}`) }))}
      />
      <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : ""}>
        <p className="sr-only" role="status">
          {loading ? t("favourites.loading") : ""}
        </p>
        {tab === "fixtures" && loaderData.fixtures && (
          <FixturesTab data={loaderData.fixtures} groups={loaderData.groups} genericId={loaderData.genericId} />
        )}
        {tab === "teams" && <TeamsTab teams={loaderData.teams} search={loaderData.search} />}
        {tab === "leagues" && <LeaguesTab leagues={loaderData.leagues} />}
        {tab === "groups" && <GroupsTab groups={loaderData.groups} search={loaderData.search} />}
        {tab === "settings" && <SettingsTab />}
      </div>
    </main>
  );
}
