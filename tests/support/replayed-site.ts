import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";
import { readSource } from "../../src/data/csv-source.ts";
import { importFile } from "../../src/data/importer.ts";
import { type Database, applyMigrations, connect } from "../../src/db/client.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../src/db/embedded.ts";

/**
 * A site of its own for a browser test that needs a clock the suite's global server cannot have (a replayed
 * Saturday afternoon, say): an embedded PostgreSQL on its own data directory under .data/ (never the global
 * server's), a fresh database with the given match files imported, and `npm run start:web` / `start:worker`
 * child processes on free ports with the environment the test gives them, each waited for by its health
 * endpoint. `stop()` ends the processes (SIGTERM, then waits for them), the pool and the database.
 */
export interface ReplayedSiteOptions {
  /** e.g. ".data/e2e-scale": a directory no other test or server uses. */
  dataDir: string;
  /** Tried first; any free port when it is taken. */
  preferredPort: number;
  /** The database created (dropped first when there) in that cluster. */
  databaseName: string;
  /** Match files (football-data CSV, .gz or not) imported in order. */
  files: string[];
  /** Connections of the test's own pool. */
  poolSize?: number;
}

export interface SiteHealth {
  status: string;
  role: string;
  pid: number;
  process: { id: string; shards: number[] } | null;
  cluster: { workers: Array<{ id: string; alive: boolean; shards: number[] }>; unheld: number[] } | null;
  predictions?: { phase: string } | null;
}

export interface SiteProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  log: string[];
}

export interface ReplayedSite {
  /** The database's URL, for DATABASE_URL and for test helpers that write to it. */
  url: string;
  database: Database;
  processes: Map<string, SiteProcess>;
  /** Starts `npm run start:<role>` on a free port with DATABASE_URL, PORT, HOST and `env`; waits for its health. */
  start(name: string, role: "web" | "worker", env?: Record<string, string>, timeoutMs?: number): Promise<SiteProcess>;
  health(name: string): Promise<SiteHealth>;
  /** SIGKILL: no clean stop, no shards given back, connections cut. */
  kill(name: string): Promise<void>;
  /** The last lines each process printed, for an error message. */
  logs(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Probes until it returns something truthy; the error names what was awaited and adds `context()` (logs). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 200,
  context: () => string = () => "",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${context()}`);
    await sleep(everyMs);
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export async function startReplayedSite(options: ReplayedSiteOptions): Promise<ReplayedSite> {
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    preferredPort: options.preferredPort,
    log: () => {},
  });
  let database: Database | undefined;
  const processes = new Map<string, SiteProcess>();
  const logs = () => [...processes].map(([name, p]) => `--- ${name}\n${p.log.slice(-30).join("")}`).join("\n");

  const stop = async () => {
    for (const p of processes.values()) if (running(p.child)) p.child.kill("SIGTERM");
    await Promise.all(
      [...processes.values()].map((p) =>
        running(p.child) ? new Promise((resolve) => p.child.once("exit", resolve)) : null,
      ),
    );
    await database?.close();
    await embedded.stop();
  };

  try {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.databaseName))
      throw new Error(`not a plain database name: ${options.databaseName}`);
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${options.databaseName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${options.databaseName}`);
    } finally {
      await admin.end();
    }
    const u = new URL(embedded.url);
    u.pathname = `/${options.databaseName}`;
    const url = u.toString();
    database = connect(url, options.poolSize ?? 4);
    await applyMigrations(database);
    for (const file of options.files) await importFile(database.pool, await readSource(file));
    const db = database;

    const health = async (name: string): Promise<SiteHealth> => {
      const response = await fetch(`${processes.get(name)!.baseUrl}/api/v1/health`);
      return (await response.json()) as SiteHealth;
    };

    const start = async (
      name: string,
      role: "web" | "worker",
      env: Record<string, string> = {},
      timeoutMs = 240_000,
    ) => {
      const port = await freePort();
      const child = spawn(process.execPath, ["scripts/start.mjs", role], {
        env: {
          ...process.env,
          LOG_LEVEL: "info",
          LOG_FORMAT: "json",
          ...env,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: "127.0.0.1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const log: string[] = [];
      child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
      const entry = { child, port, baseUrl: `http://127.0.0.1:${port}`, log };
      processes.set(name, entry);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A process that died will never answer: say so at once, with what it printed.
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}\n${log.join("")}`);
        const h = await health(name).catch(() => null);
        if (h?.status === "ok" && h.pid === child.pid) break;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${name} to be healthy\n${logs()}`);
        await sleep(500);
      }
      return entry;
    };

    const kill = async (name: string) => {
      const { child } = processes.get(name)!;
      if (!running(child)) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    };

    return { url, database: db, processes, start, health, kill, logs, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
