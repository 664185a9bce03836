// Talking to the server over HTTP: JSON requests, sent again while the server is briefly
// unavailable, and its refusals.

/** A request the server refused: its English message, the field at fault, and the refusal's
 * name (`code`) and `values` where the page can say it in the player's language (`errorWords`). */
export class Refused extends Error {
  /** @param {{message?: string, field?: string, code?: string, values?: Record<string, string | number>}} error */
  constructor(error) {
    super(error.message || "");
    this.field = error.field || "";
    this.code = error.code || "";
    this.values = error.values || {};
  }
}

/** How many times a request is sent again that the server could not serve for a passing reason
 * (503, `unavailable`: its database or an AI worker failed for a moment), each after the seconds
 * its `Retry-After` says. */
const UNAVAILABLE_TRIES = 3;

/** Told the seconds before a request is sent again, and null once none waits. */
let sayRetrying = /** @type {(seconds: number | null) => void} */ (() => {});

/** Say with `say` when requests wait to be sent again (the page's notice). @param {(seconds: number | null) => void} say */
export function onRetrying(say) {
  sayRetrying = say;
}

/**
 * A JSON request; a refusal throws a `Refused` with the server's words. A request the server could
 * not serve for a passing reason is sent again after the wait it asks for (and the page says so).
 * The answer is the JSON the server sent: its caller names its type, as view-types.js says it.
 * @param {string} path @param {{method?: string, body?: unknown}} [options] @returns {Promise<unknown>}
 */
export async function api(path, options = {}) {
  for (let tries = 0; ; tries++) {
    const response = await fetch(path, {
      headers: { "Content-Type": "application/json" },
      ...options,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok) {
      if (tries) sayRetrying(null);
      return data;
    }
    const error = data.error || { message: response.statusText };
    if (response.status === 503 && error.code === "unavailable" && tries < UNAVAILABLE_TRIES) {
      const seconds = Number(response.headers.get("Retry-After")) || 1;
      sayRetrying(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    if (tries) sayRetrying(null);
    throw new Refused(error);
  }
}
