"""A student's submission (issue 39): the assignment it answers (its id, and the assignment
itself so the link is self-contained), the name the student typed, and the code.

The JSON (version 1)::

    {
      "format": "npuzzle-submission",
      "version": 1,
      "assignment_id": "c6248e2db5073589",
      "assignment": { ... the assignment's canonical JSON ... },
      "name": "Ada Lovelace",
      "code": "def h(tiles, goal, rows, cols):\\n    ...",
      "claimed": { ... }            # optional, never trusted
    }

``claimed`` may carry what the student's page said (a score, verdicts): it is kept as it came,
at most ``LIMITS["claimed_bytes"]``, and is never a result: grading ignores it and a page never
shows it as one. Reading checks that ``assignment_id`` is the id of the ``assignment`` it carries
(an edited one is refused), and, given the teacher's assignment, says whether the submission
answers it (``matches``): one for another assignment is flagged, not refused, so a class table
shows it in its row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from .assignment import LIMITS as ASSIGNMENT_LIMITS, Assignment, canonical, parse_json, plain_text, pretty, read_assignment, read_text
from .errors import AssignmentError
from .link import pack, packed_limit

FORMAT = "npuzzle-submission"
VERSION = 1
VERSIONS = (1,)
LIMITS: dict[str, int] = {
    "json_bytes": ASSIGNMENT_LIMITS["json_bytes"] + 10_000 * 4 + 4_096 + 1_024,
    "name": 80,
    "code": 10_000,
    "claimed_bytes": 4_096,
}
"""What a submission may hold at most: its JSON's bytes (its assignment's, the code's 10,000
characters at 4 bytes each, the claimed results' and the rest), the name's and the code's
characters, and the claimed results' bytes of JSON (``info``'s ``submission.limits``)."""
MAX_PACKED = packed_limit(LIMITS["json_bytes"])
"""The longest ``submission=`` link value (LINK_LIMITS' ``submission``)."""
_KEYS = {"format", "version", "assignment_id", "assignment", "name", "code", "claimed"}


@dataclass(frozen=True)
class Submission:
    """A validated submission (see the module)."""

    assignment: Assignment
    name: str
    code: str
    claimed: Any = None
    """What the student's page claimed, as it came (never trusted, never shown as a result)."""

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON object."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "assignment_id": self.assignment.id,
                               "assignment": self.assignment.to_dict(), "name": self.name, "code": self.code}
        if self.claimed is not None:
            out["claimed"] = self.claimed
        return out

    def canonical_json(self) -> str:
        """Sorted keys, no spaces."""
        return canonical(self.to_dict())

    def link_value(self) -> str:
        """The ``submission=`` parameter's value."""
        return pack(self.canonical_json())

    def file_text(self) -> str:
        """The file form: the same JSON, indented."""
        return pretty(self.to_dict())

    def against(self, teacher: Assignment | None) -> dict[str, Any]:
        """Whether it answers ``teacher`` (None: not asked): ``matches`` and, when not, ``flag``,
        a sentence for the class table."""
        if teacher is None:
            return {"matches": None, "flag": None}
        if teacher.id == self.assignment.id:
            return {"matches": True, "flag": None}
        return {"matches": False, "flag": (
            f"this submission answers another assignment (\"{self.assignment.title}\", id {self.assignment.id}), "
            f"not this one (id {teacher.id})")}

    def summary(self, teacher: Assignment | None = None) -> dict[str, Any]:
        """The page's view: the submission's JSON, its assignment's id, the check against the
        teacher's, its link value and file text."""
        return {"submission": self.to_dict(), "assignment_id": self.assignment.id, "name": self.name,
                "code": self.code, "task": self.assignment.task, **self.against(teacher),
                "link_value": self.link_value(), "file": self.file_text()}


def read_submission(value: object) -> Submission:
    """A submission from its JSON object; AssignmentError naming the field (an assignment's
    fields under ``assignment.``)."""
    if not isinstance(value, Mapping):
        raise AssignmentError("submission", "a submission must be a JSON object")
    if value.get("format") != FORMAT:
        raise AssignmentError("format", f"not a submission: its format is not \"{FORMAT}\"")
    version = value.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise AssignmentError("version", "version must be a whole number")
    if version not in VERSIONS:
        raise AssignmentError("version", f"unknown submission version {version}: this page reads version "
                                         f"{', '.join(map(str, VERSIONS))}")
    unknown = sorted(set(value) - _KEYS)
    if unknown:
        raise AssignmentError(unknown[0], f"a submission has no key {unknown[0]!r}")
    for key in ("assignment_id", "assignment", "name", "code"):
        if key not in value:
            raise AssignmentError(key, f"{key} is missing")
    try:
        assignment = read_assignment(value["assignment"])
    except AssignmentError as exc:
        raise AssignmentError(f"assignment.{exc.field}", f"its assignment: {exc.message}") from None
    if value["assignment_id"] != assignment.id:
        raise AssignmentError("assignment_id", f"assignment_id {str(value['assignment_id'])[:40]!r} is not the id of "
                                               f"the assignment it carries ({assignment.id}): one of them was changed")
    name = plain_text(value["name"], "name", LIMITS["name"], lines=False, required=True).strip()
    code = plain_text(value["code"], "code", LIMITS["code"], lines=True)
    claimed = value.get("claimed")
    if claimed is not None:
        try:
            size = len(json.dumps(claimed, allow_nan=False, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        except (TypeError, ValueError, RecursionError):
            raise AssignmentError("claimed", "claimed must be plain JSON (no NaN or infinity, not nested too deeply)") from None
        if size > LIMITS["claimed_bytes"]:
            raise AssignmentError("claimed", f"claimed is too large: at most {LIMITS['claimed_bytes']:,} bytes of JSON")
    return Submission(assignment, name, code, claimed)


def read_submission_text(text: str) -> Submission:
    """A submission from a link, a link's ``submission=`` value, or its file's text."""
    return read_submission(read_text(text, "submission", LIMITS["json_bytes"]))


def make_submission(assignment: Assignment, name: object, code: object, claimed: object = None) -> Submission:
    """A student's submission (the name and code checked as reading checks them)."""
    raw: dict[str, Any] = {"format": FORMAT, "version": VERSION, "assignment_id": assignment.id,
                           "assignment": assignment.to_dict(), "name": name, "code": code}
    if claimed is not None:
        raw["claimed"] = claimed
    return read_submission(raw)


__all__ = ["FORMAT", "LIMITS", "MAX_PACKED", "Submission", "VERSION", "VERSIONS", "make_submission",
           "parse_json", "read_submission", "read_submission_text"]
