import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session tokens and mailed links. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
