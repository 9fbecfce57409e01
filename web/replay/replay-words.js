// The replay's words: the notices about the solutions a search finds while it runs, the speed
// note, the step counter with the last move, the g, h, f line, and the move list's labels.
// `directions` is Python's `info.directions`.

import { ARROWS, formatCount } from "../common/wording.js";

// Notices about the solutions a search finds while it runs.
export function solutionFound(moves, before) {
  return before
    ? `Found a shorter solution: ${formatCount(moves)} moves.`
    : `Found a first solution: ${formatCount(moves)} moves. Play it while the search looks for shorter ones.`;
}

export function solutionHeld(moves, playing) {
  const when = playing ? "when playback stops" : "when you go back to the start or reach the end";
  return `A shorter solution (${formatCount(moves)} moves) was found; it will replace this one ${when}.`;
}

export function solutionReplaced(moves) {
  return `Now showing the shorter solution: ${formatCount(moves)} moves.`;
}

// Next to the Speed menu, when a long solution starts faster than the person's speed.
export function speedNote(moves, speed, ms) {
  const seconds = Math.round(ms / 1000);
  const time = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${speed}\u00d7 plays these ${formatCount(moves)} moves in about ${time}.`;
}

// One step of a solution in words: "tile 5 slid up". `directions` is Python's `info.directions`.
export function slid(tile, move, directions) {
  return `tile ${tile} slid ${directions[move]}`;
}


// A move's button in the move list (its text, and its accessible name).
export function moveButton(tile, move) {
  return `${tile} ${ARROWS[move]}`;
}

export function moveLabel(step, tile, move, directions) {
  return `Step ${step}: tile ${tile} ${directions[move]}`;
}

// Under a long solution's move list: which moves it lists.
export function movesListed(first, last, total) {
  return `Moves ${formatCount(first)} to ${formatCount(last)} of ${formatCount(total)} are listed; the slider and the step buttons reach the others.`;
}

// The step counter (`lastMove`: slid's words, or ""), and the slider's value in words.
export function stepCounter(step, length, lastMove) {
  return `Step ${step} of ${length}${lastMove ? ` \u2014 ${lastMove}` : ""}`;
}

export function sliderValue(loaded, step, length) {
  return loaded ? `Step ${step} of ${length}` : "No solution";
}

export function ghf({ g, h, f, hName }) {
  return `g = ${g}, h = ${h}, f = ${f}  (h: ${hName})`;
}
