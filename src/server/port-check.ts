import { createServer } from "node:net";

/** Fails with a message naming the fix when the HTTP port cannot be listened on (checked before any build). */
export function ensurePortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `port ${port} on ${host} is already in use; stop the other program or start with PORT=<another port>`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}
