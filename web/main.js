// Wiring only: build the collaborators and hand them to the controller.
import { BoardView } from "./board-view.js";
import { CompareView } from "./compare-view.js";
import { Controller } from "./controller.js";
import { bindInput } from "./input.js";
import { PageView } from "./page-view.js";
import { Player } from "./player.js";
import { SolverClient } from "./solver-client.js";

const client = new SolverClient(new URL("./worker.js", import.meta.url));
const board = new BoardView(document.getElementById("board"));
let controller = null;
const player = new Player({
  show: (tiles) => board.render(tiles, controller.analysis.rows, controller.analysis.cols),
  onChange: () => controller && controller.playbackChanged(),
});
const clipboard = navigator.clipboard || { writeText: () => Promise.reject(new Error("no clipboard")) };
controller = new Controller({
  client, board, player, clipboard,
  page: new PageView(document),
  compareView: new CompareView(document),
  history: window.history,
  location: window.location,
});
bindInput(document, window, controller);
controller.start();
