/** SPEC §9: lists show 40 items first; "show more" adds as many. */
export const PAGE_SIZE = 40;

/** How many items a list shows: the `param` query parameter (default `show`), at least one page. */
export function shownCount(url: URL, param = "show"): number {
  const asked = Number(url.searchParams.get(param));
  return Number.isInteger(asked) && asked > PAGE_SIZE ? Math.min(asked, 2000) : PAGE_SIZE;
}

/** The first `limit` fixtures of league groups, keeping the groups' order. */
export function firstFixtures<G extends { fixtures: unknown[] }>(groups: G[], limit: number): G[] {
  const out: G[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    out.push(group.fixtures.length <= left ? group : { ...group, fixtures: group.fixtures.slice(0, left) });
    left -= group.fixtures.length;
  }
  return out;
}
