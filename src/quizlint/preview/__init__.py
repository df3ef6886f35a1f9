"""`quizlint preview`: a static HTML site of the bank (no server, no external request).

``index.html`` lists the quizzes with their health; each quiz has its own page (``quiz-<id>.html``) with its
items as a student sees them. Pages are written atomically into the output directory; nothing else in it is
touched. The same bank gives byte-identical pages.
"""

from __future__ import annotations

from pathlib import Path

from quizlint.stats import BankStats

INDEX = "index.html"
ANALYSIS = "analysis.html"  # the item analysis, with `quizlint preview --responses`


def page_names(stats: BankStats) -> dict[str, str]:
    """Quiz file path → page file name, unique even when quiz ids clash (also on case-insensitive disks)."""
    names: dict[str, str] = {}
    taken = {INDEX}
    for quiz in stats.quizzes:
        base = f"quiz-{quiz.entry.quiz.id}"
        name, counter = f"{base}.html", 2
        while name.lower() in taken:
            name, counter = f"{base}-{counter}.html", counter + 1
        taken.add(name.lower())
        names[quiz.entry.path] = name
    return names


def render_site(stats: BankStats, analysis=None) -> dict[str, str]:
    """Every page of the site: file name → HTML; with ``analysis`` (``quizlint.analyze.run.Analysis``, from
    ``--responses``), its item analysis page too, linked from the index."""
    from quizlint.preview.index_page import index_page
    from quizlint.preview.quiz_page import quiz_page

    names = page_names(stats)
    pages = {INDEX: index_page(stats, names, ANALYSIS if analysis is not None else None)}
    if analysis is not None:
        from quizlint.analyze.report_html import render

        pages[ANALYSIS] = render(analysis.quizzes, back_link=INDEX, generator="quizlint preview")
    for quiz in stats.quizzes:
        pages[names[quiz.entry.path]] = quiz_page(quiz, INDEX)
    return pages


GENERATOR_MARK = b'<meta name="generator" content="quizlint preview">'
"""Every page carries it; a file in the way without it is the user's, and is not overwritten without --force."""


class NotOurFiles(Exception):
    """Pages of the site would replace files quizlint did not write."""

    def __init__(self, paths: list[Path]):
        super().__init__(", ".join(str(path) for path in paths))
        self.paths = paths


def foreign_files(out_dir: Path, names) -> list[Path]:
    """The files among ``out_dir / name`` that exist and were not written by ``quizlint preview``."""
    foreign = []
    for name in names:
        path = out_dir / name
        if path.exists():
            try:
                with open(path, "rb") as handle:
                    ours = GENERATOR_MARK in handle.read(4096)
            except OSError:
                ours = False
            if not ours:
                foreign.append(path)
    return foreign


def write_site(stats: BankStats, out_dir: Path, force: bool = False, analysis=None) -> list[Path]:
    from quizlint.io import write_atomic

    pages = render_site(stats, analysis)
    foreign = [] if force else foreign_files(out_dir, pages)
    if foreign:
        raise NotOurFiles(foreign)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, html in pages.items():
        path = out_dir / name
        write_atomic(path, html)
        written.append(path)
    return written
