"""``quizlint review``: mark translations reviewed with the current source digest (the staleness rule's)."""

from __future__ import annotations

import json

import pytest
from test_yamledit import only_insertions

from quizlint.model import read_quiz, source_digest

ITEMS = """\
- id: machine-made
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
      correct: true
    - text: İstanbul
  translations:
    tr: {status: machine, source: "0badc0de"}   # from an older source

- id: never-marked
  stem:
    en: "Which river flows through Ankara?"
    tr: "Ankara'dan hangi nehir geçer?"
  options:
    - text: Ankara Çayı
      correct: true
    - text: Kızılırmak

- id: half-done
  stem: {en: "Which sea is north of Turkey?", tr: "Türkiye'nin kuzeyinde hangi deniz vardır?"}
  options:
    - text: {en: "The Black Sea", tr: "Karadeniz"}
      correct: true
    - text: {en: "The Red Sea"}
"""


@pytest.fixture
def quiz(write_quiz):
    return write_quiz(ITEMS)


def digest(path, position):
    quiz_file, findings = read_quiz(path)
    assert findings == []
    return source_digest(quiz_file.quiz.items[position], "en")


def lint_codes(run, path, *selectors):
    result = run("lint", path, "--format", "json", "--select", ",".join(selectors), "--no-cache")
    return sorted((finding["item"], finding["rule"]) for finding in json.loads(result.stdout))


def test_review_records_status_and_current_digest_and_nothing_else(run, quiz):
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "machine-made", "never-marked", "--lang", "tr", quiz)
    assert result.exit_code == 0, result.output
    after = quiz.read_text(encoding="utf-8")
    changed = [line for line in after.splitlines() if line not in before.splitlines()]
    assert changed == [  # the first replaces the machine state (its comment kept), the second is new
        f'      tr: {{status: reviewed, source: "{digest(quiz, 0)}"}}   # from an older source',
        f'      tr: {{status: reviewed, source: "{digest(quiz, 1)}"}}',
    ]
    reviewed_first = before.replace("status: machine", "status: reviewed").replace("0badc0de", digest(quiz, 0))
    assert only_insertions(reviewed_first, after) == [
        "    translations:\n", f'      tr: {{status: reviewed, source: "{digest(quiz, 1)}"}}\n']
    assert f"machine-made: tr marked reviewed (machine → reviewed, source {digest(quiz, 0)})" in result.stdout
    assert f"never-marked: tr marked reviewed (no status → reviewed, source {digest(quiz, 1)})" in result.stdout


def test_the_linter_agrees_after_review(run, quiz):
    assert ("machine-made", "machine-unreviewed") in lint_codes(run, quiz, "machine-unreviewed", "stale-translation")
    assert ("machine-made", "stale-translation") in lint_codes(run, quiz, "machine-unreviewed", "stale-translation")
    run("review", "machine-made", quiz)
    assert [found for found in lint_codes(run, quiz, "machine-unreviewed", "stale-translation")
            if found[0] == "machine-made"] == []


def test_reviewing_again_changes_nothing(run, quiz):
    run("review", "machine-made", quiz)
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "machine-made", quiz)
    assert result.exit_code == 0 and "tr already reviewed" in result.stdout
    assert quiz.read_text(encoding="utf-8") == before


def test_a_review_recorded_with_a_longer_digest_is_current(run, quiz):
    long_digest = digest(quiz, 1) + "0" * 56  # (up to 64 hex digits; current when it starts with the digest)
    quiz.write_text(quiz.read_text(encoding="utf-8").replace(
        "- text: Kızılırmak\n",
        f'- text: Kızılırmak\n    translations: {{tr: {{status: reviewed, source: "{long_digest}"}}}}\n'),
        encoding="utf-8")
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "never-marked", "--lang", "tr", quiz)
    assert result.exit_code == 0 and f"tr already reviewed (source {digest(quiz, 1)})" in result.stdout
    assert quiz.read_text(encoding="utf-8") == before


def test_an_incomplete_translation_cannot_be_reviewed(run, quiz):
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "half-done", "machine-made", quiz)
    assert result.exit_code == 1
    assert "half-done: cannot mark tr reviewed: no tr text for option B" in result.stderr
    after = quiz.read_text(encoding="utf-8")
    assert "half-done" in after and after.count("status: reviewed") == 1  # the complete one was still marked
    assert before.count("status: reviewed") == 0


def test_an_unknown_item_id_marks_nothing(run, quiz):
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "machine-made", "machne-made", quiz)
    assert result.exit_code == 1
    assert "no valid item 'machne-made'" in result.stderr and "nothing marked" in result.stderr
    assert quiz.read_text(encoding="utf-8") == before


