import { createECDH, randomBytes } from "node:crypto";
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";

// http_ece comes with web-push (it encrypts with it); it has no types.
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(
    body: Buffer,
    params: { version: "aes128gcm"; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};

export interface ReceivedPush {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for a browser vendor's push service: it keeps what arrives per endpoint path and answers
 * 201, or the status a test sets for a path.
 */
export async function startPushService() {
  const received = new Map<string, ReceivedPush[]>();
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const status = statuses.get(path) ?? 201;
      if (status === 201)
        received.set(path, [...(received.get(path) ?? []), { headers: req.headers, body: Buffer.concat(chunks) }]);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received: (path: string) => received.get(path) ?? [],
    answer: (path: string, status: number) => statuses.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a push subscription: its keys, the JSON it hands the site, and decryption. */
export function fakeBrowser(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return {
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } },
    decrypt<T = unknown>(push: ReceivedPush): T {
      return JSON.parse(
        ece.decrypt(push.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString("utf8"),
      ) as T;
    },
  };
}
