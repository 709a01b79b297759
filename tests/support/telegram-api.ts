import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One Bot API call as the stand-in received it. */
export interface BotApiCall {
  token: string;
  method: string;
  /** JSON fields, or the text fields of a multipart upload */
  params: Record<string, unknown>;
  /** multipart uploads: the file parts */
  files: Array<{ field: string; filename: string; data: Buffer }>;
}

interface Refusal {
  status: number;
  description: string;
  retryAfter?: number;
  /** close the connection without an answer (a network failure) */
  hangUp?: boolean;
}

function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const params: Record<string, unknown> = {};
  const files: BotApiCall["files"] = [];
  if (!boundary) return { params, files };
  const marker = Buffer.from(`--${boundary}`);
  let start = body.indexOf(marker);
  while (start !== -1) {
    const next = body.indexOf(marker, start + marker.length);
    if (next === -1) break;
    const part = body.subarray(start + marker.length + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString("utf8");
    const data = part.subarray(split + 4);
    const field = /name="([^"]+)"/.exec(headers)?.[1] ?? "";
    const filename = /filename="?([^";\r\n]*)"?/.exec(headers)?.[1];
    if (filename !== undefined) files.push({ field, filename, data: Buffer.from(data) });
    else params[field] = data.toString("utf8");
    start = next;
  }
  // grammY names a file part at random and points the field at it with attach://<name>.
  for (const file of files) {
    const owner = Object.entries(params).find(([, v]) => v === `attach://${file.field}`);
    if (owner) file.field = owner[0];
  }
  return { params, files };
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });

/**
 * A local stand-in of the Telegram Bot API (`apiRoot` of grammY): getMe, sendMessage, sendDocument, getUpdates,
 * createChatInviteLink, banChatMember, unbanChatMember. It keeps every call, serves queued updates, and can
 * refuse the next call of a method.
 */
export async function startBotApi() {
  const calls: BotApiCall[] = [];
  const refusals = new Map<string, Refusal[]>();
  const updates: Array<Record<string, unknown>> = [];
  let nextUpdateId = 1000;
  let messageId = 1;
  // The gate (hold): sendMessage calls past the allowance wait here, unprocessed, like a request still on the
  // network; a caller that dies meanwhile closes its connection and the message never reaches "Telegram".
  let allowance = Number.POSITIVE_INFINITY;
  const waiting = new Set<{ go: () => void; gone: () => void }>();
  let dropped = 0;
  const gate = (req: IncomingMessage) =>
    new Promise<boolean>((resolve) => {
      if (allowance > 0) {
        allowance--;
        return resolve(true);
      }
      const entry = {
        go: () => {
          waiting.delete(entry);
          resolve(true);
        },
        gone: () => {
          if (!waiting.delete(entry)) return;
          dropped++;
          resolve(false);
        },
      };
      waiting.add(entry);
      req.socket.once("close", entry.gone);
    });
  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    const body = await read(req);
    if (!match) return void res.writeHead(404).end();
    const [, token, method] = match as unknown as [string, string, string];
    if (method === "sendMessage" && !(await gate(req))) return;
    const type = req.headers["content-type"] ?? "";
    const parsed = type.includes("multipart")
      ? parseMultipart(body, type)
      : { params: body.length ? (JSON.parse(body.toString("utf8")) as Record<string, unknown>) : {}, files: [] };
    const refusal = refusals.get(method)?.shift();
    if (refusal?.hangUp) return void req.socket.destroy();
    if (method !== "getUpdates" && method !== "getMe") calls.push({ token, method, ...parsed });
    const answer = (status: number, payload: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    if (refusal) {
      return answer(refusal.status, {
        ok: false,
        error_code: refusal.status,
        description: refusal.description,
        ...(refusal.retryAfter ? { parameters: { retry_after: refusal.retryAfter } } : {}),
      });
    }
    const p = parsed.params;
    const ok = (result: unknown) => answer(200, { ok: true, result });
    switch (method) {
      case "getMe":
        return ok({
          id: 42,
          is_bot: true,
          first_name: "Pitchlab",
          username: `pitchlab_${token.split(":")[0]}_bot`,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "sendMessage":
      case "sendDocument":
        return ok({
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(p.chat_id), type: "private" },
          text: p.text ?? "",
        });
      case "getUpdates": {
        const offset = Number(p.offset ?? 0);
        const pending = () => updates.filter((u) => (u.update_id as number) >= offset);
        // A long poll, as Telegram does it: with nothing to read, wait (up to `timeout` s, at most 2 here).
        if (pending().length === 0 && Number(p.timeout ?? 0) > 0)
          await new Promise((resolve) => setTimeout(resolve, Math.min(Number(p.timeout), 2) * 1000));
        return ok(pending());
      }
      case "createChatInviteLink":
        return ok({
          invite_link: `https://t.me/+standin${messageId++}`,
          creator: { id: 42, is_bot: true, first_name: "Pitchlab" },
          creates_join_request: false,
          is_primary: false,
          is_revoked: false,
          member_limit: p.member_limit,
        });
      case "banChatMember":
      case "unbanChatMember":
        return ok(true);
      default:
        return answer(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiRoot: origin,
    calls,
    sent: (method = "sendMessage") => calls.filter((c) => c.method === method),
    /** sendMessage calls after the next `allow` wait at the gate, unprocessed, until `release` */
    hold(allow = 0) {
      allowance = allow;
    },
    /** the waiting calls go through, and the gate opens */
    release() {
      allowance = Number.POSITIVE_INFINITY;
      for (const entry of [...waiting]) entry.go();
    },
    /** calls waiting at the gate now */
    waiting: () => waiting.size,
    /** calls whose sender went away while they waited (never processed) */
    dropped: () => dropped,
    /** the next call of `method` is refused (or the connection dropped) */
    refuseNext(method: string, refusal: Refusal) {
      refusals.set(method, [...(refusals.get(method) ?? []), refusal]);
    },
    /** a private message the bot will read with getUpdates */
    userWrites(chatId: number, text: string, username?: string) {
      updates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: "private" },
          from: { id: chatId, is_bot: false, first_name: "Fan", ...(username ? { username } : {}) },
          text,
          ...(text.startsWith("/")
            ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] }
            : {}),
        },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
