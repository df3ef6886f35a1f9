"""QA regressions of `quizlint fix`: it fixes what lint reports and nothing else, W001/W002 are fixable exactly
where the fix repairs them, and files are written with the umask's mode and through symbolic links."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import quiz_yaml, unprivileged
from quizlint.io import write_atomic

BIAS = ("--select", "B001,B003")


def flow_item(item_id: str, key: int, n_options: int = 4, numeric: bool = False) -> str:
    """A flow-style item; ``numeric``: its options are the numbers 1, 2, … (an order that means something)."""
    options = ", ".join((f"{{text: '{index + 1}'" if numeric else f"{{text: '{item_id} option {index}'")
                        + (", correct: true" if index == key else "") + "}" for index in range(n_options))
    return f"- {{id: {item_id}, stem: '{item_id} question?', options: [{options}]}}"


def write_keys(folder: Path, name: str, keys: list[int], n_options: int = 4, numeric: frozenset[int] = frozenset()
               ) -> Path:
    """A quiz file ``name.quiz.yaml`` with one single-answer item per key (0 = A); the items numbered in
    ``numeric`` have numbers for options."""
    items = "\n".join(flow_item(f"{name}-{number}", key, n_options, number in numeric)
                      for number, key in enumerate(keys))
    path = folder / f"{name}.quiz.yaml"
    path.write_text(quiz_yaml(items, quiz_id=name, languages="en"), encoding="utf-8")
    return path


def keys_in(path: Path) -> list[int]:
    """The key position of every item, read back from the file's flow-style options."""
    keys = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("- {id:"):
            options = re.findall(r"\{text: '[^']*'(, correct: true)?\}", line)
            keys.append(next(index for index, (correct,) in enumerate(zip(options)) if correct))
    return keys


def lint(run, folder: Path, *args: str):
    result = run("lint", "--no-cache", *args, ".", cwd=folder)
    assert result.exit_code in (0, 1), result.output
    return result


def bias_codes(run, folder: Path, *args: str) -> set[str]:
    return set(re.findall(r" (B00[13]) \[", lint(run, folder, *BIAS, *args).output))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.quiz.yaml"))}


# ------------------------------------------------------------- 1. fix repairs what the rules report, no more

def test_check_passes_on_a_bank_that_lint_finds_clean(run, tmp_path):
    """QA: three one-item quizzes keyed A are clean for lint (too few items to test), so nothing to fix."""
    for name in ("one", "two", "three"):
        write_keys(tmp_path, name, [0])
    assert lint(run, tmp_path).output.startswith("All clean")
    before = snapshot(tmp_path)

    check = run("fix", "--check", ".", cwd=tmp_path)
    assert check.exit_code == 0, check.output
    assert "Nothing to fix." in check.output
    assert run("fix", ".", cwd=tmp_path).exit_code == 0
    assert snapshot(tmp_path) == before


def test_the_configured_alpha_and_min_items_decide_what_is_fixed(run, tmp_path):
    """The same bank is reported, and then fixed, once the configuration makes the rules test it."""
    for name in ("one", "two", "three"):
        write_keys(tmp_path, name, [0])
    (tmp_path / "quizlint.toml").write_text('[rules.key-position-bias]\nalpha = 0.1\nmin-items = 2\n',
                                            encoding="utf-8")
    assert bias_codes(run, tmp_path) == {"B001"}  # 3 of 3 at A across the bank: p=0.0625 < 0.1

    check = run("fix", "--check", ".", cwd=tmp_path)
    assert check.exit_code == 1 and "Would fix 2 items in 2 files." in check.output
    assert run("fix", ".", cwd=tmp_path).exit_code == 0
    assert sorted(key for name in ("one", "two", "three") for key in keys_in(tmp_path / f"{name}.quiz.yaml")) \
        in ([0, 1, 2], [0, 1, 3], [0, 2, 3])
    assert bias_codes(run, tmp_path) == set()
    assert run("fix", "--check", ".", cwd=tmp_path).exit_code == 0


