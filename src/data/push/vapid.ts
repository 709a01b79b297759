import type { Pool } from "../../db/client.ts";
import webpush from "web-push";
import { type VapidKeys, readVapidKeys, storeVapidKeysOnce } from "../../db/queries/push.ts";

/**
 * The application's VAPID key pair. Browsers bind their subscriptions to the public key, so it is made once and
 * kept in the database for every process and restart; the first of two processes starting together wins.
 */
export async function loadVapidKeys(pool: Pool): Promise<VapidKeys> {
  return (await readVapidKeys(pool)) ?? storeVapidKeysOnce(pool, webpush.generateVAPIDKeys());
}
