import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  cspNonceOf,
  inlineHashes,
  pageCsp,
  pageSecurityPolicy,
  securityHeaders,
} from "../../src/server/security-headers.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const INJECTED = "<script>alert(document.cookie)</script>";

function app(https: boolean) {
  const site = new Hono();
  site.use("*", securityHeaders({ https, captcha: false }));
  site.use("*", pageSecurityPolicy({ https, captcha: false }));
  // A page that emits its own script with the request's nonce, and carries a script injected into its markup.
  site.get("/page", (c) =>
    c.html(
      `<html><head><style>body{color:red}</style><script nonce="${cspNonceOf(c)}">window.a=1</script><script src="/assets/x.js"></script></head><body>${INJECTED}</body></html>`,
    ),
  );
  site.get("/json", (c) => c.json({ ok: true }));
  return site;
}

const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1] ?? "";

describe("security headers", () => {
  it("hash only the inline scripts that carry the render's nonce (a cached page), and the inline styles", () => {
    const html = `<script nonce="n1">one()</script><script type="module" nonce="n1">import "/a.js";</script><script src="/b.js" nonce="n1"></script><style>a{}</style><script nonce="n1">one()</script>${INJECTED}<script nonce="other">two()</script>`;
    expect(inlineHashes(html, "n1")).toEqual({
      scripts: [hash("one()"), hash('import "/a.js";')],
      styles: [hash("a{}")],
    });
    const csp = pageCsp(inlineHashes(html, "n1"), { captcha: false });
    expect(csp).toContain(`script-src 'self' ${hash("one()")} ${hash('import "/a.js";')};`);
    expect(csp).not.toContain(hash("alert(document.cookie)"));
    expect(csp).not.toContain(hash("two()"));
    expect(scriptSrc(csp)).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageCsp({ styles: [] }, { captcha: true })).toContain("https://www.google.com/recaptcha/");
  });

  it("give every page answer a fresh nonce; a script injected without it is not allowed", async () => {
    const site = app(false);
    const [one, two] = await Promise.all([site.request("/page"), site.request("/page")]);
    const nonces = await Promise.all(
      [one, two].map(async (page) => {
        const csp = page.headers.get("content-security-policy") ?? "";
        const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc(csp))?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        // the page's own script carries it; the injected one does not, and nothing else lets it run
        const html = await page.text();
        expect(html).toContain(`<script nonce="${nonce}">window.a=1</script>`);
        expect(scriptSrc(csp).split(" ")).toEqual(["'self'", `'nonce-${nonce}'`]);
        expect(csp).not.toContain(hash("alert(document.cookie)"));
        expect(csp).not.toContain(hash("window.a=1"));
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sets the policy of pages and of everything else; HSTS only behind https", async () => {
    const page = await app(false).request("/page");
    expect(page.headers.get("content-security-policy")).toContain(`style-src 'self' ${hash("body{color:red}")}`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("strict-transport-security")).toBeNull();
    const json = await app(true).request("/json");
    expect(json.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(json.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
  });
});
