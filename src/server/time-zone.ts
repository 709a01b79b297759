import { personTimeZone } from "../domain/time/zones.ts";

const TZ_COOKIE = /(?:^|;\s*)tz=([^;]*)/;
const YEAR = 365 * 24 * 3600;

/**
 * One time zone per person: for a signed-in user with a zone in the profile, the pages are rendered in it
 * whatever the `tz` cookie says (it may hold a browser's zone from before), and the cookie is set to it again,
 * so that nothing contradicts the profile. Returns the request the pages see and the cookie to send back.
 */
export function withPersonTimeZone(
  request: Request,
  profileZone: string | null | undefined,
): { request: Request; setCookie: string | null } {
  const cookies = request.headers.get("Cookie") ?? "";
  const match = TZ_COOKIE.exec(cookies);
  const browserZone = match ? decodeURIComponent(match[1]!) : null;
  const { zone, fromProfile } = personTimeZone(profileZone, browserZone);
  if (!fromProfile || zone === browserZone) return { request, setCookie: null };
  const headers = new Headers(request.headers);
  const value = `tz=${encodeURIComponent(zone)}`;
  headers.set(
    "Cookie",
    match
      ? cookies.replace(TZ_COOKIE, (whole) => whole.replace(/tz=[^;]*/, value))
      : cookies
        ? `${cookies}; ${value}`
        : value,
  );
  return { request: new Request(request, { headers }), setCookie: `${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax` };
}
