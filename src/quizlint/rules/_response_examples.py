"""The examples of the response rules' documentation (R001–R006), written once: a small quiz of capitals and
the responses of a few respondents, in quizlint's long CSV. Each rule's docstring is put together from them
(``example``), so `quizlint rule CODE` shows, and tests/test_rule_docs.py checks, complete examples."""

from __future__ import annotations

_ITEMS = [
    ("q1", "Capital of Australia?", ["Sydney", "Canberra", "Melbourne", "Perth"]),
    ("q2", "Capital of Canada?", ["Ottawa", "Toronto", "Montreal", "Vancouver"]),
    ("q3", "Capital of Turkey?", ["Ankara", "Istanbul", "Izmir", "Bursa"]),
]

# Responses: per item, the letter each respondent chose (respondent s1 first).
ANCHORS = {"q2": "AAAAAABCBB", "q3": "AAAABABBCC"}  # q2 and q3 tell the stronger respondents (s1–s5) apart
STRONG_CHOOSE_B = {"q1": "BBBBBAAAAC", **ANCHORS}  # on q1, the stronger respondents choose B (Canberra)
UNRELATED = {"q1": "BBAABABBAB", **ANCHORS}  # on q1, choices have little to do with the rest of the quiz
SHORT_ANCHORS = {"q2": "AAAABACB", "q3": "AABABCAC"}
D_UNCHOSEN = {"q1": "BBBABACB", **SHORT_ANCHORS}  # nobody chooses D of q1
ALL_RIGHT = {"q1": "BBBBBBBB", **SHORT_ANCHORS}
MOSTLY_RIGHT = {"q1": "BBBBBABC", **SHORT_ANCHORS}
FEW_RIGHT = {"q1": "ABCACDAA", **SHORT_ANCHORS}
HALF_RIGHT = {"q1": "BBBABCAB", **SHORT_ANCHORS}


def quiz(key: str = "Canberra", options: dict[str, int] | None = None) -> str:
    """The quiz file: q1 keyed on ``key`` (``Sydney``: a wrong key); ``options``: how many options an item keeps
    (default 4)."""
    lines = ["quizlint: 1", "id: capitals", "languages: [en]", "title: Capitals", "items:"]
    for item_id, stem, cities in _ITEMS:
        kept = cities[: (options or {}).get(item_id, 4)]
        right = key if item_id == "q1" else cities[0]
        texts = ", ".join(f"{{text: {city}, correct: true}}" if city == right else f"{{text: {city}}}"
                          for city in kept)
        lines.append(f'  - {{id: {item_id}, stem: "{stem}", options: [{texts}]}}')
    return "\n".join(lines) + "\n"


def responses(answers: dict[str, str]) -> str:
    """The long CSV of ``answers`` (per item, one letter per respondent)."""
    rows = ["respondent,item,response"]
    for respondent in range(len(answers["q1"])):
        rows += [f"s{respondent + 1},{item},{letters[respondent]}" for item, letters in answers.items()]
    return "\n".join(rows) + "\n"


def example(min_responses: int, quiz_text: str, answers: dict[str, str], **options) -> str:
    """A quiz block (run with ``min-responses`` and ``options``) and its responses block."""
    settings = ", ".join(f"{name}: {value}" for name, value in {"min-responses": min_responses, **options}.items())
    return (f"```yaml\n# options: {{{settings}}}\n{quiz_text}```\n\nResponses (`respondent,item,response`):\n\n"
            f"```csv\n{responses(answers)}```")
