"""Round trips through the CLI: `quizlint export` the real content to Moodle XML, GIFT, QTI 2.1, QTI 3.0 and Canvas, then
`quizlint import` it back: the same items, option texts, keys, feedback and explanations, per language where
the format carries them (Moodle XML and QTI packages carry every language; GIFT and Canvas one per export). This
checks the exporters and the importers against each other."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from conftest import CONTENT
from quizlint.model import Quiz, read_quiz, text_in
from quizlint.model.texts import typed_text_fields

# per format: the importer, the file extension, the languages exported ("all" in one file, or the source or
# the target language alone), and what else the format carries
# ("types": the item types the format carries, the others left out with a warning; "lost": what it cannot say
# of them, named in a warning too)
CHOICE = ("single", "multiple", "true_false")
EVERY_TYPE = CHOICE + ("numerical", "short_answer", "matching", "ordering", "essay")
FORMATS = {
    "moodle": {"importer": "moodle", "suffix": ".xml", "languages": ["all"], "points": True, "fixed": False,
               "tags": True, "quiz": ("id", "title", "description"),  # the category: name, idnumber, info
               "types": EVERY_TYPE, "lost": ()},
    "gift": {"importer": "gift", "suffix": ".gift", "languages": ["source", "target"], "points": False, "fixed": False,
             "tags": True, "quiz": (), "types": CHOICE + ("numerical", "short_answer", "matching", "essay"),
             "lost": ("units", "template", "grader_info", "response")},
    "qti21": {"importer": "qti", "suffix": ".zip", "languages": ["source", "target", "all"], "points": True, "fixed": True,
              "tags": False, "quiz": ("id", "title", "description"),  # the test: identifier, title, rubricBlock
              "types": EVERY_TYPE, "lost": ("units",)},
    "qti30": {"importer": "qti", "suffix": ".zip", "languages": ["source", "target", "all"], "points": True, "fixed": True,
              "tags": False, "quiz": ("id", "title", "description"), "types": EVERY_TYPE, "lost": ("units",)},
    "canvas": {"importer": "qti", "suffix": ".zip", "languages": ["source", "target"], "points": True, "fixed": True,
               "tags": False, "quiz": (), "types": CHOICE + ("numerical", "short_answer", "matching", "essay"),
               # (Canvas gives every accepted answer full marks, and scores multiple answers itself)
               "lost": ("answers", "units", "case_sensitive", "template", "grader_info", "response", "credits")},
}


def content_files() -> list[Path]:
    return sorted(CONTENT.glob("*.quiz.yaml")) if CONTENT.is_dir() else []


def runs() -> list:
    cases = []
    for fmt, spec in FORMATS.items():
        for path in content_files() or [None]:
            for lang in spec["languages"]:
                name = f"{fmt}-{path.stem.split('.')[0] if path else 'no-content'}-{lang}"
                cases.append(pytest.param(fmt, path, lang, id=name))
    return cases


@pytest.fixture(autouse=True)
def needs_export_and_content():
    if importlib.util.find_spec("quizlint.commands.export") is None:
        pytest.skip("`quizlint export` is not available yet (quizlint.commands.export is missing)")
    if not content_files():
        pytest.skip(f"no content to round-trip: {CONTENT} has no *.quiz.yaml")


def compare(original: Quiz, imported: Quiz, languages: list[str], spec: dict) -> list[str]:
    """Every difference, as readable lines (empty: the round trip kept everything the format carries)."""
    problems = []
    written = [item for item in original.items if item.type in spec["types"]]
    if len(written) != len(imported.items):
        return [f"{len(written)} items exported, {len(imported.items)} imported"]
    for before, after in zip(written, imported.items):
        where = f"item {before.id}"
        if (after.id, after.type, after.answer) != (before.id, before.type, before.answer):
            problems.append(f"{where}: id/type/answer {(after.id, after.type, after.answer)}")
        if [o.correct for o in after.options] != [o.correct for o in before.options]:
            problems.append(f"{where}: keys {[o.correct for o in after.options]}")
        if spec["points"] and after.points != before.points:
            problems.append(f"{where}: points {after.points} != {before.points}")
        if spec["fixed"] and [o.fixed for o in after.options] != [o.fixed for o in before.options]:
            problems.append(f"{where}: fixed options differ")
        if spec["tags"] and after.tags != before.tags:
            problems.append(f"{where}: tags {after.tags} != {before.tags}")
        if "credits" not in spec["lost"] and [o.credit for o in after.options] != [o.credit for o in before.options]:
            problems.append(f"{where}: credits {[o.credit for o in after.options]}")
        if typed_facts(after, spec["lost"]) != typed_facts(before, spec["lost"]):
            problems.append(f"{where}: {typed_facts(after, spec['lost'])} != {typed_facts(before, spec['lost'])}")
        fields = [("stem", before.stem, after.stem), ("explanation", before.explanation, after.explanation)]
        fields += [(field.label, field.value, _value_at(after, field.path)) for field in typed_text_fields(before)
                   if field.path[0] not in spec["lost"]]
        for index, (old, new) in enumerate(zip(before.options, after.options)):
            fields += [(f"option {index} text", old.text, new.text), (f"option {index} feedback", old.feedback,
                                                                       new.feedback)]
        for lang in languages:  # the texts exactly as written: Markdown survives every format
            for label, old, new in fields:
                if text_in(old, lang) != text_in(new, lang):
                    problems.append(f"{where} {label} [{lang}]: {text_in(new, lang)!r} != {text_in(old, lang)!r}")
    return problems


def typed_facts(item, lost: tuple) -> dict:
    """What a numerical, short-answer, matching, ordering or essay item says besides its texts: answers, tolerances,
    credits, units, how many pairs, distractors and steps, the essay's response (less what the format loses)."""
    facts = {}
    if item.type == "numerical":
        facts["answers"] = [(answer.value, answer.tolerance, answer.credit) for answer in item.answers]
        facts["units"] = [(unit.unit, unit.multiplier) for unit in item.units]
    elif item.type == "short_answer":
        facts["answers"] = [answer.credit for answer in item.answers]
        facts["case_sensitive"] = item.case_sensitive
    elif item.type == "matching":
        facts["pairs"], facts["distractors"] = len(item.pairs), len(item.distractors)
    elif item.type == "ordering":
        facts["sequence"] = len(item.sequence)
    elif item.type == "essay":
        facts["response"] = item.response
    return {key: value for key, value in facts.items() if key not in lost}


