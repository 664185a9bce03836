// A game page: live board over WebSocket, moves by clicking, undo, hint, scores, log, replay viewer.
import { api, el, remember, tokensFor, savedGames } from "./api.js";
import * as classic from "./board-classic.js";
import * as duel from "./board-duel.js";

const BOARDS = { kingdomino: classic, origins: classic, duel };

export function showGame(main, id) {
  const params = new URLSearchParams(location.search);
  const urlToken = params.get("token");
  if (urlToken) { remember(id, [urlToken]); history.replaceState(null, "", `/game/${id}`); }
  const tokens = tokensFor(id);
  const saved = savedGames().find((g) => g.id === id) || {};
  /** @type {any} */
  let view = null;
  /** @type {WebSocket | null} */
  let socket = null;
  const closed = false;
  /** @type {{legal: string[], play: (action: string) => void, replay: boolean, onKey: ((key: string) => void) | null}} */
  const ctx = { legal: [], play: send, replay: false, onKey: null };

  const title = el("h1", { id: "title" }, "Connecting…");
  const status = el("p", { id: "status", role: "status" });
  const error = el("p", { class: "error", id: "error", role: "alert" });
  const board = el("div", { id: "board" });
  const moveSelect = el("select", { id: "moves", "aria-label": "All legal moves" });
  const playButton = el("button", { type: "button", id: "play", onclick: () => moveSelect.value && send(moveSelect.value) }, "Play move");
  const undoButton = el("button", { type: "button", id: "undo", onclick: () => socket?.send(JSON.stringify({ type: "undo" })) }, "↶ Undo");
  const hintButton = el("button", { type: "button", id: "hint", onclick: () => socket?.send(JSON.stringify({ type: "hint" })) }, "Hint");
  const replayButton = el("button", { type: "button", id: "replay", onclick: () => startReplay() }, "▶ Replay");
  const hintBox = el("div", { id: "hint-box" });
  const scores = el("div", { id: "scores" });
  const log = el("ol", { class: "log", id: "log", reversed: true });
  const invites = el("div", { class: "invites" });
  if (saved.invites && saved.invites.length) {
    invites.append(el("h3", {}, "Invite links"), ...saved.invites.map((i) => el("label", { style: "display:block" }, `${i.name}: `, el("input", { readonly: true, value: i.url }))));
  }
  if (saved.spectator) invites.append(el("label", { style: "display:block" }, "Spectators: ", el("input", { readonly: true, value: saved.spectator })));

  main.replaceChildren(
    el("section", { class: "card" }, title, status, error,
      el("div", { class: "controls" }, moveSelect, " ", playButton, " ", undoButton, " ", hintButton, " ", replayButton), hintBox),
    el("section", { class: "card", id: "board-card" }, board),
    el("div", { class: "row" }, el("section", { class: "card", style: "flex:1 1 300px" }, el("h2", {}, "Scores"), scores),
      el("section", { class: "card", style: "flex:1 1 300px" }, el("h2", {}, "Game log"), log)),
    el("section", { class: "card" }, invites));

  document.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT")) return;
    if (ctx.onKey) ctx.onKey(event.key.toLowerCase());
  });

  function connect() {
    if (!tokens.length) { title.textContent = "No seat or spectator token for this game in this browser"; return; }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/games/${id}?tokens=${tokens.join(",")}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") { view = message; error.textContent = ""; hintBox.replaceChildren(); if (!ctx.replay) draw(); }
      else if (message.type === "error") error.textContent = message.message;
      else if (message.type === "hint") showHint(message.candidates);
    };
    // 4403: the server refused our tokens; 4429: too many connections to this game. Retrying cannot help.
    socket.onclose = (event) => { if (!closed && event.code !== 4403 && event.code !== 4429) setTimeout(connect, 1000); };
  }

  function send(action) {
    error.textContent = "";
    socket?.send(JSON.stringify({ type: "action", action, index: view ? view.index : undefined }));
  }

  function showHint(candidates) {
    hintBox.replaceChildren(el("div", { class: "hint", id: "hint-result" }, "Suggested: ",
      ...candidates.slice(0, 3).map((c, i) => el("button", { type: "button", onclick: () => send(c.action) }, `${i + 1}. ${c.action} (${c.value.toFixed(2)})`))));
  }

  function draw() {
    const mine = view.your_seats;
    const acting = view.current_player;
    title.textContent = view.description;
    if (view.status === "finished") {
      const names = view.winners.map((s) => view.seats[s].name).join(" and ");
      status.replaceChildren(el("span", { class: "winner", id: "winner" }, `Game over · winner${view.winners.length > 1 ? "s" : ""}: ${names}`));
    } else {
      const who = acting >= 0 ? view.seats[acting].name : "…";
      status.replaceChildren(mine.includes(acting) ? el("span", { class: "turn", id: "your-turn" }, `Your move (${who})`) : `Waiting for ${who}`);
    }
    ctx.legal = view.legal_actions;
    moveSelect.replaceChildren(...ctx.legal.map((t) => el("option", { value: t }, t)));
    moveSelect.disabled = playButton.disabled = !ctx.legal.length;
    hintButton.disabled = !ctx.legal.length || !view.hints_allowed;
    hintButton.title = view.hints_allowed ? "" : "Hints are off in this game (several human players, created without hints)";
    if (view.practice) status.append(el("span", { class: "small", id: "practice" }, " · Practice game: the creator chose the seed, so the draws can be known in advance"));
    undoButton.disabled = !view.undo_allowed;
    replayButton.disabled = view.status !== "finished";
    (BOARDS[view.game] || classic).render(board, view, ctx);
    drawScores(view);
    const named = (text) => text.replace(/\bseat (\d)\b/g, (_, s) => (view.seats[Number(s)] || { name: `seat ${s}` }).name);
    log.replaceChildren(...view.log.slice().reverse().map((entry) => el("li", { value: entry.index + 1 }, named(entry.description))));
  }

  function drawScores(source) {
    scores.replaceChildren(...source.seats.map((seat, i) => {
      const sheet = source.score_sheets[i];
      const won = (source.winners || []).includes(i);
      return el("div", { "data-seat": i }, el("h3", { class: `seat${i}` }, `${seat.name}: ${source.scores[i]}${won ? " ★" : ""}`),
        el("table", { class: "sheet" }, el("tr", {}, el("th", {}, "region"), el("th", {}, "squares"), el("th", {}, "×"), el("th", {}, "points")),
          sheet.regions.filter((r) => r.points).map((r) => el("tr", {}, el("td", {}, r.kind.replaceAll("_", " ")), el("td", {}, r.squares), el("td", {}, r.multiplier), el("td", {}, r.points))),
          sheet.bonuses.map((b) => el("tr", {}, el("td", { colspan: 3 }, b.name), el("td", {}, b.points))),
          el("tr", {}, el("th", { colspan: 3 }, "total"), el("th", {}, sheet.total))));
    }));
  }

  async function startReplay() {
    ctx.replay = true;
    let step = 0;
    const slider = el("input", { type: "range", min: 0, max: view.index, value: 0, id: "replay-step", "aria-label": "Replay step" });
    const label = el("span", { id: "replay-label" });
    const show = async () => {
      const frame = await api(`/api/games/${id}/replay?step=${step}`);
      slider.value = step;
      label.textContent = ` step ${step}/${frame.steps}${frame.last ? ": " + frame.last.description : ""}`;
      const fake = { ...frame, legal_actions: [], winners: step === frame.steps ? view.winners : [] };
      (BOARDS[view.game] || classic).render(board, fake, { ...ctx, legal: [] });
      drawScores(fake);
    };
    const go = (delta) => { step = Math.max(0, Math.min(view.index, step + delta)); show(); };
    slider.addEventListener("input", () => { step = Number(slider.value); show(); });
    hintBox.replaceChildren(el("div", { class: "hint" }, "Replay: ",
      el("button", { type: "button", id: "replay-prev", onclick: () => go(-1) }, "◀"), " ",
      el("button", { type: "button", id: "replay-next", onclick: () => go(1) }, "▶"), " ", slider, label, " ",
      el("button", { type: "button", onclick: () => { ctx.replay = false; hintBox.replaceChildren(); draw(); } }, "Back to the game")));
    await show();
  }

  connect();
}
