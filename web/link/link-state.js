// LinkState: the page's address. It reads a link (the fragment, on start, Back
// and Forward) into what the link asks for, writes the page's state back into
// the address (a history entry for each deliberate change), copies the link,
// and keeps what a link asks for until it can be honoured: the algorithm and
// heuristic names (checked once Python's registries are known) and the step to
// open (once its solution is found), and the game a link carries for its analysis (moves,
// notation, undos: until the analysis takes it). Its notices about the link go to its view (LinkView).

import { formatFragment, readFragment } from "./url-state.js";
import * as words from "./link-words.js";

// Link keys that are not an algorithm's option (the rest, such as weight, are).
const PAGE_KEYS = ["board", "goal", "size", "algorithm", "heuristic", "step", "view", "hcode", "scode", "moves", "notation", "undos", "times", "replay", "metric", "assignment", "submission"];
// A game's fields besides its moves (its view when that is the analysis): without moves they open nothing.
const GAME_KEYS = ["notation", "undos", "times", "view"];
// What a replay (replay=) replaces of a link: its own board and game.
const REPLAY_REPLACES = ["board", "goal", "size", "moves", "notation", "undos", "times", "view", "step"];
// The Heuristic menu's name for a person's heuristic: a link may ask for it when it carries one.
const CUSTOM = "custom";

export class LinkState {
  // `limits`: how long each field may be (Python's LINK_LIMITS, from the build's constants module).
  constructor({ view, history, location, clipboard, limits }) {
    Object.assign(this, { view, history, location, clipboard, limits });
    this.lastHash = null; // the fragment the page shows
    // The address's fragment as the browser holds it after the page wrote lastHash (an engine may
    // write it otherwise, say a character escaped): a navigation's event that comes late, after
    // the page wrote its own address, reads it, and it is nothing new to read either.
    this.shownHash = null;
    this.lastPush = 0; // when typing last made a history entry
    this.problems = []; // notices about the link being shown
    this.names = {}; // {algorithm, heuristic} a link asks for, until checked
    this.options = {}; // option values (such as weight) a link asks for, until checked
    this.pendingStep = null; // a link's step, until its solution is found
    this.pendingView = null; // a link's view ("compare"), until its board is shown
    this.code = {}; // {heuristic, search}: a person's code a link carries (packed), until the code panel takes it
    this.carriesHeuristic = false; // whether the link being read carries a heuristic (it may then name "custom")
    this.game = null; // {moves, notation, undos, times}: the game a link carries (view=analysis), until the analysis takes it
    this.replay = null; // a Slidysim replay a link carries (replay=), until the speed panel reads it
    this.assignment = { assignment: null, submission: null }; // what a link carries for the assignment panel, until it takes it
    this.replaced = []; // the link's own keys its replay replaces (said again on the replay's own link)
  }

  get hash() {
    return this.location.hash;
  }

  // What `hash` asks for: {board, goal, size, options: {name: number}}, or null
  // when the page already shows it (popstate and hashchange both fire for one Back).
  // `notes`: notices that come with the link (a replay's: what of the link before it replaced),
  // shown first; `from`: what the link was made from ("replay": a Slidysim replay read), said of its game.
  read(hash, notes = [], from = null) {
    if (hash === this.lastHash || (this.shownHash !== null && hash === this.shownHash)) return null;
    this.lastHash = hash;
    this.shownHash = null;
    const { params, problems, refused } = readFragment(hash, this.limits);
    problems.unshift(...notes);
    this.replaced = [];
    if (params.replay !== undefined) {
      // The replay's game is opened (its board, moves, times, view): the link's own go, and it says so.
      this.replaced = REPLAY_REPLACES.filter((key) => params[key] !== undefined);
      if (this.replaced.length) problems.push(words.replayReplaces(this.replaced));
    } else if (refused.includes("moves")) {
      // Refused moves open no game: no analysis of an empty game in their place.
      const dropped = [...GAME_KEYS, "step"].filter((key) => params[key] !== undefined && (key !== "view" || params.view === "analysis"));
      for (const key of dropped) delete params[key];
      if (dropped.length) problems.push(words.withoutGame(dropped, true));
    } else if (params.moves === undefined && params.view !== "analysis") {
      const dropped = GAME_KEYS.filter((key) => key !== "view" && params[key] !== undefined);
      if (dropped.length) problems.push(words.withoutGame(dropped, false));
    }
    this.notify(problems);
    this.names = { algorithm: params.algorithm, heuristic: params.heuristic, metric: params.metric };
    this.pendingStep = params.step ?? null;
    this.pendingView = params.view ?? null;
    this.code = { heuristic: params.hcode, search: params.scode };
    this.carriesHeuristic = Boolean(params.hcode);
    const game = params.moves !== undefined || params.view === "analysis";
    this.game = game ? { moves: params.moves ?? "", notation: params.notation, undos: params.undos } : null;
    if (this.game && params.times) this.game.times = params.times;
    if (this.game && from) this.game.from = from;
    this.replay = params.replay ?? null;
    this.assignment = { assignment: params.assignment ?? null, submission: params.submission ?? null };
    this.view.setCarries(words.carries({ view: this.pendingView, game, step: this.pendingStep, replay: Boolean(this.replay) }));
    this.options = {};
    for (const [key, value] of Object.entries(params)) {
      if (!PAGE_KEYS.includes(key)) this.options[key] = Number(value);
    }
    return { board: params.board, goal: params.goal, size: params.size };
  }

