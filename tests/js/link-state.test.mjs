// Link state (web/link/link-state.js): reading a link into what it asks for, keeping the
// step and view until they can be honoured, checking names against Python's registries,
// and writing the page's state back into the address.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LinkState } from "../../web/link/link-state.js";
import { pythonInfo } from "./python-info.mjs";

// Python's info, as much of it as the link needs.
const INFO = {
  algorithms: [
    { name: "astar", options: [] },
    { name: "wastar", options: [{ name: "weight", minimum: 1, maximum: 1000 }] },
  ],
  heuristics: [{ name: "manhattan" }, { name: "pdb" }],
};

function linkAt(hash = "") {
  const notices = [];
  const carried = [];
  const copied = [];
  const entries = [];
  const location = { hash, href: `https://example.org/npuzzle/${hash}` };
  const history = {
    pushState: (_, __, fragment) => { entries.push(["push", fragment]); location.hash = fragment; },
    replaceState: (_, __, fragment) => { entries.push(["replace", fragment]); location.hash = fragment; },
  };
  const view = { setLinkNotice: (text) => notices.push(text), setCarries: (text) => carried.push(text), setCopyState: (text) => copied.push(text) };
  const clipboard = { writeText: async (text) => copied.push(`clipboard: ${text}`) };
  return { link: new LinkState({ view, history, location, clipboard, limits: pythonInfo().link }), notices, carried, copied, entries, location };
}

test("a link says at once what it opens besides its board, and a link of a board alone says nothing", () => {
  const { link, carried } = linkAt();
  link.read("#board=8,6,7,2,5,4,3,0,1&view=compare");
  assert.equal(carried.at(-1), "This link opens a comparison of every algorithm on this board.");
  link.read("#board=8,6,7,2,5,4,3,0,1&moves=RDLU&step=2");
  assert.equal(carried.at(-1), "This link opens a game to analyse move by move, at move 2.");
  link.read("#board=8,6,7,2,5,4,3,0,1&view=diagram&step=7");
  assert.equal(carried.at(-1), "This link opens the search tree of this board, drawn as boards, at expansion 7.");
  link.read("#board=8,6,7,2,5,4,3,0,1&step=5");
  assert.equal(carried.at(-1), "This link opens the solution at step 5.");
  link.read("#board=8,6,7,2,5,4,3,0,1"); // the next link carries a board alone: the last one's words go
  assert.equal(carried.at(-1), "");
});

test("a link gives its board, goal and size, and keeps its step and view until taken", () => {
  const { link } = linkAt();
  const asked = link.read("#board=8,6,7,2,5,4,3,0,1&goal=blank-first&size=3x3&step=40&view=compare");
  assert.deepEqual(asked, { board: "8,6,7,2,5,4,3,0,1", goal: "blank-first", size: "3x3" });
  assert.equal(link.waitingForStep, true);
  assert.equal(link.takeView(), "compare");
  assert.equal(link.takeView(), null); // once
  assert.equal(link.takeStep(50), 40);
  assert.equal(link.takeStep(50), null); // once
  assert.equal(link.waitingForStep, false);
});

test("reading the fragment the page shows again asks for nothing (popstate and hashchange both fire)", () => {
  const { link } = linkAt();
  assert.ok(link.read("#board=1,2,3,0"));
  assert.equal(link.read("#board=1,2,3,0"), null);
});

test("a step past the end of the solution or tree opens the end, and says so", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,0&step=99");
  assert.equal(link.takeStep(31), 31);
  assert.match(notices.at(-1), /step 99 is past the end of this 31-move solution; showing the end/);
  link.read("#board=1,2,3,0&step=500&view=tree");
  assert.equal(link.takeStep(200, { tree: true }), 200);
  assert.match(notices.at(-1), /past this search tree's 200 expansions; showing the last/);
  link.read("#board=1,2,0,3&step=3");
  link.dropStep();
  assert.equal(link.takeStep(10), null);
});

