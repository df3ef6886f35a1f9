"""What a forced export leaves out before any format sees the bank: the quiz files that could not be read, and the
items that do not match the schema (the model keeps only the items that validate). Each is named with its
``file:line:column`` and the codes of its findings, so that ``--force`` never drops content silently."""

from __future__ import annotations

from pathlib import Path

from quizlint.diagnostics import Finding


def left_out_of_bank(paths: list[Path], bank, findings: list[Finding]) -> list[str]:
    """A warning per file of ``paths`` that did not load and per item of a loaded file that did not validate,
    in bank order; ``findings``: what reading the files reported (``quizlint.export.load_bank``)."""
    from quizlint.load.paths import display_path

    loaded = {quiz_file.path: quiz_file for quiz_file in bank.files}
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        by_file.setdefault(finding.file, []).append(finding)
    warnings = []
    for path in paths:
        shown = display_path(path)
        quiz_file = loaded.get(shown)
        if quiz_file is None:
            warnings.append(_file_left_out(shown, by_file.get(shown, [])))
        else:
            warnings += _items_left_out(quiz_file, by_file.get(shown, []))
    return warnings


def _file_left_out(shown: str, findings: list[Finding]) -> str:
    first = min(findings, key=lambda finding: (finding.line, finding.column), default=None)
    where = f"{shown}:{first.line}:{first.column}" if first else shown
    return f"{where}: the whole file left out: it cannot be read as a quiz ({_codes(findings)})"


def _items_left_out(quiz_file, findings: list[Finding]) -> list[str]:
    items = quiz_file.document.data.get("items")
    if not isinstance(items, list):
        return []
    kept = set(quiz_file.item_indexes)
    starts = [quiz_file.document.position(("items", index)) for index in range(len(items))]
    warnings = []
    for index, raw in enumerate(items):
        if index in kept:
            continue
        line, column = starts[index]
        end = starts[index + 1][0] if index + 1 < len(items) else None
        inside = [finding for finding in findings if finding.line >= line and (end is None or finding.line < end)]
        item_id = raw.get("id") if isinstance(raw, dict) else None
        name = f"item {item_id!r}" if isinstance(item_id, str) and item_id else f"item {index + 1} (no id)"
        warnings.append(f"{quiz_file.path}:{line}:{column}: {name} left out: it does not match the schema "
                        f"({_codes(inside)})")
    return warnings


def _codes(findings: list[Finding]) -> str:
    codes = sorted({finding.code for finding in findings})
    return f"see {', '.join(codes)} above" if codes else "see the findings above"
