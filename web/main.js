// Wiring only: build the collaborators and hand them to the controller.
import { BoardView } from "./board-view.js";
import { Controller } from "./controller.js";
import { bindInput } from "./input.js";
import { PageView } from "./page-view.js";
import { Player } from "./player.js";
import { SolverClient } from "./solver-client.js";

const client = new SolverClient(new URL("./worker.js", import.meta.url));
const board = new BoardView(document.getElementById("board"));
const page = new PageView(document);
let controller = null;
const player = new Player({
  show: (tiles) => board.render(tiles, controller.analysis.rows, controller.analysis.cols),
  onChange: () => controller && controller.playbackChanged(),
});
controller = new Controller({ client, page, board, player, history: window.history, location: window.location });
bindInput(document, window, controller);
controller.start();