  // What the link asks of Python's registries, checked against them: the algorithm
  // and heuristic if they are names there, the option values (such as weight) within
  // their option's range: {algorithm?, heuristic?, options: {name: number}}; a notice
  // for any that is not.
  checkNames(info) {
    const known = { options: {} };
    const notes = [...this.problems];
    for (const [kind, entries] of [["algorithm", info.algorithms], ["heuristic", info.heuristics], ["metric", info.metrics || []]]) {
      const name = this.names[kind];
      if (name === undefined) continue;
      if (kind === "heuristic" && name === CUSTOM && this.carriesHeuristic) continue; // the code panel offers it once allowed to run
      if (entries.some((e) => e.name === name)) known[kind] = name;
      else notes.push(words.unknownName(kind, name, entries.map((e) => e.name)));
    }
    const options = info.algorithms.flatMap((entry) => entry.options);
    for (const [name, value] of Object.entries(this.options)) {
      const option = options.find((o) => o.name === name);
      if (!option) continue; // url-state.js knows only the registry's option names
      if (Number.isFinite(value) && value >= option.minimum && value <= option.maximum) known.options[name] = value;
      else notes.push(words.outOfRange(name, value, option));
    }
    this.names = {};
    this.options = {};
    this.notify(notes);
    return known;
  }

  // The person made another board: what the link opened (its view, game, step) is no longer on
  // screen, so the words saying it opens them go.
  edited() {
    this.view.setCarries("");
  }

  // Names the link asked for that its board is not offered ([{kind, name}], SolverChoice.unmet):
  // each said, after the other notices.
  // (A person's heuristic the link carries is offered only once Run is pressed: not one of them.)
  notOffered(unmet) {
    const said = (unmet || []).filter(({ kind, name }) => !(kind === "heuristic" && name === CUSTOM && this.carriesHeuristic));
    if (said.length) this.notify([...this.problems, ...said.map(({ kind, name }) => words.notOffered(kind, name))]);
  }

  // One more notice about the link being shown (its code could not be read, ...), after the others.
  addNotice(text) {
    this.notify([...this.problems, text]);
  }

  notify(problems) {
    this.problems = problems;
    this.view.setLinkNotice(problems.join(" "));
  }

  // The code a link carries ({heuristic, search}, packed), once.
  takeCode() {
    const code = this.code;
    this.code = {};
    return code;
  }

  // The game the link carries for its analysis ({moves, notation, undos}), once; null if none.
  takeGame() {
    const game = this.game;
    this.game = null;
    return game;
  }

  // The assignment and submission the link carries ({assignment, submission}: their packed
  // values, or null), once.
  takeAssignment() {
    const carried = this.assignment || { assignment: null, submission: null };
    this.assignment = { assignment: null, submission: null };
    return carried;
  }

  // The Slidysim replay the link carries (its text), once; null if none.
  takeReplay() {
    const replay = this.replay;
    this.replay = null;
    return replay;
  }

  // What the link's replay replaced of the link (a notice to carry into the replay's own link), or [].
  takeReplaced() {
    const notes = this.replaced?.length ? [words.replayReplaces(this.replaced)] : [];
    this.replaced = [];
    return notes;
  }

  // The link asked for the position `wanted` of a game of `moves` moves: past its end, it says so.
  gameStepPastEnd(wanted, moves) {
    if (wanted > moves) this.notify([...this.problems, words.stepPastGame(wanted, moves)]);
  }

  get waitingForStep() {
    return this.pendingStep !== null;
  }

  // The step a link asked to open a `length`-move solution on (once), or null; with
  // `tree`, the expansion step of a search tree of `length` expansions.
  takeStep(length, { tree = false } = {}) {
    const wanted = this.pendingStep;
    this.pendingStep = null;
    if (wanted === null) return null;
    if (wanted > length) this.view.setLinkNotice(words.stepPastEnd(wanted, length, tree));
    return Math.min(wanted, length);
  }

  // The view a link asked to open (once), or null.
  takeView() {
    const view = this.pendingView;
    this.pendingView = null;
    return view;
  }

  dropStep() {
    this.pendingStep = null;
  }

  // Put `state` (url-state's keys) in the address; `push` makes a history entry.
  write(state, { push = false } = {}) {
    const fragment = formatFragment(state);
    this.lastHash = fragment;
    if (this.location.hash !== fragment) {
      if (push) this.history.pushState(null, "", fragment);
      else this.history.replaceState(null, "", fragment);
    }
    this.shownHash = this.location.hash;
  }

  // Whether an edit typed now deserves its own history entry: one per pause of
  // more than two seconds.
  typingPause() {
    const push = performance.now() - this.lastPush > 2000;
    this.lastPush = performance.now();
    return push;
  }

  async copy() {
    const href = this.location.href;
    try {
      await this.clipboard.writeText(href);
      this.view.setCopyState(words.COPIED);
    } catch {
      this.view.setCopyState(words.copyByHand(href));
    }
  }
}
