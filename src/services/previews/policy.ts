/**
 * Preview policy: the top division of each of these countries (the five languages' football countries
 * plus Germany and the Netherlands), and every fixture a user follows, whatever its league.
 */
export const PREVIEW_LEAGUES = ["E0", "SP1", "I1", "F1", "D1", "P1", "N1"];
/** Previews are written this long before kick-off and rewritten while their facts change. */
export const PREVIEW_LEAD_MS = 3 * 86_400_000;
/** Referees are appointed a couple of days before a match: the preview names one only from then on. */
export const REFEREE_KNOWN_MS = 2 * 86_400_000;
/**
 * Fixtures of the policy leagues played this recently without a preview (the site was not running
 * before them) get one written as of their kick-off: everything it says was known by then, like the
 * prediction, which only learns from matches that ended before kick-off.
 */
export const LATE_PREVIEW_MS = 7 * 86_400_000;