def test_only_the_reported_file_is_rebalanced(run, tmp_path):
    biased = write_keys(tmp_path, "biased", [0] * 10 + [1, 1, 2, 2, 3])
    uneven = write_keys(tmp_path, "uneven", [0, 0, 0, 1, 1, 2, 2, 3, 0])  # A:4 of 9, not significant
    assert bias_codes(run, tmp_path) == {"B001"}
    assert "biased.quiz.yaml" in lint(run, tmp_path, *BIAS).output
    untouched = uneven.read_bytes()

    result = run("fix", ".", cwd=tmp_path)
    assert result.exit_code == 0 and re.search(r"Fixed \d+ items in 1 file\.", result.output)
    assert "uneven" not in result.output and uneven.read_bytes() == untouched
    assert sorted(Counter(keys_in(biased)).values()) == [3, 4, 4, 4]
    assert bias_codes(run, tmp_path) == set()


def test_a_bias_spread_over_small_quizzes_is_fixed_across_the_bank(run, tmp_path):
    for name in ("a", "b", "c", "d"):
        write_keys(tmp_path, name, [0, 0, 0, 1, 2])  # five items each: too few to test one quiz
    output = lint(run, tmp_path, *BIAS).output
    assert "across the bank (4 quiz files)" in output
    assert run("fix", "--check", ".", cwd=tmp_path).exit_code == 1
    assert run("fix", ".", cwd=tmp_path).exit_code == 0
    assert bias_codes(run, tmp_path) == set()


def test_fixing_a_quiz_that_hid_the_bank_bias_fixes_the_bank_too(run, tmp_path):
    """The bank is tested only when no quiz file is reported; once the loud quiz is fixed, the bank's own bias
    (many small quizzes keyed D) shows, and `fix` must have repaired it as well."""
    write_keys(tmp_path, "loud", [0] * 8)
    for name in ("s1", "s2", "s3", "s4"):
        write_keys(tmp_path, name, [3] * 5)
    output = lint(run, tmp_path, *BIAS).output
    assert "loud.quiz.yaml" in output and "across the bank" not in output

    assert run("fix", ".", cwd=tmp_path).exit_code == 0
    assert bias_codes(run, tmp_path) == set()
    assert run("fix", "--check", ".", cwd=tmp_path).exit_code == 0


def test_key_middle_bias_alone_is_fixed_when_selected_alone(run, tmp_path):
    quiz = write_keys(tmp_path, "middle", [1, 2] * 6 + [0, 3])  # 12 of 14 in the middle
    assert "B003" in bias_codes(run, tmp_path)
    result = run("fix", "--select", "B003", ".", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert re.search(r"B003 middle-\d+: moved the key from [BC] to [AD]", result.output)
    assert "B003" not in bias_codes(run, tmp_path)
    assert max(Counter(keys_in(quiz)).values()) - min(Counter(keys_in(quiz)).values()) <= 1


def test_a_whole_file_suppression_of_the_finding_means_nothing_to_fix(run, tmp_path):
    quiz = write_keys(tmp_path, "legacy", [0] * 12)
    quiz.write_text("# quizlint: disable=B001,B003 -- printed booklet, order is final\n" + quiz.read_text("utf-8"),
                    encoding="utf-8")
    assert bias_codes(run, tmp_path) == set()
    before = quiz.read_bytes()
    assert run("fix", "--check", ".", cwd=tmp_path).exit_code == 0
    assert quiz.read_bytes() == before


# quiz files of 3 or 4 options: per item, its key and whether its options are numbers
BANKS = st.lists(st.tuples(st.sampled_from([3, 4]), st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1,
                                                             max_size=14)), min_size=1, max_size=4)


