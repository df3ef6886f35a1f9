"""The lint worker forked as quizlint starts (``quizlint.lint.prestart``, issue 7): after an edit it lints the
changed files; it must never change what a run reports, and a run must survive its death."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import quiz_yaml
from test_lint_cache import CLEAN, FLAWED, _age

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker is forked on Linux only")

# More files than runner.OVERLAP_MIN_CACHED, so that an edit of one is linted by an early worker.
FILES = 40


@pytest.fixture
def big_bank(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    content.mkdir()
    for number in range(FILES):
        items = FLAWED if number % 7 == 0 else CLEAN
        path = content / f"q{number:02d}.quiz.yaml"
        path.write_text(quiz_yaml(items, quiz_id=f"q{number:02d}").replace("id: river", f"id: river{number}"),
                        encoding="utf-8")
        _age(path)  # (the file index re-reads files changed just before it was written)
    return tmp_path


def _write_index(root: Path) -> None:
    """A file index, as an earlier run leaves it: what makes quizlint fork the worker."""
    (root / ".quizlint_cache").mkdir()
    (root / ".quizlint_cache" / "files.json").write_text("{}", encoding="utf-8")


def _script_output(bank: Path, *parts: str) -> str:
    """What the Python of ``parts`` prints, run in a fresh interpreter in ``bank`` with a file index (forking a
    test process that may have threads is not what quizlint does: it forks before any thread starts)."""
    _write_index(bank)
    code = "import os, sys\n" + "".join(textwrap.dedent(part) for part in parts)
    done = subprocess.run([sys.executable, "-c", code], cwd=bank, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_after_an_edit_the_report_is_that_of_a_fresh_run(run_process, big_bank):
    lint = ("lint", "--format", "json", "content")
    first = run_process(*lint, cwd=big_bank)
    assert (big_bank / ".quizlint_cache" / "files.json").is_file()
    edited = big_bank / "content" / "q03.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("The Nile", "Istanbul")
                      .replace('tr: "Nil"', 'tr: "Istanbul"'), encoding="utf-8")
    after_edit = run_process(*lint, cwd=big_bank)
    fresh = run_process(*lint, "--no-cache", cwd=big_bank)
    assert after_edit.stderr == ""
    assert after_edit.stdout == fresh.stdout != first.stdout
    assert any(finding["file"] == "content/q03.quiz.yaml" for finding in json.loads(after_edit.stdout))
    without_worker = run_process(*lint, cwd=big_bank, env={"QUIZLINT_NO_PRESTART": "1"})
    assert without_worker.stdout == fresh.stdout


COMPARE = """
    from quizlint.diagnostics import REPORT_ORDER
    from quizlint.lint.engine import lint_file
    from quizlint.lint.services import Services
    from quizlint.rules.base import Selection

    todo = [(os.path.join("content", name), "content/" + name) for name in sorted(os.listdir("content"))[:5]]

    def shown(results):
        return [(result.path, sorted(result.findings, key=REPORT_ORDER), result.summary) for result in results]

    expected = shown(lint_file(path, display, Selection.default(), None, Services()) for path, display in todo)
