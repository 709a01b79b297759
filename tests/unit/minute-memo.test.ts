import { describe, expect, it } from "vitest";
import { createDataVersion } from "../../src/services/data-version.ts";
import { memoizePerMinute } from "../../src/services/minute-memo.ts";
import { fixedClock } from "../support/fixed-clock.ts";

describe("memoizePerMinute", () => {
  it("shares one query per arguments for the rest of the minute; a failure is not kept", async () => {
    const clock = fixedClock("2026-03-01T12:00:10Z");
    let calls = 0;
    let fail = false;
    const service = {
      async day(params: { date: string; premium: boolean }) {
        calls++;
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error("down");
        return { date: params.date, premium: params.premium, n: calls, helper: this.helper() };
      },
      helper() {
        return "this works";
      },
    };
    const version = createDataVersion(clock);
    const memo = memoizePerMinute(version, service, ["day"]);
    const [a, b] = await Promise.all([
      memo.day({ date: "2026-03-01", premium: false }),
      memo.day({ date: "2026-03-01", premium: false }),
    ]);
    expect(a).toBe(b);
    expect(a.helper).toBe("this works");
    expect(calls).toBe(1);
    await memo.day({ date: "2026-03-01", premium: true });
    expect(calls).toBe(2);
    clock.set("2026-03-01T12:00:59Z");
    await memo.day({ date: "2026-03-01", premium: false });
    expect(calls).toBe(2);
    clock.set("2026-03-01T12:01:00Z");
    fail = true;
    await expect(memo.day({ date: "2026-03-01", premium: false })).rejects.toThrow("down");
    fail = false;
    expect((await memo.day({ date: "2026-03-01", premium: false })).n).toBe(4);
    // new predictions written: fetched again within the same minute
    version.changed();
    expect((await memo.day({ date: "2026-03-01", premium: false })).n).toBe(5);
  });
});
