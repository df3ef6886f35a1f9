"""Export formats, one module each, behind one registry (name → module).

Every format module defines:

- ``NAME``, ``DESCRIPTION`` (one line), ``SUFFIX`` (the default output file is ``<bank name><SUFFIX>``),
  ``BINARY`` (True for zips: never written to standard output);
- ``MULTILINGUAL`` (the file can carry several languages) and ``DEFAULT_LANG`` (``"source"`` or ``"all"``);
- optionally ``NEEDS_OPTIONS = False`` when items without options need no refusal (default: the export fails
  on such an item, which only a forced export of a bank with lint errors can contain), and ``NEEDS_KEY =
  False`` when items without a key can be written as they are (default: they are left out with a warning);
- ``export(bank: ExportBank, options: ExportOptions) -> ExportOutput`` (the file's bytes and any warnings),
  raising ``ExportError`` with a located message when the bank cannot be written in that format.

The shared work (Markdown → XHTML in ``quizlint.render``; identifiers, languages, keys, zips in ``_common``)
lives in one place.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from quizlint.export.formats import FORMATS, get_format

if TYPE_CHECKING:
    from quizlint.export._common import ExportBank, ExportOptions, ExportOutput

# The shared types live in ``_common`` (which imports the models); they are loaded on first use so that
# ``quizlint export --help`` stays fast.
_SHARED = ("ExportBank", "ExportError", "ExportOptions", "ExportOutput")


def __getattr__(name: str):
    if name in _SHARED:
        from quizlint.export import _common

        return getattr(_common, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_bank(paths: list[Path]):
    """Read quiz files for export: (ExportBank of the files that loaded, findings of those that did not)."""
    from quizlint.export._common import ExportBank, bank_name
    from quizlint.load.paths import display_path
    from quizlint.model import read_quiz

    files, findings = [], []
    for path in paths:
        quiz_file, problems = read_quiz(path, display_path(path))
        findings.extend(problems)
        if quiz_file is not None:
            files.append(quiz_file)
    return ExportBank(files, bank_name(paths, [quiz_file.quiz for quiz_file in files])), findings


def check_languages(bank: ExportBank, name: str, options: ExportOptions) -> None:
    """Raise ExportError (exit 2) when ``options.lang`` does not fit the format or a quiz of the bank."""
    from quizlint.export._common import languages_for

    fmt = get_format(name)
    for quiz_file in bank.files:
        languages_for(quiz_file.quiz, options.lang, fmt)


def default_file_name(bank: ExportBank, name: str, options: ExportOptions) -> str:
    """``<bank name><SUFFIX>``; ``<bank name>-<lang><SUFFIX>`` when the export is of one language that is not
    every quiz's source language, so that the export of each language has its own file."""
    from quizlint.export._common import language_suffix, languages_for

    fmt = get_format(name)
    for quiz_file in bank.files:
        languages = languages_for(quiz_file.quiz, options.lang, fmt)
        if len(languages) == 1 and language_suffix(quiz_file.quiz, languages[0]):
            return f"{bank.name}{language_suffix(quiz_file.quiz, languages[0])}{fmt.SUFFIX}"
    return f"{bank.name}{fmt.SUFFIX}"


def export_bank(bank: ExportBank, name: str, options: ExportOptions | None = None) -> ExportOutput:
    from quizlint.export._common import ExportOptions

    return get_format(name).export(bank, options or ExportOptions())


__all__ = ["FORMATS", "ExportBank", "ExportError", "ExportOptions", "ExportOutput", "check_languages",
           "default_file_name", "export_bank", "get_format", "load_bank"]