test("names and option values are checked against the registries", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,0&algorithm=wastar&heuristic=pdb&weight=2.5");
  assert.deepEqual(link.checkNames(INFO), { algorithm: "wastar", heuristic: "pdb", options: { weight: 2.5 } });
  link.read("#board=1,2,3,0&algorithm=magic&heuristic=guess&weight=5000");
  assert.deepEqual(link.checkNames(INFO), { options: {} });
  const said = notices.at(-1);
  assert.match(said, /algorithm "magic" is not one of astar, wastar; the default is used/);
  assert.match(said, /heuristic "guess" is not one of manhattan, pdb/);
  assert.match(said, /weight 5000 is not between 1 and 1000/);
});

test("the form of a value is checked when read, with a notice", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,0&step=two&extra=1");
  assert.equal(link.waitingForStep, false);
  assert.match(notices.at(-1), /step "two" is not a whole number.*unknown parameter "extra"/);
});

test("writing replaces the address unless asked to push, and skips the address it already shows", () => {
  const { link, entries } = linkAt();
  const state = { board: "1,2,3,0", goal: "blank-last", size: "2x2", algorithm: "astar", heuristic: "manhattan", step: null, view: null };
  link.write(state);
  link.write(state);
  link.write({ ...state, step: 2 }, { push: true });
  assert.deepEqual(entries, [
    ["replace", "#board=1,2,3,0&goal=blank-last&size=2x2&algorithm=astar&heuristic=manhattan"],
    ["push", "#board=1,2,3,0&goal=blank-last&size=2x2&algorithm=astar&heuristic=manhattan&step=2"],
  ]);
  assert.equal(link.read(link.hash), null); // the page wrote it: nothing new to read
});

test("a navigation's event that comes after the page wrote its address reads nothing new, however the engine escaped it", () => {
  const { link, location } = linkAt();
  const state = { board: "1,2,3,0", goal: "blank-last", size: "2x2", algorithm: "astar", heuristic: "manhattan", step: null, view: null };
  assert.ok(link.read("#board=1,2,3,0&hcode=abc")); // the link followed (its popstate)
  location.hash = "#board=1,2,3,0&goal=blank-last&size=2x2&algorithm=astar&heuristic=manhattan";
  const escaping = { replaceState: (_, __, fragment) => { location.hash = fragment.replaceAll(",", "%2C"); } };
  link.history = escaping;
  link.write({ ...state, step: 1 });
  assert.equal(link.read(location.hash), null, "its hashchange, late: the address the page wrote, as the engine holds it");
  assert.ok(link.read("#board=1,2,3,0&hcode=def"), "a new link is read");
});

test("copy puts the address on the clipboard, or says where to copy it from", async () => {
  const { link, copied, location } = linkAt("#board=1,2,3,0");
  await link.copy();
  assert.deepEqual(copied, [`clipboard: ${location.href}`, "Link copied."]);
  link.clipboard = { writeText: async () => { throw new Error("refused"); } };
  await link.copy();
  assert.equal(copied.at(-1), `Copy this link from the address bar: ${location.href}`);
});

test("a link's game (moves, notation, undos) is kept for the analysis until it takes it, once", () => {
  const { link } = linkAt();
  const asked = link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis&step=2&moves=L,R,L2&notation=slidysim&undos=without-undos");
  assert.deepEqual(asked, { board: "1,2,3,4,5,6,0,7,8", goal: undefined, size: undefined });
  assert.deepEqual(link.takeGame(), { moves: "L,R,L2", notation: "slidysim", undos: "without-undos" });
  assert.equal(link.takeGame(), null);
  assert.equal(link.takeView(), "analysis");
  assert.deepEqual(link.checkNames(INFO), { options: {} }, "the game's keys are no algorithm's options");
  // view=analysis without moves: a game of no moves (the position's best moves); no game without either.
  link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis");
  assert.deepEqual(link.takeGame(), { moves: "", notation: undefined, undos: undefined });
  link.read("#board=1,2,3,4,5,6,0,7,8&view=compare");
  assert.equal(link.takeGame(), null);
});

