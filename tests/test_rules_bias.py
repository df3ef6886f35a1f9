"""Answer-position bias and length cues (B rules), through the CLI as users run them."""

from __future__ import annotations

import json
import re
import textwrap
import unicodedata

import pytest

from conftest import quiz_yaml, shared_dir
from quizlint.rules.base import find_rule


def option_list(index: int, key: int | None, n_options: int, fixed: int | None = None, lang_pair=("en", "tr")) -> str:
    """Options of equal length (so that no length cue interferes), the key at ``key``."""
    options = []
    for position in range(n_options):
        text = "{" + ", ".join(f"{lang}: 'Option {position} of item {index:03d} {lang}'" for lang in lang_pair) + "}"
        entry = f"text: {text}"
        if position == key:
            entry += ", correct: true"
        if position == fixed:
            entry += ", fixed: true"
        options.append("{" + entry + "}")
    return "[" + ", ".join(options) + "]"


def keyed_items(positions, n_options: int = 4, start: int = 0, fixed: int | None = None,
                lang_pair=("en", "tr")) -> str:
    """One single-answer item per key position, in compact flow style."""
    lines = []
    for offset, key in enumerate(positions):
        index = start + offset
        stem = "{" + ", ".join(f"{lang}: 'Question {index:03d} {lang}?'" for lang in lang_pair) + "}"
        lines.append(f"- {{id: item-{index:03d}, stem: {stem}, options: {option_list(index, key, n_options, fixed, lang_pair)}}}")
    return "\n".join(lines)


def lint_json(run, *args, cwd=None) -> list[dict]:
    result = run("lint", "--format", "json", "--exit-zero", *args, cwd=cwd)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def codes(findings) -> list[str]:
    return [finding["code"] for finding in findings]


# --- B001 key-position-bias --------------------------------------------------------------------------------

def test_keys_6_1_1_0_are_reported_with_counts_and_exact_p(run, write_quiz, tmp_path):
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 1, 2]))
    result = run("lint", "--select", "key-position-bias", "demo.quiz.yaml", cwd=tmp_path)
    assert result.exit_code == 0  # a warning does not fail the run by default
    assert result.stdout.splitlines()[0] == ("demo.quiz.yaml:2:1: B001 [warning] keys A:6 B:1 C:1 D:0 over 8 "
                                             "four-option items in this quiz, exact multinomial p=0.027 [*]")
    failing = run("lint", "--select", "B001", "--fail-on", "warning", "demo.quiz.yaml", cwd=tmp_path)
    assert failing.exit_code == 1


def test_turkish_source_quiz_is_tested_the_same_way(run, write_quiz):
    path = write_quiz(keyed_items([3, 3, 3, 3, 3, 3, 0, 1], lang_pair=("tr", "en")), languages="tr, en")
    findings = lint_json(run, "--select", "B001", path)
    assert [f["message"] for f in findings] == [
        "keys A:1 B:1 C:0 D:6 over 8 four-option items in this quiz, exact multinomial p=0.027"]


def test_balanced_or_random_looking_keys_are_quiet(run, write_quiz):
    path = write_quiz(keyed_items([0, 1, 2, 3, 1, 3, 0, 2, 2, 0, 1, 1]))
    assert lint_json(run, "--select", "B001,B003", path) == []


def test_fewer_than_min_items_are_not_tested_and_the_option_is_configurable(run, write_quiz, tmp_path):
    path = write_quiz(keyed_items([0] * 7))
    assert lint_json(run, "--select", "B001", path) == []
    (tmp_path / "quizlint.toml").write_text('[rules.key-position-bias]\nmin-items = 6\nalpha = 0.01\n')
    findings = lint_json(run, "--select", "B001", path.name, cwd=tmp_path)
    # Only the four "all in one position" outcomes are as unlikely: p = 4 / 4^7 = 0.000244.
    assert [f["message"] for f in findings] == [
        "keys A:7 B:0 C:0 D:0 over 7 four-option items in this quiz, exact multinomial p=0.0002"]


