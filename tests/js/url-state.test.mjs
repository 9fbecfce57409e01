// The URL codec (web/link/url-state.js): what a link's fragment asks for, and back.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LINK_KEYS, VIEWS, formatFragment, readFragment as readWith } from "../../web/link/url-state.js";
import { pythonInfo } from "./python-info.mjs";

// The limits Python gives (its info's link, which the build writes into the constants module).
const LIMITS = pythonInfo().link;
const readFragment = (hash) => readWith(hash, LIMITS);

test("a full link reads into its parameters, with the step a number", () => {
  const { params, problems } = readFragment("#board=8,6,7,2,5,4,3,0,1&goal=blank-last&size=3x3&algorithm=idastar&heuristic=pdb&step=12");
  assert.deepEqual(problems, []);
  assert.deepEqual(params, { board: "8,6,7,2,5,4,3,0,1", goal: "blank-last", size: "3x3", algorithm: "idastar", heuristic: "pdb", step: 12 });
});

test("formatting then reading gives the state back, keys in LINK_KEYS order, commas kept", () => {
  const state = { view: "tree", step: 7, board: "1,2,3,4,0,5,7,8,6", goal: "1,2,3,4,5,6,7,8,0", size: "3x3", weight: "1.5", heuristic: "manhattan", algorithm: "wastar" };
  const fragment = formatFragment(state);
  assert.equal(fragment, "#board=1,2,3,4,0,5,7,8,6&goal=1,2,3,4,5,6,7,8,0&size=3x3&algorithm=wastar&heuristic=manhattan&weight=1.5&step=7&view=tree");
  const { params, problems } = readFragment(fragment);
  assert.deepEqual(problems, []);
  assert.deepEqual(params, { ...state, step: 7 });
});

test("empty and missing values are left out of a fragment", () => {
  assert.equal(formatFragment({ board: "1,2,3,0", step: null, view: undefined, goal: "" }), "#board=1,2,3,0");
  assert.equal(formatFragment({}), "#");
});

test("text that needs escaping round-trips", () => {
  const board = "8 6 7 / 2 5 4 / 3 _ 1&x=y#z";
  const { params, problems } = readFragment(formatFragment({ board }));
  assert.deepEqual(problems, []);
  assert.equal(params.board, board);
  assert.equal(readFragment("#board=1+2+3+0").params.board, "1 2 3 0");
});

test("each bad part is left out with a notice that names it", () => {
  const { params, problems } = readFragment("#board=1,2,3,0&colour=red&step=abc&board=4&view=chart&size=big&weight=0.5&goal=&%E0%A4%A");
  assert.deepEqual(params, { board: "1,2,3,0" });
  assert.equal(problems.length, 8);
  assert.match(problems[0], /unknown parameter "colour"/);
  assert.match(problems[1], /step "abc" is not a whole number/);
  assert.match(problems[2], /gives "board" twice; the first one is used/);
  assert.match(problems[3], /view "chart" is not one of compare, tree, diagram/);
  assert.match(problems[4], /size "big" is not like 4 or 3x5/);
  assert.match(problems[5], /weight "0.5" is not a number of at least 1/);
  assert.match(problems[6], /"goal" has no value/);
  assert.match(problems[7], /garbled part \(%E0%A4%A\)/);
});

test("a long value is shortened in its notice", () => {
  const { problems } = readFragment(`#${"k".repeat(40)}=1`);
  assert.match(problems[0], /"k{27}\.\.\."/);
});

test("every view is a link key's value, and the link keys are the page's public names", () => {
  assert.deepEqual(VIEWS, ["compare", "tree", "diagram", "analysis", "optimal"]);
  assert.deepEqual(LINK_KEYS, ["board", "goal", "size", "algorithm", "heuristic", "weight", "step", "view", "hcode", "scode", "moves", "notation", "undos", "times", "replay", "metric", "assignment", "submission"]);
  for (const view of VIEWS) assert.equal(readFragment(formatFragment({ view })).params.view, view);
});

test("an assignment and a submission travel in base64url within Python's limits, anything else refused with a notice", () => {
  assert.deepEqual(readFragment("#assignment=q1ZKzs8tKE_-", LIMITS).params, { assignment: "q1ZKzs8tKE_-" });
  assert.deepEqual(readFragment("#submission=S0", LIMITS).params, { submission: "S0" });
  for (const [key, bad] of [["assignment", "a+b"], ["submission", "<b>"], ["assignment", "x".repeat(LIMITS.assignment + 1)], ["submission", "x".repeat(LIMITS.submission + 1)]]) {
    const { params, problems, refused } = readFragment(`#${key}=${encodeURIComponent(bad)}`, LIMITS);
    assert.deepEqual(params, {});
    assert.deepEqual(refused, [key]);
    assert.equal(problems.length, 1);
    assert.match(problems[0], new RegExp(`link's ${key} is not in the form`));
  }
});

