"""`quizlint import --from aiken`: the cases of Moodle's Aiken importer test (aikenformat_test.php with its
fixture aiken_errors.txt, rewritten here with the same layout, so the same line numbers are reported)."""

from __future__ import annotations

from pathlib import Path

from quizlint.load import load_document

FIXTURES = Path(__file__).parent / "fixtures" / "import" / "aiken"


def test_errors_are_reported_with_moodles_line_numbers(run):
    path = FIXTURES / "errors.txt"
    result = run("import", "--from", "aiken", path)
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("quizlint: error:")]
    # Moodle: "Question must have at least 2 answers on line 3", "Question not started on line 5" and "… 7",
    # "Question not completed before next question start on line 18"
    expected = [(3, "must have at least 2 answers"), (5, "question not started"), (7, "question not started"),
                (18, "not completed before the next question starts")]
    assert len(errors) == len(expected)
    for error, (line, message) in zip(errors, expected):
        assert f"{path}:{line}:1:" in error and message in error
    assert "nothing was written" in result.stderr


def test_keep_going_imports_the_three_good_questions(run, tmp_path):
    out = tmp_path / "planets.quiz.yaml"
    result = run("import", "--from", "aiken", "--keep-going", FIXTURES / "errors.txt", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("warning: skipped") == 4
    document, findings = load_document(out)
    assert findings == []
    items = document.data["items"]
    assert len(items) == 3  # Moodle: "There are three expected questions"
    first, second, third = items
    assert first["stem"] == {"en": "Which planet is the largest?"}
    assert [(o["text"]["en"], o.get("correct", False)) for o in first["options"]] == [("Jupiter", True),
                                                                                       ("Mercury", False)]
    assert [(o["text"]["en"], o.get("correct", False)) for o in second["options"]] == [
        ("Venus (no space)", False), ("Mercury (no space)", True)]
    # Moodle stores "&lt; &gt; &amp;" because its texts are HTML; a quiz file keeps the characters
    assert [o["text"]["en"] for o in third["options"]] == ["All of them (< > &)", "None of them (< > &)"]
    assert third["stem"] == {"en": "Which symbols need escaping in HTML: > < &"}
    # ids count the questions of the file, good or bad
    assert [item["id"] for item in items] == ["errors-q2", "errors-q4", "errors-q5"]


def test_plain_aiken_file(run, tmp_path):
    path = tmp_path / "capitals.aiken"
    path.write_text("What is the capital of Türkiye?\nA) İstanbul\nB. Ankara\nC) İzmir\nANSWER: B\n\n"
                    "Which city spans two continents?\nA) İstanbul\nB) Ankara\nANSWER: A\n", encoding="utf-8")
    result = run("import", "--lang", "tr", path)
    assert result.exit_code == 0, result.stderr
    assert "guessed format: aiken (from the extension .aiken)" in result.stderr
    out = tmp_path / "out.quiz.yaml"
    out.write_text(result.stdout, encoding="utf-8")
    document, _ = load_document(out)
    assert document.data["languages"] == ["tr"]
    first = document.data["items"][0]
    assert [o["text"] for o in first["options"]] == [{"tr": "İstanbul"}, {"tr": "Ankara"}, {"tr": "İzmir"}]
    assert [o.get("correct", False) for o in first["options"]] == [False, True, False]


def test_answer_letter_without_a_choice_and_unfinished_question(run, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("Q one?\nA) a\nB) b\nANSWER: D\n\nQ two?\nA) a\nB) b\n", encoding="utf-8")
    result = run("import", "--from", "aiken", path)
    assert result.exit_code == 1
    assert f"{path}:4:1:" in result.stderr and "ANSWER: D names no choice" in result.stderr
    assert f"{path}:8:1:" in result.stderr and "the file ends before its ANSWER: line" in result.stderr


def test_a_question_that_starts_like_a_choice_is_one_as_in_moodle_and_the_error_says_why(run, tmp_path):
    # Moodle's importer (since 2018) matches a choice with /^[A-Z][).][ \t]?/: "A)4" is a choice, "U.S. …" too
    path = tmp_path / "odd.aiken"
    path.write_text("U.S. capital is which city?\nA. New York\nB. Washington\nANSWER: B\n\n"
                    "What is 2+2?\nA)4\nB)5\nANSWER: A\n", encoding="utf-8")
    result = run("import", "--from", "aiken", "--keep-going", path)
    assert result.exit_code == 0, result.stderr
    assert f"{path}:1:1: question not started: a choice line outside a question (a line that starts with a capital " \
           "letter and '.' or ')' is a choice, as in Moodle: reword a question that starts so, like 'U.S. capital')" \
           in result.stderr
    assert f"{path}:2:1: question not started: a choice line outside a question\n" in result.stderr  # said once
    assert '      en: "4"\n        correct: true\n' in result.stdout


def test_texts_are_plain_text_not_markup(run, tmp_path):
    # Moodle stores Aiken texts through htmlspecialchars: "<u>" is shown, "2*3*4" is no emphasis
    path = tmp_path / "tags.aiken"
    path.write_text("Which HTML tag makes text bold, and what is 2*3*4?\nA. <b> and 24\nB. <i> and 24\n"
                    "C. <u> and 9\nANSWER: A\n", encoding="utf-8")
    out = tmp_path / "tags.quiz.yaml"
    result = run("import", "--from", "aiken", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    document, _ = load_document(out)
    item = document.data["items"][0]
    assert item["stem"] == {"en": "Which HTML tag makes text bold, and what is 2\\*3\\*4?"}
    assert [o["text"]["en"] for o in item["options"]] == ["\\<b> and 24", "\\<i> and 24", "\\<u> and 9"]
    exported = tmp_path / "tags.xml"
    result = run("export", "--to", "moodle", out, "-o", exported)
    assert result.exit_code == 0, result.stderr
    xml = exported.read_text(encoding="utf-8")
    assert "&lt;u&gt; and 9" in xml and "2*3*4" in xml and "<em>" not in xml and "&lt;em&gt;" not in xml


def test_a_text_that_is_only_a_markdown_block_marker_is_shown_as_written(run, tmp_path):
    """Options "+", "-", "*" became empty list items, "---" a horizontal rule and "[1]: x" vanished: what would
    start a Markdown block is escaped too, so every option is exported as it was written."""
    from quizlint.render import render_plain

    path = tmp_path / "ops.aiken"
    options = ["+", "-", "*", "---", "1.", "~~~", "[1]: https://example.com"]
    path.write_text("Which one multiplies?\n" + "".join(f"{chr(65 + index)}. {option}\n"
                                                        for index, option in enumerate(options)) + "ANSWER: C\n",
                    encoding="utf-8")
    out = tmp_path / "ops.quiz.yaml"
    result = run("import", "--from", "aiken", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    document, _ = load_document(out)
    texts = [o["text"]["en"] for o in document.data["items"][0]["options"]]
    assert [render_plain(text).strip() for text in texts] == options
    xml = tmp_path / "ops.xml"
    assert run("export", "--to", "moodle", out, "-o", xml).exit_code == 0
    assert "<li" not in xml.read_text(encoding="utf-8") and "<hr" not in xml.read_text(encoding="utf-8")