def write_bank(folder: Path, files: list, min_items: int, numbers: bool) -> Path:
    """The quiz files ``files`` (see ``BANKS``; ``numbers``: with the numeric items) in ``folder``, with the
    `min-items` of the position-bias rules."""
    (folder / "quizlint.toml").write_text(
        f"[rules.key-position-bias]\nmin-items = {min_items}\n[rules.key-middle-bias]\nmin-items = {min_items}\n",
        encoding="utf-8")
    for number, (n_options, items) in enumerate(files):
        write_keys(folder, f"q{number}", [key % n_options for key, _ in items], n_options,
                   frozenset(index for index, (_, numeric) in enumerate(items) if numeric and numbers))
    return folder


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=BANKS, min_items=st.sampled_from([2, 5, 8]))
def test_fix_check_agrees_with_lint_and_leaves_lint_quiet(run, files, min_items):
    with tempfile.TemporaryDirectory() as name:
        folder = write_bank(Path(name), files, min_items, numbers=False)
        reported = bias_codes(run, folder)
        before = snapshot(folder)
        check = run("fix", *BIAS, "--check", ".", cwd=folder)
        assert check.exit_code == (1 if reported else 0), (reported, check.output)
        assert snapshot(folder) == before
        assert run("fix", *BIAS, ".", cwd=folder).exit_code == 0
        assert bias_codes(run, folder) == set()
        if not reported:
            assert snapshot(folder) == before


def test_a_bias_that_only_keys_fix_never_moves_make_is_not_marked_fixable(run, tmp_path):
    write_keys(tmp_path, "counts", [1] * 10, numeric=frozenset(range(10)))
    output = lint(run, tmp_path, *BIAS).output
    assert re.findall(r" (B00[13]) \[warning\] keys A:0 B:10|(B003) \[warning\] the key is in a middle", output) == \
        [("B001", ""), ("", "B003")]
    assert "[*]" not in output and "fixable" not in output
    check = run("fix", *BIAS, "--check", ".", cwd=tmp_path)
    assert check.exit_code == 0 and "Nothing to fix." in check.output


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=BANKS, min_items=st.sampled_from([2, 5, 8]))
def test_lint_marks_a_bias_fixable_exactly_when_fix_would_change_something(run, files, min_items):
    with tempfile.TemporaryDirectory() as name:
        folder = write_bank(Path(name), files, min_items, numbers=True)
        output = lint(run, folder, *BIAS).output
        marked = re.search(r" B00[13] \[warning\] .* \[\*\]$", output, re.MULTILINE)
        check = run("fix", *BIAS, "--check", ".", cwd=folder)
        assert check.exit_code == (1 if marked else 0), (output, check.output)


# --------------------------------------------------- 2. W001/W002: fixable until fixed, reported afterwards

ABOVE = """\
- id: mammals
  stem: {en: "Which animal is a mammal?", tr: "Hangi hayvan memelidir?"}
  options:
    - text: {en: "All of the above", tr: "Hepsi"}
    - text: {en: Whale, tr: Balina}
      correct: true
    - text: {en: Shark, tr: Köpek balığı}
- id: planets
  stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
  options: [{text: Jupiter, correct: true}, {text: {en: None of these, tr: Hiçbiri}}, {text: Mars}]
- id: pinned-after
  stem: {en: "Which is a prime?", tr: "Hangisi asaldır?"}
  options:
    - text: {en: None of the above, tr: Hiçbiri}
    - text: "7"
      correct: true
    - text: "8"
      fixed: true
"""


def phrase_findings(run, folder: Path) -> list[tuple[str, str, bool]]:
    """(code, option letter, marked fixable) of every W001/W002 finding."""
    output = lint(run, folder, "--select", "W001,W002").output
    return [(code, letter, marker == " [*]")
            for code, letter, marker in re.findall(r" (W00[12]) \[warning\] option ([A-Z]) is .*?( \[\*\])?$",
                                                   output, re.MULTILINE)]


