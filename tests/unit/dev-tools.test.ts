import { describe, expect, it } from "vitest";
import { devToolsAllowed, isLoopbackHost, loadConfig } from "../../src/config.ts";

const allowed = (env: Record<string, string>) => devToolsAllowed(loadConfig(env));

describe("development tools (mailbox, payment sandbox, /dev/telegram)", () => {
  it("knows loopback hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "pitchlab.example", "localhost.example", "127.0.0.1.nip.io"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("are on for a server only this machine reaches, in development and in production on the embedded database", () => {
    expect(allowed({})).toBe(true);
    expect(allowed({ NODE_ENV: "production", HOST: "127.0.0.1" })).toBe(true);
    expect(allowed({ NODE_ENV: "production", HOST: "localhost", PUBLIC_URL: "http://localhost:3000" })).toBe(true);
  });

  it("are off as soon as others can reach it: beyond loopback, behind a proxy, a public address, an external database in production", () => {
    expect(allowed({ NODE_ENV: "production", HOST: "0.0.0.0" })).toBe(false);
    expect(allowed({ NODE_ENV: "development", HOST: "0.0.0.0" })).toBe(false);
    expect(allowed({ NODE_ENV: "production", HOST: "::" })).toBe(false);
    expect(allowed({ HOST: "localhost", TRUST_PROXY: "true" })).toBe(false);
    expect(allowed({ HOST: "localhost", PUBLIC_URL: "https://pitchlab.example" })).toBe(false);
    expect(allowed({ NODE_ENV: "production", HOST: "localhost", DATABASE_URL: "postgres://u:p@db/pitchlab" })).toBe(
      false,
    );
  });

  it("follow DEV_TOOLS when it is set, either way", () => {
    expect(allowed({ NODE_ENV: "production", HOST: "0.0.0.0", DEV_TOOLS: "true" })).toBe(true);
    expect(allowed({ HOST: "localhost", DEV_TOOLS: "false" })).toBe(false);
  });
});
