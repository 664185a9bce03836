// Talking to the server, and the tokens this browser holds (localStorage).

const KEY = "kingdomino.games";

export async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data.error || { message: response.statusText };
    throw new Error(error.message);
  }
  return data;
}

export function savedGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

export function remember(id, tokens, extra = {}) {
  const games = savedGames();
  let entry = games.find((g) => g.id === id);
  if (!entry) { entry = { id, tokens: [], created: Date.now() }; games.unshift(entry); }
  for (const token of tokens) if (!entry.tokens.includes(token)) entry.tokens.push(token);
  Object.assign(entry, extra);
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
  return entry;
}

export function tokensFor(id) {
  const entry = savedGames().find((g) => g.id === id);
  return entry ? entry.tokens : [];
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function textColour(hex) {
  const r = parseInt(hex.slice(1, 3), 16), g = parseInt(hex.slice(3, 5), 16), b = parseInt(hex.slice(5, 7), 16);
  return r * 0.299 + g * 0.587 + b * 0.114 > 140 ? "#000" : "#fff";
}

export const SEAT_COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#8e24aa"];
