"""``quizlint fix`` from start to end, without the command line: read the bank, plan, build the new texts."""

from __future__ import annotations

from dataclasses import dataclass, field

from quizlint.bank import BankSettings
from quizlint.diagnostics import Finding
from quizlint.fix.apply import fixed_text
from quizlint.fix.plan import FIX_CODES, EditableFile, FilePlan, ItemFix, plan_bank
from quizlint.lint.engine import file_suppressions
from quizlint.load.paths import display_path
from quizlint.lint.suppress import disabled_codes
from quizlint.translate.files import FileChange, read_for_editing
from quizlint.yamledit import YamlEditError


@dataclass
class FixReport:
    changes: list[FileChange] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)  # `path:line:col: CODE item: what was done`, in file order
    errors: list[str] = field(default_factory=list)  # files left alone, and why
    items: int = 0  # items changed
    left_alone: int = 0  # files not fixed because of errors

    @property
    def files(self) -> int:
        return len(self.changes)


def format_finding(finding: Finding) -> str:
    return f"{finding.file}:{finding.line}:{finding.column}: {finding.code} [{finding.severity}] {finding.message}"


def read_bank(settings: BankSettings, report: FixReport) -> list[EditableFile]:
    """The files that can be edited; the others are reported (a file with load or schema errors is left
    alone: its structure cannot be trusted, and its items take no part in the balance)."""
    files = []
    for path in settings.files:
        display = display_path(path)
        quiz_file, findings = read_for_editing(path, display)
        if quiz_file is None:
            report.errors.extend(format_finding(finding) for finding in findings)
            report.errors.append(f"{display}: left alone: fix the errors above first")
            report.left_alone += 1
            continue
        disabled = disabled_codes(file_suppressions(display, quiz_file), settings.config.ignored_for(display))
        files.append(EditableFile(path, display, quiz_file, disabled))
    return files


def selected_fixes(settings: BankSettings) -> set[str]:
    return {code for code in settings.selection.enabled if code in FIX_CODES}


def rule_options(settings: BankSettings) -> dict[str, dict]:
    """The configured options of the selected fixable rules (the position-bias rules' `alpha`, `min-items`)."""
    selection = settings.selection
    return {code: selection.options_for(rule) for code, rule in selection.enabled.items() if code in FIX_CODES}


def _item_location(plan: FilePlan, fix: ItemFix) -> str:
    line, column = plan.file.quiz_file.key_position_in_item(fix.position, "id")
    return f"{plan.file.display}:{line}:{column}"


def describe(plan: FilePlan) -> list[str]:
    return [f"{_item_location(plan, fix)}: {action.code} {fix.item}: {action.message}"
            for fix in plan.fixes for action in fix.change.actions]


def refusals(plan: FilePlan, error: YamlEditError) -> list[str]:
    """Why a file's fixes cannot be applied surgically, at the items that cause it (the whole file is then
    left alone: applying the other fixes would leave the bank unbalanced)."""
    lines = []
    for fix in plan.fixes:
        try:
            fixed_text(FilePlan(plan.file, [fix]))
        except YamlEditError as item_error:
            lines.append(f"{_item_location(plan, fix)}: {fix.item}: its options cannot move without changing what "
                         f"the file holds ({item_error}); file left alone")
    return lines or [f"{plan.file.display}:1:1: cannot fix this file surgically ({error}); file left alone"]


def prepare_fixes(settings: BankSettings) -> FixReport:
    """Plan the fixes of the bank and build the new text of every file that changes; writes nothing."""
    report = FixReport()
    files = read_bank(settings, report)
    for plan in plan_bank(files, selected_fixes(settings), rule_options(settings)):
        if not plan.fixes:
            continue
        old = plan.file.quiz_file.document.text
        try:
            new = fixed_text(plan)
        except YamlEditError as error:
            report.errors.extend(refusals(plan, error))
            report.left_alone += 1
            continue
        if new != old:
            report.changes.append(FileChange(plan.file.path, plan.file.display, old, new))
            report.actions.extend(describe(plan))
            report.items += len(plan.fixes)
    return report
