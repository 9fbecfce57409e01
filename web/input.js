// Input: turns the page's DOM events (keys, clicks, taps, swipes) into named
// calls on the controller. The controller never sees an event object; this
// module holds no state beyond a gesture in progress.

const KEY_DIRECTIONS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
const SWIPE_PX = 24;

export function bindInput(doc, win, controller) {
  const byId = (id) => doc.getElementById(id);
  const on = (id, kind, handler) => byId(id).addEventListener(kind, handler);

  let typing = 0;
  on("tiles", "input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => controller.editBoard(byId("tiles").value), 150);
  });
  let goalTyping = 0;
  on("goal-tiles", "input", () => {
    clearTimeout(goalTyping);
    goalTyping = setTimeout(() => controller.editGoal(byId("goal-tiles").value), 150);
  });
  on("rows", "change", () => controller.chooseSize(byId("rows").value, byId("cols").value));
  on("cols", "change", () => controller.chooseSize(byId("rows").value, byId("cols").value));
  on("goal", "change", () => controller.chooseGoal(byId("goal").value));
  on("shuffle", "click", () => controller.shuffle());
  on("scramble", "click", () => controller.scramble(Number(byId("scramble-moves").value)));
  on("reset", "click", () => controller.reset());
  for (const radio of doc.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener("change", () => radio.checked && controller.chooseMode(radio.value));
  }
  on("algorithm", "change", () => controller.chooseAlgorithm(byId("algorithm").value));
  on("heuristic", "change", () => controller.chooseHeuristic(byId("heuristic").value));
  // The chosen algorithm's option fields (made from Python's registry) carry data-option.
  on("algorithm-options", "change", (event) => {
    const name = event.target.dataset && event.target.dataset.option;
    if (name) controller.chooseOption(name, event.target.value);
  });
  on("solve", "click", () => controller.solve());
  on("cancel", "click", () => controller.cancel());
  on("stop", "click", () => controller.cancel());
  on("take-solution", "click", () => controller.takeSolution());
  on("compare", "click", () => controller.compare());
  on("tree", "click", () => controller.buildTree());
  on("tree-first", "click", () => controller.treeSeek(0));
  on("tree-back", "click", () => controller.treeSeek("back"));
  on("tree-forward", "click", () => controller.treeSeek("forward"));
  on("tree-last", "click", () => controller.treeSeek(Infinity));
  on("tree-step", "input", () => controller.treeSeek(Number(byId("tree-step").value)));
  on("tree-outline", "click", (event) => controller.treeClick(event.target));
  on("tree-diagram", "click", (event) => controller.treeClick(event.target));
  for (const radio of doc.querySelectorAll('input[name="tree-show"]')) {
    radio.addEventListener("change", () => { if (radio.checked) controller.treeShow(radio.value); });
  }
  // Tree keys on the outline (arrows, Home, End, Enter, Space) are the tree's own, not replay's.
  on("tree-outline", "keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (controller.treeKey(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  on("why-h", "toggle", () => controller.explainH());
  on("copy-markdown", "click", () => controller.exportComparison("markdown"));
  on("download-csv", "click", () => controller.exportComparison("csv"));
  on("download-svg", "click", () => controller.exportComparison("svg"));
  on("play", "click", () => controller.togglePlay());
  on("step-forward", "click", () => controller.stepForward());
  on("step-back", "click", () => controller.stepBack());
  on("scrubber", "input", () => controller.seek(Number(byId("scrubber").value)));
  on("speed", "change", () => controller.chooseSpeed(Number(byId("speed").value)));
  on("undo", "click", () => controller.undo());
  on("hint", "click", () => controller.hint());
  on("copy-link", "click", () => controller.copyLink());
  on("move-list", "click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (button) controller.seek(Number(button.dataset.step));
  });

  // The board: a click or tap on a tile, or a swipe across it.
  const board = byId("board");
  let gesture = null;
  board.addEventListener("pointerdown", (event) => {
    gesture = { x: event.clientX, y: event.clientY, tile: tileAt(event.target) };
  });
  board.addEventListener("pointerup", (event) => {
    if (!gesture) return;
    const dx = event.clientX - gesture.x;
    const dy = event.clientY - gesture.y;
    const start = gesture;
    gesture = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) >= SWIPE_PX) {
      const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : dy > 0 ? "D" : "U";
      controller.swipe(direction);
    } else if (start.tile !== null) {
      controller.tileClicked(start.tile);
    } else {
      controller.blankClicked();
    }
  });
  board.addEventListener("pointercancel", () => {
    gesture = null;
  });
  // An arrow on the focused board is the controller's to use (a slide in play mode);
  // one it does not use falls through to the page-wide replay keys below.
  board.addEventListener("keydown", (event) => {
    if (event.key in KEY_DIRECTIONS && controller.arrowOnBoard(KEY_DIRECTIONS[event.key])) {
      event.preventDefault();
      event.stopPropagation();
    }
  });

  // Page-wide replay shortcuts, unless the person is typing or using a control.
  doc.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (event.key === " " && tag !== "BUTTON") {
      event.preventDefault();
      controller.togglePlay();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      controller.stepForward();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      controller.stepBack();
    }
  });

  win.addEventListener("popstate", () => controller.openLink(win.location.hash));
  win.addEventListener("online", () => controller.connectivity(true));
  win.addEventListener("offline", () => controller.connectivity(false));
  controller.connectivity(win.navigator.onLine);
  win.addEventListener("hashchange", () => controller.openLink(win.location.hash));
}

function tileAt(target) {
  const tile = target.closest ? target.closest("[data-tile]") : null;
  return tile ? Number(tile.dataset.tile) : null;
}