@pytest.mark.parametrize("setting, complaint", [
    ("[rules.key-position-bias]\nalpha = 1.5\n", "option 'alpha' of rule B001 must be a number between 0 and 1, not 1.5"),
    ("[rules.key-middle-bias]\nmin-items = \"8\"\n", "option 'min-items' of rule B003 must be a whole number, at least 1, not \"8\""),
    ("[rules.longest-option-key]\nratio = 0.5\n", "option 'ratio' of rule B004 must be a number, at least 1, not 0.5"),
])
def test_bad_option_values_are_configuration_errors(run_process, write_quiz, tmp_path, setting, complaint):
    write_quiz(keyed_items([0, 1, 2, 3, 0, 1, 2, 3]))
    (tmp_path / "quizlint.toml").write_text(setting)
    process = run_process("lint", "--select", "B", cwd=tmp_path)
    assert process.returncode == 2
    assert complaint in process.stderr
    assert "Traceback" not in process.stderr


def test_each_option_count_is_tested_separately(run, write_quiz):
    items = keyed_items([0, 1, 2, 3, 0, 1, 2, 3], n_options=4) + "\n" + keyed_items([0] * 8, n_options=3, start=8)
    findings = lint_json(run, "--select", "B001", write_quiz(items))
    # The four-option items are balanced; the three-option ones all have key A: p = 3 / 3^8 = 0.000457.
    assert [f["message"] for f in findings] == [
        "keys A:8 B:0 C:0 over 8 three-option items in this quiz, exact multinomial p=0.0005"]


def test_large_banks_use_chi_square(run, write_quiz):
    # 200 items, keys 80/40/40/40: X² = (30² + 3·10²) / 50 = 24 with 3 degrees of freedom, p ≈ 2.5e-5.
    path = write_quiz(keyed_items([0] * 80 + [1] * 40 + [2] * 40 + [3] * 40, lang_pair=("en",)), languages="en")
    findings = lint_json(run, "--select", "B001", path)
    assert [f["message"] for f in findings] == [
        "keys A:80 B:40 C:40 D:40 over 200 four-option items in this quiz, chi-square p<0.0001"]


def test_items_with_a_fixed_option_take_no_part(run, write_quiz):
    path = write_quiz(keyed_items([0] * 8, fixed=3))
    assert lint_json(run, "--select", "B001,B003", path) == []


def test_bias_spread_over_small_quizzes_is_reported_once_for_the_bank(run, write_quiz, tmp_path):
    write_quiz(keyed_items([1, 1, 1, 1, 0]), name="b.quiz.yaml", quiz_id="b")
    write_quiz(keyed_items([1, 1, 1, 1, 2], start=5), name="a.quiz.yaml", quiz_id="a")
    findings = lint_json(run, "--select", "B001", tmp_path, cwd=tmp_path)
    # Outcomes no more likely than 8/1/1/0: the orderings of 10/0/0/0, 9/1/0/0, 8/2/0/0 and 8/1/1/0,
    # (4·1 + 12·10 + 12·45 + 12·90) / 4^10 = 0.00166. Reported at the first file in path order.
    assert [(f["file"], f["line"], f["message"]) for f in findings] == [
        ("a.quiz.yaml", 2, "keys A:1 B:8 C:1 D:0 over 10 four-option items across the bank (2 quiz files), "
                           "exact multinomial p=0.0017")]


def test_a_bias_already_reported_per_quiz_is_not_repeated_for_the_bank(run, write_quiz, tmp_path):
    # each file alone: exact multinomial p=0.0015 < 0.05 / 2 (Holm over two files): the files are reported
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 0, 2]), name="a.quiz.yaml", quiz_id="a")
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 0, 2], start=8), name="b.quiz.yaml", quiz_id="b")
    findings = lint_json(run, "--select", "B001", tmp_path, cwd=tmp_path)
    assert [(f["file"], f["message"].split(", exact")[0]) for f in findings] == [
        ("a.quiz.yaml", "keys A:7 B:0 C:1 D:0 over 8 four-option items in this quiz, Holm-corrected over 2 quiz files"),
        ("b.quiz.yaml", "keys A:7 B:0 C:1 D:0 over 8 four-option items in this quiz, Holm-corrected over 2 quiz files"),
    ]


