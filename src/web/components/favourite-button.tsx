import { useTranslation } from "react-i18next";
import { isMatchExpired } from "../../domain/favourites/leagues-matches.ts";
import { useFavourites } from "../favourites/provider.tsx";

type Target =
  | { kind: "team"; team: { id: number; name: string } }
  | { kind: "league"; league: { id: number; name: string } }
  | {
      kind: "match";
      fixture: { id: number; kickoff: string; localTeam: { name: string }; visitorTeam: { name: string } };
    };

/** A star that toggles a favourite; the name stays the same and aria-pressed says whether it is on. */
export function FavouriteButton({ className = "", ...target }: Target & { className?: string }) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  if (!favourites) return null;
  let label: string;
  let pressed: boolean;
  let toggle: () => Promise<void>;
  let closed = false;
  if (target.kind === "team") {
    label = t("favourites.button.team", { name: target.team.name });
    pressed = favourites.isTeam(target.team.id);
    toggle = () => favourites.toggleTeam({ id: target.team.id, name: target.team.name });
  } else if (target.kind === "league") {
    label = t("favourites.button.league", { name: target.league.name });
    pressed = favourites.isLeague(target.league.id);
    toggle = () => favourites.toggleLeague(target.league.id);
  } else {
    const f = target.fixture;
    label = t("favourites.button.match", { home: f.localTeam.name, away: f.visitorTeam.name });
    pressed = favourites.isMatch(f.id);
    toggle = () => favourites.toggleMatch(f.id, Date.parse(f.kickoff));
    // Only once loaded, so that the server's and the browser's first render agree.
    closed = favourites.ready && !pressed && isMatchExpired({ timestamp: Date.parse(f.kickoff) }, Date.now());
  }
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={pressed ? t("favourites.button.remove") : t("favourites.button.add")}
      disabled={!favourites.ready || closed}
      onClick={() => void toggle()}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-amber-600 focus-visible:outline-2 focus-visible:outline-pitch-600 disabled:cursor-default disabled:opacity-60 aria-pressed:text-amber-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:aria-pressed:text-amber-400 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        aria-hidden="true"
        fill={pressed ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </svg>
    </button>
  );
}
