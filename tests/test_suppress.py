"""Inline suppressions `# quizlint: disable=CODE[,CODE] -- reason`, through the CLI (K001/K002 only), and the
comment scanner as a unit."""

from __future__ import annotations

import json

import pytest

from quizlint.lint.suppress import comment_start, parse_suppressions

HEADER = "quizlint: 1\nid: demo\nlanguages: [en, tr]\ntitle: {en: Demo, tr: Deneme}\nitems:\n"

NO_KEY = """\
  - id: no-key{comment}
    stem: {{en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}}
    options:
      - text: Jupiter
      - text: Mars
"""
TWO_KEYS = """\
  - id: two-keys{comment}
    stem: {{en: "Which planet is known as the red planet?", tr: "Kızıl gezegen olarak bilinen hangisidir?"}}
    options:
      - text: Mars
        correct: true
      - text: Venus
        correct: true
"""
CLEAN = """\
  - id: clean{comment}
    stem: {{en: "Which planet is closest to the Sun?", tr: "Güneş'e en yakın gezegen hangisidir?"}}
    options:
      - text: Mercury
        correct: true
      - text: Venus
"""


def quiz(top: str = "", no_key: str = "", two_keys: str = "", clean: str = "", *, extra: str = "") -> str:
    return (top + HEADER + NO_KEY.format(comment=no_key) + TWO_KEYS.format(comment=two_keys)
            + CLEAN.format(comment=clean) + extra)


def lint(run, tmp_path, text: str, *args: str, select: str = "K001,K002"):
    path = tmp_path / "demo.quiz.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("lint", "--no-cache", "--format", "json", "--select", select, *args, path.name, cwd=tmp_path)
    findings = json.loads(result.stdout)
    return result, [(f["code"], f["line"], f["column"], f["item"]) for f in findings], findings


# Without suppressions: K001 on no-key's options (line 9), K002 on two-keys' second `correct:` (line 17).
# The `id:` lines are 6 (no-key), 11 (two-keys) and 18 (clean).
UNSUPPRESSED = [("K001", 9, 7, "no-key"), ("K002", 17, 9, "two-keys")]


def test_baseline_without_suppressions(run, tmp_path):
    result, found, _ = lint(run, tmp_path, quiz())
    assert (result.exit_code, found) == (1, UNSUPPRESSED)


@pytest.mark.parametrize("comment", [
    "  # quizlint: disable=K001 -- kept without a key on purpose",
    " # quizlint: disable=missing-key",
    "  #quizlint:disable=k001",
    "  # quizlint: disable = K001 , K002 -- both",
    "  # quizlint: disable=K001 # kept without a key on purpose",  # a reason after "#", as flake8's noqa takes
])
def test_item_suppression_on_the_id_line(run, tmp_path, comment):
    result, found, _ = lint(run, tmp_path, quiz(no_key=comment))
    unused_k002 = [("Q001", 6, comment.index("#") + 15, "no-key")] if "K002" in comment else []
    assert found == [*unused_k002, ("K002", 17, 9, "two-keys")]
    assert result.exit_code == 1


def test_item_suppression_applies_to_that_item_only(run, tmp_path):
    result, found, _ = lint(run, tmp_path, quiz(clean="  # quizlint: disable=K001,K002 -- wrong item"))
    assert found == [*UNSUPPRESSED, ("Q001", 18, 16, "clean"), ("Q001", 18, 16, "clean")]
    messages = [f["message"] for f in lint(run, tmp_path, quiz(clean="  # quizlint: disable=K001,K002"))[2][2:]]
    assert messages == ["unused suppression: K001 reports nothing in item 'clean'",
                        "unused suppression: K002 reports nothing in item 'clean'"]


def test_file_suppression_at_the_top(run, tmp_path):
    top = "# Planets quiz\n\n# quizlint: disable=K001,multiple-keys -- legacy import, fixed in PLAN-12\n"
    result, found, _ = lint(run, tmp_path, quiz(top=top))
    assert (result.exit_code, found) == (0, [])


def test_unused_file_suppression_is_reported_where_it_stands(run, tmp_path):
    top = "# quizlint: disable=K001\n"
    clean_only = top + HEADER + CLEAN.format(comment="")
    result, found, findings = lint(run, tmp_path, clean_only)
    assert found == [("Q001", 1, 1, None)]
    assert findings[0]["severity"] == "warning" and findings[0]["rule"] == "unused-suppression"
    assert findings[0]["message"] == "unused suppression: K001 reports nothing in this file"
    assert result.exit_code == 0
    assert lint(run, tmp_path, clean_only, "--fail-on", "warning")[0].exit_code == 1


