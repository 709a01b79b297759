import https from "node:https";
import net from "node:net";
import webpush, { type Urgency } from "web-push";
import type { VapidKeys } from "../../db/queries/push.ts";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** how long the push service keeps the message for an offline browser */
  ttlSeconds: number;
  urgency: Urgency;
}

export type PushOutcome =
  | { ok: true }
  /** `gone`: the browser dropped the subscription (404/410); `retry`: worth another attempt later */
  | { ok: false; gone: boolean; retry: boolean; error: string };

/** Web Push (RFC 8030) with VAPID, to whatever push service a browser's subscription names. */
export interface PushSender {
  publicKey: string;
  /** Whether a subscription endpoint can be sent to. */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

/**
 * web-push always speaks HTTPS; a local push service (development, tests) speaks plain HTTP. This agent keeps
 * web-push's request and hands it a plain socket.
 */
class PlainSocketAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.createConnection(options);
  }
}

const SEND_TIMEOUT_MS = 10_000;

export function createPushSender(options: {
  keys: VapidKeys;
  subject: string;
  allowHttpEndpoints?: boolean;
}): PushSender {
  const plainAgent = options.allowHttpEndpoints ? new PlainSocketAgent() : null;
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.keys.publicKey,
    privateKey: options.keys.privateKey,
  };
  const accepts = (endpoint: string) => {
    try {
      const url = new URL(endpoint);
      return url.protocol === "https:" || (plainAgent !== null && url.protocol === "http:");
    } catch {
      return false;
    }
  };
  return {
    publicKey: options.keys.publicKey,
    accepts,
    async send(target, payload, { ttlSeconds, urgency }) {
      if (!accepts(target.endpoint)) return { ok: false, gone: true, retry: false, error: "endpoint not accepted" };
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: ttlSeconds,
            urgency,
            timeout: SEND_TIMEOUT_MS,
            ...(plainAgent && target.endpoint.startsWith("http:") ? { agent: plainAgent } : {}),
          },
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof webpush.WebPushError) {
          const status = error.statusCode;
          const gone = status === 404 || status === 410;
          // Rate limits and server errors pass; other refusals (bad payload, bad VAPID) would fail again.
          return {
            ok: false,
            gone,
            retry: !gone && (status === 429 || status >= 500),
            error: `push service answered ${status}`,
          };
        }
        return { ok: false, gone: false, retry: true, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
