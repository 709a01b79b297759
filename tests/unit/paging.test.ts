import { describe, expect, it } from "vitest";
import { PAGE_SIZE, firstFixtures, shownCount } from "../../src/web/paging.ts";

describe("list paging (SPEC §9: 40 first)", () => {
  it("reads how many to show, at least one page", () => {
    expect(shownCount(new URL("http://x/p"))).toBe(PAGE_SIZE);
    expect(shownCount(new URL("http://x/p?show=80"))).toBe(80);
    expect(shownCount(new URL("http://x/p?show=7"))).toBe(PAGE_SIZE);
    expect(shownCount(new URL("http://x/p?show=abc"))).toBe(PAGE_SIZE);
    expect(shownCount(new URL("http://x/p?show=999999"))).toBe(2000);
    // The home page's `show` is its status filter: its page size has a parameter of its own.
    expect(shownCount(new URL("http://x/?show=live&limit=120"), "limit")).toBe(120);
  });

  it("keeps the first fixtures in league order", () => {
    const groups = [
      { id: 1, fixtures: [1, 2, 3] },
      { id: 2, fixtures: [4, 5] },
      { id: 3, fixtures: [6] },
    ];
    expect(firstFixtures(groups, 4)).toEqual([
      { id: 1, fixtures: [1, 2, 3] },
      { id: 2, fixtures: [4] },
    ]);
    expect(firstFixtures(groups, 10)).toEqual(groups);
    expect(firstFixtures(groups, 3)).toEqual([{ id: 1, fixtures: [1, 2, 3] }]);
  });
});
