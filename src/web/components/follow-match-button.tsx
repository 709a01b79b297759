import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { pagePath } from "../../i18n/paths.ts";
import { usePreferences } from "../preferences.tsx";
import { PushApiError, pushApi } from "../push/api.ts";
import { PushUnavailable, existingSubscriptionId, subscribe } from "../push/subscription.ts";
import type { loader as rootLoader } from "../root.tsx";

interface Props {
  fixture: {
    id: number;
    status: "upcoming" | "live" | "halftime" | "finished";
    localTeam: { name: string };
    visitorTeam: { name: string };
  };
}

const buttonClass =
  "inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-pitch-600 disabled:opacity-60";

function Bell({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill={on ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
    </svg>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof PushUnavailable) return error.reason === "denied" ? "push.denied" : "push.unsupported";
  if (error instanceof PushApiError && error.code?.startsWith("push.")) return error.code;
  return "push.failed";
}

/** The bell of a match page: Web Push notifications of the match's events in this browser, for signed-in users. */
export function FollowMatchButton({ fixture }: Props) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { pathname, search } = useLocation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const [subscriptionId, setSubscriptionId] = useState<number | null>(null);
  const [following, setFollowing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  // Whether this browser already follows the match; nothing is asked of the user until they click.
  useEffect(() => {
    if (!user || fixture.status === "finished") return;
    let current = true;
    (async () => {
      const id = await existingSubscriptionId();
      if (id === null || !current) return;
      setSubscriptionId(id);
      const follows = await pushApi.follows();
      if (current) setFollowing(follows.some((f) => f.fixtureId === fixture.id && f.oneSignalId === id));
    })().catch(() => {});
    return () => {
      current = false;
    };
  }, [user, fixture.id, fixture.status]);

  if (fixture.status === "finished") return null;

  if (!user) {
    const login = `${pagePath(locale, "login")}?redirectTo=${encodeURIComponent(pathname + search)}`;
    return (
      <Link
        to={login}
        className={`${buttonClass} border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800`}
        title={t("push.loginToFollow")}
      >
        <Bell on={false} />
        <span>{t("push.loginToFollow")}</span>
      </Link>
    );
  }

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (following && subscriptionId !== null) {
        await pushApi.unfollow(fixture.id, subscriptionId);
        setFollowing(false);
        setMessage("push.unfollowed");
      } else {
        const id = await subscribe();
        setSubscriptionId(id);
        await pushApi.follow(fixture.id, id);
        setFollowing(true);
        setMessage("push.followed");
      }
    } catch (error) {
      setMessage(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  // A toggle keeps its name; aria-pressed and the filled bell tell whether it is on.
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={toggle}
        disabled={busy}
        aria-pressed={following}
        className={`${buttonClass} ${
          following
            ? "border-pitch-600 bg-pitch-50 text-pitch-700 dark:bg-pitch-900 dark:text-pitch-100"
            : "border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
        }`}
      >
        <Bell on={following} />
        <span>{t("push.follow")}</span>
        <span className="sr-only">
          {fixture.localTeam.name} – {fixture.visitorTeam.name}
        </span>
      </button>
      <p role="status" className="text-center text-xs text-slate-600 dark:text-slate-400">
        {message ? t(message) : ""}
      </p>
    </div>
  );
}
