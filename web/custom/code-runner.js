// CodeRunner: the workers that run a person's code. Each is a client of the solver's worker core
// (the same package and web API), in the sandbox (sandbox-host.js: an opaque-origin frame that
// owns the worker, under a policy with no network, storage or evaluation). It takes only a request
// that carries a person's code (heuristic_code, search_code) and refuses any other: which requests
// come here and which go to the solver is the job runner's to decide (JobRunner.via), once. It asks
// the solver itself only for what it must judge outside the code (judge_check, replay). The
// solver's worker never runs a person's code, so an endless loop, an exception, a huge allocation
// or a crash there loses neither the solver, nor its tables, nor the board: that worker alone is
// ended.
//
// One interpreter per code: a request goes to the worker of its code's text (all of it: the
// heuristic's and the search's), or to a fresh one that has run no code. A worker of other code
// is ended once it has nothing left to answer, so nothing one code did (a class of the package
// replaced, a module patched, a table changed in memory) reaches another code's run. A fresh
// worker is kept started ahead (`spare`) once code has answered, so new code does not wait for
// Python, and warmed with the site's own code (WARM_UP), never a person's. A request sent with
// `fresh: true` (each grade of an assignment, web/assign/grading.js) ends its code's worker first,
// so that each submission runs in an interpreter of its own even when two have the same text; the
// next spare then starts at once, warmed for the request's board (its size and goal), so that the
// next submission's interpreter is ready when its turn comes (bench/assign.py).
//
// Judged outside the code: a check (op "check") is never asked of the code's worker. Its worker
// only answers h's values on the boards the check judges ("check_values"), and the solver's own
// worker judges them ("judge_check"): the verdict, every count in it and its sentence are the
// solver's. Other answers are taken on nobody's word either (sandbox-answers.js): a progress
// report the page cannot use, an answer whose boards are not the request's size, a solution the
// solver's worker does not replay from the request's board to what it claims, end that worker;
// the request is answered with why. Counts only the code's worker can know (a search's
// expansions) are marked `reported_by: "code"`, and the page says so where it shows them.
//
// Limits on a code's worker: silence (no message) for HANG_MS while it works (an h that never
// returns), reports that do not get further for HANG_MS (a count, a stage: `advance`), a request
// that outlives its whole budget (`budgetMs`), and its memory's hard cap (sandbox-host.js's
// MEMORY_LIMIT). Each ends the worker; the request waiting on it is answered with an error that
// says why, and a fresh worker starts.
//
// As the job runner's client (its `via` and its code panel's lane): request(request, onProgress,
// options) -> {id, answer}, cancel(id), as SolverClient's, with ids that remember their worker.

import { stoppedBy } from "../common/stops.js";
import { workerTrouble as trouble } from "../common/wording.js";
import { SolverClient } from "../solver/solver-client.js";
import * as protocol from "../solver/protocol.js";
import * as words from "./code-words.js";
import { boardsFit, cellsOf, foreignResult, ownBoundsDropped, refusal, replayRequest, replayedSolution, vouched } from "./sandbox-answers.js";

const HANG_MS = 10_000;
const WATCH_MS = 1000;
const BUDGET_MARGIN_MS = 30_000; // past a request's own time limit
const COMPARE_BUDGET_MS = 600_000; // Compare all runs many searches, each under the time limit
export const WHO = words.worker;
const CLOCK = {
  now: () => performance.now(),
  every: (callback, ms) => setInterval(callback, ms),
  stop: (timer) => clearInterval(timer),
};

// The code a request carries, as one key: the same text, the same worker.
export function codeKey(request) {
  return JSON.stringify([request.heuristic_code ?? null, request.search_code ?? null]);
}

