"""The analysis of a game (issue 30): where were moves lost?

A game (a start board, a goal and the tiles moved) is read from text in a notation chosen
by name (notation.py, game.py); ``GameAnalysis`` is the job that finds every position's
distance to the goal (distances.py: a table up to 9 cells, bounded searches up to 16, the
anytime solver's bounds beyond) and answers per move whether it was optimal or a mistake,
the best moves at every position and a shortest finish from it, and the totals
(result.py). ``analyse_game`` runs it to the end.
"""

from .analysis import DEFAULT_LIMITS, DEFAULT_POSITION_SECONDS, UNDO_CHOICES, GameAnalysis, UnsolvableGameError, analyse_game
from .distances import METHODS, SEARCH_CELLS, analysis_method
from .game import Game, GameSizeError, IllegalMoveError, game_from_moves, read_game
from .notation import (
    DEFAULT_NOTATION,
    MAX_GAME_MOVES,
    NOTATIONS,
    GameError,
    GameTooLongError,
    MoveTextError,
    NotationError,
    NotationInfo,
    UnknownMoveError,
    WrittenMove,
    ZeroCountError,
    get_notation,
    read_moves,
    write_moves,
)
from .result import (
    MISTAKE,
    OPTIMAL,
    UNKNOWN,
    VERDICTS,
    AnalysisProgress,
    AnalysisResult,
    MoveAnalysis,
    PositionAnalysis,
    verdict,
)

__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_NOTATION",
    "DEFAULT_POSITION_SECONDS",
    "MAX_GAME_MOVES",
    "METHODS",
    "MISTAKE",
    "NOTATIONS",
    "OPTIMAL",
    "SEARCH_CELLS",
    "UNDO_CHOICES",
    "UNKNOWN",
    "VERDICTS",
    "AnalysisProgress",
    "AnalysisResult",
    "Game",
    "GameAnalysis",
    "GameError",
    "GameSizeError",
    "GameTooLongError",
    "IllegalMoveError",
    "MoveAnalysis",
    "MoveTextError",
    "NotationError",
    "NotationInfo",
    "PositionAnalysis",
    "UnknownMoveError",
    "UnsolvableGameError",
    "WrittenMove",
    "ZeroCountError",
    "analyse_game",
    "analysis_method",
    "game_from_moves",
    "get_notation",
    "read_game",
    "read_moves",
    "verdict",
    "write_moves",
]
