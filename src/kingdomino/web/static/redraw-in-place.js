// Redrawing in place. A board is drawn anew from every state the server sends, yet a move changes
// one kingdom at most: rebuilding the others made the browser style and lay out each of their
// squares again (on a slowed phone most of a redrawing's 150 to 250 ms). Two things keep them:
//
// - `keep` gives back the very elements drawn at the last drawing for the same slot (a seat's
//   kingdom) when its key, everything they were drawn from, is the same; else it draws them anew.
// - `fill` puts a drawing into an element of the page as `replaceChildren` would, but leaves in
//   place a child that is already there, and updates a `part` (a column or the table: a tag,
//   attributes and children, no listeners) instead of making it anew. A part is described, not
//   made, so that a kept kingdom is never taken out of the page to be put into a new column.
//   A kept kingdom so stays in the document: it is not styled, laid out or animated again.
//
// What is drawn with listeners that depend on the state (the placing layer, a choice's buttons) is
// drawn anew every time: give it no key.

/** @typedef {Node | Part | string | null | undefined | false} Child */
/** An element of a drawing described (see `part`). @typedef {{name: string, tag: string, attrs: Record<string, string>, children: Child[]}} Part */

/** What was last drawn, by owner (a board's container) and slot. @type {WeakMap<Element, Map<string, {key: string, drawn: unknown}>>} */
const drawn = new WeakMap();
/** The elements made for parts, by the part's name. @type {WeakMap<Element, string>} */
const parts = new WeakMap();

/**
 * What `draw()` gave for `slot` at the last drawing into `owner` if it was for the same `key`, else
 * `draw()` (remembered for the next one). A null key draws anew and forgets the slot.
 * @template T @param {Element} owner @param {string} slot @param {string | null} key
 * @param {() => T} draw @returns {T}
 */
export function keep(owner, slot, key, draw) {
  let slots = drawn.get(owner);
  if (!slots) drawn.set(owner, slots = new Map());
  const last = slots.get(slot);
  if (key !== null && last && last.key === key) return /** @type {T} */ (last.drawn);
  const made = draw();
  if (key === null) slots.delete(slot); else slots.set(slot, { key, drawn: made });
  return made;
}

/** The elements of a list drawn into an owner at the last drawing, by key (see `keepEach`). @type {WeakMap<Element, Map<string, unknown>>} */
const lists = new WeakMap();

/**
 * A list's elements drawn from `items`, each the one drawn for the same key (`keyOf`) at the last
 * drawing into `owner`, else `draw(item)`. The keys not drawn this time are forgotten: a log keeps
 * only the lines it still shows.
 * @template I, T @param {Element} owner @param {I[]} items @param {(item: I) => string} keyOf
 * @param {(item: I) => T} draw @returns {T[]}
 */
export function keepEach(owner, items, keyOf, draw) {
  const last = lists.get(owner);
  /** @type {Map<string, T>} */
  const now = new Map();
  const made = items.map((item) => {
    const key = keyOf(item);
    const element = now.get(key) ?? /** @type {T | undefined} */ (last?.get(key)) ?? draw(item);
    now.set(key, element);
    return element;
  });
  lists.set(owner, now);
  return made;
}

/**
 * An element of a drawing, described: made by `fill`, or the element made for the part of the same
 * `name` among the siblings at the last drawing, updated. Attributes are strings (no listeners).
 * @param {string} name unique among its siblings @param {string} tag @param {Record<string, string>} attrs
 * @param {...(Child | Child[])} children @returns {Part}
 */
export function part(name, tag, attrs, ...children) {
  return { name, tag, attrs, children: children.flat() };
}

/**
 * Make `children` the children of `parent`, as `replaceChildren` does, but leave in place each one
 * already there, and update the element of a part drawn there before (see `part`).
 * @param {Element} parent @param {Child[]} children
 */
export function fill(parent, children) {
  /** @type {Map<string, Element>} */
  const before = new Map();
  for (const child of parent.children) {
    const name = parts.get(child);
    if (name !== undefined) before.set(name, child);
  }
  /** @type {Node[]} */
  const nodes = [];
  for (const child of children) {
    if (child instanceof Node) nodes.push(child);
    else if (typeof child === "string") { if (child) nodes.push(document.createTextNode(child)); }
    else if (child) nodes.push(made(child, before.get(child.name)));
  }
  const wanted = new Set(nodes);
  let at = parent.firstChild;
  for (const node of nodes) {
    while (at && !wanted.has(at)) at = gone(at);
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
  while (at) at = gone(at);
}

/** Take `node` out of the page; its next sibling. @param {ChildNode} node */
function gone(node) {
  const next = node.nextSibling;
  node.remove();
  return next;
}

/** The element of `description`: `old` (the same part's at the last drawing) updated, or a new one.
 * @param {Part} description @param {Element | undefined} old */
function made(description, old) {
  const { name, tag, attrs, children } = description;
  const node = old && old.localName === tag ? old : document.createElement(tag);
  parts.set(node, name);
  for (const { name: attr } of [...node.attributes]) if (!(attr in attrs)) node.removeAttribute(attr);
  for (const [attr, value] of Object.entries(attrs)) if (node.getAttribute(attr) !== value) node.setAttribute(attr, value);
  fill(node, children);
  return node;
}
