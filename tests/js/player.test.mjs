// The player (web/replay/player.js) and the replay around it (web/replay/replay.js), with
// stand-ins for the views: stepping through a solution, long solutions rebuilt from
// checkpoints, playback to the goal, and which step a better solution opens on.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PageState } from "../../web/app/page-state.js";
import { Player } from "../../web/replay/player.js";
import { Replay } from "../../web/replay/replay.js";

// Playback at high speed follows animation frames.
globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(performance.now()), 2);

// A solution from `start` (rows x cols): the tiles that slide into the blank, one after another.
function walk(start, cols, count, seed = 1) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const board = start.slice();
  const rows = board.length / cols;
  const tiles = [];
  const boards = [board.slice()];
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const blank = board.indexOf(0);
    const [r, c] = [Math.floor(blank / cols), blank % cols];
    const near = [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
      .filter(([y, x]) => y >= 0 && y < rows && x >= 0 && x < cols)
      .map(([y, x]) => y * cols + x)
      .filter((cell) => board[cell] !== previous);
    const cell = near[Math.floor(random() * near.length)];
    previous = board[cell];
    tiles.push(board[cell]);
    board[blank] = board[cell];
    board[cell] = 0;
    boards.push(board.slice());
  }
  return { tiles, boards };
}

// A solution's move letters (the direction the tile slides) from its boards.
function letters(boards, cols) {
  return boards.slice(1).map((board, i) => {
    const from = boards[i].indexOf(0);
    const to = board.indexOf(0);
    return to === from - cols ? "D" : to === from + cols ? "U" : to === from - 1 ? "R" : "L";
  }).join("");
}

const GOAL_3 = [1, 2, 3, 4, 5, 6, 7, 8, 0];

function recordingPlayer() {
  const shown = [];
  const player = new Player({ show: (tiles, rows, cols, how) => { shown.push({ tiles, jump: Boolean(how && how.jump) }); return Promise.resolve(); } });
  return { player, shown };
}

test("seek shows the board of any step of a long solution, from checkpoints or the step shown", () => {
  const start = [...Array(16).keys()].map((i) => (i + 1) % 16);
  const { tiles, boards } = walk(start, 4, 3000);
  const { player, shown } = recordingPlayer();
  player.load({ start, tiles, moves: letters(boards, 4) }, 4, 4);
  assert.equal(player.length, 3000);
  assert.deepEqual(player.current, start);
  for (const step of [1, 2999, 3000, 128, 127, 1500, 0, 2000, 2001, 1999, 640]) {
    player.seek(step);
    assert.equal(player.step, step);
    assert.deepEqual(player.current, boards[step], `step ${step}`);
    assert.deepEqual(shown.at(-1).tiles, boards[step]);
  }
  player.seek(5000);
  assert.equal(player.step, 3000); // clamped
  player.seek(-3);
  assert.equal(player.step, 0);
});

test("forward and back move one step; every change is announced", () => {
  const start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
  const { player } = recordingPlayer();
  let changes = 0;
  player.on("change", () => changes++);
  player.load({ start, tiles: [7, 8], moves: "LL" }, 3, 3);
  player.forward();
  assert.deepEqual(player.current, [1, 2, 3, 4, 5, 6, 7, 0, 8]);
  player.forward();
  assert.deepEqual(player.current, GOAL_3);
  player.back();
  assert.equal(player.step, 1);
  assert.equal(changes, 4);
});

test("play reaches the goal, then stops; playing again starts over", async () => {
  const start = [1, 2, 3, 4, 5, 6, 0, 7, 8];
  for (const speed of [128, 4]) {
    const { player } = recordingPlayer();
    player.setSpeed(speed);
    player.load({ start, tiles: [7, 8], moves: "LL" }, 3, 3);
    await player.play();
    assert.equal(player.playing, false);
    assert.equal(player.step, 2);
    assert.deepEqual(player.current, GOAL_3);
    const again = player.play();
    assert.equal(player.step, 0); // back at the start before playing
    await again;
    assert.equal(player.step, 2);
  }
});

test("pause stops playback where it is", async () => {
  const { tiles, boards } = walk(GOAL_3, 3, 40);
  const { player } = recordingPlayer();
  player.load({ start: GOAL_3, tiles, moves: letters(boards, 3) }, 3, 3);
  player.setSpeed(2);
  const playing = player.play();
  await new Promise((resolve) => setTimeout(resolve, 300));
  player.pause();
  await playing;
  const at = player.step;
  assert.ok(at > 0 && at < 40, at);
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(player.step, at);
});

