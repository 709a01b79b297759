import type { Loaded } from "./page-data.ts";

export function JsonLd({ page }: { page: Loaded }) {
  const f = page.fixture;
  const event = {
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: `${f.localTeam.name} – ${f.visitorTeam.name}`,
    sport: "Soccer",
    startDate: f.kickoff,
    eventStatus: "https://schema.org/EventScheduled",
    homeTeam: { "@type": "SportsTeam", name: f.localTeam.name },
    awayTeam: { "@type": "SportsTeam", name: f.visitorTeam.name },
    competitor: [
      { "@type": "SportsTeam", name: f.localTeam.name },
      { "@type": "SportsTeam", name: f.visitorTeam.name },
    ],
    location: { "@type": "Place", name: f.league.country.name },
    superEvent: { "@type": "SportsEvent", name: `${f.league.name} ${f.league.season}` },
    url: `${page.origin}${page.pathname}`,
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own data, with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(event).replace(/</g, "\\u003c") }}
    />
  );
}