def test_suppression_of_a_rule_that_did_not_run_is_not_unused(run, tmp_path):
    result, found, _ = lint(run, tmp_path, quiz(no_key="  # quizlint: disable=K001"), select="K002")
    assert found == [("K002", 17, 9, "two-keys")]


def test_misplaced_suppression_is_reported(run, tmp_path):
    text = quiz(extra="    # quizlint: disable=K001\n")
    text = text.replace("      - text: Jupiter\n", "      - text: Jupiter  # quizlint: disable=K001\n")
    result, found, findings = lint(run, tmp_path, text)
    assert found == [UNSUPPRESSED[0], ("Q002", 9, 24, None), UNSUPPRESSED[1], ("Q002", 24, 5, None)]
    assert findings[1]["message"] == ("a suppression applies only on an item's `id:` line or in the comments at the "
                                      "top of the file")
    assert findings[1]["rule"] == "invalid-suppression" and findings[1]["severity"] == "warning"


@pytest.mark.parametrize("comment,message", [
    ("  # quizlint: disable=K999", "unknown rule 'K999' in suppression"),
    ("  # quizlint: disable=no-such-rule -- typo", "unknown rule 'no-such-rule' in suppression"),
    ("  # quizlint: disable=S001", "S001 cannot be suppressed: load and schema errors must be fixed"),
    ("  # quizlint: disable=", "suppression names no rule"),
    # malformed: these silenced nothing and were not reported either
    ("  # quizlint: disable W001", "malformed suppression (no `=` after `disable`): write "
                                   "`# quizlint: disable=CODE[,CODE] -- reason`"),
    ("  # QUIZLINT: disable=K001", "malformed suppression (not in lower case)"),
    ("  # quizlint: DISABLE=K001", "malformed suppression (not in lower case)"),
    ("  # quizlint disable=K001", "malformed suppression (no colon after `quizlint`)"),
    ("  # quizlint: enable=K001", "malformed suppression (unknown directive 'enable=')"),
    ("  # quizlint: disable-next=K001", "malformed suppression (unknown directive 'disable-next=')"),
    ("  # quizlint:", "malformed suppression (no directive)"),
])
def test_invalid_suppression_is_reported(run, tmp_path, comment, message):
    result, found, findings = lint(run, tmp_path, quiz(clean=comment))
    assert found == [*UNSUPPRESSED, ("Q002", 18, 16, None)]
    assert message in findings[-1]["message"]


def test_a_malformed_suppression_at_the_top_is_reported_and_silences_nothing(run, tmp_path):
    result, found, _ = lint(run, tmp_path, quiz(top="# Planets\n# quizlint disable=K001\n"))
    assert found == [("Q002", 2, 1, None), ("K001", 11, 7, "no-key"), ("K002", 19, 9, "two-keys")]


@pytest.mark.parametrize("comment", ["  # checked by quizlint before export", "  # quizlint checks this item",
                                     "  # see quizlint: docs/format.md"])
def test_a_comment_that_mentions_quizlint_in_prose_is_not_a_suppression(run, tmp_path, comment):
    assert lint(run, tmp_path, quiz(clean=comment))[1] == UNSUPPRESSED


def test_known_codes_in_a_comment_still_apply_beside_an_unknown_one(run, tmp_path):
    result, found, _ = lint(run, tmp_path, quiz(no_key="  # quizlint: disable=K001,K999"))
    assert found == [("Q002", 6, 17, None), ("K002", 17, 9, "two-keys")]


def test_q_codes_silence_reports_about_suppressions(run, tmp_path):
    top = "# quizlint: disable=Q001,Q002 -- generated file\n"
    text = quiz(top=top, clean="  # quizlint: disable=K001,K999")
    result, found, _ = lint(run, tmp_path, text)
    assert found == [(code, line + 1, column, item) for code, line, column, item in UNSUPPRESSED]


@pytest.mark.parametrize("ignoring", [
    ("--ignore", "Q"), ("--ignore", "Q001,invalid-suppression"), ("--config", "ignore.toml"), ("--config", "files.toml"),
])
def test_a_bank_may_ignore_the_checks_of_its_suppressions(run, tmp_path, ignoring):
    (tmp_path / "ignore.toml").write_text('ignore = ["unused-suppression", "q002"]\n', encoding="utf-8")
    (tmp_path / "files.toml").write_text('[per-file-ignores]\n"demo.quiz.yaml" = ["Q00"]\n', encoding="utf-8")
    text = quiz(clean="  # quizlint: disable=K001,K999")
    _, reported, _ = lint(run, tmp_path, text)
    assert {code for code, *_ in reported} == {"K001", "K002", "Q001", "Q002"}
    result, found, _ = lint(run, tmp_path, text, *ignoring)
    assert result.exit_code == 1 and found == UNSUPPRESSED


