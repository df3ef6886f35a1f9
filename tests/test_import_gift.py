"""`quizlint import --from gift`: the cases of Moodle's own importer tests
(question/format/gift/tests/giftformat_test.php and its examples), reproduced question by question, plus
errors with line numbers. Each case is a small GIFT file imported through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizlint.load import load_document


def import_gift(run, tmp_path: Path, gift: str, *extra: str):
    path = tmp_path / "questions.gift"
    path.write_text(gift, encoding="utf-8")
    result = run("import", "--from", "gift", "--lang", "en", *extra, path)
    data = None
    if result.exit_code == 0:
        out = tmp_path / "out.quiz.yaml"
        out.write_text(result.stdout, encoding="utf-8")
        document, findings = load_document(out)
        assert findings == []
        data = document.data
    return result, data


def options_of(item: dict) -> list[tuple[str, bool, str | None]]:
    return [(option["text"]["en"], option.get("correct", False), (option.get("feedback") or {}).get("en"))
            for option in item["options"]]


def test_multichoice_with_feedback_and_text_formats(run, tmp_path):
    # giftformat_test::test_import_multichoice
    result, data = import_gift(run, tmp_path, """
// multiple choice with feedback for right and wrong answers
::Q2:: What's between orange and green in the spectrum?
{
    =yellow # right; good!
    ~red # [html]wrong, it's <b>yellow</b>
    ~[plain]blue # wrong, it's yellow
}""")
    assert result.exit_code == 0, result.stderr
    (item,) = data["items"]
    assert item["id"] == "Q2" and item["type"] == "single"
    assert item["stem"] == {"en": "What's between orange and green in the spectrum?"}
    assert options_of(item) == [("yellow", True, "right; good!"), ("red", False, "wrong, it's **yellow**"),
                                ("blue", False, "wrong, it's yellow")]


def test_multichoice_multiple_answers_with_weights(run, tmp_path):
    # giftformat_test::test_import_multichoice_multi: fractions 0.5, -1, 0.5, -1
    result, data = import_gift(run, tmp_path, """
::colours:: What's between orange and green in the spectrum?
{
    ~%50%yellow # right; good!
    ~%-100%red # [html]wrong
    ~%50%off-beige # right; good!
    ~%-100%[plain]blue # wrong
}""")
    assert result.exit_code == 0, result.stderr
    (item,) = data["items"]
    assert item["type"] == "multiple"
    assert options_of(item) == [("yellow", True, "right; good!"), ("red", False, "wrong"),
                                ("off-beige", True, "right; good!"), ("blue", False, "wrong")]


def test_multichoice_multi_tricky_weights(run, tmp_path):
    # giftformat_test::test_import_multichoice_multi_tricky: no '=', so several answers may be chosen
    result, data = import_gift(run, tmp_path, """
::colours:: What's between orange and green?
{
    ~%100%yellow # right; good!
    ~%-50%red # wrong
    ~%-50%blue # wrong
}""")
    assert result.exit_code == 0
    (item,) = data["items"]
    assert item["type"] == "multiple"
    assert [correct for _, correct, _ in options_of(item)] == [True, False, False]


def test_unequal_weights_of_the_right_answers_are_kept_as_credits(run, tmp_path):
    """`~%70%a ~%30%b` used to become two plain right options, silently; the weights are now the credits."""
    result, data = import_gift(run, tmp_path, "::weighted:: Which are vectors?\n"
                                              "{~%70%Force ~%30%Velocity ~%-100%Mass}\n\n"
                                              "::equal:: Which are even? {~%50%2 ~%50%4 ~%-50%5}\n")
    assert result.exit_code == 0, result.stderr
    weighted, equal = data["items"]
    assert [correct for _, correct, _ in options_of(weighted)] == [True, True, False]
    assert [option.get("credit") for option in weighted["options"]] == [70, 30, -100]
    # equal shares, each wrong option taking one share away: how quizlint scores an item without credits
    assert [option.get("credit") for option in equal["options"]] == [None, None, None]
    assert "partial credit" not in result.stderr


def test_partial_credit_in_a_single_answer_question_is_reported(run, tmp_path):
    # examples.txt "Difficult question": Moodle keeps 50%; a quiz file has no partial credit
    result, data = import_gift(run, tmp_path, "Difficult question.{~wrong answer ~%50%half credit answer =full credit answer}")
    assert result.exit_code == 0
    (item,) = data["items"]
    assert [correct for _, correct, _ in options_of(item)] == [False, False, True]
    assert "partial credit (50%)" in result.stderr and "half credit answer" in result.stderr


def test_true_false_with_feedback_and_general_feedback(run, tmp_path):
    # giftformat_test::test_import_truefalse (+ the general feedback of the fixture file)
    result, data = import_gift(run, tmp_path, """
