// PageView: writes everything on the page except the board itself (see
// BoardView): status line, messages, editor text, menus and button states.
// Text only ever goes in through textContent or form values, never as markup.

export class PageView {
  constructor(doc) {
    this.doc = doc;
    const byId = (id) => doc.getElementById(id);
    this.tiles = byId("tiles");
    this.size = byId("size");
    this.goal = byId("goal");
    this.message = byId("board-message");
    this.notice = byId("link-notice");
    this.solvability = byId("solvability");
    this.solveButton = byId("solve");
    this.cancelButton = byId("cancel");
    this.playButton = byId("play");
    this.forwardButton = byId("step-forward");
    this.backButton = byId("step-back");
    this.counter = byId("step-counter");
    this.status = byId("status");
    this.solverState = byId("solver-state");
  }

  fillSizes(min, max) {
    const current = this.size.value;
    const options = [];
    for (let n = min; n <= max; n++) {
      const option = this.doc.createElement("option");
      option.value = String(n);
      option.textContent = `${n} \u00d7 ${n}`;
      options.push(option);
    }
    this.size.replaceChildren(...options);
    this.size.value = current;
  }

  setSize(rows, cols) {
    const value = rows === cols ? String(rows) : "";
    this.size.value = [...this.size.options].some((o) => o.value === value) ? value : "";
  }

  setGoal(value, label) {
    let option = [...this.goal.options].find((o) => o.value === value);
    if (!option) {
      for (const o of [...this.goal.options]) if (o.dataset.custom) o.remove();
      option = this.doc.createElement("option");
      option.value = value;
      option.dataset.custom = "yes";
      option.textContent = label;
      this.goal.append(option);
    }
    this.goal.value = value;
  }

  setEditorText(text) {
    this.tiles.value = text;
  }

  setStatus(text) {
    this.status.textContent = text;
  }

  setSolverState(text, kind) {
    this.solverState.textContent = text;
    this.solverState.dataset.kind = kind;
  }

  setBoardMessage(text) {
    this.message.textContent = text;
    this.message.hidden = !text;
    this.tiles.setAttribute("aria-invalid", text ? "true" : "false");
  }

  setLinkNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  setSolvability(solvability) {
    if (!solvability) {
      this.solvability.textContent = "";
      this.solvability.dataset.kind = "";
      return;
    }
    const verdict = solvability.solvable ? "Solvable." : "Unsolvable.";
    this.solvability.textContent = `${verdict} ${solvability.explanation}`;
    this.solvability.dataset.kind = solvability.solvable ? "ok" : "bad";
  }

  setSolveState({ canSolve, solving }) {
    this.solveButton.disabled = !canSolve || solving;
    this.cancelButton.hidden = !solving;
    this.solveButton.setAttribute("aria-busy", solving ? "true" : "false");
  }

  setPlayback({ loaded, playing, step, length, lastMove }) {
    this.playButton.textContent = playing ? "Pause" : "Play";
    this.playButton.disabled = !loaded || length === 0;
    this.forwardButton.disabled = !loaded || step >= length;
    this.backButton.disabled = !loaded || step <= 0;
    if (!loaded) {
      this.counter.textContent = "";
    } else {
      this.counter.textContent = `Step ${step} of ${length}${lastMove ? ` \u2014 ${lastMove}` : ""}`;
    }
  }
}
