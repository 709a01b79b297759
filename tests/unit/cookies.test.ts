import { describe, expect, it } from "vitest";
import {
  SESSION_COOKIE,
  clearedSessionCookie,
  sessionCookie,
  sessionTokenOf,
} from "../../src/domain/accounts/session-cookie.ts";
import { VOTER_COOKIE, ensureVoter, voterOf } from "../../src/domain/community/voter.ts";
import { readCookie } from "../../src/domain/http/cookies.ts";
import { localePrefix } from "../../src/i18n/locales.ts";

describe("cookie rules shared by the API and the pages", () => {
  it("reads a cookie; a malformed escape is no value rather than an error", () => {
    expect(readCookie("a=1; theme=dark; tz=Europe%2FBerlin", "tz")).toBe("Europe/Berlin");
    expect(readCookie("a=1", "b")).toBeNull();
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie("x=%E0%A4%A", "x")).toBeNull();
    expect(readCookie("x=a=b", "x")).toBe("a=b");
  });

  it("session cookie: HttpOnly, Lax, persistent only with remember-me, Secure behind https; bearer first", () => {
    const maxAgeSeconds = 30 * 86_400;
    expect(sessionCookie("tok", { rememberMe: false, maxAgeSeconds, secure: false })).toBe(
      `${SESSION_COOKIE}=tok; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie("tok", { rememberMe: true, maxAgeSeconds, secure: true })).toBe(
      `${SESSION_COOKIE}=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure`,
    );
    expect(clearedSessionCookie(false)).toBe(`${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
    expect(sessionTokenOf(new Headers({ authorization: "Bearer abc", cookie: `${SESSION_COOKIE}=def` }))).toEqual({
      token: "abc",
      viaCookie: false,
    });
    expect(sessionTokenOf(new Headers({ cookie: `${SESSION_COOKIE}=def` }))).toEqual({ token: "def", viaCookie: true });
  });

  it("a voter is the account when signed in, else the browser's voter cookie, made when missing or malformed", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(voterOf(7, `${VOTER_COOKIE}=${id}`)).toBe("user:7");
    expect(voterOf(null, `${VOTER_COOKIE}=${id}`)).toBe(id);
    expect(voterOf(null, `${VOTER_COOKIE}=short`)).toBeNull();
    expect(ensureVoter(null, `${VOTER_COOKIE}=${id}`, () => "new")).toEqual({ voter: id, setCookie: null });
    expect(ensureVoter(3, null, () => "new")).toEqual({ voter: "user:3", setCookie: null });
    const made = ensureVoter(null, `${VOTER_COOKIE}=bad id!`, () => id);
    expect(made.voter).toBe(id);
    expect(made.setCookie).toBe(`${VOTER_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${400 * 86_400}`);
  });

  it("locale path prefix: none for English or a non-locale, /xx otherwise", () => {
    expect(localePrefix("en")).toBe("");
    expect(localePrefix("de")).toBe("/de");
    expect(localePrefix("xx")).toBe("");
  });
});