// true/false
::Q1:: 42 is the Absolute Answer to everything.{
FALSE#42 is the Ultimate Answer.#You gave the right answer.
####This is a Hitchhiker's Guide reference.}""")
    assert result.exit_code == 0
    (item,) = data["items"]
    assert item["type"] == "true_false" and item["answer"] is False
    assert item["explanation"] == {"en": "This is a Hitchhiker's Guide reference."}
    assert "per-answer feedback dropped" in result.stderr
    assert "42 is the Ultimate Answer." in result.stderr and "You gave the right answer." in result.stderr


@pytest.mark.parametrize("answer", ["T", "TRUE"])
def test_true_false_short_and_long(run, tmp_path, answer):
    # giftformat_test::test_import_truefalse_true_answer1 / 2
    result, data = import_gift(run, tmp_path, f"// name 0-11\n::2-08 TSL::TSL is blablabla.{{{answer}}}")
    assert result.exit_code == 0
    (item,) = data["items"]
    assert item["answer"] is True and item["stem"] == {"en": "TSL is blablabla."}
    assert item["id"] == "questions-q1"  # "2-08 TSL" is no valid id: the slug is used


@pytest.mark.parametrize(
    ("gift", "kind"),
    [
        ("// essay\n::Q8:: How are you? {}", "essay"),
        ("::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}", "numerical"),
        ("::Shortanswer::Which is the best animal?{\n    =Frog#Good!\n    =%50%Cat#Cats?\n    =%0%*#Wrong\n}",
         "short_answer"),
        ("::Moodle activities::[html]Match the <b>activity</b>.{\n    =Forum text -> Forum\n    =Choice text -> Choice\n}",
         "matching"),
    ],
)
def test_the_other_question_types_are_imported(run, tmp_path, gift, kind):
    """Essay, numerical, short-answer and matching questions used to be skipped with a warning."""
    result, data = import_gift(run, tmp_path, gift + "\n\nKeep me.{=yes ~no}\n")
    assert result.exit_code == 0, result.stderr
    assert [item["type"] for item in data["items"]] == [kind, "single"]
    assert "skipped" not in result.stderr


def test_a_description_is_skipped_with_a_warning(run, tmp_path):
    result, data = import_gift(run, tmp_path, "::Intro::This is only a description.\n\nKeep me.{=yes ~no}\n")
    assert result.exit_code == 0, result.stderr
    assert "skipped description question" in result.stderr
    assert [item["type"] for item in data["items"]] == ["single"]


def test_escaped_control_characters(run, tmp_path):
    # examples.txt "GIFT Control Characters"; \\ is a backslash, \: \# \= \{ \} \~ the characters themselves
    result, data = import_gift(run, tmp_path, r"""
::GIFT Control Characters::
Which is NOT a control character\: \{ or \}? {
   ~ \~     # \~ is a control character.
   ~ \=     # \= is a control character.
   ~ \#     # \# is a control character.
   = \\     # Correct! \\ is not a control character.
}""")
    assert result.exit_code == 0, result.stderr
    (item,) = data["items"]
    assert item["stem"] == {"en": "Which is NOT a control character: { or }?"}
    assert options_of(item) == [("~", False, "~ is a control character."), ("=", False, "= is a control character."),
                                ("\\#", False, "\\# is a control character."),  # (not a Markdown heading)
                                ("\\", True, "Correct! \\ is not a control character.")]


def test_double_backslash_and_newline_escape(run, tmp_path):
    # giftformat_test::test_import_backslash (MDL-34171): \\ stays one backslash, \\\\ two; \n is a newline
    result, data = import_gift(run, tmp_path, r"::double backslash:: A \\ B \\\\ C\nD{=x ~y}")
    assert result.exit_code == 0
    # Moodle shows "A \ B \\ C", a line break, "D": in Markdown, "\\\\" is one backslash and "\\" + newline a break
    assert data["items"][0]["stem"] == {"en": "A \\ B \\\\\\ C\\\nD"}


def test_the_default_moodle_format_is_not_markdown(run, tmp_path):
    # Moodle's default GIFT format (FORMAT_MOODLE) allows HTML and keeps line breaks; it has no Markdown
    result, data = import_gift(run, tmp_path, "::s:: What is 2*3*4 and a_b_c?\nSee <b>this</b>. {=24 ~1. first ~\\# x}")
    assert result.exit_code == 0, result.stderr
    (item,) = data["items"]
    assert item["stem"] == {"en": "What is 2\\*3\\*4 and a_b_c?\\\nSee **this**."}
    texts = [option["text"] for option in item["options"]]
    assert [text if isinstance(text, str) else text["en"] for text in texts] == ["24", "1\\. first", "\\# x"]


def test_html_question_with_pre_becomes_markdown(run, tmp_path):
    # giftformat_test::test_import_pre_content: escaped braces inside <pre>
    result, data = import_gift(run, tmp_path, r"""::Q001::[html]<p>What would running the test method print?</p>
<pre>
    public void test() \{
        method1();
    \}
</pre>
{=Nothing ~Something}""")
    assert result.exit_code == 0, result.stderr
    stem = data["items"][0]["stem"]["en"]
    assert stem == ("What would running the test method print?\n\n```\n    public void test() {\n        method1();\n"
                    "    }\n```")


def test_markdown_format_is_kept(run, tmp_path):
    result, data = import_gift(run, tmp_path, "[markdown]Who's buried in **Grant's tomb**?{=no one ~Grant}")
    assert result.exit_code == 0
    assert data["items"][0]["stem"] == {"en": "Who's buried in **Grant's tomb**?"}


def test_ids_and_tags_from_comments(run, tmp_path):
    # giftformat_test::test_import_question_with_tags and the comment cases (escaped ], tags over lines)
    result, data = import_gift(run, tmp_path, r"""
// This question is to test importing tags: [tag:tag] [tag:other-tag].
// And an idnumber: [id:myid].
::Question name:: How are you? {=fine ~bad}

// [tag:  basic] Here is
// a [id:   four   ] que[tag:add   ]stion.
::two:: Second? {=a ~b}

// [id:i\]d] and [tag:t\]ag]
Third? {=a ~b}""")
    assert result.exit_code == 0, result.stderr
    first, second, third = data["items"]
    assert first["id"] == "myid" and first["tags"] == ["tag", "other-tag"]
    assert second["id"] == "four" and second["tags"] == ["basic", "add"]
    assert third["id"] == "questions-q3" and third["tags"] == ["t]ag"]  # "i]d" is not a valid quiz id


def test_missing_word_and_comments_and_categories(run, tmp_path):
    result, data = import_gift(run, tmp_path, """// question: 0  name: switch category
$CATEGORY: $course$/top/Default for Astronomy/Planets

//this comment will be ignored by the filter
Grant is {~buried =entombed ~living} in Grant's tomb.

$CATEGORY: $course$/top/Default for Astronomy/Moons

The Moon makes its own light.{F}
""")
    assert result.exit_code == 0, result.stderr
    assert data["title"] == {"en": "Planets"} and data["id"] == "planets"
    first, second = data["items"]
    assert first["stem"] == {"en": "Grant is _____ in Grant's tomb."}
    assert first["tags"] == ["Planets"] and second["tags"] == ["Moons"]



def test_a_question_right_after_a_category_line_is_a_question(run, tmp_path):
    result, data = import_gift(run, tmp_path, "$CATEGORY: $course$/top/Unit 1\n// [id:q1]\n::q1:: First? {=a ~b}\n\n"
                                              "::q2:: Second? {=c ~d}\n")
    assert result.exit_code == 0, result.stderr
    assert data["title"] == {"en": "Unit 1"}  # the category is its line, not the question under it
    assert [(item["id"], item["stem"]["en"]) for item in data["items"]] == [("q1", "First?"), ("q2", "Second?")]
    assert "questions.gift:2: a question follows the $CATEGORY: line without a blank line" in result.stderr

def test_questions_without_a_blank_line_between_them_are_separate_questions(run, tmp_path):
    """They used to be folded into the first question's stem, braces and all, silently."""
    result, data = import_gift(run, tmp_path, "::q1:: One? {=a ~b}\n::q2:: Two? {=c ~d}\n// [id:third]\nThree?\n"
                                              "{=e ~f}\nGrant is {=buried ~alive} in Grant's\ntomb.\n")
    assert result.exit_code == 0, result.stderr
    assert [(item["id"], item["stem"]["en"]) for item in data["items"]] == [
        ("q1", "One?"), ("q2", "Two?"), ("third", "Three?"), ("questions-q4", "Grant is _____ in Grant's\\\ntomb.")]
    for line in (2, 3, 6):
        assert (f"questions.gift:{line}: a question follows a question's answers without a blank line: read as a "
                "question") in result.stderr
    assert result.stderr.count("without a blank line") == 3  # the missing word's text goes on: no question


@pytest.mark.parametrize(
    ("gift", "position", "message"),
    [
        ("Good?{=a ~b}\n\n// comment\nBroken question {=a ~b\n", "4:17", "unbalanced braces"),
        ("Good?{=a ~b}\n\nOnly one answer?{~%100%a}\n", "3:17", "needs at least two answers"),
        ("First?{=a ~b}\n\nSecond\nspans } lines {=a ~b}\n", "4:7", "unbalanced braces"),
        # (escapes, a name and indentation before the brace: the column is the brace's in the file)
        ("Good?{=a ~b}\n\n// c\n::T\\:1::\n\t\\{x\\} \\\\ a } b\n", "5:13", "unbalanced braces"),
        ("Good?{=a ~b}\n\n::N::Q?\n// c\n  {~only}\n", "5:3", "needs at least two answers"),
    ],
)
def test_malformed_questions_are_reported_with_line_and_column(run, tmp_path, gift, position, message):
    # every error was reported at column 1
    result, _ = import_gift(run, tmp_path, gift)
    assert result.exit_code == 1
    assert f"questions.gift:{position}: " in result.stderr and message in result.stderr
    assert "nothing was written" in result.stderr and "Traceback" not in result.stderr
    kept, _ = import_gift(run, tmp_path, gift, "--keep-going")
    assert kept.exit_code == 0 and f"questions.gift:{position}: " in kept.stderr


def test_moodle_examples_file_imports_every_question(run, tmp_path):
    """A file in the shape of Moodle's examples.txt: every kind at once (short answer, numerical and matching
    questions used to be skipped)."""
    result, data = import_gift(run, tmp_path, """//  EXAMPLE QUESTIONS

Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}

Grant is buried in Grant's tomb.{FALSE}

Who's buried in Grant's tomb?{=no one =nobody}

When was Ulysses S. Grant born?{#1822:1}

The American holiday of Thanksgiving is celebrated on the {
    ~second
    ~third
    =fourth
} Thursday of November.

Match the following countries with their corresponding capitals. {
    =Canada -> Ottawa
    =Italy  -> Rome
    }

What two people are entombed in Grant's tomb? {
    ~%-50%No one
    ~%50%Grant
    ~%50%Grant's wife
    ~%-50%Grant's father }
""")
    assert result.exit_code == 0, result.stderr
    items = data["items"]
    assert [item["type"] for item in items] == ["single", "true_false", "short_answer", "numerical", "single",
                                                "matching", "multiple"]
    assert items[4]["stem"]["en"] == "The American holiday of Thanksgiving is celebrated on the _____ Thursday of November."
    assert [answer["text"] for answer in items[2]["answers"]] == ["no one", "nobody"]
    assert items[3]["answers"] == [{"value": 1822, "tolerance": 1}]
    assert [(pair["prompt"]["en"], pair["match"]["en"]) for pair in items[5]["pairs"]] == [("Canada", "Ottawa"),
                                                                                          ("Italy", "Rome")]
    assert "skipped" not in result.stderr


def test_a_weight_after_the_key_mark_is_text_as_moodle_reads_it(run, tmp_path):
    """Moodle's reader takes ``=`` as the key and reads a ``%n%`` weight only after ``~``."""
    result, data = import_gift(run, tmp_path, "::w::[markdown]Which?{=%50%half ~%5% five ~[markdown]%5%off}\n")
    assert result.exit_code == 0, result.output
    assert options_of(data["items"][0]) == [("%50%half", True, None), ("five", False, None), ("%5%off", False, None)]
    assert "partial credit (5%) for 'five' dropped" in result.output  # a single-answer question


@pytest.mark.parametrize(("opening", "closing"), [("<b>", "</b>"), ("<div>", "</div>"), ("<ul><li>", "</li></ul>")])
def test_html_nested_thousands_deep_keeps_its_text_without_overflowing_the_stack(run, tmp_path, opening, closing):
    """HTML nested 3000 deep was a RecursionError (exit 2); the tags nested deeper than MAX_HTML_DEPTH are left
    out, their text stays."""
    result, data = import_gift(run, tmp_path, f"::deep::[html]{opening * 3000}deepest{closing * 3000} after{{=a ~b}}\n")
    assert result.exit_code == 0, result.stderr
    (item,) = data["items"]
    assert "deepest" in item["stem"]["en"] and item["stem"]["en"].endswith("after")
    assert item["stem"]["en"].count(opening) <= 100
