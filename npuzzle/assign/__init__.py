"""A teacher's assignment by link (issue 39): set it, hand it out, grade it, with no server.

* ``criteria.py``: the closed set of criteria (``CRITERIA``), each with its task and parameters;
* ``assignment.py``: the assignment's versioned JSON, read and validated once (``read_assignment``),
  its canonical form, id, link value and file form;
* ``submission.py``: a student's submission (the assignment, its id, the name, the code);
* ``link.py``: a JSON text as a link's value (raw deflate, base64url) and back, within limits;
* ``errors.py``: ``AssignmentError``, naming the field that is wrong.
"""

from .assignment import Assignment, Choice, read_assignment, read_assignment_text
from .criteria import CRITERIA, TASKS, CriterionInfo
from .errors import AssignmentError
from .submission import Submission, make_submission, read_submission, read_submission_text

__all__ = [
    "Assignment",
    "AssignmentError",
    "CRITERIA",
    "Choice",
    "CriterionInfo",
    "Submission",
    "TASKS",
    "make_submission",
    "read_assignment",
    "read_assignment_text",
    "read_submission",
    "read_submission_text",
]
