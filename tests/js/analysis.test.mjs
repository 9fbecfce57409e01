// The analysis of a game in the page (web/analysis/): its model merges Python's progress (only
// what changed comes in each report) and result, walks the positions and mistakes, and makes
// the sequences the replay plays; the feature, with fakes for the worker, the app's door, the
// replay and play mode, has Python read a game before anything changes, runs it as the page's
// job, carries it in the link, and judges the slide after "try again from here" by Python's best moves.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Analysis } from "../../web/analysis/analysis.js";
import { AnalysisModel } from "../../web/analysis/analysis-model.js";
import * as words from "../../web/analysis/analysis-words.js";
import { appDoor } from "../../web/app/app-door.js";
import * as protocol from "../../web/solver/protocol.js";
import { FakeClient, callsOf, recorder, settle } from "./fakes.mjs";

const DIRECTIONS = { U: "up", D: "down", L: "left", R: "right" };
const START = [1, 2, 3, 4, 5, 6, 0, 7, 8];
const GAME = { board: "1,2,3,4,5,6,0,7,8", goal: "blank-last", size: "3x3", moves: "LRLL", notation: "page", start: START, rows: 3, cols: 3 };

// Python's analysis of LRLL from START (npuzzle.analysis, as the web API answers it).
function result({ stopped = null } = {}) {
  const boards = [START, [1, 2, 3, 4, 5, 6, 7, 0, 8], START, [1, 2, 3, 4, 5, 6, 7, 0, 8], [1, 2, 3, 4, 5, 6, 7, 8, 0]];
  const distances = [2, 1, 2, 1, 0];
  const best = [[7], [8], [7], [8], []];
  return {
    tiles: [7, 7, 7, 8], moves_text: "LRLL", undos: "as-played", played_moves: 4, single_tile_moves: 4, multi_tile_moves: 3,
    optimal_length: 2, excess: 2, mistakes: 1, optimal_moves: 3, unknown_moves: 0, exact: true, complete: !stopped, stopped,
    method: "table", heuristic: null, solved: true, seconds: 0.2, notation: "page", csv: "number,tile\n", markdown: "| # |\n",
    summary: "4 moves (3 in the multi-tile metric) from a start 2 moves from the goal: 1 mistake, 2 moves lost; 3 optimal moves.",
    positions: boards.map((board, i) => ({
      index: i, board, distance: distances[i], exact: true, lower: distances[i], upper: distances[i], best: best[i],
      best_moves: best[i].map(() => "L").join(""), finish: best[i].length ? [best[i][0], 8].slice(0, distances[i]) : [],
      finish_moves: "LL".slice(0, distances[i]),
    })),
    moves: [["L", "optimal", 0], ["R", "mistake", 2], ["L", "optimal", 0], ["L", "optimal", 0]].map(([move, verdict, lost], k) => ({
      number: k + 1, tile: [7, 7, 7, 8][k], move, undo: k === 1, verdict, lost, before: distances[k], after: distances[k + 1],
    })),
  };
}

test("the model merges progress, only what changed each time, then takes Python's result", () => {
  const model = new AnalysisModel(GAME, "text");
  assert.equal(model.state, "analysing");
  model.apply({ positions: 5, done: 0, game: { tiles: [7, 7, 7, 8], moves: "LRLL", undos: [false, true, false, false] }, changed: [[4, 0, 0], [3, null, 1]], marks: [] });
  assert.equal(model.known, true);
  assert.equal(model.moves, 4);
  assert.deepEqual(model.lower, [null, null, null, null, 0]);
  assert.equal(model.distance(4), 0);
  assert.equal(model.distance(3), null);
  model.apply({ positions: 5, done: 2, changed: [[3, 1, 1], [2, 2, 2]], marks: [[3, "optimal"], [4, "optimal"]] });
  assert.equal(model.marks, 2);
  assert.deepEqual(model.rows()[3], { number: 4, tile: 8, move: "L", undo: false, verdict: "optimal", lost: null, before: [1, 1], after: [0, 0], best: null, bestMoves: null });
  assert.deepEqual(model.points()[3], { index: 3, lower: 1, upper: 1, verdict: "optimal", best: null });
  model.finish(result());
  assert.equal(model.state, "analysed");
  assert.deepEqual(model.verdicts, ["optimal", "mistake", "optimal", "optimal"]);
  assert.equal(model.rows()[1].lost, 2);
  assert.deepEqual(model.rows()[1].best, [8], "the best moves of the position before the move");
});

