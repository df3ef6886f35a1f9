"""`quizlint analyze`: item analysis of delivered quizzes, joined to the bank in git.

Stages, in order (no module here imports the linter): ``items`` (what the bank says of each item: its options'
texts in every language, its key, its points; for the items without options, how ``typed`` scores what a
respondent typed or arranged), the readers (``read_long``, ``read_moodle``, ``read_canvas``; which
one reads a file is decided by ``detect`` from its header), ``responses`` (the responses, per quiz, per
respondent, as option choices or scores), ``statistics`` (pure functions: facility, point-biserial, upper-lower index,
KR-20/alpha, SEM), ``run`` (all of it for a list of files) and the reports (``report_text``, ``report_json``,
``report_html``, ``schema``).

Privacy: a reader keeps of a respondent only a row number; names, e-mail addresses and ids are read past and
never stored, so no report can hold them.
"""


class AnalyzeError(Exception):
    """Input that cannot be analysed (exit 2): the message names the file and, when known, the line."""
