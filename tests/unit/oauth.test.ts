import { createHash, generateKeyPairSync, verify } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createOAuthProviders } from "../../src/data/oauth.ts";

/**
 * The OAuth adapters against a local HTTP stand-in of Google, Facebook and Apple: requests to the providers'
 * hosts go to a server on 127.0.0.1 that checks them as the provider would (PKCE verifier, client secret,
 * Apple's ES256 client-secret JWT) and answers in the provider's format.
 */
const PROVIDER_HOSTS = new Set(["oauth2.googleapis.com", "graph.facebook.com", "appleid.apple.com"]);
const PUBLIC_URL = "https://pitchlab.example";

const apple = generateKeyPairSync("ec", { namedCurve: "P-256" });
const APPLE_PEM = apple.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const env = {
  publicUrl: PUBLIC_URL,
  GOOGLE_CLIENT_ID: "google-id",
  GOOGLE_CLIENT_SECRET: "google-secret",
  FACEBOOK_CLIENT_ID: "fb-id",
  FACEBOOK_CLIENT_SECRET: "fb-secret",
  APPLE_CLIENT_ID: "com.pitchlab.web",
  APPLE_TEAM_ID: "TEAM123",
  APPLE_KEY_ID: "KEY456",
  APPLE_PRIVATE_KEY: APPLE_PEM,
};

const b64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");
/** An ID token as the provider sends it (the adapters read its claims; the TLS channel vouches for it). */
const idToken = (claims: Record<string, unknown>) =>
  `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${b64url(JSON.stringify(claims))}.${b64url("sig")}`;

const seen: Array<{ method: string; path: string; form: URLSearchParams; headers: IncomingMessage["headers"] }> = [];
/** PKCE challenges of the authorization URLs the test opened, by state. */
const challenges = new Map<string, string>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function verifyAppleClientSecret(token: string): boolean {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return false;
  const h = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string; kid: string };
  const p = JSON.parse(Buffer.from(payload, "base64url").toString()) as {
    iss: string;
    sub: string;
    aud: string[] | string;
    exp: number;
  };
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: apple.publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  return (
    signed &&
    h.alg === "ES256" &&
    h.kid === env.APPLE_KEY_ID &&
    p.iss === env.APPLE_TEAM_ID &&
    p.sub === env.APPLE_CLIENT_ID &&
    p.exp > Date.now() / 1000
  );
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://stand-in");
  let body = "";
  for await (const chunk of req) body += chunk;
  const form = new URLSearchParams(body);
  seen.push({ method: req.method ?? "", path: url.pathname, form, headers: req.headers });

  if (req.method === "POST" && url.pathname === "/oauth2.googleapis.com/token") {
    const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    const clientOk =
      basic === `${env.GOOGLE_CLIENT_ID}:${env.GOOGLE_CLIENT_SECRET}` ||
      (form.get("client_id") === env.GOOGLE_CLIENT_ID && form.get("client_secret") === env.GOOGLE_CLIENT_SECRET);
    if (!clientOk) return json(res, 401, { error: "invalid_client" });
    const verifier = form.get("code_verifier") ?? "";
    const challenge = b64url(createHash("sha256").update(verifier).digest());
    const pkceOk = [...challenges.values()].includes(challenge);
    if (form.get("grant_type") !== "authorization_code" || form.get("code") !== "google-code" || !pkceOk)
      return json(res, 400, { error: "invalid_grant" });
    if (form.get("redirect_uri") !== `${PUBLIC_URL}/api/v1/auth/oauth/google/callback`)
      return json(res, 400, { error: "redirect_uri_mismatch" });
    return json(res, 200, {
      access_token: "g-access",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: idToken({
        sub: "g-123",
        email: "ana@example.com",
        email_verified: "true",
        given_name: "Ana",
        family_name: "Silva",
        picture: "https://lh3.example/ana.png",
      }),
    });
  }
  if (req.method === "POST" && url.pathname === "/graph.facebook.com/v16.0/oauth/access_token") {
    if (form.get("client_id") !== env.FACEBOOK_CLIENT_ID || form.get("client_secret") !== env.FACEBOOK_CLIENT_SECRET)
      return json(res, 401, { error: "invalid_client" });
    if (form.get("code") !== "fb-code") return json(res, 400, { error: "invalid_grant" });
    return json(res, 200, { access_token: "fb-access", token_type: "bearer", expires_in: 5000 });
  }
  if (req.method === "GET" && url.pathname === "/graph.facebook.com/me") {
    if (url.searchParams.get("access_token") !== "fb-access")
      return json(res, 401, { error: { message: "Invalid OAuth access token" } });
    expect(url.searchParams.get("fields")).toBe("id,first_name,last_name,email,picture");
    return json(res, 200, {
      id: "fb-77",
      first_name: "Jan",
      last_name: "Kowalski",
      email: "jan@example.com",
      picture: { data: { url: "https://fb.example/jan.jpg" } },
    });
  }
  if (req.method === "POST" && url.pathname === "/appleid.apple.com/auth/token") {
    if (form.get("client_id") !== env.APPLE_CLIENT_ID || !verifyAppleClientSecret(form.get("client_secret") ?? ""))
      return json(res, 400, { error: "invalid_client" });
    if (form.get("code") !== "apple-code") return json(res, 400, { error: "invalid_grant" });
    return json(res, 200, {
      access_token: "a-access",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: idToken({ sub: "apple-9", email: "x1@privaterelay.appleid.com", email_verified: true }),
    });
  }
  return json(res, 404, { error: "not found" });
}

