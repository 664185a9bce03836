// Origins' panels beside the kingdoms: the fire markers left, the totems (and handing one over),
// the cave and the stack to recruit a caveman from, and the recruit being paid for.
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { cavemanPicture, icons, seatBadge, use } from "./pictures.js";
import { cavemanName, cavemanScores, resourceName } from "./words.js";

/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */
/** @typedef {import("./board-kingdoms.js").KingdomsView} KingdomsView */
/** @typedef {import("./view-types.js").DominoObservation} DominoObservation */

/** The resources on a seat's territory, counted by kind, as the cave's prices are paid: beside the
 * cave, which comes before the territory on a phone while a caveman may be recruited. On a shared
 * screen (the page plays more seats than one) the seat is named: "Your resources" said nobody.
 * @param {KingdomsView} view @param {number} seat */
function resourcesHeld(view, seat) {
  const obs = view.observation;
  /** @type {Map<string, number>} */
  const held = new Map();
  for (const square of obs.kingdoms[seat].squares) {
    const resource = /** @type {{resource?: string | null}} */ (square).resource;
    if (resource) held.set(resource, (held.get(resource) ?? 0) + 1);
  }
  const whose = view.your_seats.length > 1 ? t("origins.seat_resources", { name: view.seats[seat].name }) : t("origins.your_resources");
  return el("p", { class: "small", id: "resources-held" }, whose, " ",
    held.size ? [...held].map(([resource, n]) => el("span", { class: "keep" },
      svg("svg", { viewBox: "0 0 20 20", width: 18, height: 18, role: "img", "aria-label": resourceName(resource) }, use(`r-${resource}`, 0, 0, 20)),
      "×", String(n), " ")) : t("origins.no_resources"));
}

/** Origins: fire markers left, the totems, the cave; at the end only the totems, which score.
 * @param {KingdomsView} view @param {Ctx} ctx */
export function originsPanels(view, ctx) {
  const obs = view.observation;
  const legal = ctx.legal;
  const parts = [];
  const playing = !["finished", "aborted", "expired"].includes(view.status);
  if (obs.fire_markers && playing) {
    parts.push(el("div", { class: "supply" }, el("h3", {}, t("origins.fire_markers")), el("ul", { class: "inline" },
      // Each kind of token named under its picture (three small icons with "×5" were read as nothing).
      Object.entries(obs.fire_markers).map(([fires, n]) => el("li", {
        class: "marker-left", title: t("origins.marker_n", { fires, n: Number(n) }) },
        el("span", { class: "marker-kind" },
          svg("svg", { viewBox: "0 0 40 40", width: 36, height: 36, "aria-hidden": "true" }, use("marker", 2, 2, 36),
            icons("fire", Number(fires), 8, 14, 10)),
          el("span", { class: "small" }, t("count.fires", { n: Number(fires) }))),
        el("span", { class: "marker-count", "aria-hidden": "true" }, "×", String(n)),
        el("span", { class: "visually-hidden" }, t("origins.marker_n", { fires, n: Number(n) })))))));
  }
  if (obs.totems) {
    parts.push(el("div", { class: "totems" }, el("h3", {}, t("origins.totems")), el("ul", { class: "inline" },
      Object.entries(obs.totems).map(([resource, holder]) => el("li", { class: "totem" },
        svg("svg", { viewBox: "0 0 20 20", width: 26, height: 26, role: "img", "aria-label": resourceName(resource) },
          use(`r-${resource}`, 0, 0, 20)),
        " ", holder === null ? t("origins.nobody") : el("span", { class: `seat${holder}` }, seatBadge(/** @type {number} */ (holder), 12), " ",
          view.seats[/** @type {number} */ (holder)].name))))));
    const give = legal.filter((a) => a.startsWith("totem "));
    if (give.length && !ctx.replay) parts.push(el("div", { class: "choice-row" }, el("p", {}, t("do.totem")), give.map((a) => {
      const seat = Number(a.split(" ")[1]);
      return el("button", { type: "button", "data-action": a, class: "pictured", onclick: () => ctx.play(a) }, seatBadge(seat, 20), " ",
        view.seats[seat].name);
    })));
  }
  const tribe = obs.tribe;
  if (obs.cave && tribe && playing) {
    const slots = obs.cave.map((kind, i) => {
      const action = `recruit ${i + 1}`;
      const can = legal.includes(action) && !ctx.replay;
      if (!kind) return el("li", { class: "cave-slot empty" }, t("origins.empty"));
      return el("li", {}, cavemanCard(obs, kind, t("origins.price_n", { n: tribe.cost_face_up }), can ? () => ctx.play(action) : null, action));
    });
    const stack = legal.filter((a) => a.startsWith("recruit-stack ")).map((a) => {
      const kind = a.split(" ")[1];
      return el("li", {}, cavemanCard(obs, kind, t("origins.price_n", { n: tribe.cost_stack }), ctx.replay ? null : () => ctx.play(a), a));
    });
    parts.push(el("div", { class: "cave" }, el("h3", {}, t("origins.cave"), " ",
      el("span", { class: "small" }, t("origins.stack_n", { n: obs.stack_size ?? 0 }))),
      ctx.mainSeat >= 0 && view.your_seats.includes(ctx.mainSeat) ? resourcesHeld(view, ctx.mainSeat) : "",
      el("ul", { class: "cavemen" }, slots),
      stack.length ? el("details", { class: "stack" }, el("summary", {}, t("origins.from_stack")), el("ul", { class: "cavemen" }, stack)) : "",
      obs.recruiting ? el("p", { class: "paying" }, cavemanPicture(obs.recruiting, 28), " ",
        (obs.to_pay ? t("origins.paying", { caveman: cavemanName(obs.recruiting), n: obs.to_pay }) : t("origins.paid",
        { caveman: cavemanName(obs.recruiting) }))) : ""));
  }
  return parts;
}

/** A caveman as a card: picture, name, what it scores, its price.
 * @param {DominoObservation} obs @param {string} kind @param {string} price @param {(() => void) | null} onPick @param {string} action */
function cavemanCard(obs, kind, price, onPick, action) {
  return el(onPick ? "button" : "div", { type: onPick ? "button" : undefined, class: `caveman-card${onPick ? " claimable" : ""}`,
    "data-action": onPick ? action : undefined, onclick: onPick || undefined },
    cavemanPicture(kind, 40), el("span", { class: "caveman-text" }, el("strong", {}, cavemanName(kind)),
      el("span", { class: "small" }, cavemanScores(obs, kind)), el("span", { class: "small" }, price)));
}
