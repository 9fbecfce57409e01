"""The class table: one row per graded submission (the name, each criterion's verdict, the score,
the time, a note), as CSV and Markdown.

Its rows come from the page, which holds each submission's grade (the judge's answer, made in
Python) and the submission's name (typed by a student: untrusted text). Each row is read again
here, so a verdict is one of ``VERDICTS`` and a score a number from 0 to 100; a name is written
so that it cannot become a formula in a spreadsheet (a cell starting with ``=``, ``+``, ``-`` or
``@`` gets a leading ``'``) nor markup or a column in Markdown (``|``, ``<``, ``>``, ``&``, ``\\``,
``*``, ``_``, backticks and brackets escaped; line breaks made spaces).

>>> from npuzzle.assign import read_assignment
>>> a = read_assignment({"format": "npuzzle-assignment", "version": 1, "title": "T", "task": "heuristic",
...                      "size": "2x2", "boards": [[3, 1, 2, 0]], "criteria": [{"name": "admissible", "weight": 1}]})
>>> grade = {"criteria": [{"name": "admissible", "verdict": "pass"}], "score": 100, "seconds": 0.25}
>>> print(class_table(a, [{"name": "=Ada|", "grade": grade}]).csv, end="")
name,Admissible,score,seconds,note
'=Ada|,pass,100,0.25,
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Any, Mapping

from .assignment import Assignment
from .errors import AssignmentError
from .grade import VERDICTS

MAX_ROWS = 500
"""The most rows a class table takes."""
MAX_CELL = 300
"""The longest name or note kept (longer ones are cut, with an ellipsis)."""


@dataclass(frozen=True)
class ClassRow:
    """One submission's row: its name, a verdict per criterion (None when it was not graded),
    the score (None when not graded), the seconds, and a note (a flag, an error)."""

    name: str
    verdicts: tuple[str | None, ...]
    score: float | None
    seconds: float | None
    note: str

    def to_dict(self, assignment: Assignment) -> dict[str, Any]:
        """JSON-ready form, verdicts by criterion name."""
        return {"name": self.name, "verdicts": {c.name: v for c, v in zip(assignment.criteria, self.verdicts)},
                "score": self.score, "seconds": self.seconds, "note": self.note}


@dataclass(frozen=True)
class ClassTable:
    """The rows of a class, and the table as CSV and Markdown."""

    assignment: Assignment
    rows: tuple[ClassRow, ...]

    @property
    def header(self) -> list[str]:
        """The columns: name, each criterion's label, score, seconds, note."""
        return ["name", *(c.info.label for c in self.assignment.criteria), "score", "seconds", "note"]

    def _cells(self, row: ClassRow) -> list[str]:
        return [row.name, *(v or "" for v in row.verdicts), "" if row.score is None else _number(row.score),
                "" if row.seconds is None else _number(row.seconds), row.note]

    @property
    def csv(self) -> str:
        """The table as CSV (a header line, a line per row; names kept from being formulas)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        for row in self.rows:
            writer.writerow([_csv_cell(c) for c in self._cells(row)])
        return out.getvalue()

    @property
    def markdown(self) -> str:
        """The table in Markdown, after a line naming the assignment."""
        lines = [f"{_md_cell(self.assignment.title)} (assignment {self.assignment.id})", "",
                 "| " + " | ".join(_md_cell(h) for h in self.header) + " |",
                 "| --- | " + " | ".join("---" for _ in self.assignment.criteria) + " | ---: | ---: | --- |"]
        for row in self.rows:
            lines.append("| " + " | ".join(_md_cell(c) for c in self._cells(row)) + " |")
        return "\n".join(lines) + "\n"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the web API's ``class_table`` answer)."""
        return {"header": self.header, "rows": [r.to_dict(self.assignment) for r in self.rows], "csv": self.csv,
                "markdown": self.markdown}


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) and not value.is_integer() else str(int(value))


def _csv_cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


_MARKDOWN = {"&": "&amp;", "<": "&lt;", ">": "&gt;", **{c: "\\" + c for c in "\\|*_`[]"}}


def _md_cell(text: str) -> str:
    return "".join(_MARKDOWN.get(char, char) for char in " ".join(text.split()))


def _short(value: object) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= MAX_CELL else text[: MAX_CELL - 3] + "..."


def _row(assignment: Assignment, value: object, field: str) -> ClassRow:
    if not isinstance(value, Mapping):
        raise AssignmentError(field, f"{field} must be an object {{name, grade?, flag?, error?}}")
    name = value.get("name")
    if not isinstance(name, str):
        raise AssignmentError(f"{field}.name", f"{field}.name must be text")
    notes = [_short(value[k]) for k in ("flag", "error") if isinstance(value.get(k), str) and value[k].strip()]
    grade = value.get("grade")
    if grade is None:
        return ClassRow(_short(name), (None,) * len(assignment.criteria), None, None, "; ".join(notes))
    if not isinstance(grade, Mapping) or not isinstance(grade.get("criteria"), list):
        raise AssignmentError(f"{field}.grade", f"{field}.grade must be a grade (assignment_grade's answer)")
    given = {c.get("name"): c.get("verdict") for c in grade["criteria"] if isinstance(c, Mapping)}
    verdicts = []
    for choice in assignment.criteria:
        verdict = given.get(choice.name)
        if verdict not in VERDICTS:
            raise AssignmentError(f"{field}.grade", f"{field}.grade has no verdict for {choice.name} (one of "
                                                    f"{', '.join(VERDICTS)})")
        verdicts.append(str(verdict))
    score = grade.get("score")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 100:
        raise AssignmentError(f"{field}.grade", f"{field}.grade's score must be a number from 0 to 100")
    seconds = grade.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds < 0:
        seconds = None
    return ClassRow(_short(name), tuple(verdicts), float(score), None if seconds is None else round(float(seconds), 3),
                    "; ".join(notes))


def class_table(assignment: Assignment, rows: object) -> ClassTable:
    """The class table of ``rows`` (each ``{name, grade?, flag?, error?}``: a grade as
    ``assignment_grade`` answers it, or none with an error); AssignmentError naming the row."""
    if not isinstance(rows, list):
        raise AssignmentError("rows", "rows must be a list of {name, grade?, flag?, error?}")
    if len(rows) > MAX_ROWS:
        raise AssignmentError("rows", f"{len(rows):,} rows, more than {MAX_ROWS}")
    return ClassTable(assignment, tuple(_row(assignment, r, f"rows[{i}]") for i, r in enumerate(rows)))


__all__ = ["ClassRow", "ClassTable", "MAX_ROWS", "class_table"]
