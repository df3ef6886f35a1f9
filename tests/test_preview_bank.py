"""A small fixture bank for the `stats` and `preview` tests, with every number it should produce worked out by
hand (see EXPECTED), plus checks that the fixture is what it claims to be.

alpha (en + tr), nine items:
  a1 single, key A, key the only longest option ........ tr reviewed (current digest)
  a2 single, key B, longest tied B/D .................... tr stem missing (tr reviewed, but missing wins)
  a3 single, key C, longest D ........................... tr machine (current digest)
  a4 single, key A, neutral options with hostile Markdown  tr reviewed, digest out of date → stale
  a5 multiple, keys A and C ............................. tr complete, no record → draft
  a6 true/false, answer true ............................ tr draft
  a7 single, key D "None of the above" (fixed), longest D  tr reviewed  (left out of the position test)
  a8 single, key A, longest tied A/C/D .................. tr reviewed
  a9 single, three options, no key (missing-key) ........ tr complete, no record → draft
beta (en only), three three-option single items: keys C, A, B; key longest in b1 (alone) and b3 (tied B/C).
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

from quizlint.model import read_quiz, source_digest

ALPHA = """\
quizlint: 1
id: alpha
languages: [en, tr]
title: {en: "Alpha quiz", tr: "Alfa testi"}
description: {en: "Capitals and *formats*.", tr: "Başkentler ve *biçimler*."}
items:
  - id: a1
    stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
    options:
      - {text: {en: "Ankara city", tr: "Ankara şehri"}, correct: true, feedback: {en: "Right: since 1923.", tr: "Doğru: 1923'ten beri."}}
      - {text: {en: "Izmir", tr: "İzmir"}, feedback: {en: "A port city.", tr: "Bir liman şehri."}}
      - {text: {en: "Bursa", tr: "Bursa"}}
      - {text: {en: "Konya", tr: "Konya"}}
    explanation: {en: "Ankara became the capital in 1923.", tr: "Ankara 1923'te başkent oldu."}
    translations: {tr: {status: reviewed, source: "{a1}"}}
  - id: a2
    stem: {en: "Which city is the capital of France?"}
    options:
      - {text: {en: "Lyon", tr: "Lyon"}}
      - {text: {en: "Paris", tr: "Paris"}, correct: true}
      - {text: {en: "Nice", tr: "Nice"}}
      - {text: {en: "Lille", tr: "Lille"}}
    translations: {tr: {status: reviewed, source: "{a2}"}}
  - id: a3
    stem: {en: "Which city is the capital of Italy?", tr: "İtalya'nın başkenti hangi şehirdir?"}
    options:
      - {text: {en: "Milan", tr: "Milano"}}
      - {text: {en: "Turin", tr: "Torino"}}
      - {text: {en: "Rome", tr: "Roma"}, correct: true}
      - {text: {en: "Naples", tr: "Napoli"}}
    translations: {tr: {status: machine, source: "{a3}"}}
  - id: a4
    stem: {en: "Which format stores `int8` weights?", tr: "Hangi biçim `int8` ağırlıkları saklar?"}
    options:
      - {text: "`int8` weights", correct: true}
      - {text: "`fp16`"}
      - {text: "<script>alert(1)</script>Boo"}
      - {text: "[click](javascript:alert(1))"}
    translations: {tr: {status: reviewed, source: "deadbeef"}}
  - id: a5
    type: multiple
    stem: {en: "Which of these are prime numbers?", tr: "Bunlardan hangileri asal sayıdır?"}
    options:
      - {text: "2", correct: true}
      - {text: "4"}
      - {text: "5", correct: true}
      - {text: "9"}
  - id: a6
    type: true_false
    stem: {en: "Water boils at 100 °C at sea level.", tr: "Su deniz seviyesinde 100 °C'de kaynar."}
    answer: true
    translations: {tr: {status: draft}}
  - id: a7
    stem: {en: "Which colour is the sky at noon on Mars?", tr: "Mars'ta öğlen gökyüzü hangi renktedir?"}
    options:
      - {text: {en: "Red", tr: "Kırmızı"}}
      - {text: {en: "Green", tr: "Yeşil"}}
      - {text: {en: "Blue", tr: "Mavi"}}
      - {text: {en: "None of the above", tr: "Hiçbiri"}, correct: true, fixed: true}
    translations: {tr: {status: reviewed, source: "{a7}"}}
  - id: a8
    stem: {en: "Which letter comes first in the Greek alphabet?", tr: "Yunan alfabesinde ilk harf hangisidir?"}
    options:
      - {text: {en: "Alpha", tr: "Alfa"}, correct: true}
      - {text: {en: "Beta", tr: "Beta"}}
      - {text: {en: "Gamma", tr: "Gama"}}
      - {text: {en: "Delta", tr: "Delta"}}
    translations: {tr: {status: reviewed, source: "{a8}"}}
  - id: a9
    stem: {en: "How many moons does Earth have?", tr: "Dünya'nın kaç uydusu vardır?"}
    options:
      - {text: {en: "One", tr: "Bir"}}
      - {text: {en: "Two", tr: "İki"}}
      - {text: {en: "Three", tr: "Üç"}}
"""

BETA = """\
quizlint: 1
id: beta
languages: [en]
title: "Beta quiz"
items:
  - id: b1
    stem: "Which animal is the largest?"
    options: [{text: "Cat"}, {text: "Dog"}, {text: "Horse", correct: true}]
  - id: b2
    stem: "Which colour is a primary colour of light?"
    options: [{text: "Red", correct: true}, {text: "Blue and more"}, {text: "Green"}]
  - id: b3
    stem: "What shines at night?"
    options: [{text: "Sun"}, {text: "Moon", correct: true}, {text: "Star"}]