def test_a_file_significant_only_before_correction_leaves_the_report_to_the_bank(run, write_quiz, tmp_path):
    # A:6 B:1 C:1 D:0 alone has p=0.027: below 0.05 but not below 0.05 / 2, so no file is reported; the pooled
    # bank (A:12 B:2 C:2 D:0) is
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 1, 2]), name="a.quiz.yaml", quiz_id="a")
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 1, 2], start=8), name="b.quiz.yaml", quiz_id="b")
    findings = lint_json(run, "--select", "B001", tmp_path, cwd=tmp_path)
    assert [(f["file"], f["message"].split(", exact")[0]) for f in findings] == [
        ("a.quiz.yaml", "keys A:12 B:2 C:2 D:0 over 16 four-option items across the bank (2 quiz files)")]


def test_file_level_suppression_silences_a_bank_finding(run, tmp_path):
    path = tmp_path / "demo.quiz.yaml"
    path.write_text("# quizlint: disable=key-position-bias -- keys fixed by the exam board\n"
                    + quiz_yaml(keyed_items([0, 0, 0, 0, 0, 0, 1, 2])))
    assert lint_json(run, "--select", "B001", path) == []


# --- B002 key-over-balanced --------------------------------------------------------------------------------

def test_a_perfectly_balanced_40_item_bank_is_flagged_only_when_the_rule_is_on(run, write_quiz):
    path = write_quiz(keyed_items([0, 1, 2, 3] * 10))
    assert not [f for f in lint_json(run, path) if f["code"].startswith("B")]
    findings = [f for f in lint_json(run, "--extend-select", "key-over-balanced", path) if f["code"].startswith("B")]
    assert [(f["code"], f["severity"], f["message"]) for f in findings] == [
        ("B002", "info", "keys A:10 B:10 C:10 D:10 over 40 four-option items in this quiz are more even than "
                         "random placement makes likely (exact multinomial lower tail p=0.0039)")]


def test_over_balancing_can_be_enabled_in_the_configuration(run, write_quiz, tmp_path):
    write_quiz(keyed_items([0, 1, 2, 3] * 5))
    (tmp_path / "quizlint.toml").write_text('select = ["B001", "B003", "B005"]\n')
    assert codes(lint_json(run, cwd=tmp_path)) == []
    (tmp_path / "quizlint.toml").write_text('select = ["B001", "B003", "B005"]\nextend-select = ["key-over-balanced"]\n')
    assert codes(lint_json(run, cwd=tmp_path)) == ["B002"]


def test_an_uneven_key_is_not_over_balanced(run, write_quiz):
    path = write_quiz(keyed_items([0, 1, 0, 3, 2, 0, 1, 2, 0, 2, 0, 3, 1, 0, 2, 3, 0, 1, 3, 2]))  # 7/4/5/4
    assert lint_json(run, "--select", "B002", path) == []


def test_small_quizzes_are_not_tested_for_over_balancing(run, write_quiz):
    assert lint_json(run, "--select", "B002", write_quiz(keyed_items([0, 1, 2, 3] * 4))) == []


# --- B003 key-middle-bias ----------------------------------------------------------------------------------

def test_keys_preferring_the_middle_are_reported_with_a_binomial_test(run, write_quiz):
    path = write_quiz(keyed_items([1, 2, 1, 2, 1, 2, 1, 3]))
    findings = lint_json(run, "--select", "B003", path)
    assert [f["message"] for f in findings] == [
        "the key is in a middle position (neither first nor last) in 7 of 8 items in this quiz (chance: 4 of 8), "
        "binomial p=0.035"]


def test_middle_bias_mixes_option_counts_with_a_poisson_binomial_test(run, write_quiz):
    items = keyed_items([1, 2, 1, 2, 1], n_options=4) + "\n" + keyed_items([1, 1, 1, 1, 1], n_options=3, start=5)
    findings = lint_json(run, "--select", "B003", write_quiz(items))
    assert len(findings) == 1
    assert "in 10 of 10 items in this quiz (chance: 4.2 of 10), Poisson-binomial p=" in findings[0]["message"]


def test_two_option_items_have_no_middle(run, write_quiz):
    assert lint_json(run, "--select", "B003", write_quiz(keyed_items([0] * 10, n_options=2))) == []


# --- B004 longest-option-key -------------------------------------------------------------------------------

