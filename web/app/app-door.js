// The app's door: everything a feature may ask of the app, and nothing else. The controller
// builds one (`appDoor(controller, parts)`) and hands it to every feature (and to the editor,
// the solver choice and the replay) through `routes(app)` and the hooks that take it
// (`boardShown(reply, app)`; hooks.js lists the hooks). A feature is built with its view and
// its own model only (main.js); all else it reaches through here: no feature holds the
// controller, the solver's client, the job runner, the page state or another feature. Asking
// the door (or one of its parts: `replay`, `link`, `choice`, `editor`, `board`, `code`, `judge`) for a name it
// does not have is an Error, not undefined. A feature that needs something new of the app adds
// it here, with its line, so the door stays written down.

// `fields` frozen, and refusing a name they do not have (`what` names them in the error).
export function sealed(what, fields) {
  const frozen = Object.freeze(fields);
  return new Proxy(frozen, {
    get(target, name) {
      if (typeof name === "string" && name !== "then" && !Object.hasOwn(target, name)) { // (then: not a promise)
        throw new Error(`${what} has no "${name}" (app-door.js lists what a feature may ask)`);
      }
      return target[name];
    },
  });
}

// `controller`: the app (controller.js); `parts`: what main.js adds for the features to reach
// through here: {state, page, jobs, replay, link, choice, editor, board, clipboard, linkLimits}.
export function appDoor(controller, { state, page, jobs, replay, link, choice, editor, board, clipboard, linkLimits }) {
  return sealed("the app's door", {
    // -- the board and the one search ------------------------------------------------------
    // The board on screen (Python's analysis of it) when it is valid, else null.
    analysis: () => controller.analysis,
    // Whether the board is valid and no search is running (a feature's search may start).
    idle: () => controller.idle,
    // Whether the board cannot reach its goal; if so, the status line says why.
    refusedAsUnsolvable: () => controller.refusedAsUnsolvable(),
    // Run `request` as the one search of the page, a job of `kind` (a jobKind, solver/job-kind.js,
    // that the feature describes); `done(reply)` gets its answer unless an edit stopped it first;
    // `options` go to the job runner.
    run: (kind, request, done, options) => controller.run(kind, request, done, options),
    // The running search's kind's name, or null; stop it (its answer is dropped).
    job: () => jobs.kind,
    stopJob: () => jobs.stop(),
    // A request to the solver beside the one search (a slide, a notation read, a replay written):
    // {id, answer}; one that carries a person's code goes through the code runner.
    ask: (request, onProgress = null, options = {}) => jobs.ask(request, onProgress, options),

    // -- the page ------------------------------------------------------------------------------
    // Python's info (null until the solver was first ready), whether the solver answers now.
    info: () => state.info,
    ready: () => state.ready,
    // The view of the board the link names ("compare", "tree", "diagram", "analysis", "optimal",
    // null), whether it is the search tree's, and what clicking the board does ("edit", "play").
    view: () => state.view,
    treeShown: () => state.treeShown,
    mode: () => state.mode,
    // Change the page's state: {view} or {mode} (the link and the features follow).
    setState: (changes) => state.set(changes),
    // The status line: `text`, and its data-* (outcome.js) when given.
    status: (text, outcome) => page.setStatus(text, outcome),
    // How long each of a link's fields may be (Python's LINK_LIMITS, from the build's constants).
    linkLimits: () => linkLimits,
    // Copy `text` to the clipboard (a promise; refused where the browser refuses).
    copy: (text) => clipboard.writeText(text),
    // Something the link or the busy flags follow changed: derive them again (once, batched).
    changed: () => controller.changed(),
    // Open the page on `hash` as if it were a link followed (a replay read becomes its game's link);
    // `notes`: notices that come with it (what a link's replay replaced of that link); `from`: what
    // it was made from ("replay"), said of its game.
    openLink: (hash, notes, from) => controller.openLink(hash, notes, from),
    // The solver's menus changed: what was shown of another search goes (unless `solution: false`).
    menusChanged: (options) => controller.menusChanged(options),
    // The solution shown goes, and what each feature shows of it.
    clearSolution: () => controller.clearSolution(),
    // Call a hook (hooks.js) on every feature that has it (play mode's `slid`), and what every
    // feature that has a hook answers (`playedGame`).
    announce: (name, ...args) => controller.announce(name, ...args),
    collect: (name, ...args) => controller.collect(name, ...args),
    // Choose what clicking the board does, as the mode's radio buttons do.
    chooseMode: (mode) => controller.dispatch("choose-mode", mode),

    // -- the parts a feature works with ---------------------------------------------------------
    // The replay: the solution or game it holds, the step shown and its board; load, offer, seek.
    replay: sealed("the door's replay", {
      solution: () => replay.solution,
      step: () => replay.step,
      stepBoard: () => replay.stepBoard,
      load: (solution, rows, cols, step) => replay.load(solution, rows, cols, step),
      offer: (solution, rows, cols, options) => replay.offer(solution, rows, cols, options),
      seek: (step) => replay.seek(step),
      toggle: () => replay.toggle(),
      pause: () => replay.pause(),
    }),
    // The link's step (the step a link asked for, until a solution or a tree takes it): what it
    // is, taken for a solution of `length` moves (or a tree's expansions), dropped.
    link: sealed("the door's link", {
      pendingStep: () => link.pendingStep,
      takeStep: (length, options) => link.takeStep(length, options),
      dropStep: () => link.dropStep(),
      gameStepPastEnd: (wanted, moves) => link.gameStepPastEnd(wanted, moves),
    }),
    // The solver choice: its request fields, the Limits panel's limits, Compare all's fields;
    // its menus filled again, or made to choose what a link or a feature names.
    choice: sealed("the door's solver choice", {
      request: (options) => choice.request(options),
      limits: () => choice.limits(),
      compareFields: () => choice.compareFields(),
      heuristicFields: () => choice.heuristicFields(),
      refill: () => choice.refill(),
      adopt: (names) => choice.adopt(names),
    }),
    // The board editor (play mode slides the board it holds): pick a tile, take Python's
    // analysis of a new board (or tiles), the analysis under way.
    editor: sealed("the door's editor", {
      pick: (tile) => editor.pick(tile),
      unselect: () => editor.unselect(),
      adopt: (analysis) => editor.adopt(analysis),
      adoptTiles: (tiles) => editor.adoptTiles(tiles),
      analyzing: () => editor.analyzing,
      current: () => editor.analysis,
    }),
    // The board's drawing: what clicking it does, the goal reached, a tile flashed, h's parts.
    board: sealed("the door's board", {
      setMode: (mode) => board.setMode(mode),
      celebrate: (won) => board.celebrate(won),
      flash: (tile) => board.flash(tile),
      explain: (parts) => board.explain(parts),
    }),
    // The code panel's lane of the job runner (a person's code, through the code runner): its
    // requests, Cancel, the end of a worker that will not stop (`reason` said), and whether its
    // worker has started.
    code: sealed("the door's code lane", { ...jobs.codeLane }),
    // The judge's lane (the solver's worker, never a person's code): a request, what a running
    // one is fed (a grade's answers from the code's side), its cancel.
    judge: sealed("the door's judge", { ...jobs.judgeLane }),
  });
}
