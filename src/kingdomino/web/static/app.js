// Entry point: the language first, then the lobby at "/", a game at "/game/<id>" (watched by anyone
// at "/game/<id>/watch" when it is public), the scorer at
// "/score", a player's page at "/player/<name>" (all their games at "/player/<name>/games", their
// statistics at "/player/<name>/stats"), the
// leaderboards at "/leaderboards/<pool>", a club tournament at "/tournament/<id>", the preferences
// at "/account/preferences", a club at "/club/<name>", the puzzles at "/puzzles" ("/puzzles/<id>"),
// Kingdomino TV at "/tv" ("/tv/<game>"), the moderators' page at "/moderation", or a mailed link's page ("/account/verify", "/account/reset").
import { el } from "./dom.js";
import { onRetrying } from "./server.js";
import { LANGUAGES, chooseLanguage, language, languageLinked, loadLanguage, preferredLanguage, t } from "./i18n.js";
import { followLogins, keepPreference, syncPreferences } from "./preferences-sync.js";
import { inboxBell } from "./inbox.js";
import { installSprite } from "./pictures.js";
import { loadMeta } from "./server-meta.js";
import { speakValidity } from "./form-validity.js";

async function main() {
  // What the server offers is read while the texts load: the lobby and a game page offer its AI
  // levels, and a provisional rating's "?" says its threshold.
  await Promise.all([loadLanguage(preferredLanguage()), loadMeta()]);
  // A logged-in account's settings (preferences-sync.js), read without holding the page back: into
  // the browser's storage for the modules, and its language, unless the link names one, shown by
  // showing the page again (once per device and change: the browser keeps it from then on).
  const linked = languageLinked();
  syncPreferences().then((chosen) => {
    if (chosen?.language && !linked && chosen.language !== language()) chooseLanguage(chosen.language);
  });
  followLogins();
  installSprite();
  speakValidity();
  const select = /** @type {HTMLSelectElement} */ (el("select", { id: "language", "aria-label": t("app.language") },
    Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, lang: code, selected: code === language() }, name))));
  select.addEventListener("change", () => {
    keepPreference({ language: select.value }).catch(() => null).finally(() => chooseLanguage(select.value));
  });
  const header = /** @type {HTMLElement} */ (document.querySelector("header.top"));
  const root = /** @type {HTMLElement} */ (document.getElementById("main"));
  const match = location.pathname.match(/^\/game\/([A-Za-z0-9]+)(\/replay|\/watch)?$/);
  const archive = location.pathname.match(/^\/player\/(.+)\/games$/);
  const insights = location.pathname.match(/^\/player\/(.+)\/stats$/);
  const player = location.pathname.match(/^\/player\/(.+)$/);
  const boards = location.pathname.match(/^\/leaderboards(?:\/([\w-]+))?$/);
  const tournament = location.pathname.match(/^\/tournament\/([A-Za-z0-9]+)$/);
  const club = location.pathname.match(/^\/club\/([^/]+)$/);
  const tv = location.pathname.match(/^\/tv(?:\/([a-z]+))?$/);
  const puzzles = /^\/puzzles(\/[0-9a-f]+)?$/.test(location.pathname);
  const simul = location.pathname.match(/^\/(?:simuls|simul\/([0-9a-f]+))$/);
  const moderation = /^\/moderation(\/\d+)?$/.test(location.pathname);
  const notice = el("span", { id: "server-notice", role: "status" });
  onRetrying((seconds) => { notice.textContent = seconds === null ? "" : t("app.retrying", { seconds }); });
  const brand = brandLink();
  // The lobby's account card asks who is logged in, and says it (ACCOUNT_SHOWN): the bell listens.
  const lobby = !(match || player || boards || tournament || club || tv || puzzles || simul || moderation
    || ["/score", "/account/preferences", "/account/verify", "/account/reset"].includes(location.pathname));
  const bell = inboxBell(!lobby);
  header.replaceChildren(skipLink(root, Boolean(match)), brand, notice, bell, el("span", { class: "lang" }, select));
  fitBrand(brand);
  window.addEventListener("resize", () => fitBrand(brand));
  // The bell shown once the server says who is logged in (or hidden) changes the name's room.
  new ResizeObserver(() => fitBrand(brand)).observe(bell);
  if (match) (await import("./game.js")).showGame(root, match[1], match[2] === "/replay", match[2] === "/watch");
  else if (location.pathname === "/score") (await import("./scorer.js")).showScorer(root);
  else if (location.pathname === "/account/preferences") (await import("./preferences.js")).showPreferences(root);
  else if (/^\/account\/(verify|reset)$/.test(location.pathname)) (await import("./account-mail-page.js")).showMailLink(root);
  else if (archive) (await import("./archive.js")).showArchive(root, decodeURIComponent(archive[1]));
  else if (insights) (await import("./insights.js")).showInsights(root, decodeURIComponent(insights[1]));
  else if (player) (await import("./players.js")).showPlayer(root, decodeURIComponent(player[1]));
  else if (boards) (await import("./players.js")).showLeaderboards(root, boards[1]);
  else if (tournament) (await import("./tournament.js")).showTournament(root, tournament[1]);
  else if (club) (await import("./club.js")).showClub(root, decodeURIComponent(club[1]));
  else if (tv) (await import("./tv.js")).showTv(root, tv[1] || "");
  else if (puzzles) (await import("./puzzle.js")).showPuzzles(root);
  else if (simul) (await import("./simul.js")).showSimuls(root, simul[1] || "");
  else if (moderation) (await import("./moderation.js")).showModeration(root);
  else {
    (await import("./lobby.js")).showLobby(root);
    // Any other path was answered 404 with this page: say so above the lobby.
    if (location.pathname !== "/") root.prepend(el("p", { class: "card error", id: "no-page", role: "alert" },
      t("app.no_page", { path: location.pathname })));
  }
}

/** The site's name, the header's link home: the crown and the name, in full or in its short form
 * ("Семейство Kingdomino", "Kingdomino"), of which `fitBrand` shows what fits. Screen readers hear
 * the full name whatever is shown. */
function brandLink() {
  return el("a", { href: "/", class: "brand" }, el("span", { "aria-hidden": "true" }, "♛ "),
    el("span", { class: "brand-full" }, t("app.name")),
    el("span", { class: "brand-short", "aria-hidden": "true" }, t("app.short_name")));
}

/** Show the site's name in the longest form that fits one line beside the language menu: in full,
 * short, or the crown alone (on a phone the Russian, Bulgarian and Ukrainian names would take two
 * lines of the first screen). @param {HTMLElement} brand */
function fitBrand(brand) {
  for (const form of ["full", "short", "crown"]) {
    brand.dataset.form = form;
    if (brand.scrollWidth <= brand.clientWidth) return;
  }
}

/** The page's first Tab stop, seen once focused: "Skip to the table" of a game (its first piece to
 * play a Tab further), else "Skip to the content". The first Tab of a game just created reached the
 * site's name, then its language, its title and its invites before the table.
 * @param {HTMLElement} root the page's <main> @param {boolean} game whether the page is a game's */
function skipLink(root, game) {
  root.tabIndex = -1;  // focusable by the link, not in the Tab order
  /** @param {MouseEvent} e */
  const skip = (e) => {
    e.preventDefault();  // no "#" in the address: the game's Back and Forward read it
    const target = (game && document.getElementById("board-card")) || root;
    target.focus();
  };
  return el("a", { href: "#main", class: "skip-link", id: "skip", onclick: skip }, t(game ? "app.skip_to_table" : "app.skip_to_content"));
}

main();