LONG_KEY_EN = """
- id: resume
  stem: {en: "What must a checkpoint hold to resume training exactly?", tr: "Eğitimi tam sürdürmek için kontrol noktası neyi tutmalı?"}
  options:
    - text: {en: "The weights only", tr: "Yalnızca ağırlıkları"}
    - text: {en: "The weights with the optimizer, scheduler and random-number-generator state", tr: "Ağırlıkları"}
      correct: true
    - text: {en: "The loss curve", tr: "Kayıp eğrisini"}
"""


def test_a_conspicuously_long_key_is_reported_at_its_source_text(run, write_quiz):
    findings = lint_json(run, "--select", "B004", write_quiz(LONG_KEY_EN))
    assert [(f["line"], f["column"], f["item"]) for f in findings] == [(10, 20, "resume")]  # the `en` text
    assert findings[0]["message"] == ("the key (B, 75 characters) is 4.7× as long as the longest distractor "
                                      "(16 characters): a length cue")


def test_the_source_language_decides_for_a_turkish_source_quiz(run, write_quiz):
    # Same texts, but Turkish is the source: the Turkish key is short, so no length cue.
    assert lint_json(run, "--select", "B004", write_quiz(LONG_KEY_EN, languages="tr, en")) == []
    turkish_cue = LONG_KEY_EN.replace('tr: "Ağırlıkları"}',
                                      'tr: "Ağırlıkları, optimize edicinin, zamanlayıcının ve rastgele sayı üretecinin durumunu"}')
    findings = lint_json(run, "--select", "B004", write_quiz(turkish_cue, languages="tr, en"))
    assert [(f["code"], f["line"]) for f in findings] == [("B004", 10)]
    assert findings[0]["message"].startswith("the key (B, 83 characters) is 4.2× as long as the longest distractor "
                                             "(20 characters)")


LINKED_KEY = """
- id: save
  stem: {en: "What is the recommended way to save a PyTorch model for inference?", tr: "Çıkarım için model nasıl kaydedilir?"}
  options:
    - text: {en: "Save only the [state dict](https://pytorch.org/tutorials/beginner/saving_loading_models.html)", tr: "Yalnızca [durum sözlüğünü](https://pytorch.org/tutorials/beginner/saving_loading_models.html) kaydedin"}
      correct: true
    - text: {en: "Pickle the whole model object", tr: "Tüm model nesnesini pickle ile saklayın"}
    - text: {en: "Export the **optimizer** state", tr: "Optimize edicinin durumunu dışa aktarın"}
"""


def test_lengths_are_those_students_see_not_the_markdown(run, write_quiz):
    # the link target made the key "3.2× as long" as the longest distractor; "**optimizer**" is 26 characters long, not 30
    assert lint_json(run, "--select", "B004", write_quiz(LINKED_KEY)) == []
    long_text = LINKED_KEY.replace("Save only the [state dict]", "Save the state dict of the model, with no optimizer [state]")
    findings = lint_json(run, "--select", "B004", write_quiz(long_text))
    assert [f["message"] for f in findings] == ["the key (A, 57 characters) is 2.0× as long as the longest distractor "
                                                "(29 characters): a length cue"]


def test_a_backslash_escape_counts_as_the_character_it_shows(run, write_quiz):
    # students see "1 * 2 * … * 7" (25 characters): counted with its backslashes (31), the distractor hid the cue
    items = r"""
    - id: factorial
      stem: "What does 7! mean?"
      options:
        - {text: "The product of the numbers 1 to 7", correct: true}
        - {text: '1 \* 2 \* 3 \* 4 \* 5 \* 6 \* 7'}
        - {text: "The number 7 said loudly"}
    """
    findings = lint_json(run, "--no-cache", "--select", "B004", write_quiz(items, languages="en"))
    assert [f["message"] for f in findings] == ["the key (A, 33 characters) is 1.3× as long as the longest distractor "
                                                "(25 characters): a length cue"]


def decomposed(text: str) -> str:
    """``text`` in NFD, as some editors paste it: each ü, ö, ç, ş, ğ is a base letter and a combining mark."""
    return unicodedata.normalize("NFD", text)


