import { useTranslation } from "react-i18next";
import { fromService, isServiceError } from "../../service-errors.server.ts";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { pagePath } from "../../../i18n/paths.ts";
import { advancedFilterPath, leagueGroupsPath } from "../../../i18n/routes-stats.ts";
import { metaT, pageContext, seo } from "../../page-context.ts";
import { usePreferences } from "../../preferences.tsx";
import type { Route } from "./+types/league-group";
import { GroupForm, NoPermission } from "./league-groups-ui.tsx";
import { leagueName } from "../../../i18n/country-name.ts";
import { readForm } from "../../form-input.server.ts";

const groupId = (param: string | undefined) => {
  const n = Number(param);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw data(null, { status: 404 });
  return n;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { url, locale } = pageContext(request);
  const { user, access, services } = context;
  if (!user) throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname })}`);
  const base = { locale, origin: url.origin, pathname: url.pathname, premium: access.premium };
  if (!access.premium) return { ...base, group: null, countries: [] };
  const id = groupId(params.id);
  // Another user's group does not exist for this user: 404.
  const [group, countries] = await Promise.all([
    fromService(() => services.stats.leagueGroups.get(user, access, id)),
    services.leagues.countriesWithLeagues({ recent: true }),
  ]);
  return { ...base, group, countries };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { url, locale } = pageContext(request);
  const { user, access, services } = context;
  if (!user) throw redirect(`${pagePath(locale, "login")}?${new URLSearchParams({ redirectTo: url.pathname })}`);
  const id = groupId(params.id);
  try {
    const form = await readForm(request);
    if (form.get("intent") === "delete") {
      await services.stats.leagueGroups.remove(user, access, id);
      return redirect(leagueGroupsPath(locale));
    }
    await services.stats.leagueGroups.update(user, access, id, {
      name: form.get("name"),
      leagueIds: form.getAll("leagueId").map(Number),
    });
    return { ok: "leagueGroups.saved", error: null };
  } catch (e) {
    if (!isServiceError(e)) throw e;
    if (e.status === 404) throw data(null, { status: 404 });
    // The refusal on the form, with its status (a NUL in a field: 400).
    return data({ ok: null, error: e.status === 403 ? "leagueGroups.noPermission" : e.message }, { status: e.status });
  }
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  if (!page) return [];
  const t = metaT(page.locale, matches);
  return [
    ...seo({ origin: page.origin, pathname: page.pathname, title: page.group?.name ?? t("leagueGroups.title") }),
    { name: "robots", content: "noindex" },
  ];
}

export default function LeagueGroup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { premium, group, countries } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <p className="mb-2 text-sm">
        <Link to={leagueGroupsPath(locale)} className="text-pitch-700 underline dark:text-pitch-100">
          ← {t("leagueGroups.title")}
        </Link>
      </p>
      {!premium || !group ? (
        <NoPermission premium={premium} />
      ) : (
        <>
          <h1 className="text-2xl font-bold">{group.name}</h1>
          <ul className="mb-4 mt-2 flex flex-wrap gap-2" aria-label={t("leagueGroups.leagues")}>
            {countries.flatMap((c) =>
              c.leagues
                .filter((l) => group.leagueIds.includes(l.id))
                .map((l) => (
                  <li
                    key={l.id}
                    className="rounded-full bg-pitch-100 px-3 py-0.5 text-sm text-pitch-900 dark:bg-pitch-900 dark:text-pitch-100"
                  >
                    {leagueName(t, { name: l.name, country: c.name })}
                  </li>
                )),
            )}
          </ul>
          {actionData?.ok && (
            <p role="status" className="mb-2 text-sm text-pitch-700 dark:text-pitch-100">
              {t(actionData.ok)}
            </p>
          )}
          <GroupForm
            key={group.name + group.leagueIds.join()}
            countries={countries}
            group={group}
            error={actionData?.error}
            busy={busy}
          />
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Link
              to={`${advancedFilterPath(locale)}?leagueIds=${group.leagueIds.join(",")}`}
              className="text-pitch-700 underline dark:text-pitch-100"
            >
              {t("leagueGroups.useInFilter")}
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="text-red-700 hover:underline dark:text-red-300">
                {t("leagueGroups.delete")}
              </button>
            </Form>
          </div>
        </>
      )}
    </main>
  );
}
