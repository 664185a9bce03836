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

/**
 * A JSON request; a refusal throws a `Refused` with the server's words.
 * @param {string} path @param {{method?: string, body?: any}} [options]
 */
export async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Refused(data.error || { message: response.statusText });
  }
  return data;
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
