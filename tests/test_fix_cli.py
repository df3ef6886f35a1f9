"""`quizlint fix` as a user runs it: rebalancing, "all/none of the above" last, numeric order, surgical edits."""

from __future__ import annotations

import codecs
import difflib
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import CONTENT, quiz_yaml
from quizlint.bank import BankSettings
from quizlint.fix.plan import FIX_CODES, plan_bank
from quizlint.fix.run import read_bank, FixReport
from quizlint.load import load_text
from quizlint.rules.base import all_rules
from quizlint.yamledit import NodeTree

BIAS_RULES = ("--select", "B001,B003")
ACCEPTANCE_KEYS = [0] * 10 + [1] * 2 + [2] * 2 + [3]  # A:10 B:2 C:2 D:1 over 15 four-option items


def block_item(number: int, key: int) -> str:
    """An item with block-style options in several styles, with comments inside and between the options."""
    lines = [f"- id: q{number}   # item {number}", f"  stem: {{en: 'Question {number}?', tr: \"Soru {number}?\"}}",
             "  options:"]
    for index, letter in enumerate("abcd"):
        if index == 2:
            lines.append("")
            lines.append("    # a comment right above an option moves with it")
        if number % 2 and index == 1:
            lines += ["    - text: >-", f"        Option {number}{letter}, folded", "        over two lines"]
        else:
            lines += ["    - text:", f"        en: \"Option {number}{letter}\"   # end-of-line comment",
                      f"        tr: 'Seçenek {number}{letter}'"]
        if index == key:
            lines += ["      # the key", "      correct: true"]
        if index == 3:
            lines.append(f"      feedback: {{en: why {letter}, tr: neden {letter}}}")
    lines.append("  explanation: {en: Because., tr: Çünkü.}   # after the options")
    return "\n".join(lines)


def flow_item(number: int, key: int) -> str:
    options = ", ".join("{text: '" + f"opt {number}{letter}'" + (", correct: true" if index == key else "") + "}"
                        for index, letter in enumerate("abcd"))
    return f"- id: q{number}\n  stem: {{en: 'Question {number}?', tr: 'Soru {number}?'}}\n  options: [{options}]"


def compact_item(number: int, key: int) -> str:
    options = "\n".join(f"    - {{text: \"c{number}{letter}\"{', correct: true' if index == key else ''}}}"
                        for index, letter in enumerate("abcd"))
    return f"- id: q{number}\n  stem: {{en: 'Question {number}?', tr: 'Soru {number}?'}}\n  options:\n{options}"


def biased_items(keys: list[int]) -> str:
    styles = (block_item, block_item, flow_item, compact_item)
    return "\n\n".join(styles[number % 4](number, key) for number, key in enumerate(keys, start=1))


def biased_quiz(keys: list[int] = ACCEPTANCE_KEYS, quiz_id: str = "biased") -> str:
    return "# A bank whose writer liked option A.\n" + quiz_yaml(biased_items(keys), quiz_id=quiz_id)


def keys_of(path: Path) -> list[int]:
    document, findings = load_text(path.read_text(encoding="utf-8"))
    assert document is not None, findings
    return [next(i for i, option in enumerate(item["options"]) if option.get("correct"))
            for item in document.data["items"]]


def counts(keys: list[int], n_options: int = 4) -> list[int]:
    found = Counter(keys)
    return [found.get(position, 0) for position in range(n_options)]


def option_lines(text: str) -> set[int]:
    """0-based numbers of the lines that belong to some option entry (block style) or hold an options list."""
    tree = NodeTree(text)
    lines: set[int] = set()
    document, _ = load_text(text)
    for index, _item in enumerate(document.data["items"]):
        for start, end in tree.sequence_entry_spans(("items", index, "options")):
            first, last = text.count("\n", 0, start), text.count("\n", 0, end)
            lines.update(range(first, last + 1))
    return lines


def changed_lines(before: str, after: str) -> tuple[set[int], set[int]]:
    """Numbers of the lines of ``before`` and of ``after`` that differ."""
    matcher = difflib.SequenceMatcher(a=before.splitlines(), b=after.splitlines(), autojunk=False)
    old, new = set(), set()
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            old.update(range(a1, a2))
            new.update(range(b1, b2))
    return old, new


