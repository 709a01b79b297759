import type { createApi } from "../../src/server/api/app.ts";
import { type Services, createServices } from "../../src/services/index.ts";
import type { Clock } from "../../src/data/clock.ts";
import { type TestDatabase, createTestDatabase } from "./database.ts";

type Api = ReturnType<typeof createApi>;

/** The health probes of a site whose data is loaded and whose job queue is idle. */
export const READY_PROBES = {
  dataset: () => ({ state: "ready" as const, filesDone: 1, filesTotal: 1 }),
  jobs: async () => null,
};

/** A fresh database, the services on it and the API over them, as the server builds them. */
export async function apiTestSite(clock: Clock, build: (services: Services) => Api) {
  const db: TestDatabase = await createTestDatabase();
  const services = createServices({ pool: db.pool, clock }, READY_PROBES);
  return { db, services, api: build(services) };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
  body: any;
}

let client = 0;
/** Every request from an address of its own, so that one test's calls do not use up the next one's rate limit. */
const nextAddress = () => `10.17.${(++client >> 8) % 250}.${client % 250}`;

/** A JSON request to the API as a client makes it; a body that is not JSON (an Excel file) comes back as bytes. */
export async function callApi(api: Api, method: string, path: string, token: string | null, body?: unknown) {
  const response = await api.request(path, {
    method,
    headers: {
      "x-test-client-ip": nextAddress(),
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = response.headers.get("content-type") ?? "";
  return {
    status: response.status,
    body: type.includes("json") ? await response.json() : Buffer.from(await response.arrayBuffer()),
  } as Answer;
}

/** Registers a member, marks the address verified and logs in through the API: the member's bearer token. */
export async function signInMember(
  site: { db: TestDatabase; services: Services; api: Api },
  email: string,
): Promise<{ token: string; userId: number }> {
  const password = "correct horse battery";
  await site.services.accounts.register(
    { firstName: "Fan", lastName: "Test", email, password, confirmPassword: password, terms: true, languageCode: "en" },
    { ip: nextAddress() },
  );
  const { rows } = await site.db.pool.query<{ id: number }>(
    "UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING id",
    [email],
  );
  const { body } = await callApi(site.api, "POST", "/auth/login", null, { email, password });
  return { token: (body as { data: { token: string } }).data.token, userId: rows[0]!.id };
}
