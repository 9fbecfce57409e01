// The app's door: everything a feature may ask of the app, and nothing else. The controller
// builds one (`appDoor(controller)`) and hands it to every feature (and to the editor, the
// solver choice and the replay) through `routes(app)` and the hooks that take it
// (`boardShown(reply, app)`; hooks.js lists the hooks); no feature holds the controller itself.
// Asking the door for a name it does not have is an Error, not undefined. A feature that needs
// something new of the app adds it here, with its line, so the door stays written down.

export function appDoor(controller) {
  const door = Object.freeze({
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
    // The solver's menus changed: what was shown of another search goes (unless `solution: false`).
    menusChanged: (options) => controller.menusChanged(options),
    // Something the link or the busy flags follow changed: derive them again (once, batched).
    changed: () => controller.changed(),
    // The solution shown goes, and what each feature shows of it.
    clearSolution: () => controller.clearSolution(),
    // Open the page on `hash` as if it were a link followed (a replay read becomes its game's link).
    openLink: (hash) => controller.openLink(hash),
  });
  return new Proxy(door, {
    get(target, name) {
      if (typeof name === "string" && name !== "then" && !Object.hasOwn(target, name)) { // (then: not a promise)
        throw new Error(`the app's door has no "${name}" (app-door.js lists what a feature may ask)`);
      }
      return target[name];
    },
  });
}