"""


def test_the_forked_worker_lints_the_files_it_is_sent(big_bank):
    output = _script_output(big_bank, """
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint", "content"])
        worker = prestart.take(os.getcwd())
        assert worker is not None and worker.pid > 0
        pid = worker.pid
    """, COMPARE, """
        collect = worker.start(todo, Selection.default(), None, Services())
        assert shown(collect()) == expected
        worker.stop()  # (what the run does when it ends)
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            print("reaped")
    """)
    assert output == "reaped\n"


def test_when_the_forked_worker_dies_the_run_lints_its_files_itself(big_bank):
    output = _script_output(big_bank, """
        import signal
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint"])
        worker = prestart.take(os.getcwd())
        os.kill(worker.pid, signal.SIGKILL)
    """, COMPARE, """
        assert shown(worker.start(todo, Selection.default(), None, Services())()) == expected
        print("linted")
    """)
    assert output == "linted\n"


# Prints "gone" when the process ``pid`` no longer exists (neither running nor waiting to be reaped).
PRINT_IF_GONE = """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        print("gone")
"""


def test_a_run_with_no_use_for_the_worker_kills_it(big_bank):
    output = _script_output(big_bank, """
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint"])
        pid = prestart._started.pid
        prestart.discard()
        assert prestart.take(os.getcwd()) is None
    """, PRINT_IF_GONE)
    assert output == "gone\n"


@pytest.mark.parametrize("argv, index, expected", [
    (["lint"], True, True),
    (["lint", "content", "--format", "json"], True, True),
    (["--color", "lint", "content"], True, True),
    (["lint"], False, False),  # a first run: nothing cached, so no worker for a few changed files
    (["lint", "--no-cache"], True, False),
    (["lint", "-j", "2"], True, False),
    (["lint", "--jobs=1"], True, False),
    (["export", "qti21", "content"], True, False),
    (["fix", "--check"], True, False),
    ([], True, False),
    (["lint", "a.quiz.yaml", "b.quiz.yaml"], True, False),  # a pre-commit hook's few files: too few to use it
    (["lint", "--format", "json", "a.quiz.yaml"], True, False),
    (["lint", "a.quiz.yaml", "content"], True, True),
])
def test_the_worker_is_forked_only_for_a_lint_run_that_may_use_it(tmp_path, monkeypatch, argv, index, expected):
    from quizlint.lint import prestart

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("QUIZLINT_NO_PRESTART", raising=False)
    (tmp_path / "content").mkdir()
    for name in ("a.quiz.yaml", "b.quiz.yaml"):
        (tmp_path / name).write_text(quiz_yaml(CLEAN), encoding="utf-8")
    if index:
        _write_index(tmp_path)
    assert prestart._likely_useful(argv) is expected
    monkeypatch.setenv("QUIZLINT_NO_PRESTART", "1")
    assert prestart._likely_useful(argv) is False


def test_the_worker_starts_up_without_the_command_line_code(big_bank):
    """The forked worker's start-up is what a lint after an edit waits for: it imports what linting needs, not
    click or the configuration's reader, which the parent has for the command line, nor the planner of ``quizlint
    fix``, which only bank rules use."""
    output = _script_output(big_bank, """
        from pathlib import Path

        from quizlint.lint import worker

        worker.prepare_early_worker(Path(os.getcwd()))
        print(sorted({"click", "quizlint.config", "quizlint.cli", "quizlint.fix.balance"}.intersection(sys.modules)))
    """)
    assert output == "[]\n"


def test_while_the_worker_lints_an_edited_file_the_run_hands_out_the_rest_of_the_report(run_process, big_bank):
    """What lets a run after an edit render most of its report while it waits (``run_lint``'s
    ``while_waiting``): the findings of every other file, as the very objects the report then holds."""
    assert run_process("lint", "content", cwd=big_bank).stderr == ""
    edited = big_bank / "content" / "q03.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("Title en", "Title EN"), encoding="utf-8")
    code = textwrap.dedent("""
        import os
        from pathlib import Path

        from quizlint.lint import prestart

        prestart.start_if_useful(["lint", "content"])
        from quizlint.bank import BankSettings
        from quizlint.lint.runner import run_lint

        told = []
        result = run_lint(BankSettings.resolve(None, (Path("content"),), None, (), (), ()), while_waiting=told.append)
        ahead = {id(finding) for finding in told[0]}
        others = [finding for finding in result.findings if finding.file != "content/q03.quiz.yaml"]
        print(len(told), len(others) > 10, all(id(finding) in ahead for finding in others),
              any(finding.file == "content/q03.quiz.yaml" for finding in result.findings))
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=big_bank, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1 True True True\n"
