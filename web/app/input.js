// Input: turns the page's DOM events (keys, clicks, taps, swipes) into named
// events reported to `report(name, ...values)` (the controller's dispatch, which
// routes them). No event object leaves this module; it holds no state beyond a
// gesture in progress.

const KEY_DIRECTIONS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R" };
const SWIPE_PX = 24;

export function bindInput(doc, win, report) {
  const byId = (id) => doc.getElementById(id);
  const on = (id, kind, handler) => byId(id).addEventListener(kind, handler);

  let typing = 0;
  on("tiles", "input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => report("edit-board", byId("tiles").value), 150);
  });
  let goalTyping = 0;
  on("goal-tiles", "input", () => {
    clearTimeout(goalTyping);
    goalTyping = setTimeout(() => report("edit-goal", byId("goal-tiles").value), 150);
  });
  on("rows", "change", () => report("choose-size", byId("rows").value, byId("cols").value));
  on("cols", "change", () => report("choose-size", byId("rows").value, byId("cols").value));
  on("goal", "change", () => report("choose-goal", byId("goal").value));
  on("shuffle", "click", () => report("shuffle"));
  on("scramble", "click", () => report("scramble", Number(byId("scramble-moves").value)));
  on("reset", "click", () => report("reset"));
  for (const radio of doc.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener("change", () => radio.checked && report("choose-mode", radio.value));
  }
  on("metric", "change", () => report("choose-metric", byId("metric").value));
  on("algorithm", "change", () => report("choose-algorithm", byId("algorithm").value));
  on("heuristic", "change", () => report("choose-heuristic", byId("heuristic").value));
  // The chosen algorithm's option fields (made from Python's registry) carry data-option.
  on("algorithm-options", "change", (event) => {
    const name = event.target.dataset && event.target.dataset.option;
    if (name) report("choose-option", name, event.target.value);
  });
  on("solve", "click", () => report("solve"));
  on("cancel", "click", () => report("cancel"));
  on("stop", "click", () => report("cancel"));
  on("take-solution", "click", () => report("take-solution"));
  on("compare", "click", () => report("compare"));
  on("tree", "click", () => report("tree"));
  on("tree-first", "click", () => report("tree-seek", 0));
  on("tree-back", "click", () => report("tree-seek", "back"));
  on("tree-forward", "click", () => report("tree-seek", "forward"));
  on("tree-last", "click", () => report("tree-seek", Infinity));
  on("tree-play", "click", () => report("tree-play"));
  on("tree-speed", "change", () => report("tree-speed", Number(byId("tree-speed").value)));
  on("tree-step", "input", () => report("tree-seek", Number(byId("tree-step").value)));
  // A click on the tree: the node's id (its data-node), where (the diagram, or the outline and
  // whether on a row's triangle).
  const treeClick = (diagram) => (event) => {
    const node = event.target.closest("[data-node]");
    if (node) report("tree-click", Number(node.dataset.node), { diagram, toggle: !diagram && Boolean(event.target.closest(".tree-toggle")) });
  };
  on("tree-outline", "click", treeClick(false));
  on("tree-diagram", "click", treeClick(true));
  for (const radio of doc.querySelectorAll('input[name="tree-show"]')) {
    radio.addEventListener("change", () => { if (radio.checked) report("tree-show", radio.value); });
  }
  // Tree keys on the outline (arrows, Home, End, Enter, Space) are the tree's own, not replay's.
  on("tree-outline", "keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (report("tree-key", event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  on("why-h", "toggle", () => report("why-h"));
  on("copy-markdown", "click", () => report("export-comparison", "markdown"));
  on("download-csv", "click", () => report("export-comparison", "csv"));
  on("download-svg", "click", () => report("export-comparison", "svg"));
  on("play", "click", () => report("toggle-play"));
  on("step-forward", "click", () => report("step-forward"));
  on("step-back", "click", () => report("step-back"));
  on("scrubber", "input", () => report("seek", Number(byId("scrubber").value)));
  on("speed", "change", () => report("choose-speed", Number(byId("speed").value)));
  on("undo", "click", () => report("undo"));
  on("hint", "click", () => report("hint"));
  on("copy-link", "click", () => report("copy-link"));
  // Your code: each part's editor loads when it is opened.
  for (const part of doc.querySelectorAll("details[data-code]")) {
    part.addEventListener("toggle", () => report("code-toggle", part.dataset.code));
  }
  on("check-heuristic", "click", () => report("code-check"));
  on("cancel-check", "click", () => report("code-cancel-check"));
  on("use-heuristic", "click", () => report("code-use"));
  on("run-search", "click", () => report("code-run-search"));
  on("cancel-search", "click", () => report("code-cancel-search"));
  on("download-heuristic", "click", () => report("code-download", "heuristic"));
  on("download-search", "click", () => report("code-download", "search"));
  on("template-heuristic", "click", () => report("code-template", "heuristic"));
  on("template-search", "click", () => report("code-template", "search"));
  on("code-run-linked", "click", () => report("code-consent"));
  on("code-read-linked", "click", () => report("code-read-linked"));
  on("copy-check-markdown", "click", () => report("code-export-check", "markdown"));
  on("download-check-csv", "click", () => report("code-export-check", "csv"));
  on("move-list", "click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (button) report("seek", Number(button.dataset.step));
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
      report("swipe", direction);
    } else if (start.tile !== null) {
      report("tile-clicked", start.tile);
    } else {
      report("blank-clicked");
    }
  });
  board.addEventListener("pointercancel", () => {
    gesture = null;
  });
  // An arrow on the focused board is reported first (a slide in play mode, if it is used);
  // one it does not use falls through to the page-wide replay keys below.
  board.addEventListener("keydown", (event) => {
    if (event.key in KEY_DIRECTIONS && report("arrow-on-board", KEY_DIRECTIONS[event.key])) {
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
    // Typing in a code editor (its content is editable, inside a shadow root: the event's target is its host).
    const inner = event.composedPath()[0];
    if (inner && inner.isContentEditable) return;
    if (event.key === " " && tag !== "BUTTON") {
      event.preventDefault();
      report("toggle-play");
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      report("step-forward");
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      report("step-back");
    }
  });

  win.addEventListener("popstate", () => report("open-link", win.location.hash));
  win.addEventListener("online", () => report("connectivity", true));
  win.addEventListener("offline", () => report("connectivity", false));
  report("connectivity", win.navigator.onLine);
  win.addEventListener("hashchange", () => report("open-link", win.location.hash));
}

function tileAt(target) {
  const tile = target.closest ? target.closest("[data-tile]") : null;
  return tile ? Number(tile.dataset.tile) : null;
}
