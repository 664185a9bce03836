// Building the page's elements: an HTML or SVG element with its attributes, listeners and children.

/** The namespace SVG elements are made in. */
export const SVG_NS = "http://www.w3.org/2000/svg";

/** What an element is given as a child: a node, or words (null, undefined and false are left out).
 * @typedef {Node | string | number | null | undefined | false} ElementChild */
/** Children as `el` and `svg` take them: one, or a list of them. @typedef {ElementChild | ElementChild[]} Children */
/** Attributes as `el` and `svg` take them: `on*` are listeners; false, null and undefined are left out.
 * @typedef {Record<string, string | number | boolean | null | undefined | ((event: never) => unknown)>} Attributes */

/**
 * An HTML element: attributes (on* are listeners; false/null/undefined are left out) and children.
 * Every element of the page is built so, its listeners with it (the page's CSP allows no inline script).
 * @param {string} tag @param {Attributes} [attrs] @param {...Children} children @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (value === undefined || value === null || value === false) continue;
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * An SVG element, as `el` makes an HTML one: the boards and pictures are drawn so.
 * @param {string} tag @param {Attributes} [attrs] @param {...Children} children @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return /** @type {SVGElement} */ (node);
}
