/** A refused call to the notification API: the status and the message key it sent. */
export class PushApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    credentials: "same-origin",
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { data?: T; error?: string; code?: string } | null;
  if (!response.ok)
    throw new PushApiError(response.status, payload?.code ?? null, payload?.error ?? response.statusText);
  return payload?.data as T;
}

export interface LivescoreNotification {
  id: number;
  fixtureId: number;
  oneSignalId: number;
}

/** The match notification calls of /api/v1 (same origin, session cookie). */
export const pushApi = {
  vapidPublicKey: () => call<{ publicKey: string }>("GET", "/push/vapid-public-key").then((d) => d.publicKey),
  saveSubscription: (subscription: PushSubscriptionJSON) =>
    call<{ id: number }>("POST", "/push/subscriptions", subscription).then((d) => d.id),
  follows: () => call<LivescoreNotification[]>("GET", "/livescorenotifications"),
  follow: (fixtureId: number, subscriptionId: number) =>
    call<LivescoreNotification>("POST", "/livescorenotifications/secured", [
      { fixtureId, oneSignalId: subscriptionId },
    ]),
  unfollow: (fixtureId: number, subscriptionId: number) =>
    call<{ removed: number }>("DELETE", `/livescorenotifications/${fixtureId}?oneSignalId=${subscriptionId}`),
};
