import { describe, expect, it } from "vitest";
import { FREE_USER, VISITOR, accessOf, remainingDays } from "../../src/domain/premium/access.ts";
import { commissionCents, isLocked, lockDate, periodOf, premiumDaysFor } from "../../src/domain/premium/affiliate.ts";
import { filterLimit, filterLimitMessage, liveNotificationAllowed } from "../../src/domain/premium/limits.ts";
import { DEFAULT_PRICES, addMonths, firstPeriodPrice } from "../../src/domain/premium/plans.ts";

const now = new Date("2026-11-22T12:00:00Z");
const sub = (end: string, addons = { addonFilters: false, addonBacktesting: false }) => ({
  status: "active",
  currentPeriodEnd: new Date(end),
  ...addons,
});
const premium = accessOf(true, sub("2026-12-01T00:00:00Z"), now);
const withAddon = accessOf(true, sub("2026-12-01T00:00:00Z", { addonFilters: true, addonBacktesting: true }), now);

describe("access", () => {
  it("is premium only while the paid period runs, whatever the status says", () => {
    expect(accessOf(false, sub("2027-01-01T00:00:00Z"), now)).toEqual(VISITOR);
    expect(accessOf(true, null, now)).toEqual(FREE_USER);
    expect(premium).toEqual({ loggedIn: true, premium: true, addonFilters: false, addonBacktesting: false });
    expect(accessOf(true, { ...sub("2026-12-01T00:00:00Z"), status: "canceled" }, now).premium).toBe(true);
    expect(accessOf(true, sub("2026-11-22T12:00:00Z", { addonFilters: true, addonBacktesting: true }), now)).toEqual(
      FREE_USER,
    );
    expect(remainingDays(sub("2026-12-01T00:00:00Z"), now)).toBe(9);
    expect(remainingDays(sub("2026-11-01T00:00:00Z"), now)).toBe(0);
  });
});

describe("limits (SPEC §9) and their messages (SPEC §8)", () => {
  it("allows 1 free, 40 premium and 150 with the add-on", () => {
    expect(filterLimit("live", FREE_USER)).toBe(1);
    expect(filterLimit("live", premium)).toBe(40);
    expect(filterLimit("live", withAddon)).toBe(150);
    expect(filterLimit("preMatch", FREE_USER)).toBe(1);
    expect(filterLimitMessage("live", FREE_USER, 0)).toBeNull();
    expect(filterLimitMessage("live", FREE_USER, 1)).toBe("premium.limitFreeLiveFilter");
    expect(filterLimitMessage("preMatch", FREE_USER, 1)).toBe("premium.limitFreePreMatchFilter");
    expect(filterLimitMessage("live", premium, 39)).toBeNull();
    expect(filterLimitMessage("live", premium, 40)).toBe("premium.limitPremiumFilters");
    expect(filterLimitMessage("live", withAddon, 149)).toBeNull();
    expect(filterLimitMessage("live", withAddon, 150)).toBe("premium.limitAddonFilters");
    expect(liveNotificationAllowed(FREE_USER, 4)).toBe(true);
    expect(liveNotificationAllowed(FREE_USER, 5)).toBe(false);
    expect(liveNotificationAllowed(premium, 500)).toBe(true);
  });
});

describe("plans", () => {
  it("adds calendar months, clamped to the month's last day", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2026-11-22T10:00:00Z"), 3).toISOString()).toBe("2027-02-22T10:00:00.000Z");
    expect(addMonths(new Date("2024-02-29T00:00:00Z"), 12).toISOString()).toBe("2025-02-28T00:00:00.000Z");
  });
  it("discounts the first period", () => {
    expect(firstPeriodPrice(DEFAULT_PRICES, 1)).toBe(1049);
    expect(firstPeriodPrice({ ...DEFAULT_PRICES, firstPeriodDiscountPercent: 0 }, 12)).toBe(DEFAULT_PRICES.plans[12]);
  });
});

describe("affiliate earnings", () => {
  it("earns 30% that locks 14 days after the month ends; pays days at 3 a euro", () => {
    expect(commissionCents(1499)).toBe(449);
    expect(periodOf(new Date("2026-02-28T23:59:59Z"))).toBe("2026-02");
    expect(lockDate("2026-02").toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(lockDate("2026-12").toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(isLocked("2026-02", new Date("2026-03-14T23:59:59Z"))).toBe(false);
    expect(isLocked("2026-02", new Date("2026-03-15T00:00:00Z"))).toBe(true);
    expect(premiumDaysFor(3099)).toBe(90);
  });
});
