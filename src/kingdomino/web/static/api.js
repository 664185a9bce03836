// Talking to the server, and the tokens this browser holds (localStorage).

const KEY = "kingdomino.games";

/** A request the server refused: its English message, and the refusal's name (`code`) and
 * `values` where the page can say it in the player's language (`errorWords`). */
export class Refused extends Error {
  /** @param {{message?: string, code?: string, values?: Record<string, any>}} error */
  constructor(error) {
    super(error.message || "");
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
 * @param {string} path @param {{method?: string, body?: any}} [options]
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

/** @returns {any[]} */
export function savedGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

/** @param {string} id @param {string[]} tokens @param {Record<string, any>} [extra] */
export function remember(id, tokens, extra = {}) {
  const games = savedGames();
  let entry = games.find((g) => g.id === id);
  if (!entry) { entry = { id, tokens: [], created: Date.now() }; games.unshift(entry); }
  for (const token of tokens) if (!entry.tokens.includes(token)) entry.tokens.push(token);
  Object.assign(entry, extra);
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
  return entry;
}

/** Hold only `tokens` for game `id` from now on (a seat left for the spectator link).
 * @param {string} id @param {string[]} tokens */
export function replaceTokens(id, tokens) {
  const games = savedGames();
  const entry = games.find((g) => g.id === id);
  if (entry) { entry.tokens = [...tokens]; localStorage.setItem(KEY, JSON.stringify(games)); }
  else remember(id, tokens);
}

/** @param {string} id @returns {string[]} */
export function tokensFor(id) {
  const entry = savedGames().find((g) => g.id === id);
  return entry ? entry.tokens : [];
}

/**
 * An HTML element: attributes (on* are listeners; false/null/undefined are left out) and children.
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An SVG element, as el().
 * @param {string} tag @param {Record<string, any>} [attrs] @param {...any} children @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