// How far a progress report says the work has got: a number that grows as it goes on (searches
// expanded, boards asked about, pairs done), and the stage it names.
export function advance(report) {
  if (!report || typeof report !== "object") return { count: -1, stage: null };
  const number = (key) => (Number.isFinite(report[key]) ? report[key] : 0);
  return { count: number("pairs_done") * 1e9 + number("expanded") + number("states") + number("done"), stage: String(report.stage ?? "") };
}

// The whole time a request may take on a code's worker, ms (`defaultSeconds`: Python's time limit
// for a request that names none, info.defaults.time_limit).
export function budgetMs(request, defaultSeconds) {
  if (request.op === "compare") return COMPARE_BUDGET_MS;
  const seconds = Number.isFinite(request.time_limit) ? request.time_limit : defaultSeconds;
  // (Neither known: Python's info not in yet. Python ends the work at its own default; the watch
  // of silence still ends a worker that hangs.)
  return Number.isFinite(seconds) ? seconds * 1000 + BUDGET_MARGIN_MS : Infinity;
}

export class CodeRunner {
  // `startWorker()`: a new sandboxed worker (a SandboxWorker); `newClient(startWorker)`: a client
  // of one (a SolverClient; a fake in Node tests); `clock`: as SolverClient's; `state`: the page's
  // (PageState), whose `info` holds Python's limits (a tree's most nodes).
  constructor({ solver, startWorker, state, newClient = null, clock = CLOCK }) {
    Object.assign(this, { solver, startWorker, state, clock });
    this.newClient = newClient || ((start) => new SolverClient(start, { hangMs: HANG_MS, who: WHO, maxRestarts: Infinity }));
    this.boxes = new Map(); // code key -> {key, client}
    this.latest = null; // the key of the code asked for last
    this.spare = null; // a fresh client that has run no code
    this.lane = Promise.resolve(); // the code's requests, one at a time
  }

  get started() {
    return this.boxes.size > 0 || this.spare !== null;
  }

  // The worker for `request`'s code: its own, else a fresh one; workers of other code that have
  // nothing left to answer are ended.
  // `fresh`: a worker that has run no code even if this code's exists (grading: each submission
  // in an interpreter of its own, whatever another ran of the same text).
  box(request, fresh = false) {
    const key = codeKey(request);
    this.latest = key;
    let box = this.boxes.get(key);
    if (box && fresh) {
      this.boxes.delete(key);
      box.client.fail(words.retired);
      box = null;
    }
    if (!box) {
      const client = this.spare || this.newClient(this.startWorker);
      this.spare = null;
      box = { key, client };
      this.boxes.set(key, box);
    }
    this.retire();
    return box;
  }

  // `warmUp`: the request that warms it (WARM_UP, or one of a grade's board: warmUpFor).
  keepSpare(warmUp = WARM_UP) {
    if (this.spare || this.boxes.size === 0) return;
    const spare = this.spare = this.newClient(this.startWorker);
    // Warmed with the site's own code, never a person's: the first check of the next code then
    // finds the 3x3 table built and the runtime's code compiled for speed (a fresh worker's first
    // check took 2.6 x a warm one's with h = 0).
    // `warmed`: once it has started and its warm-up is answered (a grade's clock starts after it).
    spare.warmed = Promise.resolve(spare.ready).then(() => (this.spare === spare ? spare.request(warmUp).answer : null)).then(() => {}, () => {});
  }

  // End the workers of code other than the latest (the lane: none of them has anything left to answer).
  retire() {
    for (const box of [...this.boxes.values()]) {
      if (box.key === this.latest) continue;
      this.boxes.delete(box.key);
      box.client.fail(words.retired);
    }
  }

  // End a code's worker now, whatever it runs (a cancel, a limit): what waits on it is answered
  // with an error that gives `reason`, and a fresh worker starts. `handle`: the request whose
  // worker (else every code's worker).
  end(reason, handle = null) {
    if (handle && !handle.client) {
      handle.ended = reason; // still waiting for its turn: answered when it comes, never sent
      return;
    }
    const clients = handle ? [handle.client] : [...this.boxes.values()].map((box) => box.client);
    for (const client of clients) if (client !== this.solver && client.worker) client.crash(reason);
  }

