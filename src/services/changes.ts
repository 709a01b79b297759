/**
 * What one process changes and the others keep in memory: the predictions' generation (page cache, page data,
 * the pre-match feature store), live filters (the scanner's loaded filters) and whatever a service registers.
 * A change is published through PostgreSQL NOTIFY on one channel; every process listens on its own connection
 * (src/db/notify.ts) and runs the handlers of the topic, so a change made through one web process is seen by
 * the others at once. Handlers of this process run at once on publish; its own notification is ignored.
 * Without a listener (tests of one service, a command-line tool) publish only reaches this process.
 */
import { type Listener, listen, notify } from "../db/notify.ts";
import type { ServiceContext } from "./context.ts";

const CHANNEL = "pitchlab_changes";

export type ChangeTopic = "data" | "live-filters" | "premium" | "access";

interface Message {
  from: string;
  topic: ChangeTopic;
  detail?: string | number;
}

export function createChanges(ctx: ServiceContext, instance: { id: string }) {
  const handlers = new Map<ChangeTopic, Array<(detail?: string | number) => void>>();
  let listener: Listener | null = null;
  let received = 0;

  const run = (topic: ChangeTopic, detail?: string | number) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(detail);
      } catch {
        // A handler's failure is its own; the others still run.
      }
    }
  };

  return {
    /** Runs `handler` when `topic` changes, in this process or in another on the same database. */
    on(topic: ChangeTopic, handler: (detail?: string | number) => void): void {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },

    /** Tells this process and every other that `topic` changed (the others within milliseconds). */
    async publish(topic: ChangeTopic, detail?: string | number): Promise<void> {
      run(topic, detail);
      const message: Message = { from: instance.id, topic, ...(detail !== undefined ? { detail } : {}) };
      await notify(ctx.pool, CHANNEL, JSON.stringify(message));
    },

    /**
     * Listens for the other processes' changes on a connection of its own. After a lost connection every
     * topic is treated as changed (what was sent meanwhile is lost).
     */
    async listen(url: string, onError: (error: Error) => void = () => {}): Promise<void> {
      if (listener) return;
      listener = await listen(
        url,
        CHANNEL,
        (payload) => {
          let message: Message;
          try {
            message = JSON.parse(payload) as Message;
          } catch {
            return;
          }
          if (message.from === instance.id) return;
          received++;
          run(message.topic, message.detail);
        },
        {
          onReconnect: () => {
            for (const topic of handlers.keys()) run(topic);
          },
          onError,
        },
      );
    },

    /** How many changes of other processes arrived (the health endpoint). */
    received: () => received,
    listening: () => listener !== null,

    async close(): Promise<void> {
      await listener?.close();
      listener = null;
    },
  };
}
