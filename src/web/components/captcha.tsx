import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      render(el: HTMLElement, options: { sitekey: string; hl?: string }): number;
      execute(siteKey: string, options: { action: string }): Promise<string>;
    };
  }
}

let loading: Promise<void> | null = null;
function loadScript(src: string): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("captcha script"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * reCAPTCHA inside a form: v2 renders the checkbox (its answer travels as g-recaptcha-response), v3 runs
 * the action and puts the token in a hidden `captcha` field, renewed before it expires. Nothing when the
 * site has no captcha configured.
 */
export function Captcha({ action }: { action: string }) {
  const { t, i18n } = useTranslation();
  const config = useRouteLoaderData<typeof rootLoader>("root")?.auth.captcha ?? null;
  const box = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!config) return;
    if (!config.siteKey) return setError("captcha.noKey");
    if (config.version !== 2 && config.version !== 3) return setError("captcha.noVersion");
    const src =
      config.version === 3
        ? `https://www.google.com/recaptcha/api.js?render=${config.siteKey}`
        : `https://www.google.com/recaptcha/api.js?render=explicit&hl=${i18n.language}`;
    let timer: ReturnType<typeof setInterval> | undefined;
    loadScript(src)
      .then(() =>
        new Promise<void>((resolve) => window.grecaptcha?.ready(resolve)).then(() => {
          if (config.version === 2) {
            if (box.current && !box.current.hasChildNodes())
              window.grecaptcha!.render(box.current, { sitekey: config.siteKey, hl: i18n.language });
            return;
          }
          const run = () =>
            window
              .grecaptcha!.execute(config.siteKey, { action })
              .then(setToken, () => setError("captcha.executeFailed"));
          void run();
          // v3 tokens live two minutes.
          timer = setInterval(run, 90_000);
        }),
      )
      .catch(() => setError("captcha.loadFailed"));
    return () => clearInterval(timer);
  }, [config, action, i18n.language]);

  if (!config) return null;
  return (
    <div>
      {config.version === 3 ? <input type="hidden" name="captcha" value={token} /> : <div ref={box} />}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {t(error)}
        </p>
      )}
    </div>
  );
}
