import { pushApi } from "./api.ts";

/** Why the browser cannot take notifications: no Web Push at all, or the user (or a policy) refused them. */
export class PushUnavailable extends Error {
  constructor(readonly reason: "unsupported" | "denied") {
    super(reason);
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(() => navigator.serviceWorker.ready);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/**
 * The id of this browser's subscription on the server, without asking anything: null until the user has
 * allowed notifications and subscribed once. Saving it again keeps it on the signed-in account.
 */
export async function existingSubscriptionId(): Promise<number | null> {
  if (!pushSupported() || Notification.permission !== "granted") return null;
  const subscription = await (await registration()).pushManager.getSubscription();
  return subscription ? pushApi.saveSubscription(subscription.toJSON()) : null;
}

/** Asks for permission when needed, subscribes with the site's key, and stores the subscription: its id. */
export async function subscribe(): Promise<number> {
  if (!pushSupported()) throw new PushUnavailable("unsupported");
  // Asked first, while the click still counts as the user's gesture.
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") throw new PushUnavailable("denied");
  const [sw, publicKey] = await Promise.all([registration(), pushApi.vapidPublicKey()]);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await sw.pushManager.getSubscription();
  // A subscription made for another key (the server's keys were replaced) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await sw.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return pushApi.saveSubscription(subscription.toJSON());
}
