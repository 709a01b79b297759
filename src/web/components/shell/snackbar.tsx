import { createContext, useCallback, useContext, useEffect, useState } from "react";

const TIMEOUT_MS = 5000;
const Context = createContext<(message: string) => void>(() => {});

/** Short confirmations at the bottom of the screen; each hides after 5 s (SPEC §9). */
export function SnackbarProvider({ children }: { children: React.ReactNode }) {
  const [message, setMessage] = useState<{ text: string; key: number } | null>(null);
  const show = useCallback((text: string) => setMessage({ text, key: Date.now() }), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <Context.Provider value={show}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4">
        {message && (
          <p
            key={message.key}
            className="pointer-events-auto rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {message.text}
          </p>
        )}
      </div>
    </Context.Provider>
  );
}

export function useSnackbar() {
  return useContext(Context);
}
