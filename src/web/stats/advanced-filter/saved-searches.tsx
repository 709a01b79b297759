import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { type FilterState, toQuery } from "../../../domain/stats/advanced-filter.ts";
import type { Route } from "../../routes/stats/+types/advanced-filter";
import { card, field, secondary } from "./classes.ts";
import { PremiumMark } from "./premium-mark.tsx";

type Loaded = Route.ComponentProps["loaderData"];

/** The member's saved configurations: save the form as it stands, open or delete one (premium). */
export function SavedSearches({
  premium,
  loggedIn,
  searches,
  state,
  actionData,
}: {
  premium: boolean;
  loggedIn: boolean;
  searches: Loaded["searches"];
  state: FilterState;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation();
  return (
    <section className={card} aria-labelledby="saved-configurations">
      <h2 id="saved-configurations" className="text-sm font-semibold">
        {t("advancedFilter.savedTitle")}
        {!premium && <PremiumMark />}
      </h2>
      {!premium ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {loggedIn ? t("premium.lockedText") : t("advancedFilter.loginToSave")}
        </p>
      ) : (
        <>
          <Form method="post" className="mt-2 flex items-end gap-2">
            <input type="hidden" name="intent" value="saveSearch" />
            <input type="hidden" name="query" value={new URLSearchParams(toQuery(state)).toString()} />
            <label className="block min-w-0 flex-1 text-xs">
              {t("advancedFilter.configName")}
              <input
                name="name"
                className={field}
                maxLength={100}
                aria-invalid={actionData?.error ? true : undefined}
              />
            </label>
            <button type="submit" className={secondary}>
              {t("advancedFilter.save")}
            </button>
          </Form>
          {actionData?.error && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t(actionData.error)}
            </p>
          )}
          {actionData?.ok && (
            <p role="status" className="mt-1 text-sm text-pitch-700 dark:text-pitch-100">
              {t(actionData.ok)}
            </p>
          )}
          {searches.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("advancedFilter.noSaved")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
              {searches.map((s) => (
                <li key={s.id} className="flex items-center gap-2 py-1.5 text-sm">
                  <Link
                    to={`?${s.query}`}
                    className="min-w-0 flex-1 truncate text-pitch-700 underline dark:text-pitch-100"
                  >
                    {s.name}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="deleteSearch" />
                    <input type="hidden" name="id" value={s.id} />
                    <button
                      type="submit"
                      className="text-xs text-red-700 hover:underline dark:text-red-300"
                      aria-label={`${t("advancedFilter.delete")}: ${s.name}`}
                    >
                      {t("advancedFilter.delete")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