test("the model walks positions and mistakes, and makes the sequences the replay plays", () => {
  const model = new AnalysisModel(GAME, "text");
  model.finish(result());
  assert.equal(model.select(99), 4);
  assert.equal(model.select(-3), 0);
  assert.equal(model.mistake(1), 1, "the position before the mistake (move 2)");
  model.select(1);
  assert.equal(model.mistake(1), null);
  assert.equal(model.mistake(-1), null);
  model.select(4);
  assert.equal(model.mistake(-1), 1);
  assert.deepEqual(model.sequence(), { start: START, tiles: [7, 7, 7, 8], moves: "LRLL" });
  assert.deepEqual(model.finishSequence(2), { start: START, tiles: [7, 7, 7, 8], moves: "LRLL" });
  assert.equal(new AnalysisModel(GAME, "text").finishSequence(0), null, "no finish before the result");
  const stopped = new AnalysisModel(GAME, "text");
  stopped.finish(result({ stopped: "cancelled" }));
  assert.equal(stopped.state, "stopped");
});

test("the words show bounds as bounds and Python's refusal as one sentence", () => {
  assert.equal(words.distanceText(12, 12), "12");
  assert.equal(words.distanceText(10, 14), "10\u201314");
  assert.equal(words.distanceText(10, null), "\u2265 10");
  assert.equal(words.distanceText(null, null), "\u2026");
  assert.equal(words.refused({ field: "moves", message: "unknown move 'X' at character 3 of 'DRX'" }, "text"), "Unknown move 'X' at character 3 of 'DRX'.");
  assert.match(words.refused({ field: "notation", message: "unknown notation 'x'" }, "link"), /^This link's game cannot be analysed: unknown notation 'x'\.$/);
  const model = new AnalysisModel(GAME, "text");
  model.finish(result());
  assert.equal(words.positionLine(model, 2, DIRECTIONS), "Position 2 of 4 (after move 2, tile 7 right, a mistake): 2 moves from the goal. Best moves: 7 \u2190.");
});

test("the protocol builds the analyse and write_moves requests", () => {
  assert.deepEqual(protocol.analyse({ ...GAME, undos: "without-undos" }), { op: "analyse_game", board: GAME.board, goal: "blank-last", size: "3x3", moves: "LRLL", notation: "page", undos: "without-undos" });
  assert.deepEqual(protocol.analyse({ ...GAME, notation: "" }), { op: "analyse_game", board: GAME.board, goal: "blank-last", size: "3x3", moves: "LRLL" }, "no notation: Python asks for one");
  assert.deepEqual(protocol.writeMoves(GAME, "blank"), { op: "write_moves", board: GAME.board, goal: "blank-last", size: "3x3", moves: "LRLL", notation: "page", to: "blank" });
});

// The feature with fakes behind the real app's door (app-door.js): the worker, the controller, the
// page state, the replay, the link, play mode's game and its mode's choice.
function feature({ idle = true } = {}) {
  const client = new FakeClient();
  const view = recorder();
  const page = recorder();
  const runs = [];
  const state = { view: null, info: { directions: DIRECTIONS, notations: [], analysis: { methods: {} } }, listeners: [], on(l) { this.listeners.push(l); }, set(c) { Object.assign(this, c); } };
  const replay = { solution: null, step: null, loads: [], seeks: [], load(r, rows, cols, step) { this.solution = r; this.step = step || null; this.loads.push([r, step]); }, seek(i) { this.step = i || null; this.seeks.push(i); }, toggle() {} };
  const play = { game: null, modes: [] };
  const link = { game: null, pendingStep: null, takeGame() { const g = this.game; this.game = null; return g; }, takeStep() { const s = this.pendingStep; this.pendingStep = null; return s; }, pastEnd: [], gameStepPastEnd(wanted, moves) { this.pastEnd.push([wanted, moves]); } };
  const jobs = { kind: null, ask: (request, onProgress, options) => client.request(request, onProgress, options) };
  const analysis = new Analysis({ view });
  let board = () => ({ board: GAME.board, goal: "blank-last", rows: 3, cols: 3, tiles: START, solvability: { solvable: true } });
  const controller = {
    get analysis() { return board(); },
    get idle() { return idle && runs.every((r) => r.finished); },
    refusedAsUnsolvable: () => false,
    run: (kind, request, done, options) => runs.push({ kind, request, done, options }),
    changed: () => {},
    announce: (name, ...args) => { if (name === "slid") analysis.slid(...args); },
    collect: (name) => (name === "playedGame" && play.game ? [play.game] : []),
    dispatch: (name, mode) => { if (name === "choose-mode") play.modes.push(mode); },
  };
  const app = appDoor(controller, { state, page, jobs, replay, link, choice: {}, editor: {}, board: {}, clipboard: { writeText: async () => {} }, code: {} });
  analysis.routes(app);
  const setBoard = (analysisOf) => { board = analysisOf; };
  return { analysis, client, view, page, app, runs, state, replay, play, link, setBoard, slid: (slide) => app.announce("slid", slide) };
}

test("Python reads a pasted game first: a refusal is one sentence, and nothing else changes", async () => {
  const { analysis, client, view, runs, state, replay } = feature();
  analysis.analyseText(analysis.app, "LX", "page");
  const check = client.last();
  assert.deepEqual(check.request, { op: "write_moves", board: GAME.board, goal: "blank-last", size: "3x3", moves: "LX", notation: "page", to: "numbers" });
  const error = { field: "moves", message: "unknown move 'X' at character 2 of 'LX': write each move as U, D, L or R", character: 2 };
  await client.answer(check, { ok: false, error });
  assert.deepEqual(callsOf(view, "setError").at(-1), ["Unknown move 'X' at character 2 of 'LX': write each move as U, D, L or R.", error]);
  assert.equal(runs.length, 0, "no job ran");
  assert.equal(state.view, null);
  assert.equal(replay.loads.length, 0);
  assert.equal(callsOf(view, "begin").length, 0, "the panel keeps what it showed");
});

test("an accepted game runs as the page's job; its first progress shows it, the link and the replay follow", async () => {
  const { analysis, client, view, page, runs, state, replay } = feature();
  analysis.analyseText(analysis.app, "LRLL", "page");
  await client.answer(client.last(), { ok: true, type: "written", text: "7 7 7 8", moves: 4 });
  assert.equal(runs.length, 1);
  assert.equal(runs[0].kind.name, "analyse");
  assert.deepEqual(runs[0].request, protocol.analyse({ ...GAME }));
  runs[0].options.onProgress({ progress: { positions: 5, done: 0, stage: "reading", expanded: 0, states: 0, total_states: 0, game: { tiles: [7, 7, 7, 8], moves: "LRLL", undos: [false, true, false, false] }, changed: [[4, 0, 0]], marks: [] } });
  assert.equal(state.view, "analysis");
  assert.deepEqual(replay.loads[0], [{ start: START, tiles: [7, 7, 7, 8], moves: "LRLL", detached: false }, 0]);
  assert.deepEqual(analysis.linkFields(), { board: GAME.board, moves: "LRLL", notation: "page", undos: undefined });
  runs[0].finished = true;
  runs[0].done({ ok: true, type: "analysis", analysis: result() });
  assert.match(callsOf(page, "setStatus").at(-1)[0], /^The moves you pasted: 4 moves .* Analysed as played: its undo counts as a move\.$/);
  assert.equal(analysis.model.state, "analysed");
  // A position chosen: the replay shows it, the link names it.
  analysis.select(2);
  assert.deepEqual(replay.seeks, [2]);
  assert.equal(analysis.linkStep(), 2);
  assert.ok(callsOf(view, "draw").length >= 2);
});

test("a game in play mode, with its start behind the board on screen, is analysed from its start", async () => {
  const { analysis, client, play, runs, replay, setBoard } = feature();
  play.game = { start: START, goal: "blank-last", rows: 3, cols: 3, tiles: [7, 7, 7, 8] };
  setBoard(() => ({ board: "1,2,3,4,5,6,7,8,0", goal: "blank-last", rows: 3, cols: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], solvability: { solvable: true } }));
  analysis.analysePlayed(analysis.app);
  await client.answer(client.last(), { ok: true, type: "written", text: "7 7 7 8", moves: 4 });
  assert.deepEqual(runs[0].request, { op: "analyse_game", board: GAME.board, goal: "blank-last", size: "3x3", moves: "7 7 7 8", notation: "numbers" });
  runs[0].done({ ok: true, type: "analysis", analysis: result() });
  const [sequence, step] = replay.loads[0];
  assert.equal(step, 4, "it opens where the person stands: the end");
  assert.equal(sequence.detached, true);
  assert.deepEqual(analysis.linkFields().moves, "7,7,7,8");
});

