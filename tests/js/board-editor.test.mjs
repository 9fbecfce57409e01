// The board editor (web/board/board-editor.js) with a fake solver client and views: the text
// typed is Python's to read, each answer is shown (or dropped when a newer one overtook it),
// a refusal says why, the board is drawn before Python is ready only when it is a grid, and
// two clicks swap two tiles.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PageState } from "../../web/app/page-state.js";
import { BoardEditor } from "../../web/board/board-editor.js";
import { GoalChoice } from "../../web/board/goal-choice.js";
import { FakeClient, callsOf, recorder } from "./fakes.mjs";

const INFO = { min_side: 2, page_max_side: 16, goals: ["blank-last", "blank-first"], defaults: { goal: "blank-last" } };

// Python's answer for a 3x3 board (as "analyze", "random" or "move" answer it).
function analysis(tiles, { solvable = true } = {}) {
  return {
    ok: true, board: tiles.join(","), tiles, rows: 3, cols: 3, goal: "blank-last", goal_tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0],
    grid: [0, 3, 6].map((r) => tiles.slice(r, r + 3).join(" ")).join("\n"), is_goal: false,
    solvability: { solvable, explanation: solvable ? "Even." : "Odd." },
  };
}

function editorWith({ ready = true, pause = false } = {}) {
  const client = new FakeClient();
  const state = new PageState();
  const page = recorder();
  const view = recorder({ offersGoal: (name) => INFO.goals.includes(name) });
  const board = recorder();
  const jobs = recorder();
  const editor = new BoardEditor({
    client, state, page, view, board, goal: new GoalChoice({ view }), jobs, typingPause: () => pause,
  });
  const shown = [];
  const refused = [];
  editor.on("board", (reply, push) => shown.push([reply, push]));
  editor.on("invalid", () => refused.push(true));
  state.set({ info: INFO, ready });
  return { client, state, page, view, board, jobs, editor, shown, refused };
}

test("typed text goes to Python as it is; its answer is drawn, written back and told to the listeners", async () => {
  const e = editorWith({ pause: true });
  e.editor.routes()["edit-board"]("1 2 3  4 5 6  7 0 8");
  const asked = e.client.last();
  assert.deepEqual(asked.request, { op: "analyze", board: "1 2 3  4 5 6  7 0 8", goal: null });
  assert.equal(callsOf(e.jobs, "stop").length, 1, "an edit stops the search under way");
  const reply = analysis([1, 2, 3, 4, 5, 6, 7, 0, 8]);
  await e.client.answer(asked, reply);
  assert.equal(e.editor.valid, true);
  assert.equal(e.editor.analysis, reply);
  assert.deepEqual(callsOf(e.board, "render"), [[reply.tiles, 3, 3]]);
  assert.deepEqual(callsOf(e.view, "setSolvability"), [[reply.solvability]]);
  assert.deepEqual(e.shown, [[reply, true]], "the typing pause made it a history entry");
});

test("an answer overtaken by a newer edit is dropped", async () => {
  const e = editorWith();
  e.editor.edit("1 2 3 4 5 6 7 0 8", false);
  const first = e.client.last();
  e.editor.edit("1 2 3 4 5 6 0 7 8", false);
  const second = e.client.last();
  await e.client.answer(second, analysis([1, 2, 3, 4, 5, 6, 0, 7, 8]));
  await e.client.answer(first, analysis([1, 2, 3, 4, 5, 6, 7, 0, 8]));
  assert.equal(e.shown.length, 1);
  assert.deepEqual(e.editor.analysis.tiles, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
});

test("Python's refusal is shown under the board and on the status line; the listeners hear it", async () => {
  const e = editorWith();
  e.editor.edit("1 1 2", false);
  await e.client.answer(e.client.last(), { ok: false, error: { field: "board", message: "tile 1 appears twice" } });
  assert.equal(e.editor.valid, false);
  assert.deepEqual(callsOf(e.view, "setBoardMessage").at(-1), ["tile 1 appears twice"]);
  assert.deepEqual(callsOf(e.page, "setStatus").at(-1), ["Enter a valid board to solve it."]);
  assert.equal(callsOf(e.board, "dropUnchecked").length, 1);
  assert.deepEqual(e.refused, [true]);
});

test("before Python is ready, a grid is drawn unchecked and nothing is asked; other text is not drawn", async () => {
  const e = editorWith({ ready: false });
  e.editor.edit("3 1 2 0", false);
  assert.deepEqual(callsOf(e.board, "renderUnchecked"), [[[3, 1, 2, 0], 2, 2]]);
  assert.deepEqual(callsOf(e.view, "showSize"), [[2, 2]]);
  e.editor.edit("3 1 2 2", false); // a tile twice: not a grid to draw
  e.editor.edit("1 2 3 4 5", false); // not a square
  assert.equal(callsOf(e.board, "renderUnchecked").length, 1);
  assert.equal(callsOf(e.board, "dropUnchecked").length, 2);
  assert.equal(e.client.requests.length, 0, "Python is asked once it is ready");
});

test("in edit mode the first click picks a tile and the second swaps the two", async () => {
  const e = editorWith();
  e.editor.edit("1 2 3 4 5 6 7 0 8", false);
  await e.client.answer(e.client.last(), analysis([1, 2, 3, 4, 5, 6, 7, 0, 8]));
  e.editor.pick(8);
  assert.deepEqual(callsOf(e.board, "select").at(-1), [8]);
  assert.deepEqual(callsOf(e.page, "setStatus").at(-1), ["Tile 8 picked: click another tile to swap them."]);
  e.editor.pick(0);
  assert.deepEqual(e.client.last().request, { op: "analyze", board: "1 2 3\n4 5 6\n7 8 0", goal: null, size: "3x3" });
  assert.equal(e.editor.selected, null);
  e.editor.pick(5);
  e.editor.pick(5); // the same tile twice: unpicked, nothing asked
  assert.equal(e.client.ops("analyze").length, 2);
});

test("Shuffle asks Python for a random board of the size shown, and shows it as a new history entry", async () => {
  const e = editorWith();
  e.editor.edit("1 2 3 4 5 6 7 0 8", false);
  await e.client.answer(e.client.last(), analysis([1, 2, 3, 4, 5, 6, 7, 0, 8]));
  e.editor.routes().shuffle();
  assert.deepEqual(e.client.last().request, { op: "random", size: "3x3", goal: null });
  const reply = analysis([8, 6, 7, 2, 5, 4, 3, 0, 1]);
  await e.client.answer(e.client.last(), reply);
  assert.deepEqual(callsOf(e.view, "setEditorText").at(-1), [reply.grid]);
  assert.deepEqual(e.shown.at(-1), [reply, true]);
});
