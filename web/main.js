// Wiring only: build every collaborator, then the controller that coordinates them.
import { BoardEditor } from "./board-editor.js";
import { BoardView } from "./board-view.js";
import { browserSupport } from "./browser-support.js";
import { CompareView } from "./compare-view.js";
import { Controller } from "./controller.js";
import { ExplainView } from "./explain-view.js";
import { GoalChoice } from "./goal-choice.js";
import { bindInput } from "./input.js";
import { JobRunner } from "./job-runner.js";
import { LinkState } from "./link-state.js";
import { PageView } from "./page-view.js";
import { PlayMode } from "./play-mode.js";
import { Player } from "./player.js";
import { Replay } from "./replay.js";
import { SolverChoice } from "./solver-choice.js";
import { SolverClient } from "./solver-client.js";
import { TablePreparer } from "./table-preparer.js";
import { TraceView } from "./trace-view.js";
import { TreeView } from "./tree-view.js";

// What this browser lacks for the runtime is found before the worker starts (a browser too old
// is told so, and no file of the runtime is fetched); the editor works either way.
const client = new SolverClient(new URL("./worker.js", import.meta.url), { support: browserSupport() });
const page = new PageView(document);
const board = new BoardView(document.getElementById("board"));
const compareView = new CompareView(document);
const clipboard = navigator.clipboard || { writeText: () => Promise.reject(new Error("no clipboard")) };
const player = new Player({ show: (tiles, rows, cols, how) => board.render(tiles, rows, cols, how) });
const tables = new TablePreparer({ client });
const jobs = new JobRunner({ client, page, compareView, tables });
const controller = new Controller({
  client, page, board, compareView, jobs, explain: new ExplainView(document), trace: new TraceView(document),
  treeView: new TreeView(document),
  editor: new BoardEditor({ client, page, board, goal: new GoalChoice({ page }), jobs }),
  link: new LinkState({ page, history: window.history, location: window.location, clipboard }),
  choice: new SolverChoice({ page }),
  replay: new Replay({ player, page, board }),
  play: new PlayMode({ client, page, board }),
  tables,
});
bindInput(document, window, controller);
controller.start();

// Offline use: the service worker build.py writes at the site's root (sw.js). It is
// registered once the solver is ready, so that storing the build's files does not
// compete with the first load. A site served without it (not built) works online.
// A new build's worker takes over as soon as it has stored its files (every file's URL names
// its build, so an open page is never served another build's file); it is asked to here too,
// since Chromium can park it as waiting when a fetch reaches the old one as it hands over.
client.ready.then(async () => {
  if (!navigator.serviceWorker) return;
  const takeOver = (worker) => { if (worker) worker.postMessage("skip-waiting"); };
  try {
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
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