test("try again from here judges the next slide by Python's best moves", async () => {
  const { analysis, client, view, page, play, runs, slid } = feature();
  analysis.analyseText(analysis.app, "LRLL", "page");
  await client.answer(client.last(), { ok: true });
  runs[0].done({ ok: true, type: "analysis", analysis: result() });
  analysis.select(0);
  analysis.tryAgain();
  assert.deepEqual(play.modes, ["play"]);
  slid({ before: START, moved: [4], moves: "D" });
  assert.deepEqual(callsOf(view, "setNote").at(-1)[1], { tryFrom: "0", tryTile: "4", tryVerdict: "not-best" });
  assert.match(callsOf(page, "setStatus").at(-1)[0], /^Tile 4 down is not a best move.* The best: 7 \u2190\. Undo and try again\.$/);
  slid({ before: START, moved: [7, 8], moves: "LL" });
  assert.equal(callsOf(view, "setNote").at(-1)[1].tryVerdict, "best");
  // A slide from another board is not judged, and the verdict before no longer stands for it.
  slid({ before: [1, 2, 3, 4, 5, 6, 7, 0, 8], moved: [8], moves: "L" });
  const [text, data] = callsOf(view, "setNote").at(-1);
  assert.match(text, /^Only the first slide from position 0 is judged\./);
  assert.deepEqual(data, { tryFrom: "0" });
  const notes = callsOf(view, "setNote").length;
  slid({ before: [1, 2, 3, 4, 5, 6, 7, 8, 0], moved: [6], moves: "D" });
  assert.equal(callsOf(view, "setNote").length, notes, "said once");
});

