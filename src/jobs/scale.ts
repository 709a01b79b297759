import type { Logger } from "../logger.ts";
import type { Services } from "../services/index.ts";
import { HEARTBEAT_MS } from "../services/scale.ts";

/**
 * The worker's heartbeat (src/services/scale.ts): every second its lease on being alive and on its shards is
 * renewed, its share taken or given back. `onChange` hears of a new set of shards (the live ticker starts on
 * them at once). The first beat is done before this returns, so the live work starts on a known shard set.
 */
export async function startScale(
  services: Services,
  log: Logger,
  onChange: () => void = () => {},
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let failing = false;
  const beat = async () => {
    try {
      const { shards, workers, changed } = await services.scale.heartbeat();
      if (failing) log.info("scale: heartbeat back");
      failing = false;
      if (changed) {
        log.info(
          { shards: shards.length, of: services.scale.self().shardCount, workers },
          `scale: this worker holds ${shards.length} live shards (${workers} worker${workers === 1 ? "" : "s"} alive)`,
        );
        onChange();
      }
    } catch (error) {
      if (!failing)
        log.error({ err: error }, "scale: heartbeat failed; the shards are given up when the lease runs out");
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => (running = beat()), HEARTBEAT_MS);
  };
  running = beat();
  await running;
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await services.scale.leave().catch((error: Error & { code?: string }) => {
        // 57P01: the database is shutting down with us; the leases run out by themselves.
        if (error.code !== "57P01")
          log.warn(
            { err: error },
            "scale: could not give the shards back; they free themselves when the lease runs out",
          );
      });
    },
  };
}
