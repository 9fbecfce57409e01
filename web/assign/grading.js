// One grade of one code against an assignment, the page's half of the flow docs/page.md
// writes down ("The flow of one grade"): the judge (`assignment_grade`, a job in the solver's
// worker, which never takes code) asks; each ask's request goes, with the code added, to the
// code's sandboxed worker (`assignment_answer`, which judges nothing); its answer goes back to
// the judge as a `feed`, timed by the page's clock, or the error when that worker failed. Every
// verdict, count and score is the judge's. The Do panel's Check and each row of the Grade panel
// run this; nothing here reads a verdict.
//
// `judge`: {request(request, onProgress) -> {id, answer}, feed(id, fed), cancel(id)} (the door's
// judge lane); `code`: {request(request, onProgress, options) -> {id, answer}, cancel(handle),
// end(reason, handle)} (the door's code lane). `now()`: ms.

import * as words from "./assign-words.js";

// A `values` or `search` ask is one call that reports nothing while it runs: its worker may stay
// silent for its time limit and this much more.
export const SILENCE_MARGIN_MS = 5000;

// The field that carries the code, by the assignment's task.
export function codeField(task) {
  return task === "search" ? "search_code" : "heuristic_code";
}

// The feed that answers `ask` with the code's worker's `reply` (`seconds` on the page's clock),
// or, for a streamed ask's last answer, with what was not streamed yet (`got`: values passed on).
export function feedFor(ask, reply, seconds, got = 0) {
  if (!reply || reply.ok !== true) {
    const message = reply && reply.error && typeof reply.error.message === "string" ? reply.error.message : "no answer";
    return { ask: ask.id, error: message, seconds, final: true };
  }
  if (ask.streams) {
    if (reply.values_from !== got || !Array.isArray(reply.values)) {
      return { ask: ask.id, error: words.OUT_OF_ORDER, seconds, final: true };
    }
    return { ask: ask.id, values: reply.values, stopped: reply.stopped ?? null, seconds, final: true };
  }
  if (ask.kind === "search") return { ask: ask.id, moves: reply.moves ?? null, stopped: reply.stopped ?? null, seconds, final: true };
  return { ask: ask.id, values: reply.values ?? null, stopped: reply.stopped ?? null, seconds, final: true };
}

// Grade `text` (the code) against `assignment` (its JSON object; `task` its task). Returns
// {answer: a promise of the judge's last answer ({ok, type: "grade", grade} or an error),
// failures: what the code's worker failed with (its error answers, as fed), stop(reason)}. `onProgress(report)`: each of the judge's reports ({stage, board, boards, asks,
// waiting, seconds}).
export function gradeCode({ judge, code, assignment, task, text, now, onProgress = null }) {
  const field = codeField(task);
  const asked = new Set();
  let current = null; // {ask, handle, got}: the ask the code's worker is answering
  let first = true; // the first ask of this grade gets a fresh worker
  let judgeId = null;
  let stopped = false;
  const failures = []; // what the code's worker failed with, ask by ask (its row's sentence)
  const endCurrent = (reason) => {
    const running = current;
    current = null;
    if (running && running.handle) {
      code.cancel(running.handle);
      code.end(reason, running.handle);
    }
  };

  const answerAsk = async (ask) => {
    let began = null; // when the code's worker starts on it (never its start-up: code-runner.js's onStart)
    const request = { ...ask.request, [field]: text };
    const options = ask.streams ? {} : { silenceMs: Math.round((Number(ask.request.time_limit) || 10) * 1000) + SILENCE_MARGIN_MS };
    options.onStart = () => { began = now(); };
    if (first) options.fresh = true;
    first = false;
    const running = { ask, handle: null, got: 0, broken: false };
    current = running;
    const streamed = ask.streams ? (report) => {
      if (current !== running || running.broken || !report || report.values_delta === undefined) return;
      if (report.values_from !== running.got || !Array.isArray(report.values_delta)) {
        running.broken = true;
        return;
      }
      running.got += report.values_delta.length;
      judge.feed(judgeId, { ask: ask.id, values: report.values_delta, final: false });
    } : null;
    const { id: handle, answer } = code.request(request, streamed, options);
    running.handle = handle;
    const reply = await answer;
    if (current !== running || stopped) return; // the judge is done with this ask, or grading stopped
    current = null;
    const seconds = began === null ? 0 : Math.max((now() - began) / 1000, 0);
    const fed = running.broken
      ? { ask: ask.id, error: words.OUT_OF_ORDER, seconds, final: true }
      : feedFor(ask, reply, seconds, running.got);
    if (fed.error) failures.push(fed.error);
    judge.feed(judgeId, fed);
  };

  const { id, answer } = judge.request({ op: "assignment_grade", assignment }, (report) => {
    if (!report || stopped) return;
    const ask = report.ask;
    // A grade whose ask is null or new while the code still streams the old one is done with it.
    if (current && current.ask.streams && (!ask || ask.id !== current.ask.id)) endCurrent(words.GRADER_DONE);
    if (ask && typeof ask === "object" && Number.isInteger(ask.id) && !asked.has(ask.id) && ask.request) {
      asked.add(ask.id);
      answerAsk(ask);
    }
    if (onProgress) {
      const { ask: _ask, ...said } = report;
      onProgress(said);
    }
  });
  judgeId = id;
  const finished = answer.then((reply) => {
    if (current) endCurrent(words.GRADER_DONE);
    return reply;
  });
  return {
    answer: finished,
    failures,
    // Stop: the judge ends with the criteria not judged yet `not-judged`; the code's worker is ended.
    stop(reason) {
      if (stopped) return;
      stopped = true;
      endCurrent(reason);
      judge.cancel(judgeId);
    },
  };
}