test("moves over the limit open no game: no analysis of an empty game, and the fields that went with them are named", () => {
  const { link, notices, carried } = linkAt();
  const most = pythonInfo().link.moves;
  const asked = link.read(`#board=1,2,3,4,5,6,0,7,8&view=analysis&notation=page&times=1,2&step=3&moves=${"L".repeat(most + 1)}`);
  assert.deepEqual(asked, { board: "1,2,3,4,5,6,0,7,8", goal: undefined, size: undefined });
  assert.equal(link.takeGame(), null);
  assert.equal(link.takeView(), null);
  assert.equal(link.waitingForStep, false);
  assert.equal(carried.at(-1), "");
  assert.match(notices.at(-1), new RegExp(`moves are longer than ${most.toLocaleString("en")} characters; they are left out, and no game is analysed`));
  assert.match(notices.at(-1), /The link's notation, times, view, step go with its moves, which were refused; they are left out \(the board is shown\)/);
  // The same moves within the limit open their game.
  link.read(`#board=1,2,3,4,5,6,0,7,8&view=analysis&notation=page&moves=${"L".repeat(2)}`);
  assert.deepEqual(link.takeGame(), { moves: "LL", notation: "page", undos: undefined });
});

test("a game's notation or times without moves are named as left out, not dropped silently", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,4,5,6,0,7,8&times=1,2&notation=page");
  assert.equal(link.takeGame(), null);
  assert.equal(notices.at(-1), "The link gives notation, times but no moves (moves=) to go with them; they are left out.");
  link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis&notation=page"); // the board's own analysis: nothing to say
  assert.equal(notices.at(-1), "");
});

test("a replay with the link's own board, moves and view says the replay's game replaces them, on the replay's own link too", () => {
  const { link, notices } = linkAt();
  link.read("#board=8,6,7,2,5,4,3,0,1&replay=abc&view=tree&times=5,5&algorithm=astar");
  assert.equal(link.takeReplay(), "abc");
  const said = "The link gives a Slidysim replay and also its own board, times, view; the replay's scramble, moves and times are opened instead, and the link's are left out.";
  assert.equal(notices.at(-1), said);
  const notes = link.takeReplaced();
  assert.deepEqual(notes, [said]);
  assert.deepEqual(link.takeReplaced(), []); // once
  // The replay's own link, read with them: the notice stays, and its names are checked as usual.
  link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis&moves=LL&notation=page", notes);
  assert.equal(notices.at(-1), said);
  link.checkNames(INFO);
  assert.equal(notices.at(-1), said);
  // A replay alone replaces nothing.
  link.read("#replay=abc");
  assert.deepEqual(link.takeReplaced(), []);
  assert.equal(notices.at(-1), "");
});

test("a link's step past the end of its game is said, as a solution's is", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis&moves=LL&notation=page&step=99999");
  link.gameStepPastEnd(99999, 2);
  assert.equal(notices.at(-1), "The link's step 99999 is past the end of this 2-move game; showing its last position.");
  link.gameStepPastEnd(2, 2);
  assert.equal(notices.length, 2);
});

test("editing the board after a link takes away the words of what the link opened", () => {
  const { link, carried } = linkAt();
  link.read("#board=0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1&view=optimal");
  assert.equal(carried.at(-1), "This link opens every shortest solution of this board.");
  link.edited();
  assert.equal(carried.at(-1), "");
});

test("a name the registry has that the link's board is not offered is said, not dropped silently", () => {
  const { link, notices } = linkAt();
  link.read("#board=1,2,3,0&metric=mtm&algorithm=astar");
  link.checkNames({ ...INFO, metrics: [{ name: "stm" }, { name: "mtm" }] });
  link.notOffered([{ kind: "metric", name: "mtm" }]);
  assert.equal(notices.at(-1), "The link's metric \"mtm\" is not offered for this board (the Metric menu lists what is); the menu's choice is used.");
  link.notOffered([]);
  assert.equal(notices.length, 3, "nothing more to say: no new notice");
  link.read(`#board=1,2,3,0&heuristic=custom&hcode=abc`); // a person's heuristic waits for Run: not refused here
  link.notOffered([{ kind: "heuristic", name: "custom" }]);
  assert.equal(notices.at(-1), "");
});

test("a link made from a replay says so of its game", () => {
  const { link } = linkAt();
  link.read("#board=1,2,3,4,5,6,0,7,8&view=analysis&moves=LL&notation=page", [], "replay");
  assert.deepEqual(link.takeGame(), { moves: "LL", notation: "page", undos: undefined, from: "replay" });
});