test("an empty fragment asks for nothing", () => {
  assert.deepEqual(readFragment(""), { params: {}, problems: [], refused: [] });
  assert.deepEqual(readFragment("#"), { params: {}, problems: [], refused: [] });
  assert.deepEqual(readFragment("#&&"), { params: {}, problems: [], refused: [] });
});

test("a person's code travels in base64url, and anything else in its place is refused with a notice", () => {
  assert.deepEqual(readFragment("#hcode=q1ZKzs8tKE_-&scode=S0").params, { hcode: "q1ZKzs8tKE_-", scode: "S0" });
  for (const bad of ["a+b", "a b", "<script>", "x".repeat(LIMITS.packed + 1)]) {
    const { params, problems } = readFragment(`#scode=${encodeURIComponent(bad)}`);
    assert.deepEqual(params, {});
    assert.match(problems[0], /search code is not in the form a link carries it/);
  }
});

test("a game for the analysis travels as moves, notation and undos, and round-trips", () => {
  const state = { board: "1,2,3,4,5,6,0,7,8", step: 2, view: "analysis", moves: "R3D2 LU", notation: "slidysim", undos: "without-undos" };
  const fragment = formatFragment(state);
  assert.equal(fragment, "#board=1,2,3,4,5,6,0,7,8&step=2&view=analysis&moves=R3D2%20LU&notation=slidysim&undos=without-undos");
  const { params, problems } = readFragment(fragment);
  assert.deepEqual(problems, []);
  assert.deepEqual(params, state);
  assert.equal(readFragment("#moves=7,8,5&notation=numbers").params.moves, "7,8,5");
});

test("a game's parts of the wrong form are left out with a notice; their meaning is Python's", () => {
  assert.equal(readFragment(`#moves=${"L".repeat(LIMITS.moves)}`).params.moves.length, LIMITS.moves, "as long as Python reads");
  const { params, problems } = readFragment(`#moves=${"L".repeat(LIMITS.moves + 1)}&notation=%3Cb%3E&undos=as%20played`);
  assert.deepEqual(params, {});
  assert.equal(problems.length, 3);
  assert.match(problems[0], new RegExp(`moves are longer than ${LIMITS.moves.toLocaleString("en")} characters`));
  assert.match(problems[1], /notation "<b>" is not a word/);
  assert.match(problems[2], /undos "as played" is not a word/);
  // A notation Python does not know, or letters that are not moves, pass the codec: Python refuses them.
  assert.deepEqual(readFragment("#moves=LXQ&notation=chess").params, { moves: "LXQ", notation: "chess" });
});

test("a game's times and a replay are read by their form; a bad one is said and left out", () => {
  const { params, problems } = readFragment("#board=1,2,3,4,5,6,0,7,8&moves=LL&notation=page&times=0,250&replay=eNqLVvIx");
  assert.equal(params.times, "0,250");
  assert.equal(params.replay, "eNqLVvIx");
  assert.deepEqual(problems, []);
  for (const bad of ["0,-5", "NaN", "1e3", "0,,1", "1234567890"]) {
    const read = readFragment(`#moves=LL&notation=page&times=${bad}`);
    assert.equal(read.params.times, undefined, bad);
    assert.match(read.problems[0], /times are not gaps in whole milliseconds/);
  }
  assert.equal(readFragment(`#replay=${"A".repeat(LIMITS.replay)}`).params.replay.length, LIMITS.replay);
  const long = readFragment(`#replay=${"A".repeat(LIMITS.replay + 1)}`);
  assert.equal(long.params.replay, undefined);
  assert.match(long.problems[0], new RegExp(`replay is longer than ${LIMITS.replay.toLocaleString("en")} characters`));
  const gaps = (length) => "1,".repeat(length).slice(0, length); // "1,1,...,1" of an odd length
  assert.equal(readFragment(`#times=${gaps(LIMITS.times - 1)}`).params.times.length, LIMITS.times - 1);
  assert.match(readFragment(`#times=${gaps(LIMITS.times + 1)}`).problems[0], /times are not gaps/, "times past Python's limit");
});

test("a step that is a whole number but too large is called too large, not \"not a whole number\"", () => {
  const { params, problems, refused } = readFragment("#board=1,2,3,0&step=999999999999", LIMITS);
  assert.equal(params.step, undefined);
  assert.deepEqual(refused, ["step"]);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /step "999999999999" is too large \(at most 999,999\); the page opens at the start/);
  assert.doesNotMatch(problems[0], /not a whole number|solution/);
  assert.equal(readFragment("#board=1,2,3,0&step=999999", LIMITS).params.step, 999999);
});

test("code in base64url with its optional padding is read as base64url", () => {
  const { params, problems } = readFragment("#hcode=aGVsbG8gd29ybGQ=");
  assert.deepEqual(problems, []);
  assert.equal(params.hcode, "aGVsbG8gd29ybGQ=");
});