def lint_output(run, cwd: Path, *args: str) -> str:
    result = run("lint", "--no-cache", *args, cwd=cwd)
    assert result.exit_code in (0, 1), result.output
    return result.output


# --------------------------------------------------------------------------------------------- acceptance

def git(repo: Path, *args: str) -> str:
    result = subprocess.run(["git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
                             "-c", "commit.gpgsign=false", *args], cwd=repo, capture_output=True, text=True,
                            check=True)
    return result.stdout


@pytest.fixture
def repo(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = tmp_path / "repo"
    (repo / "bank").mkdir(parents=True)
    (repo / "bank" / "biased.quiz.yaml").write_text(biased_quiz(), encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "biased bank")
    return repo


def test_acceptance_10_2_2_1_becomes_balanced_and_a_second_fix_changes_nothing(run, repo):
    quiz = repo / "bank" / "biased.quiz.yaml"
    original = quiz.read_text(encoding="utf-8")
    assert "B001" in lint_output(run, repo, *BIAS_RULES, "bank")

    check = run("fix", "bank", "--check", cwd=repo)
    assert check.exit_code == 1 and "Would fix 6 items in 1 file." in check.output
    assert quiz.read_text(encoding="utf-8") == original

    fixed = run("fix", "bank", cwd=repo)
    assert fixed.exit_code == 0, fixed.output
    assert "Fixed 6 items in 1 file." in fixed.output
    assert re.search(r"bank/biased\.quiz\.yaml:\d+:5: B001 q\d+: moved the key from A to [BCD]", fixed.output)
    assert sorted(counts(keys_of(quiz))) == [3, 4, 4, 4]
    assert lint_output(run, repo, *BIAS_RULES, "--extend-select", "B002", "bank").startswith("All clean")

    # git diff: only lines of option entries, in the old and in the new text
    diff = git(repo, "diff", "-U0", "--", "bank/biased.quiz.yaml")
    assert diff
    old_ranges = [tuple(map(int, match.groups(default="1")))
                  for match in re.finditer(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@", diff, re.MULTILINE)]
    new_ranges = [tuple(map(int, match.groups(default="1")))
                  for match in re.finditer(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", diff, re.MULTILINE)]
    old_option_lines = {line + 1 for line in option_lines(original)}
    new_option_lines = {line + 1 for line in option_lines(quiz.read_text(encoding="utf-8"))}
    for (start, length), allowed in [(r, old_option_lines) for r in old_ranges] + \
                                    [(r, new_option_lines) for r in new_ranges]:
        assert set(range(start, start + length)) <= allowed, (start, length, diff)

    snapshot = quiz.read_bytes()
    again = run("fix", "bank", cwd=repo)
    assert again.exit_code == 0 and "Nothing to fix." in again.output
    assert quiz.read_bytes() == snapshot
    assert run("fix", "bank", "--check", cwd=repo).exit_code == 0


def test_only_the_planned_option_blocks_change_and_the_keys_land_where_planned(run, tmp_path, monkeypatch):
    quiz = tmp_path / "biased.quiz.yaml"
    quiz.write_text(biased_quiz(), encoding="utf-8")
    before = quiz.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    [plan] = plan_bank(read_bank(BankSettings.resolve(paths=[quiz]), FixReport()), set(FIX_CODES))
    orders = {fix.position: fix.change.order for fix in plan.fixes}
    assert len(orders) == 6

    assert run("fix", str(quiz), cwd=tmp_path).exit_code == 0
    after = quiz.read_text(encoding="utf-8")
    old, new = changed_lines(before, after)
    assert old and old <= option_lines(before)
    assert new and new <= option_lines(after)
    assert len(before.splitlines()) == len(after.splitlines())

    items_before = load_text(before)[0].data["items"]
    items_after = load_text(after)[0].data["items"]
    for position, (was, now) in enumerate(zip(items_before, items_after)):
        order = orders.get(position, tuple(range(len(was["options"]))))
        assert now["options"] == [was["options"][index] for index in order]
        assert {k: v for k, v in now.items() if k != "options"} == {k: v for k, v in was.items() if k != "options"}


def test_the_comments_right_above_an_option_move_with_it(run, tmp_path):
    lines = ["quizlint: 1", "id: cities", "languages: [en]", "title: Cities", "items:"]
    for number in range(8):
        lines += [f"  - id: c{number}", f'    stem: "Question {number}: which city is meant?"', "    options:",
                  f"      # KEY: right answer of question {number}", f'      - text: "Right city {number}"',
                  "        correct: true", "      # distractor: a common confusion", f'      - text: "Wrong city {number}"',
                  "      # after a blank line: about the list, not an option", "", f'      - text: "Other city {number}"']
    quiz = tmp_path / "cities.quiz.yaml"
    before = "\n".join(lines) + "\n"
    quiz.write_text(before, encoding="utf-8")
    result = run("fix", quiz, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    after = quiz.read_text(encoding="utf-8")
    assert after != before
    for number in range(8):
        assert f'# KEY: right answer of question {number}\n      - text: "Right city {number}"\n' in after
        assert f'      # distractor: a common confusion\n      - text: "Wrong city {number}"\n' in after
    old, new = changed_lines(before, after)
    assert old <= option_lines(before) and new <= option_lines(after)
    assert [line for line in after.splitlines() if "after a blank line" in line or not line] == \
        [line for line in before.splitlines() if "after a blank line" in line or not line]
    assert after.count("      # after a blank line: about the list, not an option\n\n") == 8  # each stayed put


def test_diff_writes_nothing_and_prints_a_patch_that_git_applies(run, repo, tmp_path):
    quiz = repo / "bank" / "biased.quiz.yaml"
    original = quiz.read_bytes()
    result = run("fix", "bank", "--diff", cwd=repo)
    assert result.exit_code == 0
    assert quiz.read_bytes() == original
    assert result.stdout.startswith("--- a/bank/biased.quiz.yaml\n+++ b/bank/biased.quiz.yaml\n")
    assert "Would fix 6 items in 1 file." in result.stderr and "Would fix" not in result.stdout

    twin = tmp_path / "twin"
    twin.mkdir()
    (twin / "biased.quiz.yaml").write_bytes(original)
    assert run("fix", "biased.quiz.yaml", cwd=twin).exit_code == 0
    (repo / "fix.patch").write_text(result.stdout, encoding="utf-8")
    git(repo, "apply", "fix.patch")
    assert quiz.read_bytes() == (twin / "biased.quiz.yaml").read_bytes()


def test_moving_options_keeps_current_translation_digests_current_and_stale_ones_stale(run, tmp_path):
    quiz = tmp_path / "biased.quiz.yaml"
    quiz.write_text(biased_quiz(), encoding="utf-8")
    item_ids = [f"q{number}" for number in range(1, len(ACCEPTANCE_KEYS) + 1)]
    reviewed = run("review", *item_ids, "biased.quiz.yaml", "--lang", "tr", cwd=tmp_path)
    assert reviewed.exit_code == 0, reviewed.output
    # q2's source changes after its review: its translation is stale, before the fix and after it
    quiz.write_text(quiz.read_text(encoding="utf-8").replace("'Question 2?'", "'Question two?'"), encoding="utf-8")
    stale_before = lint_output(run, tmp_path, "--select", "T008", ".")
    assert re.findall(r"T008 \[warning\]", stale_before) == ["T008 [warning]"]
    before = quiz.read_text(encoding="utf-8")

    fixed = run("fix", ".", cwd=tmp_path)
    assert fixed.exit_code == 0 and "Fixed 6 items in 1 file." in fixed.output, fixed.output
    moved = {match.group(1) for match in re.finditer(r" B001 (q\d+): moved the key", fixed.output)}
    assert len(moved) == 6

    made_from = re.compile(r"^.*made from source \w+", re.MULTILINE)  # (the current digest may move on)
    assert made_from.findall(lint_output(run, tmp_path, "--select", "T008", ".")) == made_from.findall(stale_before)
    after = quiz.read_text(encoding="utf-8")
    old_lines, new_lines = changed_lines(before, after)
    digest_lines = {number for number, line in enumerate(after.splitlines()) if "source:" in line}
    assert new_lines - option_lines(after) <= digest_lines
    assert len(new_lines & digest_lines) == len(moved - {"q2"})  # one digest per moved item, q2's left stale
    assert run("fix", ".", "--check", cwd=tmp_path).exit_code == 0


def test_check_with_diff_prints_the_patch_and_exits_1(run, repo):
    result = run("fix", "bank", "--check", "--diff", cwd=repo)
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/bank/biased.quiz.yaml")


def test_shipped_content_is_balanced_and_check_passes(run_process):
    before = {path: path.read_bytes() for path in CONTENT.glob("*.yaml")}
    result = run_process("fix", str(CONTENT), "--check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Nothing to fix." in result.stdout
    assert {path: path.read_bytes() for path in CONTENT.glob("*.yaml")} == before


def test_the_result_is_the_same_in_every_process(run_process, tmp_path):
    results = []
    for seed in ("1", "2"):
        folder = tmp_path / f"run{seed}"
        folder.mkdir()
        (folder / "a.quiz.yaml").write_text(biased_quiz(quiz_id="a"), encoding="utf-8")
        (folder / "b.quiz.yaml").write_text(biased_quiz([0] * 5 + [1] * 6, quiz_id="b").replace("id: q", "id: b"),
                                            encoding="utf-8")
        result = run_process("fix", ".", cwd=folder, env={"PYTHONHASHSEED": seed})
        assert result.returncode == 0, result.stderr
        results.append([(folder / name).read_bytes() for name in ("a.quiz.yaml", "b.quiz.yaml")])
    assert results[0] == results[1]


def test_every_file_and_the_bank_end_up_quiet(run, tmp_path):
    for name in ("one", "two", "three"):
        keys = [0] * 7 + [1, 2]  # nine items each, A:7: every file biased, and the bank more so
        (tmp_path / f"{name}.quiz.yaml").write_text(
            quiz_yaml(biased_items(keys).replace("id: q", f"id: {name}-q"), quiz_id=name), encoding="utf-8")
    assert "B001" in lint_output(run, tmp_path, *BIAS_RULES, ".")
    assert run("fix", ".", cwd=tmp_path).exit_code == 0
    bank = Counter()
    for name in ("one", "two", "three"):
        per_file = counts(keys_of(tmp_path / f"{name}.quiz.yaml"))
        assert max(per_file) - min(per_file) == 1
        bank.update(keys_of(tmp_path / f"{name}.quiz.yaml"))
    assert max(bank.values()) - min(bank.values()) <= 1
    assert lint_output(run, tmp_path, *BIAS_RULES, ".").startswith("All clean")


# ------------------------------------------------------------------------------------------ what moves

UNTOUCHABLE = """\
- id: pinned
  stem: {en: "Pinned?", tr: "Sabit mi?"}
  options:
    - text: {en: Yes, tr: Evet}
      correct: true
      fixed: true
    - text: {en: No, tr: Hayır}
    - text: {en: Maybe, tr: Belki}
    - text: {en: Never, tr: Asla}
- id: several
  type: multiple
  stem: {en: "Which are even?", tr: "Hangileri çifttir?"}
  options:
    - text: two
      correct: true
    - text: four
      correct: true
    - text: five
    - text: seven
"""


def item_block(text: str, item_id: str) -> str:
    """The lines of one item, from its `- id:` line to the next item (or the end of the file)."""
    match = re.search(rf"^  - id: {item_id}\n(?:(?!  - id:).*\n?)*", text, re.MULTILINE)
    assert match is not None, item_id
    return match.group()


def test_fixed_options_and_multiple_answer_items_are_never_moved(run, tmp_path):
    quiz = tmp_path / "mixed.quiz.yaml"
    quiz.write_text(quiz_yaml(biased_items(ACCEPTANCE_KEYS) + "\n" + UNTOUCHABLE.strip("\n"), quiz_id="mixed"),
                    encoding="utf-8")
    before = quiz.read_text(encoding="utf-8")
    result = run("fix", str(quiz), cwd=tmp_path)
    assert result.exit_code == 0 and "Fixed 6 items" in result.output
    after = quiz.read_text(encoding="utf-8")
    for item_id in ("pinned", "several"):
        assert item_block(after, item_id) == item_block(before, item_id)
    assert "pinned" not in result.output and "several" not in result.output


ORDERED = """\
- id: above-unfixed
  stem: {en: "Which is a mammal?", tr: "Hangisi memelidir?"}
  options:
    - text: {en: Whale, tr: Balina}
      correct: true
    - text: {en: Shark, tr: Köpek balığı}
    - text: {en: Trout, tr: Alabalık}
    - text: {en: None of the above, tr: Hiçbiri}
- id: combination
  stem: {en: "Which statements are true?", tr: "Hangi ifadeler doğrudur?"}
  options:
    - text: {en: I only, tr: Yalnız I}
      correct: true
    - text: {en: II only, tr: Yalnız II}
    - text: {en: I and II, tr: I ve II}
    - text: {en: "I, II and III", tr: "I, II ve III"}
"""


def test_items_whose_option_order_means_something_are_not_rebalanced(run, tmp_path):
    quiz = tmp_path / "ordered.quiz.yaml"
    quiz.write_text(quiz_yaml(ORDERED.strip("\n") + "\n" + biased_items([0] * 12), quiz_id="ordered"),
                    encoding="utf-8")
    before = quiz.read_text(encoding="utf-8")
    result = run("fix", str(quiz), "--select", "B001", cwd=tmp_path)
    assert result.exit_code == 0 and "Fixed" in result.output
    after = quiz.read_text(encoding="utf-8")
    for item_id in ("above-unfixed", "combination"):
        assert item_block(after, item_id) == item_block(before, item_id)
    keys = keys_of(quiz)
    assert keys[:2] == [0, 0] and sorted(counts(keys)) == [3, 3, 4, 4]  # they count, at A, without moving


ABOVE = """\
- id: mammals
  stem: {en: "Which animal is a mammal?", tr: "Hangi hayvan memelidir?"}
  options:
    - text: {en: "All of the above", tr: "Hepsi"}   # the writer's favourite
    - text: {en: Whale, tr: Balina}
      correct: true
    - text: {en: Shark, tr: Köpek balığı}
- id: planets
  stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
  options: [{text: {en: None of these, tr: Hiçbiri}}, {text: Jupiter, correct: true}, {text: Mars}]
- id: already-last
  stem: {en: "Which is a prime?", tr: "Hangisi asaldır?"}
  options:
    - text: "7"
      correct: true
    - text: "8"
    - text: {en: None of the above, tr: Yukarıdakilerin hiçbiri}
"""


def test_all_and_none_of_the_above_go_last_and_are_fixed(run, write_quiz, tmp_path):
    quiz = write_quiz(ABOVE)
    result = run("fix", str(quiz), cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert 'W001 mammals: moved "All of the above" from option A to C (last) and marked it fixed' in result.output
    assert 'W002 already-last: marked "None of the above" (option C) fixed' in result.output
    text = quiz.read_text(encoding="utf-8")
    assert """\
    options:
      - text: {en: Whale, tr: Balina}
        correct: true
      - text: {en: Shark, tr: Köpek balığı}
      - text: {en: "All of the above", tr: "Hepsi"}   # the writer's favourite
        fixed: true
""" in text
    assert "options: [{text: Jupiter, correct: true}, {text: Mars}, {text: {en: None of these, tr: Hiçbiri}, " \
           "fixed: true}]" in text
    assert """\
      - text: {en: None of the above, tr: Yukarıdakilerin hiçbiri}
        fixed: true
""" in text
    # the rules still report the weak options (the fix only protects the order); a second fix does nothing
    assert "W001" in lint_output(run, tmp_path, "--select", "W001,W002", str(quiz))
    assert "Nothing to fix." in run("fix", str(quiz), cwd=tmp_path).output


def test_turkish_only_quiz_none_of_the_above(run, write_quiz, tmp_path):
    quiz = write_quiz("""\
- id: gezegen
  stem: {tr: "Güneş sistemindeki en büyük gezegen hangisidir?"}
  options:
    - text: {tr: "Yukarıdakilerin hiçbiri"}
    - text: {tr: "Jüpiter"}
      correct: true
    - text: {tr: "Satürn"}
""", languages="tr")
    assert run("fix", str(quiz), "--select", "W002", cwd=tmp_path).exit_code == 0
    options = load_text(quiz.read_text(encoding="utf-8"))[0].data["items"][0]["options"]
    assert options[-1] == {"text": {"tr": "Yukarıdakilerin hiçbiri"}, "fixed": True}


NUMERIC = """\
- id: bits-per-byte
  stem: {en: "How many bits are in a byte?", tr: "Bir baytta kaç bit vardır?"}
  options:
    - text: 16
    - text: 8
      correct: true
      feedback: {en: Right., tr: Doğru.}
    - text: 4
    - text: 32
"""


def test_numeric_options_are_sorted_ascending_and_then_left_alone(run, tmp_path):
    quiz = tmp_path / "numbers.quiz.yaml"
    quiz.write_text(quiz_yaml(NUMERIC.strip("\n") + "\n" + biased_items([0] * 8), quiz_id="numbers"),
                    encoding="utf-8")
    assert "W009" in lint_output(run, tmp_path, "--select", "W009", str(quiz))
    result = run("fix", str(quiz), cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "W009 bits-per-byte: sorted the numeric options in ascending order (4, 8, 16, 32)" in result.output
    items = load_text(quiz.read_text(encoding="utf-8"))[0].data["items"]
    assert [str(option["text"]) for option in items[0]["options"]] == ["4", "8", "16", "32"]
    assert items[0]["options"][1] == {"text": 8, "correct": True, "feedback": {"en": "Right.", "tr": "Doğru."}}
    assert lint_output(run, tmp_path, "--select", "W009,B001,B003", str(quiz)).startswith("All clean")
    assert "Nothing to fix." in run("fix", str(quiz), cwd=tmp_path).output



def test_numeric_options_with_a_fixed_one_are_reported_but_not_marked_fixable(run, tmp_path):
    # `fix` never moves a fixed option, so it leaves such an item alone: lint used to mark the finding [*] anyway.
    quiz = tmp_path / "numbers.quiz.yaml"
    quiz.write_text(quiz_yaml(NUMERIC.replace("    - text: 4\n", "    - text: 4\n      fixed: true\n"),
                              quiz_id="numbers"), encoding="utf-8")
    before = quiz.read_bytes()
    output = lint_output(run, tmp_path, "--select", "W009", str(quiz))
    assert "W009 [warning] numeric options are not in order (16, 8, 4, 32)" in output
    assert "[*]" not in output and "fixable" not in output
    assert "Nothing to fix." in run("fix", str(quiz), "--select", "W009", cwd=tmp_path).output
    assert quiz.read_bytes() == before


# ---------------------------------------------------------------------------------------------- selection

def test_select_limits_the_fixes(run, tmp_path):
    quiz = tmp_path / "numbers.quiz.yaml"
    quiz.write_text(quiz_yaml(NUMERIC.strip("\n") + "\n" + biased_items([0] * 8), quiz_id="numbers"),
                    encoding="utf-8")
    result = run("fix", str(quiz), "--select", "numeric-order", cwd=tmp_path)
    assert result.exit_code == 0 and "Fixed 1 item in 1 file." in result.output
    assert "B001" not in result.output
    assert keys_of(quiz)[1:] == [0] * 8

    ignored = run("fix", str(quiz), "--ignore", "B001,B003", cwd=tmp_path)
    assert "Nothing to fix." in ignored.output

    unfixable = run("fix", str(quiz), "--select", "K001", cwd=tmp_path)
    assert unfixable.exit_code == 0
    assert "none of the selected rules can be fixed automatically" in unfixable.stderr


def test_suppressed_items_are_not_fixed(run, write_quiz, tmp_path):
    quiz = write_quiz(NUMERIC.replace("- id: bits-per-byte", "- id: bits-per-byte  # quizlint: disable=W009 -- by size"))
    before = quiz.read_bytes()
    result = run("fix", str(quiz), cwd=tmp_path)
    assert result.exit_code == 0 and "Nothing to fix." in result.output
    assert quiz.read_bytes() == before


def test_default_paths_and_per_file_ignores_come_from_the_configuration(run, tmp_path):
    (tmp_path / "bank").mkdir()
    (tmp_path / "quizlint.toml").write_text('paths = ["bank"]\n\n[per-file-ignores]\n'
                                            '"legacy.quiz.yaml" = ["numeric-order"]\n', encoding="utf-8")
    legacy, new = tmp_path / "bank" / "legacy.quiz.yaml", tmp_path / "bank" / "new.quiz.yaml"
    legacy.write_text(quiz_yaml(NUMERIC, quiz_id="legacy"), encoding="utf-8")
    new.write_text(quiz_yaml(NUMERIC.replace("bits-per-byte", "bits"), quiz_id="new"), encoding="utf-8")
    before = legacy.read_bytes()
    result = run("fix", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "bank/new.quiz.yaml:6:5: W009 bits: sorted" in result.output and "legacy" not in result.output
    assert legacy.read_bytes() == before


def test_every_fixable_rule_is_fixed_by_fix(run):
    fixable = {rule.code for rule in all_rules() if rule.fixable}
    assert fixable and fixable <= set(FIX_CODES)
    listing = run("rule").output
    for code in ("B001", "B003", "W009"):
        assert re.search(rf"^{code} .* yes ", listing, re.MULTILINE), code


# ------------------------------------------------------------------------------------------ bad input

def test_files_with_errors_are_left_alone_and_reported(run, tmp_path):
    broken = tmp_path / "broken.quiz.yaml"
    broken.write_text(quiz_yaml(biased_items([0] * 9)).replace("  stem:", "  stme:", 1), encoding="utf-8")
    bad_yaml = tmp_path / "bad.quiz.yaml"
    bad_yaml.write_text("quizlint: 1\nid: [unclosed\n", encoding="utf-8")
    good = tmp_path / "good.quiz.yaml"
    good.write_text(biased_quiz(quiz_id="good"), encoding="utf-8")
    snapshots = {path: path.read_bytes() for path in (broken, bad_yaml)}
    result = run("fix", ".", cwd=tmp_path)
    assert result.exit_code == 1
    assert re.search(r"^broken\.quiz\.yaml:\d+:\d+: S00\d \[error\] ", result.stderr, re.MULTILINE)
    assert re.search(r"^bad\.quiz\.yaml:\d+:\d+: Y001 \[error\] ", result.stderr, re.MULTILINE)
    assert "broken.quiz.yaml: left alone" in result.stderr
    assert {path: path.read_bytes() for path in snapshots} == snapshots
    assert sorted(counts(keys_of(good))) == [3, 4, 4, 4]  # the good file is still fixed
    assert "Traceback" not in result.output


def test_a_file_that_cannot_be_edited_surgically_is_left_alone(run, tmp_path):
    # the only item that may move ends the file with a block text and no final line break: its last option cannot
    # move up without a line break added to its text (the numeric items count, but never move)
    numeric = "".join(f"""\
- id: count{number}
  stem: {{en: "How many {number}?", tr: "Kaç {number}?"}}
  options:
    - text: "{number + 1}"
      correct: true
    - text: "{number + 2}"
""" for number in range(7))
    last = "- id: last\n  stem: {en: Which?, tr: Hangisi?}\n  options:\n    - text: Right\n      correct: true\n" \
           "    - text: |\n        Wrong"
    quiz = tmp_path / "demo.quiz.yaml"
    quiz.write_text(quiz_yaml(numeric + last).rstrip("\n"), encoding="utf-8")
    before = quiz.read_bytes()
    result = run("fix", str(quiz), cwd=tmp_path)
    assert result.exit_code == 1
    assert re.search(r"^demo\.quiz\.yaml:\d+:5: last: its options cannot move .*; file left alone$", result.stderr,
                     re.MULTILINE)
    assert "Nothing fixed; 1 file left alone (see above)." in result.output
    assert quiz.read_bytes() == before


def test_byte_order_mark_and_crlf_line_endings_survive(run, tmp_path):
    quiz = tmp_path / "windows.quiz.yaml"
    text = biased_quiz().replace("\n", "\r\n")
    quiz.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    assert run("fix", str(quiz), cwd=tmp_path).exit_code == 0
    raw = quiz.read_bytes()
    assert raw.startswith(codecs.BOM_UTF8)
    assert raw.count(b"\r\n") == text.count("\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    assert sorted(counts(keys_of(quiz))) == [3, 4, 4, 4]
