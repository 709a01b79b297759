import * as q from "../../db/queries/alerts.ts";
import type { AlertSource } from "../../domain/alerts/content.ts";
import { renderAlert } from "../alert-messages.ts";

import { type AlertsDeps, settingsOf, localeOf } from "./shared.ts";

export async function list(
  d: AlertsDeps,
  user: { id: number; languageCode: string; timezone: string | null },
  options: { limit?: number; before?: number | null } = {},
) {
  const { ctx } = d;
  const locale = localeOf(user.languageCode);
  const rows = await q.inbox(
    ctx.pool,
    user.id,
    Math.min(Math.max(options.limit ?? 30, 1), 100),
    options.before ?? null,
  );
  const live = settingsOf(await q.filterSettings(ctx.pool, user.id, "live"));
  const prematch = settingsOf(await q.filterSettings(ctx.pool, user.id, "prematch"));
  return {
    unread: await q.unreadCount(ctx.pool, user.id),
    items: rows.map((r) => {
      const m = renderAlert(
        {
          source: r.source,
          kind: r.kind,
          fixtureId: r.fixtureId,
          filterName: r.filterName,
          outcome: r.outcome,
          odds: r.odds,
          content: r.content,
        },
        { locale, timeZone: user.timezone, settings: r.source === "prematch" ? prematch : live },
      );
      return {
        id: r.id,
        source: r.source as AlertSource,
        kind: r.kind,
        status: r.status,
        read: r.readAt !== null,
        createdAt: r.createdAt.toISOString(),
        title: m.title,
        lines: m.lines,
        url: m.url,
      };
    }),
  };
}