"""

DIGEST_ITEMS = ("a1", "a2", "a3", "a7", "a8")

# Everything below is counted by hand from the two files above.
EXPECTED = {
    "alpha": {
        "items": 9,
        "types": {"single": 7, "multiple": 1, "true_false": 1},
        "options": {"3": 1, "4": 7},
        "tr": {"items": 9, "reviewed": 3, "machine": 1, "draft": 3, "stale": 1, "missing": 1},
        # single, one key, no fixed option, four options: a1 A, a2 B, a3 C, a4 A, a8 A
        "positions": {4: [3, 1, 1, 0]},
        "left_out": 1,  # a7
        # single, one key, as (options tied for the longest, options, key among them): a1 hit (1 of 4 longest), a2
        # hit (2 of 4), a3 miss (1), a4 hit (1: as students see them, "int8 weights" is longer than "alert(1)Boo"
        # and "click"), a7 hit (1), a8 hit (3); a hit tied k ways counts 1/k
        "longest": [(1, 4, True), (2, 4, True), (1, 4, False), (1, 4, True), (1, 4, True), (3, 4, True)],
    },
    "beta": {
        "items": 3,
        "types": {"single": 3, "multiple": 0, "true_false": 0},
        "options": {"3": 3},
        "positions": {3: [1, 1, 1]},
        "left_out": 0,
        # b1 Horse alone longest: hit; b2 "Blue and more" longest: miss; b3 Moon/Star tie: hit, counting 1/2
        "longest": [(1, 3, True), (1, 3, False), (2, 3, True)],
    },
}
EXPECTED["bank"] = {
    "items": 12,
    "types": {"single": 10, "multiple": 1, "true_false": 1},
    "options": {"3": 4, "4": 7},
    "tr": EXPECTED["alpha"]["tr"],
    "positions": {3: [1, 1, 1], 4: [3, 1, 1, 0]},
    "left_out": 1,
    "longest": EXPECTED["alpha"]["longest"] + EXPECTED["beta"]["longest"],
}


def build_bank(directory: Path) -> Path:
    """Write the fixture bank into ``directory/bank`` (digests filled in from the texts) and return it."""
    bank = directory / "bank"
    bank.mkdir(parents=True, exist_ok=True)
    alpha = bank / "alpha.quiz.yaml"
    alpha.write_text(_fill_digests(ALPHA, {item: "00000000" for item in DIGEST_ITEMS}), encoding="utf-8")
    quiz_file, _ = read_quiz(alpha)
    digests = {item.id: source_digest(item, "en") for item in quiz_file.quiz.items if item.id in DIGEST_ITEMS}
    alpha.write_text(_fill_digests(ALPHA, digests), encoding="utf-8")
    (bank / "beta.quiz.yaml").write_text(BETA, encoding="utf-8")
    return bank


def _fill_digests(template: str, digests: dict[str, str]) -> str:
    for item, digest in digests.items():
        template = template.replace("{" + item + "}", digest)
    return template


# --- Independent reference statistics (brute force, no shared code with quizlint) ---------------------------

def compositions(n: int, k: int):
    """Every vector of k non-negative counts summing to n."""
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in compositions(n - first, k - 1):
            yield (first, *rest)


def multinomial_p_brute_force(counts: list[int]) -> float:
    """Exact uniform multinomial test by enumerating every vector of counts (with its multinomial weight)."""
    n, k = sum(counts), len(counts)

    def probability(cell_counts) -> float:
        coefficient = math.factorial(n)
        for count in cell_counts:
            coefficient //= math.factorial(count)
        return coefficient / k ** n

    observed = probability(counts)
    return sum(p for p in map(probability, compositions(n, k)) if p <= observed * (1 + 1e-9))


def longest_hits(items: list[tuple[int, int, bool]]) -> float:
    """The key-is-longest count of (tied, options, hit) items: a hit tied k ways counts 1/k."""
    return sum(1 / tied for tied, _, hit in items if hit)


def longest_expected(items: list[tuple[int, int, bool]]) -> float:
    """What chance makes of that count: 1/n per item (the key is among the k longest with k/n, worth 1/k)."""
    return sum(1 / options for _, options, _ in items)


def longest_p_brute_force(items: list[tuple[int, int, bool]]) -> float:
    """P(a count at least the observed one), by enumerating every outcome of the items' weighted trials."""
    observed, total = longest_hits(items), 0.0
    for outcome in itertools.product((0, 1), repeat=len(items)):
        if sum(1 / tied for (tied, _, _), hit in zip(items, outcome) if hit) >= observed - 1e-9:
            total += math.prod(tied / options if hit else 1 - tied / options
                               for (tied, options, _), hit in zip(items, outcome))
    return total


def test_fixture_bank_loads_without_structural_errors(tmp_path):
    bank = build_bank(tmp_path)
    for path in sorted(bank.glob("*.quiz.yaml")):
        quiz_file, findings = read_quiz(path)
        assert quiz_file is not None, findings
        assert not [finding for finding in findings if finding.code[0] in "YS"], findings
        assert len(quiz_file.quiz.items) == EXPECTED[quiz_file.quiz.id]["items"]


def test_reference_statistics_match_textbook_values():
    # The example: keys 6/1/1/0 give an exact multinomial p of about 0.027.
    assert abs(multinomial_p_brute_force([6, 1, 1, 0]) - 0.027) < 0.001
    assert longest_p_brute_force([(2, 2, True)]) == 1.0  # a tie of both options: the count cannot be lower
    assert abs(longest_p_brute_force([(1, 2, True), (1, 2, False)]) - 0.75) < 1e-12