  // A request that carries code goes to its code's worker (a check: its values there, its
  // verdict from the solver); any other is refused (an Error: it is sent through JobRunner.via).
  request(request, onProgress = null, options = {}) {
    if (!protocol.carriesCode(request)) {
      throw new Error(`the code runner runs only a request that carries a person's code (heuristic_code or search_code), not op ${JSON.stringify(request.op)}: `
        + "any other goes to the solver, as JobRunner.via routes it");
    }
    if (request.op === "check") return this.check(request, onProgress, options);
    // One code's worker at work at a time (each may use its memory cap: two at once, twice it),
    // in the order asked; the handle is the request's before its turn comes (a cancel or an end
    // before then: answered when its turn comes, never sent).
    const handle = { client: null, id: null, ended: null };
    const turn = this.lane.then(() => (handle.ended ? endedAnswer(handle) : this.send(request, onProgress, options, handle)));
    this.lane = turn.then(() => {}, () => {});
    return { id: handle, answer: turn };
  }

  // Send `request` to its code's worker (its turn in the lane came), `handle` its id from then. A
  // fresh request (a grade) waits until its worker has started and finished its warm-up, so that
  // `options.onStart()`, called as it is sent, starts the grade's clock when the code's work does:
  // never the worker's start (a submission's time is its code's, on any engine).
  send(request, onProgress, options, handle) {
    const box = this.box(request, Boolean(options.fresh));
    if (!options.fresh) return this.post(box, request, onProgress, options, handle);
    this.keepSpare(warmUpFor(request)); // the next grade's, starting beside this one
    const go = () => (handle.ended ? endedAnswer(handle) : this.post(box, request, onProgress, options, handle));
    return (box.client.warmed || Promise.resolve(box.client.ready)).then(go, go);
  }

  post(box, request, onProgress, options, handle) {
    handle.client = box.client;
    const ended = (reason) => this.end(reason, handle);
    let solutions = Promise.resolve(); // replayed one after another, in the order found
    const watch = this.watch(request, options, ended, box.client);
    const guarded = (report, solution = null, traceDelta = null) => {
      try {
        if (!boardsFit(report, cellsOf(request))) throw new Error("boards");
        watch.heard(report);
        if (onProgress) onProgress(markReported(reportShown(request, report)), null, traceDelta);
      } catch {
        ended(words.unreadableReport);
        return;
      }
      if (solution && onProgress) solutions = solutions.then(() => this.replayed(request, solution)).then((shown) => {
        if (typeof shown === "string") ended(`it reported ${shown.replace(/^a /, "a solution with ")}`);
        else onProgress(null, shown, null);
      });
    };
    if (options.onStart) options.onStart();
    const { id, answer } = box.client.request(request, guarded, options);
    handle.id = id;
    const settled = answer.then((reply) => this.checked(request, reply, ended)).finally(() => {
      watch.stop();
      this.keepSpare(); // once its code has answered: a start beside the work would slow it
    });
    return settled;
  }

  // The no-progress and budget watch of one request on a code's worker (`client`): both count from
  // when that worker is ready (its start has a limit of its own, SolverClient's).
  watch(request, options, ended, client) {
    const clock = this.clock;
    const hang = Math.max(HANG_MS, options.silenceMs || 0);
    const pythons = this.state.info ? this.state.info.defaults.time_limit : null; // (null: not in yet)
    const budget = Math.max(budgetMs(request, pythons), options.silenceMs || 0);
    let deadline = clock.now() + budget;
    let last = clock.now(); // when the work last got further
    let heard = -Infinity; // when it last reported (silence is SolverClient's to end: "stopped answering")
    let best = advance(null);
    const timer = clock.every(() => {
      const now = clock.now();
      if (client.loaded === false) { // still starting
        last = now;
        deadline = now + budget;
        return;
      }
      const why = now > deadline ? words.overBudget(Math.round(budgetMs(request, pythons) / 1000))
        : now - last > hang && now - heard < 2 * WATCH_MS ? words.noProgress(Math.round((now - last) / 1000)) : null;
      if (why === null) return;
      clock.stop(timer); // once: the worker is ended, and its request answered
      ended(why);
    }, WATCH_MS);
    return {
      heard(report) {
        heard = clock.now();
        const now = advance(report);
        if (now.count > best.count || now.stage !== best.stage) {
          best = { count: Math.max(best.count, now.count), stage: now.stage };
          last = clock.now();
        }
      },
      stop: () => clock.stop(timer),
    };
  }

