/**
 * A PostgreSQL cluster of Debian's `postgresql` package for the production-topology bench (matchday): its own
 * cluster in a temporary directory on its own port, made, started and removed by the bench. The server refuses
 * to run as root: the commands run as the `postgres` user when the bench runs as root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

const asPostgres = (command: string, args: string[]) =>
  execFileSync(
    process.getuid?.() === 0 ? "runuser" : command,
    process.getuid?.() === 0 ? ["-u", "postgres", "--", command, ...args] : args,
    { stdio: ["ignore", "ignore", "inherit"] },
  );

export function startExternalPostgres(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "pitchlab-matchday-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  asPostgres(`${BIN}/initdb`, ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-locale"]);
  asPostgres(`${BIN}/pg_ctl`, [
    "-D",
    data,
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB`,
    "-w",
    "start",
  ]);
  asPostgres(`${BIN}/createdb`, ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "pitchlab"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/pitchlab`,
    stop() {
      asPostgres(`${BIN}/pg_ctl`, ["-D", data, "-m", "fast", "-w", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
