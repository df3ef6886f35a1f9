"""Run the linter over a bank: glossary, per-file work, bank rules, per-file ignores."""

from __future__ import annotations

from quizlint.bank import BankSettings, load_glossary
from quizlint.lint.engine import LintResult, display_path, lint_bank, lint_file
from quizlint.lint.services import Services


def run_lint(settings: BankSettings, use_cache: bool = True, jobs: int | None = None) -> LintResult:
    glossary, glossary_findings = load_glossary(settings.glossary_path)
    services = Services()
    results = [lint_file(path, display_path(path), settings.selection, glossary, services) for path in settings.files]
    result = lint_bank(results, settings.selection, services)
    findings = glossary_findings + [
        finding for finding in result.findings if finding.code not in settings.config.ignored_for(finding.file)
    ]
    findings.sort(key=lambda finding: finding.sort_key())
    return LintResult(findings, result.files)
