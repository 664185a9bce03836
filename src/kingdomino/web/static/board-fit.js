// Fitting a kingdom's board to the screen: as large as the room below its top allows, and zoomed
// to where play can still happen when its squares would be smaller than a finger.
import { PHONE } from "./opponents.js";

/** A square's side in a board's drawing units. */
export const CELL = 40;

/** Below this many pixels a square is small for a finger: Material Design's touch target (48 dp);
 * DESIGN.md's least is 40 px, which a zoomed board keeps (its window is at most 9 squares wide). */
const FINGER = 48;
/** The least height a big board keeps on a wide screen, however low the window (a board may say
 * another in its `data-lowest`). */
const LOWEST = 320;

/** Fit a board to the screen. A big board on a wide screen is never taller than the window leaves
 * below its top (a 1366 x 768 laptop shows the whole kingdom), and as a square no wider either. On a
 * phone, whose page scrolls, it gives up width only where that brings the whole kingdom onto the
 * first screen with squares still a finger wide (a guided game's tip above it).
 * Where its squares would then be smaller than a finger (a 13 x 13 grid on a phone or a low screen)
 * it shows only the window where play can still happen, which zooms out as the kingdom grows. At
 * the end of a game every board shows its kingdom alone. Both are square, so a board keeps its size.
 * The boards are measured together, all read before any is changed, so that a table of four boards
 * (the end of a game) lays the page out twice, not twice per board.
 * @param {Element[]} images */
export function fitBoards(images) {
  for (const image of images) /** @type {SVGElement} */ (image).style.maxWidth = "";
  for (const image of images) if (image.classList.contains("big")) fitRoom(image);
  const widths = images.map((image) => image.getBoundingClientRect().width);
  images.forEach((image, i) => zoomBoard(image, widths[i]));
}

/** A big board's greatest width: the room the window leaves below its top (see `fitBoards`).
 * @param {Element} image */
function fitRoom(image) {
  const playable = image.getAttribute("data-window");
  const side = Number(image.getAttribute("data-side"));
  const style = /** @type {SVGElement} */ (image).style;
  const free = image.getBoundingClientRect();
  const room = window.innerHeight - (free.top + window.scrollY) - 12;
  const lowest = Number(image.getAttribute("data-lowest")) || LOWEST;
  if (!window.matchMedia(PHONE).matches) style.maxWidth = `${Math.max(lowest, room)}px`;
  else if (playable) {
    const span = Math.min(side, Number(playable.split(" ")[2]) / CELL);
    if (room >= span * FINGER && room < free.width) style.maxWidth = `${room}px`;
  }
}

/** Show a board of `width` pixels whole, or zoomed to where play can happen (see `fitBoards`).
 * @param {Element} image @param {number} width */
function zoomBoard(image, width) {
  const playable = image.getAttribute("data-window");
  const side = Number(image.getAttribute("data-side"));
  const always = image.getAttribute("data-zoom") === "always";
  const zoomed = Boolean(playable) && width > 0 && (always || width / side < FINGER);
  const box = zoomed ? /** @type {string} */ (playable) : `0 0 ${side * CELL} ${side * CELL}`;
  // Set only when it changes: set again, even the same, it has a kept board laid out anew.
  if (image.getAttribute("viewBox") !== box) image.setAttribute("viewBox", box);
  image.classList.toggle("zoomed", zoomed);
}

/** Refit every board that may zoom, as the screen turns or a window is resized. */
function refitBoards() {
  fitBoards([...document.querySelectorAll("svg[data-window]")]);
}
if (typeof window !== "undefined") window.addEventListener("resize", refitBoards);
