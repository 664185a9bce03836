// Entry point: the lobby at "/", a game at "/game/<id>".
import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";

const main = document.getElementById("main");
const match = location.pathname.match(/^\/game\/([A-Za-z0-9]+)/);
if (match) showGame(main, match[1]);
else showLobby(main);