  // A check: h's values from the code's worker, the verdict from the solver's, judged as the values
  // come (each of its reports brings the values since the last, which go on to the judge). One
  // handle follows it: a cancel reaches the code's worker while it runs, then the judge.
  check(request, onProgress, options) {
    const began = this.clock.now();
    let judging = null; // the solver's request, once the first values came
    let got = 0; // values passed on so far
    let judged = false; // whether the judge has reported (its words, not the code's, from then on)
    let out = null; // why the code's worker's values were refused, once they were
    const judgeProgress = (report) => {
      judged = true;
      if (onProgress) onProgress(report);
    };
    const pass = (from, values, final, extra = {}) => {
      if (from !== got || !Array.isArray(values)) return false;
      got += values.length;
      if (!judging) {
        judging = this.solver.request(protocol.judgeCheck(request, values), judgeProgress);
        if (final) this.solver.feed(judging.id, { values: [], final, ...extra });
      } else {
        this.solver.feed(judging.id, { values, final, ...extra });
      }
      return true;
    };
    const asked = { ...request, op: "check_values" };
    const first = this.request(asked, (report) => {
      if (out) return;
      const { values_delta: values, values_from: from, ...said } = report || {};
      if (values !== undefined && !pass(from, values, false)) {
        out = "h's values out of their order";
        this.end(`it answered with ${out}`, handle);
        return;
      }
      if (!judged && onProgress) onProgress(said);
    }, options);
    const handle = first.id;
    const answer = first.answer.then(async (reply) => {
      if (out) return refusal(request, out);
      if (!reply || reply.ok !== true) {
        if (judging) this.solver.cancel(judging.id);
        return reply;
      }
      const seconds = Math.max((this.clock.now() - began) / 1000, 0.001);
      if (!pass(reply.values_from, reply.values, true, { stopped: reply.stopped ?? null, seconds })) {
        if (judging) this.solver.cancel(judging.id);
        this.end("it answered with h's values out of their order", handle);
        return refusal(request, "h's values out of their order");
      }
      Object.assign(handle, { client: this.solver, id: judging.id });
      return judging.answer;
    });
    return { id: handle, answer };
  }

  // `solution` as the solver's worker replays it from the request's board, or why not (a string).
  // `distance`: and, for a result with a length, as far as the solver vouches for its being shortest.
  async replayed(request, solution, options = {}) {
    const asked = replayRequest(request, solution && solution.tiles, options.distance);
    if (!asked) return "a solution without moves";
    const { answer } = this.solver.request(asked);
    const replayed = await answer;
    const shown = replayedSolution(solution, replayed, options);
    if (typeof shown === "string" || !options.distance || shown.length === null) return shown;
    return vouched(shown, replayed.distance);
  }

