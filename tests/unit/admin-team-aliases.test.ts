import { afterEach, describe, expect, it, vi } from "vitest";
import { teamAliasCommand } from "../../src/server/admin-team-aliases.ts";
import type { Services } from "../../src/services/index.ts";

/** The command line's words and exit codes over a stand-in of the service (the service is tested in tests/db). */

const calls: unknown[] = [];
const services = {
  teamAliases: {
    add: async (input: unknown) => {
      calls.push(input);
      return { ok: false, reason: "unknown-team", country: "England", team: "Nobody" };
    },
    remove: async () => ({ ok: true }),
    list: async () => ({ ok: true, aliases: [] }),
    newTeam: async () => ({ ok: true, teamId: 7, sameNormalised: [] }),
  },
} as unknown as Services;

afterEach(() => {
  vi.restoreAllMocks();
  calls.length = 0;
});

describe("npm run admin -- team-alias", () => {
  it("passes the options to the service and words a refusal, exit code 1", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const code = await teamAliasCommand(services, [
      "add",
      "--country",
      "England",
      "--alias",
      "Nottingham Forest",
      "--team",
      "Nobody",
    ]);
    expect(code).toBe(1);
    expect(calls).toEqual([{ country: "England", alias: "Nottingham Forest", team: "Nobody" }]);
    expect(error).toHaveBeenCalledWith('England has no team named "Nobody"');
  });

  it("exits with 2 and the usage on a missing option, an unknown option or an unknown command", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await teamAliasCommand(services, ["add", "--country", "England"])).toBe(2);
    expect(error.mock.calls[0]![0]).toContain("add needs --alias, --team");
    expect(await teamAliasCommand(services, ["list", "--colour", "red"])).toBe(2);
    expect(await teamAliasCommand(services, ["rename"])).toBe(2);
    expect(await teamAliasCommand(services, [])).toBe(2);
    expect(calls).toEqual([]);
  });

  it("answers 0 when the service does what was asked", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await teamAliasCommand(services, ["list"])).toBe(0);
    expect(log).toHaveBeenCalledWith("no aliases");
    expect(await teamAliasCommand(services, ["new-team", "--country", "England", "--name", "Brand New FC"])).toBe(0);
    expect(await teamAliasCommand(services, ["remove", "--country", "England", "--alias", "X"])).toBe(0);
  });
});
