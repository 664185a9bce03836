// The lobby: create a game of any kind, list this browser's games, open an invite link.
import { api, el, remember, savedGames } from "./api.js";

const GAMES = {
  kingdomino: { name: "Kingdomino", players: [2, 3, 4],
    flags: [["middle_kingdom", "Middle Kingdom (+10)"], ["harmony", "Harmony (+5)"], ["dynasty", "Dynasty (3 games)"], ["mighty_duel", "Mighty Duel (2 players, 7x7)"]] },
  duel: { name: "Kingdomino Duel", players: [2], flags: [] },
  origins: { name: "Kingdomino Origins", players: [2, 3, 4], modes: ["discovery", "totem", "tribe"],
    flags: [["fire_kingdom", "Fire Kingdom (+10)"], ["homo_habilis", "Homo Habilis (+5)"],
      ["final_recruit", "Recruit after the last round (Tribe)"], ["totem_tie", "A tied totem holder chooses (Totem)", "choose"]] },
};
const SEAT_KINDS = [
  ["me", "You (this screen)"], ["local", "Human on this screen"], ["online", "Human online (invite link)"],
  ["ai:easy", "AI easy"], ["ai:medium", "AI medium"], ["ai:hard", "AI hard"], ["ai:greedy", "AI greedy"], ["ai:random", "AI random"],
];

export function showLobby(main) {
  main.replaceChildren();
  const gameSelect = el("select", { id: "game", "aria-label": "Game" },
    Object.entries(GAMES).map(([id, g]) => el("option", { value: id }, g.name)));
  const playersSelect = el("select", { id: "players", "aria-label": "Players" });
  const optionsBox = el("div", { id: "options" });
  const seatsBox = el("div", { id: "seats" });
  const error = el("p", { class: "error", role: "alert" });

  function refresh() {
    const spec = GAMES[gameSelect.value];
    const current = Number(playersSelect.value) || spec.players[0];
    playersSelect.replaceChildren(...spec.players.map((n) => el("option", { value: n, selected: n === current }, `${n} players`)));
    optionsBox.replaceChildren(
      spec.modes ? el("label", {}, "Mode ", el("select", { id: "mode" }, spec.modes.map((m) => el("option", { value: m }, m)))) : "",
      ...spec.flags.map(([id, label, value]) => el("label", {}, el("input", { type: "checkbox", id: `opt-${id}`, "data-option": id, "data-value": value }), " ", label)),
    );
    refreshSeats();
  }
  function refreshSeats() {
    const n = Number(playersSelect.value);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => el("div", {},
      el("label", {}, `Seat ${i + 1} `, el("select", { id: `seat-${i}`, "aria-label": `Seat ${i + 1}` },
        SEAT_KINDS.map(([value, label]) => el("option", { value, selected: value === (old[i] || (i === 0 ? "me" : "ai:easy")) }, label)))),
      el("label", {}, "name ", el("input", { id: `name-${i}`, maxlength: 40, size: 12, placeholder: i === 0 ? "You" : "" })),
    )));
  }
  gameSelect.addEventListener("change", refresh);
  playersSelect.addEventListener("change", refreshSeats);

  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    const spec = GAMES[gameSelect.value];
    const options = {};
    for (const box of optionsBox.querySelectorAll("input[data-option]")) if (box.checked) options[box.dataset.option] = box.dataset.value || true;
    const mode = optionsBox.querySelector("#mode");
    if (mode) options.mode = mode.value;
    const kinds = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const seats = kinds.map((kind, i) => {
      const name = seatsBox.querySelector(`#name-${i}`).value.trim();
      if (kind.startsWith("ai:")) return { kind: "ai", level: kind.slice(3), name };
      return { kind: "human", name, online: kind === "online" };
    });
    try {
      const created = await api("/api/games", { method: "POST", body: { game: gameSelect.value, players: Number(playersSelect.value), options, seats, hints: form.querySelector("#hints").checked } });
      const mine = created.seats.filter((s, i) => s.kind === "human" && kinds[i] !== "online").map((s) => s.token);
      const invites = created.seats.filter((s, i) => kinds[i] === "online").map((s) => ({ seat: s.seat, name: s.name, url: location.origin + s.invite }));
      remember(created.id, mine, { invites, spectator: location.origin + created.spectator, name: spec.name });
      location.href = `/game/${created.id}`;
    } catch (problem) {
      error.textContent = String(/** @type {Error} */ (problem).message);
    }
  }

  const form = el("form", { onsubmit: create },
    el("h2", {}, "New game"),
    el("label", {}, "Game ", gameSelect), el("label", {}, playersSelect), optionsBox,
    el("h3", {}, "Seats"), seatsBox,
    el("label", { title: "With one human against AI seats, hints are always on" }, el("input", { type: "checkbox", id: "hints" }), " Hints for every player"),
    el("button", { class: "primary", type: "submit", id: "create" }, "Create game"), error);
  const invite = el("input", { id: "invite", placeholder: "Paste an invite or spectator link", size: 40 });
  const openInvite = el("form", { onsubmit: (e) => { e.preventDefault(); const url = new URL(invite.value, location.origin); location.href = url.pathname + url.search; } },
    el("h2", {}, "Join a game"), invite, " ", el("button", { type: "submit" }, "Open"));
  const list = el("div", { id: "my-games" }, el("p", { class: "small" }, "Loading your games…"));
  main.append(el("section", { class: "card" }, form), el("section", { class: "card" }, el("h2", {}, "Your games"), list),
    el("section", { class: "card" }, openInvite));
  refresh();
  listGames(list);
}

async function listGames(list) {
  const saved = savedGames();
  const pairs = saved.flatMap((g) => g.tokens.slice(0, 1).map((token) => ({ id: g.id, token })));
  if (!pairs.length) { list.replaceChildren(el("p", { class: "small" }, "No games yet.")); return; }
  try {
    const { games } = await api("/api/games/lookup", { method: "POST", body: { games: pairs } });
    list.replaceChildren(el("ul", {}, games.map((g) => el("li", {},
      el("a", { href: `/game/${g.id}` }, g.description), ` · ${g.status}`, ` · ${g.seats.join(", ")}`, ` · scores ${g.scores.join(" / ")}`,
      g.hints ? " · hints on" : "", g.practice ? " · practice (chosen seed)" : ""))));
  } catch (problem) {
    list.replaceChildren(el("p", { class: "error" }, String(/** @type {Error} */ (problem).message)));
  }
}
