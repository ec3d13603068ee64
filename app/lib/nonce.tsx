import { createContext, useContext, type ReactNode } from "react";

/**
 * This response's script nonce (docs/security.md). The server renders the
 * document inside a provider; in the browser there is none and the value is
 * "": browsers hide nonces from the DOM anyway, and scripts added after
 * hydration are trusted through 'strict-dynamic'.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

/** The nonce to put on `<Scripts>` and every inline `<script>` the app renders. */
export function useNonce() {
  return useContext(NonceContext);
}
