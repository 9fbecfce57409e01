// The composition root: build every collaborator, hand each the ones it works with, then
// the controller that routes what the person does to them. A feature is one more object in
// `features`, built with its view alone; its routes and hooks (hooks.js) are how the controller
// reaches it, and the app's door (app-door.js), which the controller hands it, is all it may
// ask of the app. Each view is the only code that writes its part of the DOM; `page` (PageView)
// is the page's own: the status line, the solver's state, the busy flags and the result. Python's
// facts have one owner, `state` (PageState, the one owner of `info`); no model reaches for the
// document or the window: main.js hands them in.
// The page's first script, first: it starts the solver's worker before anything else of the page
// is evaluated (the build ships this module bundled with all it imports, boot.js's graph first).
import "./boot.js";
import { Analysis } from "../analysis/analysis.js";
import { AssignPanel } from "../assign/assign-panel.js";
import { bindAssignInput } from "../assign/assign-input.js";
import { AssignView } from "../assign/assign-view.js";
import { SetView } from "../assign/set-view.js";
import { bindAnalysisInput } from "../analysis/analysis-input.js";
import { AnalysisView } from "../analysis/analysis-view.js";
import { BoardEditor } from "../board/board-editor.js";
import { BoardView } from "../board/board-view.js";
import { EditorView } from "../board/editor-view.js";
import { GoalChoice } from "../board/goal-choice.js";
import { Comparison } from "../compare/comparison.js";
import { CodePanel } from "../custom/code-panel.js";
import { CodeRunner } from "../custom/code-runner.js";
import { SandboxWorker } from "../custom/sandbox-host.js";
import { CodeView } from "../custom/code-view.js";
import { CompareView } from "../compare/compare-view.js";
import { Explainer } from "../explain/explainer.js";
import { ExplainView } from "../explain/explain-view.js";
import { LinkState } from "../link/link-state.js";
import { LinkView } from "../link/link-view.js";
import { PlayMode } from "../play/play-mode.js";
import { PlayView } from "../play/play-view.js";
import { Player } from "../replay/player.js";
import { Replay } from "../replay/replay.js";
import { ReplayView } from "../replay/replay-view.js";
import { ChoiceView } from "../solver/choice-view.js";
import { JobRunner } from "../solver/job-runner.js";
import { SolverChoice } from "../solver/solver-choice.js";
import { solverSupport, takeSolverWorker } from "../solver/early-worker.js";
import { SolverClient } from "../solver/solver-client.js";
import { TablePreparer } from "../solver/table-preparer.js";
import { Trace } from "../trace/trace.js";
import { TraceView } from "../trace/trace-view.js";
import { SearchTree } from "../tree/search-tree.js";
import { Speed } from "../speed/speed.js";
import { bindSpeedInput } from "../speed/speed-input.js";
import { SpeedView } from "../speed/speed-view.js";
import { TreeView } from "../tree/tree-view.js";
import { Controller } from "./controller.js";
import { bindInput } from "./input.js";
import { PageState } from "./page-state.js";
import { PageView } from "./page-view.js";
import { keepDockHeight } from "../common/into-view.js";
import { LINK_LIMITS, SERVICE_WORKER } from "../build-info.js";
import { bindColumnToggles } from "../common/columns.js";

// The solver's worker, started by the page's first script (app/boot.js) once the browser was
// found able to run it (a browser too old is told so, and no file of the runtime is fetched; the
// editor works either way).
const client = new SolverClient(takeSolverWorker, { support: solverSupport() });
// A request that carries a person's code goes to a sandboxed worker of its own (custom/sandbox-host.js),
// started when first needed.
const state = new PageState();
const runner = new CodeRunner({ solver: client, startWorker: () => new SandboxWorker(document), state });
const page = new PageView(document);
const board = new BoardView(document.getElementById("board"));
const clipboard = navigator.clipboard || { writeText: () => Promise.reject(new Error("no clipboard")) };
const player = new Player({ show: (tiles, rows, cols, how) => board.render(tiles, rows, cols, how) });
const tables = new TablePreparer({ client });
const jobs = new JobRunner({ client, code: runner, state, page, tables }); // a built-in search never passes the code runner
const link = new LinkState({ view: new LinkView(document), history: window.history, location: window.location, clipboard, limits: LINK_LIMITS });
const editorView = new EditorView(document);
const editor = new BoardEditor({
  client, state, page, view: editorView, board, goal: new GoalChoice({ view: editorView }), jobs, typingPause: () => link.typingPause(),
});
// The window's localStorage (a student's work per assignment), or null where the browser refuses it.
function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
const features = []; // filled below; the solver choice asks them what they add to its menus
const choice = new SolverChoice({ view: new ChoiceView(document), state, features });
const replay = new Replay({ player, view: new ReplayView(document), board, state });
// Each feature gets its view (and builds its own model); all else it asks of the app's door
// (app-door.js), which the controller hands it.
features.push(
  new SearchTree({ view: new TreeView(document) }),
  new Comparison({ view: new CompareView(document) }),
  new Explainer({ view: new ExplainView(document) }),
  new PlayMode({ view: new PlayView(document) }),
  new Trace({ view: new TraceView(document) }),
  new CodePanel({ view: new CodeView(document) }),
  new Analysis({ view: new AnalysisView(document) }),
  new Speed({ view: new SpeedView(document) }),
  new AssignPanel({ view: new AssignView(document), setView: new SetView(document), storage: localStore(), location: window.location }),
);
const controller = new Controller({
  client, page, state, editor, link, choice, jobs, replay, tables, features, parts: { board, clipboard, linkLimits: LINK_LIMITS },
});
const dispatch = (name, ...values) => controller.dispatch(name, ...values);
bindInput(document, window, dispatch);
bindAnalysisInput(document, dispatch); // the analysis's own panel and buttons
bindSpeedInput(document, dispatch); // the speed-solving panel's
bindAssignInput(document, dispatch); // the assignment panel's
controller.start();
keepDockHeight(document);
bindColumnToggles(document);

// Offline use: the service worker build.py writes at the site's root (SERVICE_WORKER, relative
// to the build's web folder, where its constants module is). It is
// registered once the solver is ready, so that storing the build's files does not
// compete with the first load. A site served without it (not built) works online.
// A new build's worker takes over as soon as it has stored its files (every file's URL names
// its build, so an open page is never served another build's file); it is asked to here too,
// since Chromium can park it as waiting when a fetch reaches the old one as it hands over.
client.ready.then(async () => {
  if (!navigator.serviceWorker) return;
  const takeOver = (worker) => { if (worker) worker.postMessage("skip-waiting"); };
  try {
    const registration = await navigator.serviceWorker.register(new URL(SERVICE_WORKER, new URL("../", import.meta.url)));
    takeOver(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      if (worker) worker.addEventListener("statechange", () => { if (worker.state === "installed") takeOver(worker); });
    });
    setInterval(() => takeOver(registration.waiting), 10_000); // parked later: ask again
  } catch {
    // no service worker (a private window may refuse it): the site works online
  }
}, () => {});
