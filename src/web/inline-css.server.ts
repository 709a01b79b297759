import { readFileSync } from "node:fs";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/** The built client folder, beside the server build this module is bundled into. */
const CLIENT_DIR = new URL("../client/", import.meta.url);
const cache = new Map<string, string | null>();

function cssOf(href: string): string | null {
  if (!cache.has(href)) {
    let css: string | null = null;
    try {
      css = readFileSync(new URL(`.${href}`, CLIENT_DIR), "utf8");
    } catch {
      // not built here (a development server): keep the link
    }
    cache.set(href, css && !css.includes("</style") ? css : null);
  }
  return cache.get(href) ?? null;
}

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;

/**
 * Puts the site's stylesheet into the page's <head>, so the first paint waits for no other request. The
 * <link> stays for hydration, inert (media=print: the inlined copy already applies; no inline `onload`
 * handler, which the Content-Security-Policy would refuse); React tolerates the extra <style> in the head.
 */
export function inlineStylesheets(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += decoder.write(chunk);
      if (!head.includes("</head>")) return callback();
      done = true;
      const out = head.replace(STYLESHEET, (tag, href: string) => {
        const css = cssOf(href);
        return css ? `<style>${css}</style><link rel="stylesheet" href="${href}" media="print"/>` : tag;
      });
      head = "";
      callback(null, out);
    },
    flush(callback) {
      callback(null, done ? undefined : head + decoder.end());
    },
  });
}