test("a link's game is analysed once its board is shown, at the link's step", async () => {
  const { analysis, client, runs, state, link, replay } = feature();
  link.game = { moves: "7,7,7,8", notation: "numbers", undos: "without-undos" };
  link.pendingStep = 3;
  analysis.linkRead(link);
  state.view = "analysis";
  analysis.boardShown({ board: GAME.board, goal: "blank-last", rows: 3, cols: 3, tiles: START, solvability: { solvable: true } }, analysis.app);
  assert.equal(link.pendingStep, null, "taken before the controller would solve to reach it");
  assert.equal(analysis.linkFields().moves, undefined, "the address is the link's while Python reads it");
  await client.answer(client.last(), { ok: true });
  assert.deepEqual(runs[0].request, { op: "analyse_game", board: GAME.board, goal: "blank-last", size: "3x3", moves: "7,7,7,8", notation: "numbers", undos: "without-undos" });
  runs[0].done({ ok: true, type: "analysis", analysis: result() });
  assert.equal(replay.loads[0][1], 3);
  assert.deepEqual(analysis.linkFields(), { board: GAME.board, moves: "7,7,7,8", notation: "numbers", undos: "without-undos" });
});

test("a link's bad game is refused in one sentence and the link no longer opens on the analysis", async () => {
  const { analysis, client, view, runs, state, link } = feature();
  link.game = { moves: "LLL", notation: "page" };
  analysis.linkRead(link);
  state.view = "analysis";
  analysis.boardShown({ board: GAME.board, goal: "blank-last", rows: 3, cols: 3, tiles: START, solvability: { solvable: true } }, analysis.app);
  await client.answer(client.last(), { ok: false, error: { field: "moves", message: "move 3 (L, at character 3 of 'LLL') is not possible on '1,2,3,4,5,6,7,8,0': no tile can slide left", move: 3, board: [1, 2, 3, 4, 5, 6, 7, 8, 0] } });
  assert.match(callsOf(view, "setError").at(-1)[0], /^This link's game cannot be analysed: move 3 /);
  assert.equal(state.view, null);
  assert.equal(runs.length, 0);
  await settle();
});

test("while a search runs, no analysis starts", () => {
  const { analysis, client, view } = feature({ idle: false });
  analysis.analyseText(analysis.app, "LRLL", "page");
  assert.equal(client.requests.length, 0);
  assert.deepEqual(callsOf(view, "setError").at(-1), [words.BUSY]);
});

test("a board that cannot reach its goal is refused with Python's reason, before any request", () => {
  const { analysis, client, view, setBoard } = feature();
  const reason = "The board has 1 inversions (odd) and the goal has 0 (even).";
  setBoard(() => ({ board: GAME.board, goal: "blank-last", rows: 3, cols: 3, tiles: START, solvability: { solvable: false, explanation: reason } }));
  analysis.analyseText(analysis.app, "LL", "page");
  assert.equal(client.requests.length, 0);
  assert.deepEqual(callsOf(view, "setError").at(-1)[0], `The board cannot reach the goal, so no position has a distance: ${reason}`);
});

test("a replay's game (a link made from a replay, pasted or linked) is said to be the replay's solve", async () => {
  const { analysis, client, runs, state, link, page } = feature();
  link.game = { moves: "7,7,7,8", notation: "numbers", from: "replay" };
  analysis.linkRead(link);
  state.view = "analysis";
  analysis.boardShown({ board: GAME.board, goal: "blank-last", rows: 3, cols: 3, tiles: START, solvability: { solvable: true } }, analysis.app);
  await client.answer(client.last(), { ok: true });
  assert.equal(runs[0].request.from, undefined, "not sent to Python");
  runs[0].done({ ok: true, type: "analysis", analysis: result() });
  assert.match(callsOf(page, "setStatus").at(-1)[0], /^The replay's solve: /);
});
