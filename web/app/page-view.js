// PageView: writes what the page shows outside the feature views (the board's BoardView,
// the comparison's CompareView, the tree's TreeView, the trace's TraceView, "Why h"'s
// ExplainView): status, messages, editor text, menus and the algorithm's option fields,
// button states, the result, the playback controls and the move list. Text goes in
// through textContent or form values, never as markup; the words come from wording.js
// or from Python.

import { ARROWS } from "../common/wording.js";
import * as outcomes from "../solver/outcome.js";

const MOVE_LIST_ALL = 400; // a solution up to this long is listed whole
const MOVE_LIST_PAGE = 200; // a longer one, this many moves at a time

export class PageView {
  constructor(doc) {
    this.doc = doc;
    this.el = new Proxy({}, { get: (_, id) => doc.getElementById(id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)) });
  }

  fillSizes(min, max) {
    for (const id of ["rows", "cols"]) {
      const select = this.el[id];
      const current = select.value || "3";
      const options = [];
      for (let n = min; n <= max; n++) {
        const option = this.doc.createElement("option");
        option.value = String(n);
        option.textContent = String(n);
        options.push(option);
      }
      select.replaceChildren(...options);
      select.value = current;
    }
  }

  // A size the menus may not offer yet (before Python's info fills them): offer it, and show it.
  showSize(rows, cols) {
    for (const [id, n] of [["rows", rows], ["cols", cols]]) {
      const select = this.el[id];
      if ([...select.options].some((o) => o.value === String(n))) continue;
      const option = this.doc.createElement("option");
      option.value = String(n);
      option.textContent = String(n);
      select.append(option);
    }
    this.setSize(rows, cols);
  }

  setSize(rows, cols) {
    this.el.rows.value = String(rows);
    this.el.cols.value = String(cols);
  }

  // Menus from the Python registries: {name, label, ...}; `usable` filters and marks.
  fillMenu(id, entries, selected) {
    const select = this.el[id];
    const options = entries.map((entry) => {
      const option = this.doc.createElement("option");
      option.value = entry.name;
      option.textContent = entry.label;
      option.title = entry.description || "";
      return option;
    });
    select.replaceChildren(...options);
    if (entries.some((e) => e.name === selected)) select.value = selected;
    return select.value;
  }

  setHeuristicEnabled(enabled) {
    this.el.heuristic.disabled = !enabled;
  }

  // The chosen algorithm's options from Python's registry ({name, label, default,
  // minimum, maximum, step, description, value}): one number field each, whose id
  // is the option's name. The fields are rebuilt only when the list changes.
  showOptions(options) {
    const box = this.el.algorithmOptions;
    const names = options.map((o) => o.name).join(" ");
    if (this.optionNames !== names) {
      this.optionNames = names;
      box.replaceChildren(...options.map((option) => this.optionField(option)));
    }
    for (const option of options) this.doc.getElementById(option.name).value = String(option.value);
    box.hidden = options.length === 0;
  }

  optionField(option) {
    const field = this.doc.createElement("div");
    field.className = "field";
    const label = this.doc.createElement("label");
    label.htmlFor = option.name;
    label.textContent = option.label;
    const input = this.doc.createElement("input");
    Object.assign(input, { id: option.name, type: "number", title: option.description || "" });
    Object.assign(input, { min: String(option.minimum), max: String(option.maximum), step: String(option.step) });
    input.dataset.option = option.name;
    field.append(label, input);
    return field;
  }

  offersGoal(name) {
    return [...this.el.goal.options].some((o) => o.value === name && o.value !== "custom");
  }

  setGoal(kind, customText) {
    this.el.goal.value = kind;
    this.el.goalEditor.hidden = kind !== "custom";
    if (customText !== undefined) this.el.goalTiles.value = customText;
  }

  // The custom goal's text as it stands in its editor (typing not yet handed on included).
  get goalText() {
    return this.el.goalTiles.value;
  }

  setEditorText(text) {
    this.el.tiles.value = text;
  }

  // The status line's words, and what they report as data (outcome.js; null: nothing a
  // search reported, so no attribute keeps an earlier search's state or result).
  setStatus(text, outcome = null) {
    const status = this.el.status;
    status.textContent = text;
    for (const [key, value] of Object.entries(outcomes.attributes(outcome))) status.dataset[key] = value;
  }

  // Bring the status line into view if it is off screen (on a phone, Solve sits far below
  // the board and its status, so a search would otherwise start out of sight).
  revealStatus() {
    const box = this.el.status.getBoundingClientRect();
    if (box.bottom > 0 && box.top < window.innerHeight) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.el.status.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  }

  setSolverState(text, kind) {
    this.el.solverState.textContent = text;
    this.el.solverState.dataset.kind = kind;
  }

  // The worker's memory in bytes (its latest figure; for tests and benchmarks, not shown).
  setWorkerMemory(bytes) {
    this.el.solverState.dataset.workerMemory = String(bytes);
  }

  setBoardMessage(text) {
    this.el.boardMessage.textContent = text;
    this.el.boardMessage.hidden = !text;
    this.el.tiles.setAttribute("aria-invalid", text ? "true" : "false");
  }

  setLinkNotice(text) {
    this.el.linkNotice.textContent = text;
    this.el.linkNotice.hidden = !text;
  }

  setSolvability(solvability) {
    const el = this.el.solvability;
    if (!solvability) {
      el.textContent = "";
      el.dataset.kind = "";
      return;
    }
    el.textContent = `${solvability.solvable ? "Solvable." : "Unsolvable."} ${solvability.explanation}`;
    el.dataset.kind = solvability.solvable ? "ok" : "bad";
  }

  // `stoppable`: the search running keeps its best answer when stopped (Stop, not Cancel).
  setBusy({ ready, valid, solving, comparing, stoppable }) {
    const busy = solving || comparing;
    this.el.solve.disabled = !ready || !valid || busy;
    this.el.compare.disabled = !ready || !valid || busy;
    this.el.tree.disabled = !ready || !valid || busy;
    this.el.cancel.hidden = !busy || stoppable;
    this.el.stop.hidden = !busy || !stoppable;
    for (const id of ["shuffle", "scramble", "reset", "hint"]) this.el[id].disabled = !ready || busy;
  }

  setMode(mode) {
    for (const radio of this.doc.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === mode;
    this.el.playBar.hidden = mode !== "play";
  }

  setPlayState({ moves, canUndo }) {
    this.el.moveCount.textContent = `Moves: ${moves}`;
    this.el.undo.disabled = !canUndo;
  }

  celebrate(text) {
    const el = this.el.celebration;
    el.textContent = text;
    el.hidden = !text;
  }

  // The result panel: [term, value] pairs, or null to hide it.
  setResult(rows) {
    const dl = this.el.result;
    if (!rows) {
      dl.replaceChildren();
      dl.hidden = true;
      return;
    }
    dl.replaceChildren(
      ...rows.flatMap(([term, value]) => {
        const dt = this.doc.createElement("dt");
        dt.textContent = term;
        const dd = this.doc.createElement("dd");
        dd.textContent = value;
        return [dt, dd];
      }),
    );
    dl.hidden = false;
  }

  // The solution's steps as buttons; `directions` names each move letter (Python's info.directions).
  // A long solution is listed a page at a time: the page holding the step shown.
  setMoveList(tiles, moves, directions) {
    this.moveList = { tiles, moves, directions };
    // The whole solution as data, for tests and tools (the list shows a page of it).
    Object.assign(this.el.moveList.dataset, { tiles: [...tiles].join(","), moves: [...moves].join("") });
    this.movePage = null;
    this.currentMove = null;
    this.showMovePage(0);
  }

  // List the page of moves that holds step `step` (all of them for a short solution).
  showMovePage(step) {
    const { tiles, moves, directions } = this.moveList;
    const all = tiles.length <= MOVE_LIST_ALL;
    const page = all ? 0 : Math.floor(Math.max(0, step - 1) / MOVE_LIST_PAGE);
    if (page === this.movePage) return;
    this.movePage = page;
    this.currentMove = null;
    const first = all ? 0 : page * MOVE_LIST_PAGE;
    const last = all ? tiles.length : Math.min(tiles.length, first + MOVE_LIST_PAGE);
    const items = [];
    for (let i = first; i < last; i++) {
      const li = this.doc.createElement("li");
      const button = this.doc.createElement("button");
      button.type = "button";
      button.dataset.step = String(i + 1);
      button.textContent = `${tiles[i]} ${ARROWS[moves[i]]}`;
      button.setAttribute("aria-label", `Step ${i + 1}: tile ${tiles[i]} ${directions[moves[i]]}`);
      li.append(button);
      items.push(li);
    }
    this.el.moveList.replaceChildren(...items);
    this.moveButtons = items.map((li) => li.firstChild);
    this.moveFirst = first;
    const range = this.el.moveRange;
    range.hidden = all;
    range.textContent = all ? "" : `Moves ${(first + 1).toLocaleString("en")} to ${last.toLocaleString("en")} of ${tiles.length.toLocaleString("en")} are listed; the slider and the step buttons reach the others.`;
  }

  // Called on every step, many times a second in fast playback: it writes only what
  // changed, and reads the move list's layout before writing anything.
  setPlayback({ loaded, playing, step, length, lastMove, g, h, f, hName }) {
    if (loaded) this.showMovePage(step);
    const current = step > 0 && loaded ? this.moveButtons[step - 1 - this.moveFirst] || null : null;
    if (current && playing) this.keepInView(current);
    const play = this.el.play;
    setText(play, playing ? "Pause" : "Play");
    play.disabled = !loaded || length === 0;
    this.el.stepForward.disabled = !loaded || step >= length;
    this.el.stepBack.disabled = !loaded || step <= 0;
    const scrubber = this.el.scrubber;
    scrubber.disabled = !loaded || length === 0;
    if (scrubber.max !== String(length)) scrubber.max = String(length);
    if (scrubber.value !== String(step)) scrubber.value = String(step);
    scrubber.setAttribute("aria-valuetext", loaded ? `Step ${step} of ${length}` : "No solution");
    setText(this.el.stepCounter, loaded ? `Step ${step} of ${length}${lastMove ? ` \u2014 ${lastMove}` : ""}` : "");
    const ghf = this.el.ghf;
    ghf.hidden = !loaded || h === undefined;
    if (!ghf.hidden) setText(ghf, `g = ${g}, h = ${h}, f = ${f}  (h: ${hName})`);
    if (this.currentMove === current) return;
    if (this.currentMove) this.currentMove.removeAttribute("aria-current");
    this.currentMove = current;
    if (current) current.setAttribute("aria-current", "step");
  }

  // Scroll the move list (only the list, never the page) so that `button` shows.
  // Reading the layout costs a layout: while playing, it is done at most five times a second.
  keepInView(button) {
    const now = performance.now();
    if (now - (this.lastKeptInView || 0) < 200) return;
    this.lastKeptInView = now;
    const list = this.el.moveList;
    const top = button.offsetTop;
    if (top < list.scrollTop || top + button.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - (list.clientHeight - button.offsetHeight) / 2;
    }
  }

  // A better solution found while searching: `text`, and whether to offer to show it now.
  setSolutionNotice(text, offer) {
    this.el.solutionNotice.textContent = text;
    this.el.solutionBox.hidden = !text;
    this.el.takeSolution.hidden = !offer;
  }

  // The speeds on the Speed menu, slowest first.
  speeds() {
    return [...this.el.speed.options].map((o) => Number(o.value)).sort((a, b) => a - b);
  }

  setSpeed(speed) {
    this.el.speed.value = String(speed);
  }

  setSpeedNote(text) {
    this.el.speedNote.textContent = text;
    this.el.speedNote.hidden = !text;
  }

  setCopyState(text) {
    this.el.copyState.textContent = text;
  }

  // Python's default time limit for the Seconds field, unless the person already set one.
  offerTimeLimit(seconds) {
    if (this.el.timeLimit.value === "") this.el.timeLimit.value = String(seconds);
  }

  // The limits to send; an empty Max nodes is left out, so Python uses the algorithm's own.
  limits() {
    const limits = { time_limit: Number(this.el.timeLimit.value) };
    if (this.el.maxNodes.value.trim() !== "") limits.max_nodes = Number(this.el.maxNodes.value);
    return limits;
  }

  // What an empty Max nodes means for the chosen algorithm (from Python's registry).
  // What the chosen algorithm guarantees and what the heuristic is, in words (wording.js).
  // What the chosen algorithm and heuristic guarantee: a line, with the registry's words behind it.
  setAbout(summaryText, algorithmText, heuristicText) {
    setText(this.el.aboutSummary, summaryText);
    setText(this.el.algorithmAbout, algorithmText);
    setText(this.el.heuristicAbout, heuristicText);
    this.el.heuristicAbout.hidden = !heuristicText;
  }

  setNodeLimitHint(algorithmLabel, maxNodes) {
    this.el.maxNodes.placeholder = "automatic";
    this.el.maxNodesHint.textContent =
      `Leave Max nodes empty for ${algorithmLabel}'s own limit, ${maxNodes.toLocaleString("en")} nodes.`;
  }
}

// Write `text` into `el` unless it is there already (a new text node means new layout).
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