def _value_at(item, path: tuple):
    """The text at ``path`` inside ``item`` (None where the item has no such place)."""
    value = item
    for step in path:
        try:
            value = value[step] if isinstance(step, int) else getattr(value, step)
        except (IndexError, AttributeError):
            return None
    return value


@pytest.mark.parametrize(("fmt", "source", "lang"), runs())
def test_export_then_import_keeps_the_items(run, tmp_path, fmt, source, lang):
    spec = FORMATS[fmt]
    original, findings = read_quiz(source)
    assert original is not None, findings
    quiz = original.quiz
    languages = quiz.languages if lang == "all" else [quiz.languages[0] if lang == "source" else quiz.languages[-1]]
    exported = tmp_path / f"export{spec['suffix']}"
    lang_args = ["--lang", "all" if lang == "all" else languages[0]]
    result = run("export", "--to", fmt, *lang_args, "--force", "-o", exported, source)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "back.quiz.yaml"
    import_args = [] if lang == "all" else ["--lang", languages[0]]
    result = run("import", "--from", spec["importer"], *import_args, exported, "-o", out)
    assert result.exit_code == 0, result.stderr
    back, findings = read_quiz(out)
    assert back is not None and findings == [], findings
    if lang == "all":
        assert back.quiz.languages == quiz.languages
        for name in spec["quiz"]:
            assert getattr(back.quiz, name) == getattr(quiz, name), name
    assert compare(quiz, back.quiz, languages, spec) == []