  // The code's worker's answer to `request`, as the page may take it (else a refusal, and that
  // worker is ended).
  async checked(request, reply, ended) {
    if (!reply || reply.ok !== true) return reply; // its error: shown as text
    const refuse = (why) => {
      ended(`it answered with ${why}`);
      return refusal(request, why);
    };
    if (!boardsFit(reply, cellsOf(request))) return refuse("boards that are not the size of the request's");
    if (request.op === "check_values") {
      return Array.isArray(reply.values) ? reply : refuse("h's values that are not a list");
    }
    const tree = reply.result && reply.result.tree;
    const most = this.state.info ? this.state.info.tree.max_recorded_nodes : 0; // (code runs only once info is in)
    if (tree !== undefined && tree !== null && !(Array.isArray(tree.nodes) && tree.nodes.length <= most)) {
      return refuse("a search tree of more nodes than a tree may have");
    }
    const marked = markReported(reply);
    if (request.op === "compare") {
      if (!Array.isArray(marked.results)) return refuse("a comparison without its results");
      const rows = [];
      for (const row of marked.results) {
        if (!row || typeof row !== "object") return refuse("a comparison's row that is not a result");
        const shown = row.length === null ? ownBoundsDropped({ ...row, optimal: false, quality: NOT_FINISHED, quality_short: unfinished(row) })
          : await this.replayed(request, row, { final: true, distance: true });
        if (typeof shown === "string") return refuse(`a comparison's row with ${shown.replace(/^a /, "")}`);
        rows.push(shown);
      }
      return { ...marked, results: rows };
    }
    if (request.op !== "solve" && request.op !== "user_search") return marked;
    const foreign = foreignResult(request, marked.result);
    if (foreign) return refuse(foreign);
    const distance = request.op === "solve";
    const shown = await this.replayed(request, marked.result, { final: true, distance });
    if (typeof shown === "string") return refuse(shown);
    return { ...marked, result: shown.length === null ? ownBoundsDropped(shown) : shown };
  }

  cancel(handle) {
    if (handle.client) handle.client.cancel(handle.id);
    else handle.ended = words.CANCELLED_BEFORE_ITS_TURN;
  }
}

const NOT_FINISHED = "not finished: no solution within the limits";
// A row without a solution says which limit stopped it ("not finished (node limit)", as Python's
// quality_short does), worded by the page from the row's `stopped` when that is one of Python's
// stop reasons, else that it found none: never "no", which would say more than a stopped run proved.
function unfinished(row) {
  const why = stoppedBy(row.stopped, { short: true });
  return why ? `not finished (${why})` : "not finished";
}
export const WARM_UP = { op: "check_values", heuristic_code: "def h(tiles, goal, rows, cols):\n    return 0\n", size: "3x3", goal: "blank-last" };

// The answer to a request ended or cancelled before it was sent.
function endedAnswer(handle) {
  return { ok: false, error: { field: "solver", message: trouble.restarted(WHO, handle.ended) } };
}

// WARM_UP on `request`'s board (its size and goal, when it names them as text).
export function warmUpFor(request) {
  const named = (value, fallback) => (typeof value === "string" && value.length <= 16 ? value : fallback);
  return { ...WARM_UP, size: named(request.size, WARM_UP.size), goal: named(request.goal, WARM_UP.goal) };
}

// A progress report of a code's worker as the page may show it while the work runs: without the
// bounds only that worker knows, and, for a comparison, without its rows (each is replayed and
// vouched for at its end).
function reportShown(request, report) {
  const shown = ownBoundsDropped(report);
  if (shown && request.op === "compare" && ("results_delta" in shown || "results" in shown)) {
    Object.assign(shown, { results_from: 0, results_delta: [] });
    delete shown.results;
  }
  return shown;
}

// An answer or report of a code's worker with its results marked as that worker's report
// (`reported_by: "code"`): their counts are the code's claim, and the page says so.
function markReported(reply) {
  if (!reply || typeof reply !== "object") return reply;
  const mark = (result) => (result && typeof result === "object" && !Array.isArray(result) ? { ...result, reported_by: "code" } : result);
  const out = { ...reply, reported_by: "code" };
  if ("result" in reply) out.result = mark(reply.result);
  if (Array.isArray(reply.results)) out.results = reply.results.map(mark);
  return out;
}
