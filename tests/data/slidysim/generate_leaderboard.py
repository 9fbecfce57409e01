"""Write leaderboard-form replay links (and one Python-written custom link) with slidyreplay's
own ``replay_generator.ReplayGenerator`` (dphdmn/slidyreplay, MIT licence).

Run from this folder, with TZ=UTC (the score title slidyreplay writes holds a local date):

    TZ=UTC python3 generate_leaderboard.py /path/to/slidyreplay

Nothing of slidyreplay is copied here: its module is imported from the checkout given.
The boards are random walks from the solved puzzle (seeded, so the output is the same on
every run); the solution written is the walk undone, so every solve ends solved.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
UNDO = {"U": "D", "D": "U", "L": "R", "R": "L"}
BLANK_STEP = {"U": (1, 0), "D": (-1, 0), "L": (0, 1), "R": (0, -1)}


def walk(rng: random.Random, width: int, height: int, length: int) -> str:
    """``length`` legal slides (tile directions) from the solved puzzle, no slide undoing the last."""
    row, col = height - 1, width - 1
    moves: list[str] = []
    while len(moves) < length:
        move = rng.choice("UDLR")
        d_row, d_col = BLANK_STEP[move]
        if not (0 <= row + d_row < height and 0 <= col + d_col < width):
            continue
        if moves and UNDO[moves[-1]] == move:
            continue
        row, col = row + d_row, col + d_col
        moves.append(move)
    return "".join(moves)


def times(rng: random.Random, count: int) -> list[int]:
    """Milliseconds since the first slide, non-decreasing (0 between the slides of one push)."""
    out = [0]
    for _ in range(count - 1):
        out.append(out[-1] + rng.choice((0, 0, 25, 40, 60, 90, 130, 250)))
    return out


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    import replay_generator as upstream  # noqa: PLC0415 - the checkout is only known here

    gen = upstream.ReplayGenerator()
    rng = random.Random(20260901)

    # A single 5x3 solve (5 wide, 3 high) with no move times, as the leaderboard keeps old solves.
    solution = upstream.compress_solution(upstream.reverse_solution(walk(rng, 5, 3, 60)))
    moves = len(upstream.expand_solution(solution))
    link = gen.generate_complex_replay(
        width=5, height=3, controls_text="Keyboard", solve_type="Standard", display_type="Standard",
        timestamp=1735689600000, solutions_list=[solution], times_list=[4.321], moves_list=[moves],
        tps_list=[f"{moves / 4.321:.3f}"], movetimes_list=[], final_time_ms=4321, final_moves_ms=moves * 1000,
        final_tps_ms=int(moves / 4.321 * 1000))
    (HERE / "leaderboard-5x3-single-no-times.txt").write_text(link + "\n")

    # A 4x4 average of 5 (five solves in one link): refused, it is not one replay.
    solutions, movetimes = [], []
    for _ in range(5):
        solutions.append(upstream.compress_solution(upstream.reverse_solution(walk(rng, 4, 4, 40))))
        movetimes.append(times(rng, len(upstream.expand_solution(solutions[-1]))))
    link = gen.generate_complex_replay(
        width=4, height=4, controls_text="Mouse", solve_type="Standard", display_type="Standard",
        timestamp=1735689600000, solutions_list=solutions, times_list=[t[-1] / 1000 for t in movetimes],
        moves_list=[len(t) for t in movetimes], tps_list=["10.000"] * 5, movetimes_list=movetimes,
        final_time_ms=3000, final_moves_ms=40000, final_tps_ms=13333)
    (HERE / "leaderboard-4x4-average-of-5.txt").write_text(link + "\n")

    # A custom link written by Python (json.dumps puts spaces after , and :), 4x5 with times.
    path = walk(rng, 4, 5, 70)
    solution = upstream.compress_solution(upstream.reverse_solution(path))
    matrix = upstream.apply_moves(upstream.create_puzzle(4, 5), path)
    scramble = upstream.puzzle_to_scramble(matrix)
    move_times = times(rng, 70)
    link = gen.generate_simple_replay(solution, tps=70 / (move_times[-1] / 1000), scramble=scramble,
                                      movetimes=move_times)
    (HERE / "python-4x5-times.txt").write_text(link + "\n")


if __name__ == "__main__":
    main()
