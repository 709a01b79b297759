import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { fixtures, leagues } from "./schema.ts";

/**
 * Match previews: one article per fixture and language (en, fr, it, pt, es), written from the facts
 * known at `written_at` and kept with them. Rewritten while the facts change before kick-off; never
 * after kick-off (frozen).
 */
export const matchPreviews = pgTable(
  "match_previews",
  {
    fixtureId: integer("fixture_id")
      .notNull()
      .references(() => fixtures.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** [{ key, heading, paragraphs[] }] */
    sections: jsonb("sections").notNull(),
    /** plain text of the article (search, the content API's `text`) */
    body: text("body").notNull(),
    /** the PreviewFacts the article was written from */
    facts: jsonb("facts").notNull(),
    /** hash of the facts without their writing time: a change rewrites the article */
    factsHash: text("facts_hash").notNull(),
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id),
    kickoff: timestamp("kickoff", { withTimezone: true }).notNull(),
    /** the moment the facts were read (the site's clock) */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    firstWrittenAt: timestamp("first_written_at", { withTimezone: true }).notNull(),
    revision: integer("revision").notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.fixtureId, t.locale] }),
    unique("match_previews_locale_slug").on(t.locale, t.slug),
    index("match_previews_locale_kickoff_idx").on(t.locale, t.kickoff),
  ],
);