def test_lengths_are_counted_in_letters_as_seen_not_in_code_points(run, write_quiz):
    # the key is 24 characters as seen, 38 code points in NFD: it was "1.4× as long" as the 27-character distractor
    key = decomposed("Güçlü öğüt işçiği çözüşü")
    items = f"""
    - id: nfd
      stem: "Hangisi doğrudur?"
      options:
        - {{text: "{key}", correct: true}}
        - text: "Kalın defter kitabı sayfası"
        - text: "Kısa bir seçenek metni"
    """
    assert lint_json(run, "--no-cache", "--select", "B004", write_quiz(items, languages="tr")) == []
    short = items.replace("Kalın defter kitabı sayfası", "Kısa metin").replace("Kısa bir seçenek metni", "Öğün")
    findings = lint_json(run, "--no-cache", "--select", "B004", write_quiz(short, languages="tr"))
    assert [f["message"] for f in findings] == [
        "the key (A, 24 characters) is 2.4× as long as the longest distractor (10 characters): a length cue"]


def test_the_visible_text_of_markdown():
    from quizlint.rules._markup import visible_text

    assert visible_text("See [the **docs**](https://x.org/a_b) and `a*b*c` <u>now</u>, ![img](p.png)") == \
        "See the docs and a*b*c now, img"
    assert visible_text("Plain 2 * 3 text") == "Plain 2 * 3 text"


def test_what_the_exports_show_as_written_counts_as_visible_text():
    from quizlint.rules._markup import visible_text

    # (the exports show a tag that is no HTML element, or is written as a type name, as it is: see render.is_html)
    assert visible_text("A std::vector<int> or a List<Object>, <b>bold</b>") == \
        "A std::vector<int> or a List<Object>, bold"


@pytest.mark.parametrize("text, shown", [
    ("\\*", "*"), ("\\*foo\\*", "*foo*"), ("a \\_b\\_ and **c**", "a _b_ and c"), ("\\<b>x\\</b>", "<b>x</b>"),
    ("\\[a](https://x.org)", "[a](https://x.org)"), ("`a\\*b`", "a\\*b"), ("\\\\*x*", "\\x"), ("\\```", "```"),
    ("\\`code`", "`code`"), ("C:\\path", "C:\\path"),
])
def test_a_backslash_escape_is_visible_as_the_character_it_shows(text, shown):
    from quizlint.render import render_plain
    from quizlint.rules._markup import visible_text

    assert visible_text(text) == shown == render_plain(text)  # (as the exports show it)


def test_the_bank_length_cue_measures_links_by_their_text(run, write_quiz):
    # every key is the longest option only when its link target is counted
    link = "[x](https://example.org/a/long/path/to/a/page)"
    items = "\n".join(f"- {{id: item-{index}, stem: 'Question {index}?', options: [{{text: 'abcdefgh'}}, "
                      f"{{text: 'See {link}', correct: true}}, {{text: 'abcdefg'}}]}}" for index in range(8))
    assert lint_json(run, "--select", "B005", write_quiz(items, languages="en")) == []


def test_short_keys_and_the_ratio_option(run, write_quiz, tmp_path):
    short = """
    - id: capital
      stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
      options:
        - {text: "Ankara, the capital", correct: true}
        - {text: "Izmir"}
        - {text: "Bursa"}
    """
    assert lint_json(run, "--select", "B004", write_quiz(short)) == []  # 3 words < min-words 4
    (tmp_path / "quizlint.toml").write_text("[rules.longest-option-key]\nratio = 5.0\n")
    assert lint_json(run, "--select", "B004", write_quiz(LONG_KEY_EN).name, cwd=tmp_path) == []


def test_an_invalid_ratio_is_a_configuration_error_whatever_the_items(run_process, write_quiz, tmp_path):
    # It used to be reported only by the items that reached the comparison: a bank whose keys were all short
    # linted clean with `ratio = 0.5`.
    short_keys = """
    - id: capital
      stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
      options:
        - {text: "Ankara, the capital city", correct: true}
        - {text: "Izmir"}
    """
    write_quiz(short_keys)
    (tmp_path / "quizlint.toml").write_text("[rules.longest-option-key]\nratio = 1.5\nmin-words = 5\n")
    assert run_process("lint", "--no-cache", "--select", "B004", cwd=tmp_path).returncode == 0  # 4 words < 5
    (tmp_path / "quizlint.toml").write_text("[rules.longest-option-key]\nratio = 0.5\nmin-words = 5\n")
    process = run_process("lint", "--no-cache", "--select", "B004", cwd=tmp_path)
    assert process.returncode == 2 and "option 'ratio' of rule B004 must be a number, at least 1" in process.stderr


