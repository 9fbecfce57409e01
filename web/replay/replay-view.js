// ReplayView: writes the replay's controls: the move list (the solution's steps as
// buttons, a page at a time for a long one, the step shown marked; the whole solution
// kept in its data-tiles and data-moves for tests and tools), the playback controls
// (Play/Pause, the step buttons, the slider), the step counter, the g, h, f line, the
// notice of a better solution found while searching, and the Speed menu and its note;
// and reads the speeds the Speed menu offers. Text goes in through textContent, never
// as markup; the words come from replay-words.js or from Python.

import * as words from "./replay-words.js";

const MOVE_LIST_ALL = 400; // a solution up to this long is listed whole
const MOVE_LIST_PAGE = 200; // a longer one, this many moves at a time

export class ReplayView {
  constructor(doc) {
    this.doc = doc;
    this.moveList = doc.getElementById("move-list");
    this.moveRange = doc.getElementById("move-range");
    this.play = doc.getElementById("play");
    this.stepForward = doc.getElementById("step-forward");
    this.stepBack = doc.getElementById("step-back");
    this.scrubber = doc.getElementById("scrubber");
    this.stepCounter = doc.getElementById("step-counter");
    this.ghf = doc.getElementById("ghf");
    this.solutionNotice = doc.getElementById("solution-notice");
    this.solutionBox = doc.getElementById("solution-box");
    this.takeSolution = doc.getElementById("take-solution");
    this.speed = doc.getElementById("speed");
    this.speedNote = doc.getElementById("speed-note");
    this.listed = null; // {tiles, moves, directions}: the solution listed
    this.movePage = null; // the page of it listed
    this.moveButtons = []; // that page's buttons
    this.moveFirst = 0; // the index of its first move
    this.currentMove = null; // the button marked as the step shown
    this.lastKeptInView = 0; // when the list was last scrolled to the step (performance.now())
  }

  // The solution's steps as buttons; `directions` names each move letter (Python's info.directions).
  // A long solution is listed a page at a time: the page holding the step shown.
  setMoveList(tiles, moves, directions) {
    this.listed = { tiles, moves, directions };
    // The whole solution as data, for tests and tools (the list shows a page of it).
    Object.assign(this.moveList.dataset, { tiles: [...tiles].join(","), moves: [...moves].join("") });
    this.movePage = null;
    this.currentMove = null;
    this.showMovePage(0);
  }

  // List the page of moves that holds step `step` (all of them for a short solution).
  showMovePage(step) {
    const { tiles, moves, directions } = this.listed;
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
      button.textContent = words.moveButton(tiles[i], moves[i]);
      button.setAttribute("aria-label", words.moveLabel(i + 1, tiles[i], moves[i], directions));
      li.append(button);
      items.push(li);
    }
    this.moveList.replaceChildren(...items);
    this.moveButtons = items.map((li) => li.firstChild);
    this.moveFirst = first;
    const range = this.moveRange;
    range.hidden = all;
    range.textContent = all ? "" : words.movesListed(first + 1, last, tiles.length);
  }

  // Called on every step, many times a second in fast playback: it writes only what
  // changed, and reads the move list's layout before writing anything.
  setPlayback({ loaded, playing, step, length, lastMove, g, h, f, hName }) {
    if (loaded) this.showMovePage(step);
    const current = step > 0 && loaded ? this.moveButtons[step - 1 - this.moveFirst] || null : null;
    if (current && playing) this.keepInView(current);
    const play = this.play;
    setText(play, playing ? "Pause" : "Play");
    play.disabled = !loaded || length === 0;
    this.stepForward.disabled = !loaded || step >= length;
    this.stepBack.disabled = !loaded || step <= 0;
    const scrubber = this.scrubber;
    scrubber.disabled = !loaded || length === 0;
    if (scrubber.max !== String(length)) scrubber.max = String(length);
    if (scrubber.value !== String(step)) scrubber.value = String(step);
    scrubber.setAttribute("aria-valuetext", words.sliderValue(loaded, step, length));
    setText(this.stepCounter, loaded ? words.stepCounter(step, length, lastMove) : "");
    const ghf = this.ghf;
    ghf.hidden = !loaded || h === undefined;
    if (!ghf.hidden) setText(ghf, words.ghf({ g, h, f, hName }));
    if (this.currentMove === current) return;
    if (this.currentMove) this.currentMove.removeAttribute("aria-current");
    this.currentMove = current;
    if (current) current.setAttribute("aria-current", "step");
  }

  // Scroll the move list (only the list, never the page) so that `button` shows.
  // Reading the layout costs a layout: while playing, it is done at most five times a second.
  keepInView(button) {
    const now = performance.now();
    if (now - this.lastKeptInView < 200) return;
    this.lastKeptInView = now;
    const list = this.moveList;
    const top = button.offsetTop;
    if (top < list.scrollTop || top + button.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - (list.clientHeight - button.offsetHeight) / 2;
    }
  }

  // A better solution found while searching: `text`, and whether to offer to show it now.
  setSolutionNotice(text, offer) {
    this.solutionNotice.textContent = text;
    this.solutionBox.hidden = !text;
    this.takeSolution.hidden = !offer;
  }

  // The speeds on the Speed menu, slowest first.
  speeds() {
    return [...this.speed.options].map((o) => Number(o.value)).sort((a, b) => a - b);
  }

  setSpeed(speed) {
    this.speed.value = String(speed);
  }

  setSpeedNote(text) {
    this.speedNote.textContent = text;
    this.speedNote.hidden = !text;
  }
}

// Write `text` into `el` unless it is there already (a new text node means new layout).
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
