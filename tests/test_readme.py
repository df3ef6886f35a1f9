"""The README's two set-up commands stay true, CI runs the README's test command, and the README's example of
the seeds shows what the commands print."""

from __future__ import annotations

import re
import shutil

from conftest import ROOT, shared_dir

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


def _seed_example() -> tuple[list[list[str]], list[str]]:
    """The commands (after ``$ quizlint``) of the README's console example of the seeds, and the lines it shows
    of their output (``…`` stands for lines left out)."""
    block = next(block for block in re.findall(r"```console\n(.*?)```", README, re.DOTALL) if "seeds/" in block)
    commands = [line[len("$ quizlint "):].split() for line in block.splitlines() if line.startswith("$ quizlint ")]
    shown = [line for line in block.splitlines() if line and not line.startswith("$") and line != "…"]
    return commands, shown


def test_readme_seed_example_shows_what_the_commands_print(run_process, tmp_path):
    seeds = shared_dir("seeds")
    shutil.copytree(seeds, tmp_path / "shared" / "seeds")  # (the checkout and ../shared side by side, as here)
    checkout = tmp_path / "main"
    checkout.mkdir()
    commands, shown = _seed_example()
    assert len(commands) == 2 and shown
    assert run_process(*commands[0], cwd=checkout).returncode == 0
    result = run_process(*commands[1], cwd=checkout)
    assert result.returncode == 1, result.stderr
    printed = result.stdout.splitlines()
    assert [line for line in printed if line in shown] == shown
    statistics = [line for line in shown if re.match(r" +\d+  ", line)]
    assert statistics == [line for line in printed if re.match(r" +\d+  ", line)]
