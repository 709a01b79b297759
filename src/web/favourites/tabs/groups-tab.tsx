import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, MAX_TEAM_GROUPS } from "../../../domain/favourites/state.ts";
import type { TeamGroupView } from "../../../services/favourites.ts";
import { TeamSearch, type TeamSearchResult } from "./team-search.tsx";
import {
  ActionButton,
  Empty,
  Notice,
  card,
  danger,
  input,
  primary,
  secondary,
  useResult,
  useSubmitting,
} from "./ui.tsx";

function GroupFields({ idPrefix, values }: { idPrefix: string; values?: { name?: string; description?: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="block text-sm font-medium" htmlFor={`${idPrefix}-name`}>
        {t("favourites.groups.name")}
      </label>
      <input
        id={`${idPrefix}-name`}
        name="name"
        required
        maxLength={GROUP_NAME_MAX}
        defaultValue={values?.name}
        className={input}
      />
      <label className="block text-sm font-medium" htmlFor={`${idPrefix}-description`}>
        {t("favourites.groups.description")}
      </label>
      <input
        id={`${idPrefix}-description`}
        name="description"
        maxLength={GROUP_DESCRIPTION_MAX}
        defaultValue={values?.description}
        className={input}
      />
    </>
  );
}

function CreateGroup({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const submitting = useSubmitting();
  const result = useResult("create");
  const form = useRef<HTMLFormElement>(null);
  // A created group empties the form for the next one.
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <section aria-labelledby="create-group" className={`${card} space-y-2`}>
      <h2 id="create-group" className="font-semibold">
        {t("favourites.groups.create")}
      </h2>
      {full && !result && (
        <p className="text-sm text-amber-800 dark:text-amber-200">{t("favourites.errors.maxGroups")}</p>
      )}
      <Notice target="create" />
      <Form ref={form} method="post" preventScrollReset className="space-y-2">
        <input type="hidden" name="target" value="create" />
        <GroupFields idPrefix="new-group" values={result && !result.ok ? result.values : undefined} />
        <button type="submit" name="intent" value="createGroup" disabled={submitting} className={primary}>
          {t("favourites.groups.createButton")}
        </button>
      </Form>
    </section>
  );
}

function GroupCard({ group }: { group: TeamGroupView }) {
  const { t } = useTranslation();
  const submitting = useSubmitting();
  const target = `group-${group.id}`;
  return (
    <li className={`${card} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${target}-title`} className="font-semibold break-words">
            {group.name}
          </h3>
          {group.description && <p className="text-sm text-slate-600 dark:text-slate-400">{group.description}</p>}
        </div>
        <ActionButton
          intent="deleteGroup"
          target="list"
          fields={{ groupId: group.id }}
          className={danger}
          label={t("favourites.groups.deleteNamed", { name: group.name })}
          confirm={t("favourites.groups.confirmDelete", { name: group.name })}
        >
          {t("favourites.groups.delete")}
        </ActionButton>
      </div>
      <Notice target={target} />
      {group.teams.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("favourites.groups.noTeams")}</p>
      ) : (
        <ul aria-label={t("favourites.groups.teamsIn", { group: group.name })} className="flex flex-wrap gap-2">
          {group.teams.map((team) => (
            <li
              key={team.id}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-3 text-sm dark:bg-slate-800"
            >
              {team.name}
              <ActionButton
                intent="removeTeamFromGroup"
                target={target}
                fields={{ groupId: group.id, teamId: team.id }}
                className="flex size-7 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-pitch-600 dark:hover:bg-slate-700"
                label={t("favourites.groups.removeTeam", { team: team.name, group: group.name })}
              >
                <span aria-hidden="true">✕</span>
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-pitch-700 dark:text-pitch-100">
          {t("favourites.groups.edit")}
        </summary>
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          <input type="hidden" name="target" value={target} />
          <input type="hidden" name="groupId" value={group.id} />
          <GroupFields idPrefix={target} values={group} />
          <button type="submit" name="intent" value="updateGroup" disabled={submitting} className={secondary}>
            {t("favourites.groups.save")}
          </button>
        </Form>
      </details>
    </li>
  );
}

/** Named groups (the generic group stays hidden): create, rename, delete, and their teams. */
export function GroupsTab({ groups, search }: { groups: TeamGroupView[]; search: TeamSearchResult | null }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <CreateGroup full={groups.length >= MAX_TEAM_GROUPS} />
      <section aria-labelledby="fav-groups" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="fav-groups" className="font-semibold">
            {t("favourites.groups.title")}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t("favourites.groups.count", { count: groups.length, max: MAX_TEAM_GROUPS })}
          </p>
        </div>
        <Notice target="list" />
        {groups.length === 0 ? (
          <Empty>{t("favourites.groups.empty")}</Empty>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {groups.map((group) => (
              <GroupCard key={group.id} group={group} />
            ))}
          </ul>
        )}
      </section>
      <TeamSearch tab="groups" search={search} groups={groups} />
    </div>
  );
}