MATH_QUIZ = r"""quizlint: 1
id: mathq
languages: [en]
title: {en: "Math"}
items:
  - id: m1
    stem: {en: 'Solve $$\begin{cases} x+y=2 \\ x-y=0 \end{cases}$$ for the set $\{x\}$ with $a_1 * b_2$'}
    options:
      - text: {en: '$x=1$ is *the* answer'}
        correct: true
      - text: {en: '$x_2 = [0, 1]$ and \*literal\* stars'}
"""


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_math_comes_back_exactly_as_written(run, tmp_path, fmt):
    """LaTeX inside $…$ and $$…$$ used to come back escaped as Markdown (a backslash doubled before a brace, a
    backslash added before `*` and `\\`); Markdown outside math is still escaped where it must be."""
    source = tmp_path / "m.quiz.yaml"
    source.write_text(MATH_QUIZ, encoding="utf-8")
    exported = tmp_path / f"export{FORMATS[fmt]['suffix']}"
    assert run("export", "--to", fmt, "-o", exported, source).exit_code == 0
    back = tmp_path / "back.quiz.yaml"
    result = run("import", "--from", FORMATS[fmt]["importer"], "--lang", "en", exported, "-o", back)
    assert result.exit_code == 0, result.stderr
    original, imported = read_quiz(source)[0].quiz, read_quiz(back)[0].quiz
    assert compare(original, imported, ["en"], FORMATS[fmt]) == []


EDGE_TYPES = r"""quizlint: 1
id: edges
languages: [en, tr]
title: {en: "Edges", tr: "Uçlar"}
items:
  - id: negative
    type: numerical
    stem: {en: "Below zero?", tr: "Sıfırın altında?"}
    answers:
      - {value: -273.15, tolerance: 0.05}
      - {value: -273, credit: 50, feedback: {en: "Rounded.", tr: "Yuvarlanmış."}}
      - {value: 0.001, credit: 33.33333}
  - id: cased
    type: short_answer
    case_sensitive: true
    stem: {en: "The dtype?", tr: "Veri türü?"}
    answers:
      - {text: "torch.bfloat16"}
      - {text: "BF16", credit: 20}
      - {text: "bf16", credit: -10}
  - id: many
    type: matching
    stem: {en: "Match.", tr: "Eşleştirin."}
    pairs:
      - {prompt: "`int4`", match: {en: "half a byte", tr: "yarım bayt"}}
      - {prompt: "**fp8**", match: {en: "one byte", tr: "bir bayt"}}
      - {prompt: fp64, match: {en: "eight bytes", tr: "sekiz bayt"}}
    distractors: [{en: "three bytes", tr: "üç bayt"}, {en: "six bytes", tr: "altı bayt"}]
  - id: two
    type: ordering
    stem: {en: "Order.", tr: "Sıralayın."}
    sequence: [{en: "*first*", tr: "*ilk*"}, {en: "second", tr: "ikinci"}]
  - id: plain
    type: essay
    stem: {en: "Why?", tr: "Neden?"}
    response: {format: plain, lines: 3}
  - id: credits
    type: multiple
    stem: {en: "Which?", tr: "Hangileri?"}
    options:
      - {text: a, correct: true, credit: 70}
      - {text: b, correct: true, credit: 30}
      - {text: c, credit: -25}
"""
# (what GIFT cannot say: case-sensitive answers, an essay's response settings)
GIFT_LOST = ("case_sensitive", "response")


@pytest.mark.parametrize("fmt", ["moodle", "gift", "qti21", "qti30"])
def test_edge_cases_of_every_type_come_back(run, tmp_path, fmt):
    """Negative and tiny values, tolerances, credits from Moodle's list (a third, 20 %, a penalty), case-sensitive
    answers, Markdown in prompts and steps, several distractors, a plain-text essay, unequal option credits."""
    source = tmp_path / "edges.quiz.yaml"
    source.write_text(EDGE_TYPES, encoding="utf-8")
    spec = FORMATS[fmt]
    if fmt == "gift":
        spec = {**spec, "lost": spec["lost"] + GIFT_LOST}
    quiz = read_quiz(source)[0].quiz
    lang = [] if fmt == "moodle" or fmt.startswith("qti") else ["--lang", "en"]
    exported = tmp_path / f"export{spec['suffix']}"
    result = run("export", "--to", fmt, *(["--lang", "all"] if fmt.startswith("qti") else lang), "-o", exported, source)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "back.quiz.yaml"
    result = run("import", "--from", spec["importer"], *lang, exported, "-o", out)
    assert result.exit_code == 0, result.stderr
    back, findings = read_quiz(out)
    assert back is not None and findings == [], findings
    languages = ["en"] if fmt == "gift" else quiz.languages
    assert compare(quiz, back.quiz, languages, spec) == []