# --- B005 longest-option-bank ------------------------------------------------------------------------------

SEED_KEYS = {  # 0-based key positions of the seed quizzes (the answers the seeds' authors intended)
    "000": [3, 1, 2, 0, 1, 2, 0, 3],
    "002": [0, 2, 1, 3, 2, 0, 3, 1],
}


def seed_quiz(path, keys) -> str:
    """A seed text turned into a quiz file: every text in the `tr` field of a `languages: [tr, en]` quiz."""
    lines = path.read_text(encoding="utf-8").splitlines()
    title = lines[0].strip()
    items, current = [], None
    for line in lines[1:]:
        if match := re.match(r"^(\d+)\.\s+(.*)$", line):
            current = {"stem": match.group(2).strip(), "options": []}
            items.append(current)
        elif line.strip().startswith("•") and current is not None:
            current["options"].append(line.strip().lstrip("•").strip())
    out = ["quizlint: 1", f"id: seed-{path.stem[:3]}", "languages: [tr, en]", f"title: {{tr: {json.dumps(title)}}}",
           "items:"]
    for number, (item, key) in enumerate(zip(items, keys), start=1):
        out.append(f"  - id: seed-{path.stem[:3]}-q{number}")
        out.append(f"    stem: {{tr: {json.dumps(item['stem'], ensure_ascii=False)}}}")
        out.append("    options:")
        for position, option in enumerate(item["options"]):
            correct = ", correct: true" if position == key else ""
            out.append(f"      - {{text: {{tr: {json.dumps(option, ensure_ascii=False)}}}{correct}}}")
    return "\n".join(out) + "\n"


def test_the_seeds_length_cue_is_reported_per_quiz(run, tmp_path):
    seeds = shared_dir("seeds")
    for prefix, keys in SEED_KEYS.items():
        (source,) = seeds.glob(f"{prefix}_*.txt")
        (tmp_path / f"seed-{prefix}.quiz.yaml").write_text(seed_quiz(source, keys), encoding="utf-8")
    findings = lint_json(run, "--select", "longest-option-bank", tmp_path, cwd=tmp_path)
    assert [(f["file"], f["line"], f["message"]) for f in findings] == [
        (f"seed-{prefix}.quiz.yaml", 2, "the key is the longest option in 7 of 8 items in this quiz, Holm-corrected "
                                        "over 2 quiz files (chance: 2 of 8), binomial p=0.0004")
        for prefix in ("000", "002")
    ]


def length_item(index: int, lengths: list[int], key: int) -> str:
    options = ", ".join("{text: '" + "x" * length + "'" + (", correct: true" if position == key else "") + "}"
                        for position, length in enumerate(lengths))
    return f"- {{id: item-{index}, stem: 'Question {index}?', options: [{options}]}}"


def test_ties_for_the_longest_option_count_fractionally_on_both_sides(run, write_quiz):
    # The key ties with one other option for the longest in 8 items: each counts 1/2 (4 of 8), chance 2/4 of a
    # half each (2 of 8); all 8 tied is p=1/256.
    items = "\n".join(length_item(index, [5, 9, 9, 3], key=1) for index in range(8))
    findings = lint_json(run, "--select", "B005", write_quiz(items, languages="en"))
    assert [f["message"] for f in findings] == [
        "the key is the longest option in 4 of 8 items (a tie of k longest options counts 1/k) in this quiz "
        "(chance: 2 of 8), exact weighted binomial p=0.0039"]


def test_a_key_tied_with_every_option_is_no_hit_beyond_chance(run, write_quiz):
    # Half the items have all options as long (1/4 each, as chance), the rest a unique longest key in 1 of 4
    items = [length_item(index, [6, 6, 6, 6], key=index % 4) for index in range(12)]
    items += [length_item(12 + index, [9, 5, 5, 5] if index % 4 == 0 else [5, 9, 5, 5], key=0) for index in range(12)]
    assert lint_json(run, "--select", "B005", write_quiz("\n".join(items), languages="en")) == []


