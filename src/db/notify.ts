import pg from "pg";
import type { Pool, PoolClient } from "./client.ts";

/**
 * PostgreSQL LISTEN/NOTIFY, for telling the other processes on the same database that something they keep in
 * memory changed (src/services/changes.ts). A notification is sent with the transaction that commits it (or at
 * once outside one) and reaches every listening session within milliseconds.
 */
export async function notify(db: Pool | PoolClient, channel: string, payload: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [channel, payload]);
}

export interface Listener {
  close(): Promise<void>;
}

/**
 * One dedicated connection that LISTENs on `channel` (a pooled one would be handed to others). When it is lost
 * it reconnects (after 1 s, then up to 10 s), and `onReconnect` runs once it listens again: notifications sent
 * meanwhile are gone, so the caller drops everything it keeps.
 */
export async function listen(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  events: { onReconnect?: () => void; onError?: (error: Error) => void } = {},
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let delay = 1000;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      events.onError?.(error);
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = 1000;
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => {});
    const attempt = () => {
      retry = null;
      if (closed) return;
      connect().then(
        () => events.onReconnect?.(),
        (error: Error) => {
          events.onError?.(error);
          delay = Math.min(delay * 2, 10_000);
          retry = setTimeout(attempt, delay);
        },
      );
    };
    retry = setTimeout(attempt, delay);
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
