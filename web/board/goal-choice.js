// GoalChoice: the goal the board is solved towards: a name from Python's
// info.goals or "custom" with its tile list. A link's goal is kept as given
// until Python's names are known, then settled as named or custom. The goal
// menu and the custom goal's editor are EditorView's.

export class GoalChoice {
  constructor({ view }) {
    this.view = view;
    this.kind = null; // a name from info.goals, "custom", or null until a link's goal is settled
    this.text = ""; // the custom goal's tiles
    this.asked = null; // the goal a link asked for (null: Python's default)
  }

  // What Python gets as a request's goal.
  get request() {
    return this.kind === "custom" ? this.text : this.kind;
  }

  // A link's goal, shown in the menu at once (a name the menu has, else its tiles as a
  // custom goal) and settled once Python's names are known.
  fromLink(goal) {
    this.asked = goal ?? null;
    this.kind = null;
    if (this.asked === null) return;
    const named = this.view.offersGoal(this.asked);
    this.view.setGoal(named ? this.asked : "custom", named ? undefined : this.asked);
  }

  // Decide a link's goal once `info` is known (Python lists its default goal first).
  settle(info) {
    if (this.kind !== null) return;
    const named = !this.asked || info.goals.includes(this.asked);
    this.kind = named ? this.asked || info.defaults.goal : "custom";
    if (!named) this.text = this.asked;
    this.view.setGoal(this.kind, this.text);
  }

  // The person chose `kind`; a custom goal starts from the goal of board `a` (if any).
  choose(kind, a) {
    this.kind = kind;
    if (kind === "custom" && !this.text && a) this.text = a.goal_tiles.join(" ");
    this.view.setGoal(kind, this.text);
  }

  edit(text) {
    this.text = text;
  }

  // A new size: a custom goal belongs to the old one, so it becomes the default.
  resize(info) {
    if (this.kind !== "custom") return;
    this.kind = info.defaults.goal;
    this.view.setGoal(this.kind);
  }

  // Python's answer for a board: a custom goal is shown as Python wrote it, unless the person
  // has typed in its editor since (an answer to an older goal must not undo their typing).
  show(a) {
    if (this.kind !== "custom" || this.view.goalText !== this.text) return;
    this.text = a.goal_tiles.join(" ");
    this.view.setGoal("custom", this.text);
  }
}
