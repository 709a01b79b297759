import { useTranslation } from "react-i18next";
import { isServiceError } from "../../service-errors.server.ts";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { pagePath } from "../../../i18n/paths.ts";
import { advancedFilterPath, leagueGroupsPath } from "../../../i18n/routes-stats.ts";
import { metaT, pageContext, pageId, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/league-groups";
import { GroupForm, NoPermission, card } from "./league-groups-ui.tsx";
import { readForm } from "../../form-input.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const { user, access, services } = context;
  // SPEC §4: a protected page sends a visitor to login, which brings them back.
  if (!user) throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname })}`);
  const base = { locale, origin: url.origin, pathname: url.pathname, premium: access.premium };
  if (!access.premium) return { ...base, groups: [], countries: [] };
  const [groups, countries] = await Promise.all([
    services.stats.leagueGroups.list(user, access),
    services.leagues.countriesWithLeagues({ recent: true }),
  ]);
  return { ...base, groups, countries };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const { user, access, services } = context;
  if (!user) throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname })}`);
  try {
    const form = await readForm(request);
    if (form.get("intent") === "delete") {
      await services.stats.leagueGroups.remove(user, access, pageId(String(form.get("id"))));
      return { ok: "leagueGroups.deleted", error: null };
    }
    const group = await services.stats.leagueGroups.create(user, access, {
      name: form.get("name"),
      leagueIds: form.getAll("leagueId").map(Number),
    });
    return redirect(leagueGroupsPath(locale, group.id));
  } catch (e) {
    if (!isServiceError(e)) throw e;
    // The refusal on the form, with its status (a NUL in a field: 400).
    return data({ ok: null, error: e.status === 403 ? "leagueGroups.noPermission" : e.message }, { status: e.status });
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: t("leagueGroups.title") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LeagueGroups({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { premium, groups, countries } = loaderData;
  const busy = useNavigation().state !== "idle";
  const names = new Map(countries.flatMap((c) => c.leagues.map((l) => [l.id, l.name] as const)));
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("leagueGroups.title")}</h1>
      <p className="mb-4 text-slate-600 dark:text-slate-400">{t("leagueGroups.intro")}</p>
      {!premium ? (
        <NoPermission premium={premium} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section className={card} aria-labelledby="groups-list">
            <h2 id="groups-list" className="mb-2 text-lg font-semibold">
              {t("leagueGroups.yourGroups")}
            </h2>
            {actionData?.ok && (
              <p role="status" className="mb-2 text-sm text-pitch-700 dark:text-pitch-100">
                {t(actionData.ok)}
              </p>
            )}
            {groups.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">{t("leagueGroups.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {groups.map((g) => (
                  <li key={g.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                    <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                      <Link
                        to={leagueGroupsPath(locale, g.id)}
                        className="font-medium text-pitch-700 underline dark:text-pitch-100"
                      >
                        {g.name}
                      </Link>
                      <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                        {g.leagueIds.map((id) => names.get(id) ?? `#${id}`).join(", ")}
                      </p>
                    </div>
                    <Link
                      to={`${advancedFilterPath(locale)}?leagueIds=${g.leagueIds.join(",")}`}
                      className="text-sm text-pitch-700 hover:underline dark:text-pitch-100"
                    >
                      {t("leagueGroups.useInFilter")}
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={g.id} />
                      <button
                        type="submit"
                        className="text-sm text-red-700 hover:underline dark:text-red-300"
                        aria-label={`${t("leagueGroups.delete")}: ${g.name}`}
                      >
                        {t("leagueGroups.delete")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <GroupForm countries={countries} error={actionData?.error} busy={busy} />
        </div>
      )}
    </main>
  );
}