def test_a_thirteen_file_bank_with_uniform_pooled_keys_is_silent(run, write_quiz, tmp_path):
    # One file of 13 has A:6 B:1 C:1 D:0 (p=0.027 alone); with Holm over 13 files that is chance, and the pooled
    # keys (A:30 B:25 C:25 D:24) are uniform
    write_quiz(keyed_items([0, 0, 0, 0, 0, 0, 1, 2]), name="f00.quiz.yaml", quiz_id="f00")
    for number in range(1, 13):
        write_quiz(keyed_items([0, 1, 2, 3, 0, 1, 2, 3], start=8 * number), name=f"f{number:02}.quiz.yaml",
                   quiz_id=f"f{number:02}")
    assert lint_json(run, "--select", "B001,B003,B005", tmp_path, cwd=tmp_path) == []


def test_equal_lengths_are_no_length_cue(run, write_quiz):
    items = "\n".join(length_item(index, [6, 6, 6, 6], key=index % 4) for index in range(10))
    assert lint_json(run, "--select", "B005", write_quiz(items, languages="en")) == []


def test_a_decomposed_key_ties_with_options_of_its_length(run, write_quiz):
    # "Üçgen yayı" is 10 characters as seen (12 code points in NFD), as long as every other option: a tie in each
    # item, not the key longest in 8 of 8
    key = decomposed("Üçgen yayı")
    items = "\n".join(f"- {{id: item-{index}, stem: 'Soru {index}?', options: [{{text: '{key}', correct: true}}, "
                      "{text: 'Kare çizgi'}, {text: 'Daire yayı'}, {text: 'Dört kenar'}]}" for index in range(8))
    assert lint_json(run, "--no-cache", "--select", "B005", write_quiz(items, languages="tr")) == []


# --- every B rule on its own documented examples -----------------------------------------------------------

def example_file(rule, text: str) -> str:
    if rule.scope == "item":
        return quiz_yaml("- " + textwrap.indent(text.strip("\n"), "  ")[2:])
    return text


@pytest.mark.parametrize("code", ["B001", "B002", "B003", "B004", "B005"])
def test_documented_examples_fail_and_pass(run, tmp_path, code):
    rule = find_rule(code)
    failing, passing = rule.examples()
    for label, text, expected in (("failing", failing, [code]), ("passing", passing, [])):
        path = tmp_path / f"{label}.quiz.yaml"
        path.write_text(example_file(rule, text), encoding="utf-8")
        assert codes(lint_json(run, "--select", code, path)) == expected, label


def test_the_length_cue_counts_a_type_parameter_as_students_see_it(run, write_quiz):
    items = """
    - id: bytes
      stem: "Which C++ type keeps bytes contiguous in memory and grows on demand?"
      options:
        - {text: "The standard std::vector<unsigned char> container class", correct: true}
        - text: "A plain fixed-size byte array"
        - text: "A singly linked list of bytes"
    """
    findings = lint_json(run, "--no-cache", "--select", "B004", write_quiz(items, languages="en"))
    assert [f["message"] for f in findings] == [
        "the key (A, 55 characters) is 1.9× as long as the longest distractor (29 characters): a length cue"]


def test_holm_and_the_weighted_binomial_tail():
    from quizlint.rules._stats import holm_significant, weighted_bernoulli_upper

    # Holm: 0.01 < 0.05/3, 0.02 < 0.05/2, 0.04 < 0.05/1 → all; a first failure stops the rest
    assert holm_significant([0.04, 0.01, 0.02], 0.05) == [True, True, True]
    assert holm_significant([0.01, 0.03, 0.06], 0.05) == [True, False, False]  # 0.03 >= 0.05/2
    assert holm_significant([0.02, 0.02, 0.02], 0.05) == [False, False, False]
    # two items worth 1/2 with chance 1/2 each and one worth 1 with chance 1/4: S >= 1.5 needs the whole one and
    # at least one half
    result = weighted_bernoulli_upper(1.5, [(2, 2, 0.5), (1, 1, 0.25)])
    assert abs(result.p_value - 0.25 * 0.75) < 1e-12
