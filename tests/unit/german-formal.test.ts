import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "src/i18n/locales";

/** Every string of a locale file, with its key path. */
function strings(value: unknown, key = ""): Array<[string, string]> {
  if (typeof value === "string") return [[key, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, key ? `${key}.${k}` : k));
  return [];
}

describe("German addresses the reader as Sie", () => {
  it("has no du, dein, dich or dir in any German locale file", () => {
    const files = [
      path.join(DIR, "de.json"),
      ...readdirSync(DIR)
        .filter((d) => statSync(path.join(DIR, d)).isDirectory())
        .map((d) => path.join(DIR, d, "de.json")),
    ];
    const informal = /\b(du|dein|deine|deinem|deinen|deiner|deines|dich|dir)\b/i;
    const found = files.flatMap((file) =>
      strings(JSON.parse(readFileSync(file, "utf8")))
        .filter(([, text]) => informal.test(text))
        .map(([key, text]) => `${file} ${key}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
