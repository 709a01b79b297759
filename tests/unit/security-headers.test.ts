import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { inlineHashes, pageCsp, pageSecurityPolicy, securityHeaders } from "../../src/server/security-headers.ts";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function app(https: boolean) {
  const site = new Hono();
  site.use("*", securityHeaders({ https, captcha: false }));
  site.use("*", pageSecurityPolicy({ https, captcha: false }));
  site.get("/page", (c) => c.html('<html><head><style>body{color:red}</style><script>window.a=1</script><script src="/assets/x.js"></script></head><body></body></html>'));
  site.get("/json", (c) => c.json({ ok: true }));
  return site;
}

describe("security headers", () => {
  it("hash the page's own inline scripts and styles, not external ones", () => {
    const html = '<script>one()</script><script type="module">import "/a.js";</script><script src="/b.js"></script><style>a{}</style><script>one()</script>';
    expect(inlineHashes(html)).toEqual({ scripts: [hash("one()"), hash('import "/a.js";')], styles: [hash("a{}")] });
    const csp = pageCsp(html, { captcha: false });
    expect(csp).toContain(`script-src 'self' ${hash("one()")} ${hash('import "/a.js";')};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageCsp(html, { captcha: true })).toContain("https://www.google.com/recaptcha/");
  });

  it("sets the policy of pages and of everything else; HSTS only behind https", async () => {
    const page = await app(false).request("/page");
    expect(page.headers.get("content-security-policy")).toContain(hash("window.a=1"));
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