def test_language_must_be_chosen_when_there_are_several(run, write_quiz):
    path = write_quiz("""\
- id: trio
  stem: {en: "Yes?", tr: "Evet mi?", de: "Ja?"}
  options:
    - text: {en: "Yes", tr: "Evet", de: "Ja"}
      correct: true
    - text: {en: "No", tr: "Hayır", de: "Nein"}
""", languages="en, tr, de")
    result = run("review", "trio", path)
    assert result.exit_code == 1 and "choose one with --lang" in result.stderr
    result = run("review", "trio", "--lang", "en", path)
    assert result.exit_code == 1 and "en is not a target language of the quiz (tr, de)" in result.stderr
    result = run("review", "trio", "--lang", "fr", path)
    assert result.exit_code == 2
    assert "quizlint: --lang fr: no quiz declares this language (the languages of the 1 quiz file: en, tr, de)" \
        in result.stderr
    result = run("review", path)  # every item of the file: one usage error, not one per item
    assert result.exit_code == 2
    assert result.stderr == "quizlint: the quizzes have 2 target languages (de, tr): choose one with --lang\n"
    result = run("review", "trio", "--lang", "DE", path)
    assert result.exit_code == 0
    assert '    translations:\n      de: {status: reviewed, source: "' in path.read_text(encoding="utf-8")


def test_paths_and_item_ids_are_told_apart(run, quiz, tmp_path):
    result = run("review", "machine-made", f"{tmp_path.name}/", cwd=tmp_path.parent)
    assert result.exit_code == 0, result.output
    assert "status: reviewed" in quiz.read_text(encoding="utf-8")
    assert run("review", cwd=tmp_path).exit_code == 2  # neither an item, a path nor --all
    assert run("review", "--all", "machine-made", cwd=tmp_path).exit_code == 2


def test_dry_run_shows_the_diff_only(run, quiz):
    before = quiz.read_text(encoding="utf-8")
    result = run("review", "never-marked", "--dry-run", quiz)
    assert result.exit_code == 0
    assert "+    translations:\n" in result.stdout
    assert quiz.read_text(encoding="utf-8") == before


def test_review_file_marks_every_item_of_the_file(run, quiz, write_quiz):
    other = write_quiz(ITEMS.replace("id: ", "id: other-"), name="other.quiz.yaml")
    untouched = other.read_text(encoding="utf-8")
    before = quiz.read_text(encoding="utf-8")
    result = run("review", quiz, "--lang", "tr")
    assert result.exit_code == 1  # half-done cannot be reviewed: named, the others marked
    assert "half-done: cannot mark tr reviewed: no tr text for option B" in result.stderr
    quiz_file, _ = read_quiz(quiz)
    states = {item.id: item.translations.get("tr") for item in quiz_file.quiz.items}
    assert states["machine-made"].status == states["never-marked"].status == "reviewed"
    assert states["machine-made"].source == digest(quiz, 0) and states["half-done"] is None
    assert len(only_insertions(before.replace('machine, source: "0badc0de"', ""),
                               quiz.read_text(encoding="utf-8").replace(f'reviewed, source: "{digest(quiz, 0)}"', "",
                                                                        1))) == 2
    assert "machine-made: tr marked reviewed (machine → reviewed" in result.stdout
    assert other.read_text(encoding="utf-8") == untouched  # only the file named


def test_review_all_marks_every_item_of_the_bank_and_says_only_what_changed(run, write_quiz, tmp_path):
    complete = ITEMS.split("- id: half-done")[0]
    first = write_quiz(complete, name="a.quiz.yaml")
    second = write_quiz(complete.replace("id: ", "id: b-"), name="b.quiz.yaml")
    result = run("review", "--all", "--lang", "tr", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    for path in (first, second):
        quiz_file, _ = read_quiz(path)
        assert [item.translations["tr"].status for item in quiz_file.quiz.items] == ["reviewed", "reviewed"]
    assert len(result.stdout.splitlines()) == 4
    again = run("review", "--all", cwd=tmp_path)  # one target language in the bank: --lang may be left out
    assert again.exit_code == 0 and again.stdout == ""
    assert lint_codes(run, tmp_path, "T009", "T011") == []


def test_review_all_clears_draft_unreviewed(run, write_quiz, tmp_path):
    path = write_quiz(ITEMS.split("- id: never-marked")[0].replace("status: machine", "status: draft"))
    assert lint_codes(run, path, "T011") == [("machine-made", "draft-unreviewed")]
    result = run("review", "--all", "--lang", "tr", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert lint_codes(run, path, "T011") == []


def test_draft_unreviewed_reports_only_drafts_of_target_languages(run, write_quiz):
    states = {"draft": ["machine-made"], "machine": [], "reviewed": []}
    for status, expected in states.items():
        path = write_quiz(ITEMS.split("- id: never-marked")[0].replace("status: machine", f"status: {status}"))
        assert [item for item, _ in lint_codes(run, path, "T011")] == expected, status
    undeclared = ITEMS.split("- id: never-marked")[0].replace("tr: {status: machine", "de: {status: draft")
    path = write_quiz(undeclared)
    assert lint_codes(run, path, "T011") == []  # (undeclared-language's finding)
    result = run("lint", "--no-cache", "--select", "draft-unreviewed", path)
    assert result.exit_code == 0  # a warning: CI keeps drafts out of a release with --fail-on warning
    path = write_quiz(ITEMS.split("- id: never-marked")[0].replace("status: machine", "status: draft"))
    result = run("lint", "--no-cache", "--select", "T011", "--fail-on", "warning", path)
    assert result.exit_code == 1
    assert ("demo.quiz.yaml:13:20: T011 [warning] the tr translation is a draft that has not been reviewed (record "
            "the review with `quizlint review machine-made --lang tr`)") in result.stdout
