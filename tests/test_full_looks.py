"""The helper that answers the workers' full looks in a cold run over a large bank (``quizlint.lint.full_looks``,
forked by ``prestart``; issue 7): it must never change what a run reports, and a run must survive its death."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import generate_bank, quiz_yaml
from test_prestart import PRINT_IF_GONE
from test_speed_units import WRONG_LANGUAGE_ITEMS

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the helper is forked on Linux only")


@pytest.fixture(scope="module")
def large_bank(tmp_path_factory) -> Path:
    """A bank large enough for a pool of workers (``prestart.PARALLEL_MIN_BYTES``), with a wrong-language text."""
    root = tmp_path_factory.mktemp("large")
    generate_bank(root / "content", items=1_500)
    (root / "content" / "wrong.quiz.yaml").write_text(quiz_yaml(WRONG_LANGUAGE_ITEMS, quiz_id="wrong"), encoding="utf-8")
    return root


def _script_output(cwd: Path, *parts: str) -> str:
    """What the Python of ``parts`` prints, run in a fresh interpreter (quizlint forks its helper before any
    thread starts; a test process may have threads)."""
    code = "import os, sys\n" + "".join(textwrap.dedent(part) for part in parts)
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_cold_run_reports_the_same_with_the_helper_as_without(run_process, large_bank):
    lint = ("lint", "--format", "json", "--no-cache", "content")
    helped = run_process(*lint, cwd=large_bank)
    alone = run_process(*lint, cwd=large_bank, env={"QUIZLINT_NO_PRESTART": "1"})
    assert helped.stderr == ""
    assert helped.stdout == alone.stdout
    findings = json.loads(helped.stdout)
    assert any(finding["code"] == "T004" and finding["file"] == "content/wrong.quiz.yaml" for finding in findings)


def test_the_helper_answers_what_lingua_answers(large_bank):
    pytest.importorskip("lingua")
    output = _script_output(large_bank, """
        from quizlint.lint import prestart
        from quizlint.lint.services import Services

        prestart.start_if_useful(["lint", "content"])
        helper = prestart.take_full_looks()
        assert helper is not None and helper.pid > 0
        keys = [(("en", "tr"), "the cat is here and it is fine"), (("en", "tr"), "Optimize edici ve zamanlayıcı"),
                (("en", "tr"), "Kontrol noktası")]
        helper.ask(keys)
        helper.ask(keys[:1])  # (asked once)
        services = Services()
        services.adopt(helper.answers() + helper.finish())
        assert services.unknown_full_looks([]) == []
        local = Services(threads=False)
        for codes, sample in keys:
            helped, computed = services.language_confidences(sample, codes), local.language_confidences(sample, codes)
            # (to rounding: lingua adds up its scores in an order that differs from one process to the next)
            assert helped.keys() == computed.keys()
            assert all(abs(helped[code] - computed[code]) < 1e-9 for code in codes), (helped, computed)
        print(len(services.learned()))
    """)
    assert output == "3\n"


def test_when_the_helper_dies_the_run_answers_itself(run_process, large_bank):
    expected = run_process("lint", "--format", "json", "--no-cache", "--exit-zero", "content", cwd=large_bank,
                           env={"QUIZLINT_NO_PRESTART": "1"})
    output = _script_output(large_bank, """
        import signal
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint", "--no-cache", "content"])
        os.kill(prestart._helper.pid, signal.SIGKILL)
        sys.argv = ["quizlint", "lint", "--format", "json", "--no-cache", "--exit-zero", "content"]
        from quizlint.cli import main
        main()
    """)
    assert output == expected.stdout


def test_a_helper_asked_nothing_is_stopped_at_once(large_bank):
    output = _script_output(large_bank, """
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint", "content"])
        helper = prestart.take_full_looks()
        pid = helper.pid
        assert helper.finish() == []
    """, PRINT_IF_GONE)
    assert output == "gone\n"


@pytest.mark.parametrize("argv, index, expected", [
    (["lint", "content"], False, True),
    (["lint"], False, True),  # the current directory
    (["lint", "--format", "json", "content"], False, True),
    (["lint", "content"], True, False),  # an earlier run's index: an early worker instead, for an edit
    (["lint", "--no-cache", "content"], True, True),
    (["lint", "-j", "1", "content"], False, False),
    (["lint", "--jobs=2", "content"], False, False),
    (["lint", "content/bank-0000.quiz.yaml"], False, False),  # too little for a pool
    (["stats", "content"], False, False),
])
def test_the_helper_is_forked_for_cold_runs_over_a_large_bank(large_bank, monkeypatch, argv, index, expected):
    from quizlint.lint import prestart

    monkeypatch.chdir(large_bank)
    monkeypatch.delenv("QUIZLINT_NO_PRESTART", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    if index:
        (large_bank / ".quizlint_cache").mkdir(exist_ok=True)
        (large_bank / ".quizlint_cache" / "files.json").write_text("{}", encoding="utf-8")
    try:
        first = prestart._cold_large_bank(argv)
    finally:
        if index:
            (large_bank / ".quizlint_cache" / "files.json").unlink()
    assert (first is not None) is expected
    if expected:
        assert first.endswith(".quiz.yaml") and Path(first).is_file()
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert prestart._cold_large_bank(argv) is None  # one core: no pool
    monkeypatch.setenv("QUIZLINT_NO_PRESTART", "1")
    assert prestart._cold_large_bank(argv) is None


def test_a_small_bank_forks_no_helper(tmp_path, monkeypatch):
    from quizlint.lint import prestart

    (tmp_path / "demo.quiz.yaml").write_text(quiz_yaml(WRONG_LANGUAGE_ITEMS), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("QUIZLINT_NO_PRESTART", raising=False)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert prestart._cold_large_bank(["lint"]) is None


@pytest.mark.parametrize("head, expected", [
    ("quizlint: 1\nid: q\nlanguages: [en, tr]\n", ["en", "tr"]),
    ("id: q\nlanguages: [\"en\", 'de']  # source first\n", ["en", "de"]),
    ("id: q\nlanguages:\n  - en\n  - tr # Turkish\nitems: []\n", ["en", "tr"]),
    ("id: q\nitems: []\n", []),
])
def test_the_helper_guesses_the_languages_from_the_top_of_a_quiz(tmp_path, head, expected):
    from quizlint.lint.full_looks import declared_languages

    path = tmp_path / "q.quiz.yaml"
    path.write_text(head, encoding="utf-8")
    assert declared_languages(str(path)) == expected
    assert declared_languages(str(tmp_path / "missing.quiz.yaml")) == []


def test_the_helper_is_forked_before_the_rest_of_quizlint_is_imported(large_bank):
    """Forking the helper is the first thing a cold run over a large bank does: the other core then loads lingua's
    models while this process imports the rest. Nothing heavy may be imported before the fork."""
    imported = _script_output(large_bank, """
        os.environ.pop("QUIZLINT_NO_PRESTART", None)
        os.cpu_count = lambda: 2
        before = set(sys.modules)
        from quizlint.lint import prestart

        prestart.start_if_useful(["lint", "content"])
        helper = prestart.take_full_looks()
        assert helper is not None
        helper.stop()
        print(" ".join(sorted(set(sys.modules) - before)))
    """).split()
    heavy = {"yaml", "pydantic", "re", "pathlib", "typing", "quizlint.load.document", "quizlint.load.discover"}
    assert heavy.isdisjoint(imported), sorted(heavy.intersection(imported))
    assert "quizlint.lint.full_looks" in imported
