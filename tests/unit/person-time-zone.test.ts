import { describe, expect, it } from "vitest";
import { machineFormErrors } from "../../src/domain/predictions/machine.ts";
import { personTimeZone } from "../../src/domain/time/zones.ts";
import { withPersonTimeZone } from "../../src/server/time-zone.ts";

describe("one time zone per person", () => {
  it("is the profile's for a signed-in user, else the browser's, else UTC", () => {
    expect(personTimeZone("Asia/Tokyo", "Europe/London")).toEqual({ zone: "Asia/Tokyo", fromProfile: true });
    expect(personTimeZone(null, "Europe/London")).toEqual({ zone: "Europe/London", fromProfile: false });
    expect(personTimeZone("Not/AZone", "Europe/London")).toEqual({ zone: "Europe/London", fromProfile: false });
    expect(personTimeZone(undefined, null)).toEqual({ zone: "UTC", fromProfile: false });
  });

  it("renders pages in the profile's zone whatever the browser's cookie says, and sets the cookie back", () => {
    const request = new Request("http://pitchlab.test/", {
      headers: { Cookie: "theme=dark; tz=Europe%2FLondon; odds_format=2" },
    });
    const { request: seen, setCookie } = withPersonTimeZone(request, "Asia/Tokyo");
    expect(seen.headers.get("Cookie")).toBe("theme=dark; tz=Asia%2FTokyo; odds_format=2");
    expect(setCookie).toMatch(/^tz=Asia%2FTokyo; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    // No cookie yet: the profile's zone is added.
    expect(withPersonTimeZone(new Request("http://pitchlab.test/"), "Asia/Tokyo").request.headers.get("Cookie")).toBe(
      "tz=Asia%2FTokyo",
    );
    // A visitor, or a cookie that already agrees: the request is left as it is.
    expect(withPersonTimeZone(request, null)).toEqual({ request, setCookie: null });
    const agreeing = new Request("http://pitchlab.test/", { headers: { Cookie: "tz=Asia%2FTokyo" } });
    expect(withPersonTimeZone(agreeing, "Asia/Tokyo").setCookie).toBeNull();
  });
});

describe("the machine's form", () => {
  const ok = { limit: 5, minOdd: 1.1, maxOdd: 4, minProbability: 1, maxProbability: 100 };
  it("names the field that is wrong", () => {
    expect(machineFormErrors(ok)).toEqual({});
    expect(machineFormErrors({ ...ok, limit: 25 })).toEqual({ limit: "limitRange" });
    expect(machineFormErrors({ ...ok, limit: 2.5 })).toEqual({ limit: "limitRange" });
    expect(machineFormErrors({ ...ok, minOdd: 5, maxOdd: 2 })).toEqual({ minOdd: "minOddAboveMax" });
    expect(machineFormErrors({ ...ok, maxOdd: Number.NaN })).toEqual({ maxOdd: "oddTooLow" });
    expect(machineFormErrors({ ...ok, minProbability: 80, maxProbability: 20 })).toEqual({
      minProbability: "minProbabilityAboveMax",
    });
    expect(machineFormErrors({ ...ok, maxProbability: 101 })).toEqual({ maxProbability: "probabilityRange" });
  });
});
