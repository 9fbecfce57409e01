// The hooks a feature may have, in one list: the controller (and the solver choice) call these
// and no others on the features main.js hands in, and refuse to call a name not listed here
// (`hook`). A feature has the ones it needs; a new hook is one more line here, with what it says.

export const HOOKS = Object.freeze({
  routes: "routes(app) -> {event: handler}: the events it handles; `app` is the door (app-door.js)",
  update: "update(): after every event and change, it follows the state (its view, its buttons)",
  boardShown: "boardShown(reply, app): a new valid board is on screen (Python's analysis of it)",
  menusChanged: "menusChanged(): the solver's menus changed",
  linkStep: "linkStep() -> step | undefined: the step the link carries, when it owns the board shown",
  linkOpened: "linkOpened(link): another link was opened: every result of the last goes",
  linkRead: "linkRead(link): a link was read: what it asks of this feature",
  linkFields: "linkFields() -> {field: value}: what the link carries for it",
  records: "records() -> {field: value}: what a solve's request asks to record for it (a trace)",
  solveStarted: "solveStarted(request): a solve started",
  solveProgress: "solveProgress({progress, words, traceDelta}): a solve's progress report",
  solveFinished: "solveFinished(reply): a solve's answer",
  solvedNote: "solvedNote(reply) -> sentence | null: what it adds to the status line after a solve",
  solutionCleared: "solutionCleared(): the solution shown went",
  stateChanged: "stateChanged(names): the page's state changed: the names of its fields that did (info, ready, view, mode, ...)",
  slid: "slid({before, moved, moves}): a slide in play mode (the board before it, the tiles it moved, their directions)",
  playedGame: "playedGame() -> game | null: the game played in play mode since it started (play mode answers)",
  heuristics: "heuristics() -> [entry]: what it offers in the Heuristic menu (the solver choice asks)",
  compareFields: "compareFields() -> {field: value}: what it adds to Compare all's request (the solver choice asks)",
  codeGiven: "codeGiven(which, text, whose) -> promise: code an assignment gives the code panel's editor (whose: starter, its teacher's; kept, the work kept for it; template, the site's own): shown, run only after consent but the template; settles once the editor holds it",
  codeText: "codeText(which) -> {code, filename, allowed}: the code panel's text of `which` and whether it may run (the code panel answers)",
});

// `name`, once it is a hook; an Error for a name not listed (a misspelt hook would never be called).
export function hook(name) {
  if (!Object.hasOwn(HOOKS, name)) throw new Error(`"${name}" is not a feature hook (web/app/hooks.js lists them)`);
  return name;
}