def test_ignored_checks_of_suppressions_are_filtered_from_cached_results_too(run, tmp_path):
    (tmp_path / "demo.quiz.yaml").write_text(quiz(clean="  # quizlint: disable=K001"), encoding="utf-8")

    def codes(*args: str) -> list[str]:
        result = run("lint", "--format", "json", "--select", "K001,K002", *args, "demo.quiz.yaml", cwd=tmp_path)
        return [finding["code"] for finding in json.loads(result.stdout)]

    assert codes("--ignore", "Q001") == ["K001", "K002"]  # fills the cache
    assert codes() == ["K001", "K002", "Q001"]  # from the cache, and the check is back
    assert codes("--ignore", "Q001") == ["K001", "K002"]


def test_no_unused_report_for_an_item_that_failed_validation(run, tmp_path):
    text = quiz(clean="  # quizlint: disable=K001").replace("      - text: Mercury\n",
                                                             "      - text: Mercury\n        colour: grey\n")
    result, found, _ = lint(run, tmp_path, text)
    assert found == [*UNSUPPRESSED, ("S002", 22, 9, "clean")]


def test_hash_in_text_is_not_a_suppression(run, tmp_path):
    text = quiz().replace('tr: "En büyük gezegen hangisidir?"}',
                          'tr: "En büyük gezegen hangisidir? # quizlint: disable=K001"}')
    text = text.replace("      - text: Mars\n", "      - text: C#quizlint:disable=K001\n", 1)
    result, found, _ = lint(run, tmp_path, text)
    assert found == UNSUPPRESSED


def test_hash_in_a_block_scalar_or_a_quoted_string_over_lines_is_not_a_suppression(run, tmp_path):
    block = ('stem:\n      en: |\n        Which line disables a rule?\n        Example: `- id: x # quizlint: disable=K001`\n'
             '      tr: "Hangi satır bir kuralı kapatır?\n        Örnek: - id: x # quizlint: disable=K001"\n')
    text = quiz().replace('stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}\n', block)
    _, found, _ = lint(run, tmp_path, text)
    assert [code for code, *_ in found] == ["K001", "K002"]  # neither misplaced nor applied
    # a real comment after the closing quote is read (and is misplaced there)
    commented = text.replace('disable=K001"\n', 'disable=K001"  # quizlint: disable=K001\n')
    _, found, _ = lint(run, tmp_path, commented)
    assert [(code, line) for code, line, *_ in found][:1] == [("Q002", 12)]
    assert [code for code, *_ in found] == ["Q002", "K001", "K002"]


@pytest.mark.parametrize("line,expected", [
    ("- id: a  # quizlint: disable=K001", 9),
    ("# quizlint: disable=K001", 0),
    ("text: C# and F#", -1),
    ("text: 'it''s # not' # yes", 20),
    ('text: "say \\" # no" # yes', 20),
    ("stem: Türkiye'nin başkenti # c", 27),
    ("stem: [\"a # b\", 'c # d'] # e", 25),
    ("key: value#no", -1),
    ("\t# tab", 1),
])
def test_comment_start(line, expected):
    assert comment_start(line) == expected


def test_parse_suppressions_unit():
    text = ("# quizlint: disable=K001 -- whole file\nquizlint: 1\nitems:\n  - id: a  # quizlint: disable=K002 -- why\n"
            "    stem: x  # quizlint: disable=K001\n")
    parsed = parse_suppressions("f.quiz.yaml", text, {4: "a"})
    assert [(s.line, s.column, s.codes, s.item, s.reason) for s in parsed.entries] == [
        (1, 1, ("K001",), None, "whole file"), (4, 12, ("K002",), "a", "why")]
    assert [(p.line, p.column, p.code) for p in parsed.problems] == [(5, 14, "Q002")]
    reason = parse_suppressions("f", "items:\n  - id: a  # quizlint: disable=K001,K002 # from the 2019 exam\n",
                                {2: "a"})
    assert [(s.codes, s.reason) for s in reason.entries] == [(("K001", "K002"), "from the 2019 exam")]
    assert parse_suppressions("f", "a: 1\n", {}).entries == []