let server: Server;
let origin: string;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      json(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Requests to the providers' hosts go to the stand-in; anything else would leave the machine: refuse it.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const target = new URL(request.url);
    if (!PROVIDER_HOSTS.has(target.host)) throw new Error(`unexpected request to ${target.host}`);
    return realFetch(new Request(`${origin}/${target.host}${target.pathname}${target.search}`, request));
  });
});
afterEach(() => {
  seen.length = 0;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe("OAuth adapters", () => {
  it("exist only for the providers whose keys are configured", () => {
    expect(Object.keys(createOAuthProviders({ publicUrl: PUBLIC_URL }))).toEqual([]);
    expect(Object.keys(createOAuthProviders({ publicUrl: PUBLIC_URL, GOOGLE_CLIENT_ID: "x" }))).toEqual([]);
    expect(Object.keys(createOAuthProviders(env)).sort()).toEqual(["apple", "facebook", "google"]);
  });

  it("Google: PKCE authorization URL, code exchange, profile from the ID token", async () => {
    const google = createOAuthProviders(env).google!;
    const { url, state, verifier } = google.start();
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("openid profile email");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/v1/auth/oauth/google/callback`);
    challenges.set(state, url.searchParams.get("code_challenge")!);

    const profile = await google.finish("google-code", verifier);
    expect(profile).toEqual({
      provider: "google",
      subject: "g-123",
      email: "ana@example.com",
      emailVerified: true,
      firstName: "Ana",
      lastName: "Silva",
      image: "https://lh3.example/ana.png",
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /oauth2.googleapis.com/token"]);
  });

  it("Google: a wrong verifier or code is refused by the provider and the adapter fails", async () => {
    const google = createOAuthProviders(env).google!;
    const { state, url } = google.start();
    challenges.set(state, url.searchParams.get("code_challenge")!);
    await expect(google.finish("google-code", "not-the-verifier")).rejects.toThrow();
    await expect(google.finish("stale-code", google.start().verifier)).rejects.toThrow();
  });

  it("Facebook: code exchange then the Graph profile; a confirmed address comes with it", async () => {
    const facebook = createOAuthProviders(env).facebook!;
    const { url, state } = facebook.start();
    expect(url.host).toBe("www.facebook.com");
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("scope")).toBe("email public_profile");
    const profile = await facebook.finish("fb-code", "");
    expect(profile).toEqual({
      provider: "facebook",
      subject: "fb-77",
      email: "jan@example.com",
      emailVerified: true,
      firstName: "Jan",
      lastName: "Kowalski",
      image: "https://fb.example/jan.jpg",
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /graph.facebook.com/v16.0/oauth/access_token",
      "GET /graph.facebook.com/me",
    ]);
    await expect(facebook.finish("wrong-code", "")).rejects.toThrow();
  });

  it("Apple: form_post authorization, an ES256 client secret signed with the configured key, the name from the first login", async () => {
    const appleProvider = createOAuthProviders(env).apple!;
    const { url } = appleProvider.start();
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/apple`);
    const profile = await appleProvider.finish(
      "apple-code",
      "",
      JSON.stringify({ name: { firstName: "Eleni", lastName: "Papadopoulou" } }),
    );
    expect(profile).toEqual({
      provider: "apple",
      subject: "apple-9",
      email: "x1@privaterelay.appleid.com",
      emailVerified: true,
      firstName: "Eleni",
      lastName: "Papadopoulou",
      image: null,
    });
    // Apple sends the name only once, and a malformed one is no reason to refuse the login.
    const again = await appleProvider.finish("apple-code", "", "{not json");
    expect([again.firstName, again.lastName]).toEqual(["", ""]);
  });

  it("Apple: a client secret signed with another key is refused", async () => {
    const other = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const wrong = createOAuthProviders({ ...env, APPLE_PRIVATE_KEY: other }).apple!;
    await expect(wrong.finish("apple-code", "")).rejects.toThrow();
  });
});
