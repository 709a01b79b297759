import { useEffect, useRef, useState } from "react";

/** How often a page with live matches asks for news. */
export const LIVE_POLL_MS = 5000;

/**
 * Polls a live endpoint while `active`: `cache: "no-cache"` makes the browser send the last ETag back
 * (If-None-Match), so while nothing changed the server answers 304 with no body. Returns the newest data.
 */
export function useLivePoll<T>(url: string, initial: T, active: boolean, intervalMs = LIVE_POLL_MS): T {
  const [data, setData] = useState(initial);
  const latest = useRef(url);
  latest.current = url;
  useEffect(() => setData(initial), [initial]);
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(url, { cache: "no-cache", headers: { accept: "application/json" } });
        if (!response.ok || cancelled || latest.current !== url) return;
        const body = (await response.json()) as { data: T };
        if (!cancelled) setData(body.data);
      } catch {
        // A missed poll is retried at the next interval.
      }
    }, intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [url, active, intervalMs]);
  return data;
}
