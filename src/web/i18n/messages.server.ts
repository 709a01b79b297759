import de from "../locales/de.json";
import el from "../locales/el.json";
import en from "../locales/en.json";
import es from "../locales/es.json";
import fr from "../locales/fr.json";
import it from "../locales/it.json";
import pl from "../locales/pl.json";
import pt from "../locales/pt.json";
import ro from "../locales/ro.json";
import ru from "../locales/ru.json";
import tr from "../locales/tr.json";
import type { Locale, Messages } from "./locales.ts";

/** All locale files, on the server only: a browser receives the messages of its own locale from the root loader. */
export const MESSAGES: Record<Locale, Messages> = { en, de, el, es, fr, it, pl, pt, ro, ru, tr };

function lookup(messages: unknown, key: string): string | null {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : null;
}

/** A message of a locale with {{placeholders}} filled; unknown keys come back as they are (plain texts). */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(MESSAGES[locale], key) ?? lookup(MESSAGES.en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name] ?? ""));
}
