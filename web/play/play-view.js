// PlayView: writes play mode's controls: the Edit/Play mode radios, the play bar
// (shown in play mode) with its move counter and Undo button, and the celebration
// when the goal is reached. Text goes in through textContent, never as markup.

import { moveCount } from "./play-words.js";

export class PlayView {
  constructor(doc) {
    this.modes = [...doc.querySelectorAll('input[name="mode"]')];
    this.playBar = doc.getElementById("play-bar");
    this.moveCount = doc.getElementById("move-count");
    this.undo = doc.getElementById("undo");
    this.celebration = doc.getElementById("celebration");
  }

  setMode(mode) {
    for (const radio of this.modes) radio.checked = radio.value === mode;
    this.playBar.hidden = mode !== "play";
  }

  setPlayState({ moves, canUndo }) {
    this.moveCount.textContent = moveCount(moves);
    this.undo.disabled = !canUndo;
  }

  // The goal reached, in words; "" hides it.
  celebrate(text) {
    this.celebration.textContent = text;
    this.celebration.hidden = !text;
  }
}
