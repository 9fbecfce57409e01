// Write Slidysim replay links with Slidysim's own code (slidysim/slidysim.github.io), and
// describe every link in this folder the way that code reads it.
//
//   node generate.mjs /path/to/slidysim.github.io
//
// Nothing of Slidysim is copied here: the checkout's files are run in a node:vm context:
//   libs/pako.min.js             (pako 2.0.3, the deflate/inflate the site uses)
//   modules/slidingPuzzle.js     (whole: scrambleToPuzzle, puzzleToScramble, createPuzzle,
//                                 applyMoves, expandSolution, compressSolution, parseScramble...)
//   modules/dataFetching.js      (only compressArrayToString and decompressStringToArray)
//   modules/replayGeneration.js  (only readSolveData, the leaderboard form's inner reader)
//
// Custom replays (custom-*.txt): the link the replay page's "copy link" writes, shareReplay's
// window.location.origin + window.location.pathname + "?r=" + compressArrayToString([solution,
// tps, stringScramble, fakeTimes]) on https://slidysim.github.io/replay. Boards are random walks
// from createPuzzle (a seeded generator: the same files on every run); the solution is the walk
// undone (reverseSolution), written with compressSolution. Times: milliseconds since the first
// slide, or -1 (no move times, as the page writes them).
//
// manifest.json: for every *.txt here (these and the others, see README.md), what Slidysim's
// code reads from it: decompressStringToArray, then for a leaderboard link readSolveData and
// parseScramble(width, height, solution), the scramble the page replays.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = process.argv[2];
if (!upstream) {
    console.error("usage: node generate.mjs /path/to/slidysim.github.io");
    process.exit(2);
}
const read = (name) => fs.readFileSync(path.join(upstream, name), "utf8");

/** The source of `function name(...) {...}` in `text` (braces counted; these functions have
 * none inside strings). */
function extract(text, name) {
    const start = text.indexOf(`function ${name}(`);
    if (start < 0) throw new Error(`${name} not found`);
    let depth = 0;
    for (let i = text.indexOf("{", start); i < text.length; i++) {
        if (text[i] === "{") depth++;
        if (text[i] === "}" && --depth === 0) return text.slice(start, i + 1);
    }
    throw new Error(`${name} has no end`);
}

const context = vm.createContext({
    atob, btoa, TextEncoder, TextDecoder, Uint8Array, encodeURIComponent, decodeURIComponent, console,
    alert: (message) => { throw new Error(`alert: ${message}`); },
    window: { location: { origin: "https://slidysim.github.io", pathname: "/replay", href: "" } },
    errorDecompressingURL: "Error decompressing URL",
});
context.globalThis = context;
vm.runInContext(read("libs/pako.min.js"), context);
vm.runInContext(read("modules/slidingPuzzle.js"), context);
const dataFetching = read("modules/dataFetching.js");
const replayGeneration = read("modules/replayGeneration.js");
for (const source of [extract(dataFetching, "compressArrayToString"), extract(dataFetching, "decompressStringToArray"),
                      extract(replayGeneration, "readSolveData")]) {
    vm.runInContext(source, context);
}
const S = context;
const ORIGIN_AND_PATH = "https://slidysim.github.io/replay";

// mulberry32: a small seeded generator, so every run writes the same files.
function generator(seed) {
    return () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
const random = generator(20260901);

/** `length` slides (tile directions) from the solved puzzle, none undoing the one before. */
function walk(width, height, length) {
    const undo = { U: "D", D: "U", L: "R", R: "L" };
    let moves = "";
    while (moves.length < length) {
        const move = "UDLR"[Math.floor(random() * 4)];
        if (moves && undo[moves[moves.length - 1]] === move) continue;
        if (S.applyMoves(S.createPuzzle(width, height), moves + move) === -1) continue;
        moves += move;
    }
    return moves;
}

function moveTimes(count) {
    const steps = [0, 0, 25, 40, 60, 90, 130, 250];
    const out = [0];
    while (out.length < count) out.push(out[out.length - 1] + steps[Math.floor(random() * steps.length)]);
    return out;
}

const custom = [
    // name, width, height, scramble walk length, times?, slides left unplayed (an unfinished solve)
    ["custom-2x2-times", 2, 2, 9, true, 0],
    ["custom-3x3-times", 3, 3, 40, true, 0],
    ["custom-3x3-no-times", 3, 3, 40, false, 0],
    ["custom-4x4-times", 4, 4, 80, true, 0],
    ["custom-4x4-no-times", 4, 4, 80, false, 0],
    ["custom-5x5-times", 5, 5, 150, true, 0],
    ["custom-6x4-times", 6, 4, 120, true, 0],
    ["custom-3x5-no-times", 3, 5, 60, false, 0],
    ["custom-8x8-times", 8, 8, 400, true, 0],
    ["custom-4x4-unfinished-times", 4, 4, 60, true, 7],
];
for (const [name, width, height, length, withTimes, unplayed] of custom) {
    const scrambling = walk(width, height, length);
    const scramble = S.puzzleToScramble(S.applyMoves(S.createPuzzle(width, height), scrambling));
    const undo = S.reverseSolution(scrambling);
    const played = undo.slice(0, undo.length - unplayed);
    const solution = S.compressSolution(played);
    const times = withTimes ? moveTimes(played.length) : -1;
    const tps = withTimes ? Math.floor(played.length * 1000 * 1000 / times[times.length - 1]) : 13500;
    const link = ORIGIN_AND_PATH + "?r=" + S.compressArrayToString([solution, tps, scramble, times]);
    fs.writeFileSync(path.join(here, `${name}.txt`), link + "\n");
}

// What Slidysim's code reads from every link here.
const manifest = {};
for (const file of fs.readdirSync(here).filter((f) => f.endsWith(".txt")).sort()) {
    const link = fs.readFileSync(path.join(here, file), "utf8").trim();
    const data = S.decompressStringToArray(new URL(link).searchParams.get("r"));
    let entry;
    if (data.length < 10) {
        const [solution, tps, scramble, times] = data;
        const matrix = S.scrambleToPuzzle(scramble);
        entry = { form: "custom", width: matrix[0].length, height: matrix.length, scramble, solution,
                  moves: S.expandSolution(solution), tps, times };
    } else {
        const [item, solveData, , tps, width, height] = data;
        const solve = S.readSolveData(solveData);
        const solutions = solve.solutions.split(",");
        const times = solve.move_times === -1 ? -1 : solve.move_times[0];
        entry = { form: "leaderboard", width, height, solutions: solutions.length, tps, player: item.nameFilter,
                  timestamp: item.timestamp, time: item.time, controls: item.controls, mode: item.gameMode,
                  display: item.displayType, video: data[7], worldRecord: data[9] };
        if (solutions.length === 1) {
            const matrix = S.parseScramble(width, height, solutions[0]);
            Object.assign(entry, { scramble: matrix === -1 ? null : S.puzzleToScramble(matrix), solution: solutions[0],
                                   moves: S.expandSolution(solutions[0]), times });
        }
    }
    manifest[file] = entry;
}
// One line per link, so that a change shows as the lines of the links it touches.
const lines = Object.entries(manifest).map(([file, entry]) => `${JSON.stringify(file)}: ${JSON.stringify(entry)}`);
fs.writeFileSync(path.join(here, "manifest.json"), "{\n" + lines.join(",\n") + "\n}\n");
console.log(`wrote ${custom.length} custom links; manifest of ${Object.keys(manifest).length} links`);