def test_a_bank_rule_suppression_is_not_unused_in_a_run_on_some_files_only(run, tmp_path):
    (tmp_path / "a.quiz.yaml").write_text(quiz(), encoding="utf-8")
    twin = quiz().replace("id: demo", "id: twin").replace("  - id: no-key", "  - id: no-key  # quizlint: disable=D001")
    (tmp_path / "b.quiz.yaml").write_text(twin.replace("id: two-keys", "id: two").replace("id: clean", "id: tidy"),
                                          encoding="utf-8")
    args = ("lint", "--no-cache", "--format", "json", "--select", "D001")
    whole = json.loads(run(*args, ".", cwd=tmp_path).stdout)
    assert whole == []  # the duplicate id no-key is silenced in b, and the suppression is used
    alone = json.loads(run(*args, "b.quiz.yaml", cwd=tmp_path).stdout)
    assert alone == []  # a.quiz.yaml is not linted: D001 finds nothing, which says nothing about the suppression
    (tmp_path / "a.quiz.yaml").write_text(quiz().replace("id: no-key", "id: other"), encoding="utf-8")
    unused = json.loads(run(*args, ".", cwd=tmp_path).stdout)
    assert [(f["code"], f["file"]) for f in unused] == [("Q001", "b.quiz.yaml")]


def test_a_bank_rule_suppression_is_not_unused_in_a_run_on_a_folder_of_the_bank(run, tmp_path):
    (tmp_path / "quizlint.toml").write_text('paths = ["content"]\n', encoding="utf-8")
    (tmp_path / "content" / "sub").mkdir(parents=True)
    (tmp_path / "content" / "a.quiz.yaml").write_text(quiz(), encoding="utf-8")
    twin = quiz().replace("id: demo", "id: twin").replace("  - id: no-key", "  - id: no-key  # quizlint: disable=D001")
    (tmp_path / "content" / "sub" / "b.quiz.yaml").write_text(
        twin.replace("id: two-keys", "id: two").replace("id: clean", "id: tidy"), encoding="utf-8")
    args = ("lint", "--no-cache", "--format", "json", "--select", "D001")
    for paths in ([], ["content"], ["."], ["content/sub"]):
        assert json.loads(run(*args, *paths, cwd=tmp_path).stdout) == [], paths


@pytest.mark.parametrize("paths", ['["content/*.quiz.yaml"]', '["content/a.quiz.yaml", "content/b.quiz.yaml"]',
                                   '["content"]'])
def test_an_unused_bank_rule_suppression_is_reported_over_the_configured_bank_whatever_its_paths(run, tmp_path,
                                                                                                 paths):
    # The configured `paths` are the whole bank, also when they are globs or files: such a run used to count as
    # one on some files only, and never reported an unused suppression of a bank rule.
    (tmp_path / "quizlint.toml").write_text(f"paths = {paths}\n", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "a.quiz.yaml").write_text(quiz(), encoding="utf-8")
    twin = quiz().replace("id: demo", "id: twin").replace("  - id: no-key", "  - id: other  # quizlint: disable=D001")
    (tmp_path / "content" / "b.quiz.yaml").write_text(
        twin.replace("id: two-keys", "id: two").replace("id: clean", "id: tidy"), encoding="utf-8")
    args = ("lint", "--no-cache", "--format", "json", "--select", "D001")
    unused = json.loads(run(*args, cwd=tmp_path).stdout)
    assert [(f["code"], f["file"]) for f in unused] == [("Q001", "content/b.quiz.yaml")]
    assert json.loads(run(*args, "content/b.quiz.yaml", cwd=tmp_path).stdout) == []  # one file named: part only


def test_a_file_suppression_is_not_unused_while_an_item_of_the_file_failed_validation(run, tmp_path):
    # K001 never ran on no-key, whose schema error left it out: what the suppression at the top silences may be
    # there, as for the same suppression on no-key's `id:` line (it used to be reported unused at the top).
    invalid = quiz(top="# quizlint: disable=K001 -- no-key has no key yet\n").replace(
        "      - text: Jupiter\n      - text: Mars\n", "      - text: Jupiter\n        correct: maybe\n      - text: Mars\n")
    result, found, _ = lint(run, tmp_path, invalid)
    assert [code for code, *_ in found] == ["S001", "K002"]
    valid = invalid.replace("correct: maybe", "correct: true")
    assert [code for code, *_ in lint(run, tmp_path, valid)[1]] == ["Q001", "K002"]  # all checked: unused
