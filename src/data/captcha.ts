/** reCAPTCHA (v2 checkbox by default, v3 by configuration), verified on the server; off without keys. */
export interface Captcha {
  /** null when no key is configured: forms show no captcha and nothing is checked */
  siteKey: string | null;
  version: 2 | 3;
  verify(token: string | undefined, action: string, ip: string | null): Promise<boolean>;
}

export function createCaptcha(options: {
  siteKey?: string;
  secretKey?: string;
  version: 2 | 3;
  verifyUrl: string;
  minScore: number;
}): Captcha {
  const { siteKey, secretKey, version } = options;
  if (!siteKey || !secretKey) return { siteKey: null, version, verify: async () => true };
  return {
    siteKey,
    version,
    async verify(token, action, ip) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: secretKey, response: token });
      if (ip) body.set("remoteip", ip);
      try {
        const response = await fetch(options.verifyUrl, { method: "POST", body, signal: AbortSignal.timeout(5000) });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
        if (!result.success) return false;
        // v3 answers with a score and the action the page declared; v2 with neither.
        if (version === 3)
          return (result.score ?? 0) >= options.minScore && (!result.action || result.action === action);
        return true;
      } catch {
        return false;
      }
    },
  };
}
