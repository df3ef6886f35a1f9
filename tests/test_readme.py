"""The README's two set-up commands stay true, and CI runs the README's test command."""

from __future__ import annotations

import re

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _shell_blocks() -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", README, re.DOTALL)]


def test_readme_has_install_and_lint_command():
    assert any("pip install -e ." in block and "quizlint lint content/" in block for block in _shell_blocks())


def test_readme_test_command_is_what_ci_runs():
    test_commands = [block for block in _shell_blocks() if "pytest" in block]
    assert len(test_commands) == 1
    ci_commands = [line.strip() for line in CI.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert test_commands[0] in ci_commands


def test_readme_lint_command_is_clean(run_process):
    result = run_process("lint", ROOT / "content", cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
