import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (entry.server provides it);
 * undefined in the browser, which hides a nonce from scripts anyway. Every inline <script> we render
 * passes it as its `nonce`.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
