// Input: turns the page's DOM events into named calls on the controller.
// The controller never touches event objects; this module never holds state.

export function bindInput(doc, win, controller) {
  const byId = (id) => doc.getElementById(id);
  let timer = 0;
  byId("tiles").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.editBoard(byId("tiles").value), 120);
  });
  byId("size").addEventListener("change", () => controller.chooseSize(byId("size").value));
  byId("goal").addEventListener("change", () => controller.chooseGoal(byId("goal").value));
  byId("solve").addEventListener("click", () => controller.solve());
  byId("cancel").addEventListener("click", () => controller.cancel());
  byId("play").addEventListener("click", () => controller.togglePlay());
  byId("step-forward").addEventListener("click", () => controller.stepForward());
  byId("step-back").addEventListener("click", () => controller.stepBack());
  win.addEventListener("hashchange", () => controller.openLink(win.location.hash));
}