test("playing time and slide time follow the speed", () => {
  assert.equal(Player.playingMs(100, 1), 28_000);
  assert.equal(Player.playingMs(100, 4), 7_000);
  assert.equal(Player.slideMs(2), 80);
});

// The replay with stand-ins for its views; the page state's `info` as much of Python's as it reads.
function replayOnPage() {
  const notices = [];
  const view = {
    setMoveList() {}, setSpeedNote() {}, setSpeed() {}, setPlayback() {},
    setSolutionNotice: (text, offer) => notices.push({ text, offer }),
    speeds: () => [0.5, 1, 2, 4, 8, 16, 32, 64, 128],
  };
  const celebrated = [];
  const board = { setSlideMs() {}, markHome() {}, celebrate: (on) => celebrated.push(on) };
  const { player, shown } = recordingPlayer();
  const state = new PageState();
  state.set({ info: { directions: { U: "up", D: "down", L: "left", R: "right" }, heuristics: [] }, ready: true });
  const replay = new Replay({ player, view, board, state });
  replay.setGoal(GOAL_3);
  return { replay, player, shown, notices, celebrated };
}

// Two solutions of one 3x3 board: 4 moves (tile 4 down and back up, then 7 and 8 left),
// and a better one of 2 (7 and 8 left).
const START = [1, 2, 3, 4, 5, 6, 0, 7, 8];
const LONG_BOARDS = (() => {
  const tiles = [4, 4, 7, 8];
  const boards = [START];
  for (const tile of tiles) {
    const board = boards.at(-1).slice();
    const cell = board.indexOf(tile);
    board[board.indexOf(0)] = tile;
    board[cell] = 0;
    boards.push(board);
  }
  return { tiles, boards };
})();
const FIRST = { start: START, tiles: LONG_BOARDS.tiles, moves: letters(LONG_BOARDS.boards, 3) };
const BETTER = { start: START, tiles: [7, 8], moves: "LL" };

test("a better solution replaces one played to the goal at its end: the goal stays shown", async () => {
  const { replay, player, shown } = replayOnPage();
  assert.deepEqual(LONG_BOARDS.boards.at(-1), GOAL_3);
  assert.equal(replay.offer(FIRST, 3, 3), "shown");
  assert.equal(player.step, 0);
  player.setSpeed(128);
  await replay.toggle();
  assert.equal(player.step, 4);
  assert.deepEqual(shown.at(-1).tiles, GOAL_3);
  assert.equal(replay.offer(BETTER, 3, 3), "shown");
  assert.equal(replay.length, 2);
  assert.equal(player.step, 2); // its end
  assert.deepEqual(player.current, GOAL_3);
  assert.deepEqual(shown.at(-1), { tiles: GOAL_3, jump: true }); // no slide back to the start
  assert.equal(replay.step, 2); // the link names the step shown
});

test("a better solution held while playing opens at its end once playback reaches the goal", async () => {
  const { replay, player, notices } = replayOnPage();
  replay.offer(FIRST, 3, 3);
  player.setSpeed(4);
  const playing = replay.toggle();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(player.playing, true);
  assert.equal(replay.offer(BETTER, 3, 3), "held");
  assert.match(notices.at(-1).text, /will replace this one when playback stops/);
  await playing;
  await new Promise((resolve) => setTimeout(resolve, 0)); // the held one is taken in a microtask
  assert.equal(replay.length, 2);
  assert.equal(player.step, 2);
  assert.deepEqual(player.current, GOAL_3);
});

test("a better solution replaces one at its start at its start; one watched midway is held", () => {
  const { replay, player } = replayOnPage();
  replay.offer(FIRST, 3, 3);
  assert.equal(replay.offer(BETTER, 3, 3), "shown");
  assert.equal(player.step, 0);
  assert.equal(replay.step, null);
  replay.offer(FIRST, 3, 3); // not better, but another solution: shown at the start too
  replay.seek(1);
  assert.equal(replay.offer(BETTER, 3, 3), "held");
  assert.equal(replay.length, 4);
  assert.equal(replay.takeHeld(), true);
  assert.equal(replay.length, 2);
  assert.equal(player.step, 0);
});

test("a step a link asks for is opened as asked", () => {
  const { replay, player } = replayOnPage();
  replay.offer(FIRST, 3, 3);
  replay.seek(4);
  replay.offer(BETTER, 3, 3, { step: 1, final: true });
  assert.equal(player.step, 1);
});