def test_all_and_none_of_the_above_are_fixable_until_fixed_and_then_still_reported(run, write_quiz, tmp_path):
    quiz = write_quiz(ABOVE)
    before = phrase_findings(run, tmp_path)
    # the third one has a `fixed` option after it: fix never moves it past that, so it is not marked fixable
    assert before == [("W001", "A", True), ("W002", "B", True), ("W002", "A", False)]
    assert "(2 fixable with `quizlint fix`)" in lint(run, tmp_path, "--select", "W001,W002").output

    result = run("fix", "--select", "W001,W002", ".", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    actions = re.findall(r": (W00[12]) [\w-]+: moved ", result.output)
    assert actions == ["W001", "W002"]  # exactly the findings marked fixable
    assert "pinned-after" not in result.output

    after = phrase_findings(run, tmp_path)
    assert after == [("W001", "C", False), ("W002", "C", False), ("W002", "A", False)]
    assert "fixable" not in lint(run, tmp_path, "--select", "W001,W002").output
    text = quiz.read_text(encoding="utf-8")
    assert "options: [{text: Jupiter, correct: true}, {text: Mars}, {text: {en: None of these, tr: Hiçbiri}, " \
           "fixed: true}]" in text
    assert run("fix", "--check", "--select", "W001,W002", ".", cwd=tmp_path).exit_code == 0


def test_rule_listing_and_docs_say_w001_and_w002_are_fixable(run):
    listing = run("rule").output
    for code in ("W001", "W002"):
        assert re.search(rf"^{code} .* yes ", listing, re.MULTILINE), code
        doc = run("rule", code).output
        assert "fixable" in doc and "quizlint fix" in doc and "still reports" in doc


# ------------------------------------------------------ 3. written files: the umask, and symbolic links

def run_with_umask(args: list[str], cwd: Path, umask: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quizlint", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, umask=umask)


@pytest.mark.skipif(os.name != "posix", reason="file modes and the umask are POSIX")
@pytest.mark.parametrize("umask, expected", [(0o077, 0o600), (0o002, 0o664), (0o022, 0o644)])
def test_a_new_report_file_gets_the_mode_the_umask_allows(tmp_path, umask, expected):
    write_keys(tmp_path, "quiz", [0, 1, 2, 3])
    result = run_with_umask(["lint", "--no-cache", ".", "-o", "report.txt"], tmp_path, umask)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((tmp_path / "report.txt").stat().st_mode) == expected


@pytest.mark.skipif(os.name != "posix", reason="file modes and the umask are POSIX")
def test_write_atomic_honours_the_umask_for_new_files_and_keeps_existing_modes(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "new\n")
        existing = tmp_path / "existing.txt"
        existing.write_text("old\n")
        existing.chmod(0o604)
        write_atomic(existing, "replaced\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    assert stat.S_IMODE(existing.stat().st_mode) == 0o604 and existing.read_text() == "replaced\n"
    assert os.umask(old) == old  # reading the umask put it back


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")
def test_fix_writes_through_a_symlinked_quiz_file_named_on_the_command_line_to_its_target(run, tmp_path):
    # (a link found in a folder that leads outside it is left alone: see test_write_safety.py)
    real_dir, bank = tmp_path / "shared", tmp_path / "bank"
    real_dir.mkdir()
    bank.mkdir()
    target = write_keys(real_dir, "biased", [0] * 12)
    target.chmod(0o640)
    link = bank / "biased.quiz.yaml"
    link.symlink_to(os.path.relpath(target, bank))

    result = run("fix", "biased.quiz.yaml", cwd=bank)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, bank)
    assert sorted(Counter(keys_in(target)).values()) == [3, 3, 3, 3]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(path.name for path in real_dir.iterdir()) == ["biased.quiz.yaml"]  # no temporary file left
    assert sorted(path.name for path in bank.iterdir()) == ["biased.quiz.yaml"]
    assert bias_codes(run, bank) == set()


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")
def test_write_atomic_through_links_dangling_links_and_loops(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    real = tmp_path / "b" / "real.txt"
    real.write_text("old\n")
    chain = tmp_path / "a" / "second"
    chain.symlink_to(real)
    first = tmp_path / "a" / "first"
    first.symlink_to(chain)  # a link to a link
    write_atomic(first, "new\n")
    assert first.is_symlink() and chain.is_symlink() and real.read_text() == "new\n"

    dangling = tmp_path / "a" / "dangling"
    dangling.symlink_to(tmp_path / "b" / "created.txt")
    write_atomic(dangling, "made\n")
    assert dangling.is_symlink() and (tmp_path / "b" / "created.txt").read_text() == "made\n"

    loop = tmp_path / "a" / "loop"
    loop.symlink_to(loop)
    with pytest.raises(OSError):
        write_atomic(loop, "never\n")
    assert loop.is_symlink()
    assert sorted(path.name for path in (tmp_path / "b").iterdir()) == ["created.txt", "real.txt"]


@pytest.mark.parametrize("protect", ["file", "folder"])
def test_fix_never_replaces_a_read_only_file_and_says_what_it_did_not_write(tmp_path, protect):
    bank = tmp_path / "bank"
    bank.mkdir()
    quiz = write_keys(bank, "biased", [0] * 12)
    before = quiz.read_bytes()
    (quiz if protect == "file" else bank).chmod(0o444 if protect == "file" else 0o555)
    try:
        result = subprocess.run(unprivileged([sys.executable, "-m", "quizlint", "fix", "biased.quiz.yaml"]),
                                cwd=bank, capture_output=True, text=True, timeout=120)
    finally:
        (quiz if protect == "file" else bank).chmod(0o644 if protect == "file" else 0o755)
    assert result.returncode == 1, result.stdout + result.stderr
    reason = "the file is read-only" if protect == "file" else "Permission denied"
    assert f"biased.quiz.yaml: cannot write: {reason}\n" in result.stderr
    assert ".tmp" not in result.stderr  # the file the user knows is named, not a temporary one
    assert result.stdout.strip().endswith("Fixed nothing in 1 file that could not be written (see above); 0 files "
                                          "written.")
    assert quiz.read_bytes() == before
    assert sorted(path.name for path in bank.iterdir()) == ["biased.quiz.yaml"]


# ------------------------------- 3. lint's [*] marks obey what fix obeys: suppressions and per-file ignores

def suppress_items(path: Path, code: str = "B001") -> None:
    """A ``# quizlint: disable=CODE`` comment on the `id:` line of every item of ``path``."""
    lines = [line + f"  # quizlint: disable={code} -- keep this order" if line.lstrip().startswith("- {id:") else line
             for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def suppress_file(path: Path, code: str = "B001") -> None:
    path.write_text(f"# quizlint: disable={code} -- order matters here\n" + path.read_text("utf-8"), encoding="utf-8")


@pytest.mark.parametrize("code", ["B001", "B003"])
def test_items_that_suppress_a_position_rule_are_not_fixable_and_their_suppression_is_not_unused(run, tmp_path, code):
    """QA: every item suppresses B001 (or B003, which pins the item for the whole rebalancing as well): lint
    marked the bias [*] and called the suppressions unused while fix, which obeys them, had nothing to fix."""
    quiz = write_keys(tmp_path, "caps", [0] * 10)
    suppress_items(quiz, code)
    output = lint(run, tmp_path, *BIAS).output
    assert re.search(r"B001 \[warning\] keys A:10 B:0 C:0 D:0 .*p<0\.0001$", output, re.MULTILINE), output
    assert "[*]" not in output and "fixable" not in output and "Q001" not in output
    fix = run("fix", *BIAS, ".", cwd=tmp_path)
    assert fix.exit_code == 0 and "Nothing to fix." in fix.output


@pytest.mark.parametrize("how", ["comment", "per-file-ignores"])
def test_files_that_disable_b001_leave_the_bank_bias_unfixable_once_the_rest_is_fixed(run, tmp_path, how):
    """QA: three of four files disable B001 (at the top, or in per-file-ignores); fix balances the fourth, and
    lint went on marking the bank's bias [*] although the next fix had nothing to do."""
    files = [write_keys(tmp_path, f"f{number}", [0, 0, 0]) for number in range(4)]
    if how == "comment":
        for path in files[1:]:
            suppress_file(path)
    else:
        (tmp_path / "quizlint.toml").write_text('[per-file-ignores]\n"f[123].quiz.yaml" = ["B001"]\n', encoding="utf-8")
    fixed = run("fix", "--select", "B001", ".", cwd=tmp_path)
    assert fixed.exit_code == 0 and "in 1 file." in fixed.output, fixed.output
    assert [keys_in(path) for path in files[1:]] == [[0, 0, 0]] * 3
    output = lint(run, tmp_path, "--select", "B001").output
    assert re.search(r"^f0\.quiz\.yaml:\d+:\d+: B001 \[warning\] keys A:9 B:1 C:1 D:1 .*across the bank", output,
                     re.MULTILINE), output
    assert "[*]" not in output and "Q001" not in output
    again = run("fix", "--select", "B001", ".", cwd=tmp_path)
    assert again.exit_code == 0 and "Nothing to fix." in again.output


def test_a_suppression_added_between_cached_runs_updates_the_mark(run, tmp_path):
    quiz = write_keys(tmp_path, "caps", [0] * 10)
    assert "[*]" in run("lint", "--select", "B001", ".", cwd=tmp_path).output
    suppress_items(quiz)
    output = run("lint", "--select", "B001", ".", cwd=tmp_path).output
    assert "B001" in output and "[*]" not in output


def test_the_rules_that_move_keys_are_the_ones_fix_rebalances_for():
    from quizlint.fix.bias import REBALANCE_CODES
    from quizlint.rules.base import all_rules

    assert {rule.code for rule in all_rules() if rule.moves_keys} == set(REBALANCE_CODES)


# ------------------------------------------------------ 4. option entries with a comment on the dash line

def write_capitals(folder: Path, first_options: str) -> Path:
    """A quiz of ten items keyed A whose options start with ``first_options`` (block YAML, ``{number}`` for the
    item's number) and end with Town and City."""
    items = "".join(f"- id: q{number}\n  stem: \"Question number {number} about capitals?\"\n  options:\n"
                    + first_options.format(number=number)
                    + f"    - text: \"Town {number}\"\n    - text: \"City {number}\"\n" for number in range(10))
    quiz = folder / "caps.quiz.yaml"
    quiz.write_text(quiz_yaml(items, quiz_id="caps", languages="en"), encoding="utf-8")
    return quiz


def test_options_with_a_comment_on_the_dash_line_move_with_it(run, tmp_path):
    """QA: `- # the key` with `text:` on the next line made fix refuse every item (exit 1) while lint marked
    B001 fixable."""
    quiz = write_capitals(tmp_path, """\
    - # the key
      text: "Capital {number}"
      correct: true
    - text: "Port {number}"
""")
    assert "[*]" in lint(run, tmp_path, *BIAS).output
    result = run("fix", *BIAS, ".", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "left alone" not in result.output and re.search(r"Fixed \d+ items in 1 file\.", result.output)
    text = quiz.read_text(encoding="utf-8")
    assert text.count("    - # the key\n        text: \"Capital") == 10  # the comment stays on its option's dash
    assert re.search(r"      - text: \"Port 0\"\n      - # the key\n        text: \"Capital 0\"\n        correct: true\n",
                     text)
    assert bias_codes(run, tmp_path) == set()


# ------------------------------------- 5. which comment lines move with an option: as documented, and tested

def test_comments_at_the_dash_indentation_move_with_the_option_below_deeper_ones_with_the_option_above(run, tmp_path):
    """QA: `fix --help` said "the comment lines right above an option move with it", but a comment indented deeper
    than the dash stays with the option above (YAML nests it in that option's mapping). The help now says which."""
    quiz = write_capitals(tmp_path, """\
    - text: "Capital {number}"
      correct: true
      # a note on Capital {number}
    # about Port {number}
    - text: "Port {number}"
""")
    result = run("fix", *BIAS, ".", cwd=tmp_path)
    assert result.exit_code == 0 and "Fixed" in result.output, result.output
    lines = quiz.read_text(encoding="utf-8").splitlines()
    for number in range(10):
        capital = lines.index(f'      - text: "Capital {number}"')
        assert lines[capital + 1:capital + 3] == ["        correct: true", f"        # a note on Capital {number}"]
        port = lines.index(f'      - text: "Port {number}"')
        assert lines[port - 1] == f"      # about Port {number}"
    help_text = " ".join(run("fix", "--help").output.split())
    assert ("an option moves with the comments on its dash line and inside it, and with the comment lines directly "
            "above its dash at the dash's indentation (comment lines indented deeper than the dash are inside the "
            "option above and move with that one)") in help_text
