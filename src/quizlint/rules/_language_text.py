"""What wrong-language identifies of a text, and the check of short texts (issue 24, class 1).

Pure functions: which part of a text is evidence of its language, and whether a short text (an option of two to
four words) filed under one language of a quiz is in another. Names, formulas, quotations and code are the
same in every language, so they are masked before identification: "John Locke'un görüşü", "Truman Doktrini",
"2H2 + O2 → 2H2O", a Latin motto in quotes and `print(x)` say nothing about the language of the sentence around
them. A short text is too short for a statistical look alone, so it needs both a clear statistical verdict and
the absence of the other language's own letters.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from quizlint.memo import Memo
from quizlint.text import lower_after_first, primary_subtag

# Inline code, fenced code blocks, and quotations: "…", “…”, «…», „…“ (not '…': an apostrophe ends Turkish names)
_CODE_OR_QUOTE = re.compile(r"```.*?```|`[^`\n]+`|\"[^\"\n]+\"|“[^”\n]+”|«[^»\n]+»|„[^“\n]+“", re.DOTALL)
# A token of code: an operator or bracket inside or around a word, a dotted or slashed path (file.txt, a/b), a
# command-line flag (--function-name), snake_case or camelCase, a colon or semicolon between words (aws:demo),
# brackets alone, a one-letter variable (x, i, n: not a, o, e, y, u, words of some languages)
_CODE_TOKEN = re.compile(
    r"^(?:.*\w.*[=<>^{}\[\]()/\\|#$%&*@~].*|.*[=<>^{}\[\]()/\\|#$%&*@~].*\w.*|--?[^\W\d_].*|.*\w\.\w.*|.*\w_\w.*"
    r"|.*\w[:;]\w.*|[{}\[\]()]+[,;:]?|[xzijkmnpqfgh]|.*[a-zçğıöşü][A-ZÇĞİÖŞÜ].*)$")
# A token of a formula or a number: letters and digits mixed (H2O, CoCl2, 2H2), digits, or signs alone (+, →, =)
_FORMULA_TOKEN = re.compile(r"^(?:.*[^\W\d_]\d.*|.*\d[^\W\d_].*|[\d.,:%]+|[^\w]+)$")
_CAMEL_CASE = re.compile(r"[a-zçğıöşü][A-ZÇĞİÖŞÜ]")
_ONE_LETTER_VARIABLES = frozenset("xzijkmnpqfgh")
_APOSTROPHE = re.compile(r"[^\W\d_]+['’][^\W\d_]+")
_SENTENCE_END = ".!?:;"  # (the last character of the token before a sentence)
_HAS_CODE_OR_QUOTE = re.compile("[`\"“«„]")
_EDGE_PUNCTUATION = ".,;:!?\"'“”‘’«»()[]{}*_"


def identification_words(text: str, names: bool = True) -> list[str]:
    """The words of ``text`` that are evidence of its language: without code, quotations, formulas and symbols,
    proper names (a capitalised word that does not start a sentence, or starts one before another name; a word
    with an apostrophe suffix, as Turkish writes names: "Locke'un", "GPU'da") and all-capital acronyms. A text
    of which a third of the words or more are code or symbols is a line of code: nothing is left of it. With
    ``names=False`` capitalised words are kept (a quiz with German, which capitalises its nouns)."""
    return list(_identification_words(text, names))


@lru_cache(maxsize=4096)  # (``wrong-language`` asks for a text twice: as a short sample, then for the full look)
def _identification_words(text: str, names: bool) -> tuple[str, ...]:
    plain = plain_identification_words(text, names)
    return plain if plain is not None else _words_of_tokens(text, names)


def _words_of_tokens(text: str, names: bool) -> tuple[str, ...]:
    """``_identification_words`` of any text, token by token."""
    tokens = []  # (word, kind): kind "word", "start" (a capitalised first word), "name", "code"
    previous = ""
    if _HAS_CODE_OR_QUOTE.search(text):
        text = _CODE_OR_QUOTE.sub(" . ", text)
    for token in text.split():  # (``str.split`` splits at the same white space as ``\S+``)
        starts_sentence = not previous or previous[-1] in _SENTENCE_END
        previous = token
        if token.isalpha():  # (most tokens: a plain word, neither stripped, nor a formula, nor a Turkish name)
            word = token
            if _is_plain_word_code(token):
                tokens.append((word, "code"))
                continue
        else:
            word = token.strip(_EDGE_PUNCTUATION)
            bare = token.rstrip(".,;:!?")
            if _is_code(bare) or (word and word != bare and _is_code(word)):
                tokens.append((word or bare, "code"))
                continue
            if not word or _is_formula(word) or _is_formula(bare):
                continue  # formulas, numbers and signs say nothing
            if names and ("'" in word or "’" in word) and _APOSTROPHE.fullmatch(word):
                tokens.append((word, "name"))
                continue
        if names and word[0].isupper() and (not starts_sentence or (len(word) > 1 and word.isupper())):
            tokens.append((word, "name"))
        else:
            tokens.append((word, "start" if word[0].isupper() else "word"))
    if tokens and sum(kind == "code" for _, kind in tokens) * 3 >= len(tokens):
        return ()
    # a capitalised word that starts a sentence and is followed by a name is part of it ("John Locke'un")
    return tuple(word for index, (word, kind) in enumerate(tokens) if kind == "word" or (
        kind == "start" and not (index + 1 < len(tokens) and tokens[index + 1][1] == "name")))


def plain_identification_words(text: str, names: bool = True) -> tuple[str, ...] | None:
    """``identification_words(text, names)`` of plain prose, else None (the caller takes the general way). Plain
    prose, most texts: words of letters and numbers of digits, one space apart, each followed by at most one
    sign of punctuation, no capital after the first letter. Numbers say nothing there, only a one-letter variable
    is code, and only the first word may be a name or the capitalised start of a sentence."""
    if not lower_after_first(text):
        return None
    words = list(map(_PLAIN_WORDS.__getitem__, text.split(" ")))
    if _NOT_LETTER_WORDS.isdisjoint(words):  # (words of letters, no number, no code: most texts, in one look)
        kept = words
    else:
        if None in words:
            return None
        if "" in words:  # (numbers)
            words = [word for word in words if word]
            if not words:
                return ()
        kept = [word for word in words if word not in _ONE_LETTER_VARIABLES]
        if (len(words) - len(kept)) * 3 >= len(words):
            return ()
    first = words[0]
    if names and first[0].isupper() and len(first) > 1 and first.isupper():
        return tuple(kept[1:])  # an acronym: a name
    return tuple(kept)


def long_plain_words(text: str) -> list[str] | None:
    """``plain_identification_words(text)`` (as a list) when it has more than four words and the text is of the
    commonest kind, in one look per word through memos of the words: words of lower-case letters and numbers of
    digits, one space apart, each followed by at most one sign of punctuation, the first word possibly
    capitalised, without one-letter variable or acronym; else None (the caller takes the general way). Its
    capitals are found word by word: none in a word after the first, nor in the first after its first letter
    (and the other words have the small letter ``lower_after_first`` asks for)."""
    tokens = text.split(" ")
    words = list(map(_LATER_PLAIN_WORDS.__getitem__, tokens))
    words[0] = _FIRST_PLAIN_WORDS[tokens[0]]
    if not all(words):  # (the memos give variables None: the words are letters, "" for a number, or None)
        if None in words:
            return None
        words = [word for word in words if word]  # (numbers say nothing)
    return words if len(words) > 4 else None


def _later_plain_word(token: str) -> str | None:
    """The word of a token after a text's first that ``long_plain_words`` reads: a lower-case word of letters other
    than a one-letter variable, or a number ("", as ``_plain_word``), with at most one sign of punctuation after
    it; else None."""
    word = _plain_word(token)
    if word == "":
        return word
    return word if word and token.islower() and word not in _ONE_LETTER_VARIABLES else None


def _first_plain_word(token: str) -> str | None:
    """The word of a text's first token that ``long_plain_words`` reads: as ``_later_plain_word``, but it may start
    with a capital; not an acronym."""
    word = _plain_word(token)
    if word == "":
        return word
    if not word or word in _ONE_LETTER_VARIABLES or (len(word) > 1 and word.isupper()):
        return None
    return word if ("a" + token[1:]).islower() else None  # (no capital or title-case letter after the first)


def _plain_word(token: str) -> str | None:
    """The word of a token of plain prose (letters, or digits, and at most one sign of punctuation after them): the
    letters, "" for a number, None for any other token."""
    word = token[:-1] if token[-1:] in _PLAIN_PUNCTUATION else token
    if word.isalpha():
        return word
    return "" if word.isdecimal() else None


_PLAIN_PUNCTUATION = frozenset(".,;:!?")
# what a token of plain prose may be besides a word of letters: not plain (None), a number (""), a variable
_NOT_LETTER_WORDS = frozenset({None, ""}) | _ONE_LETTER_VARIABLES
# per space-separated token: texts of a bank share most of their words
_PLAIN_WORDS = Memo(_plain_word)
_LATER_PLAIN_WORDS = Memo(_later_plain_word)
_FIRST_PLAIN_WORDS = Memo(_first_plain_word)


def _is_code(token: str) -> bool:
    if token.isalpha():  # (most tokens: then only camelCase or a one-letter variable is code, and the regex is slow)
        return _is_plain_word_code(token)
    return _CODE_TOKEN.match(token) is not None


def _is_plain_word_code(word: str) -> bool:
    """Whether a word of letters only is code: a one-letter variable, or camelCase (a lower-case letter then a
    capital: none when no capital follows the first letter, the case of most words)."""
    if len(word) == 1:
        return word in _ONE_LETTER_VARIABLES
    return not word[1:].islower() and _CAMEL_CASE.search(word) is not None


def _is_formula(token: str) -> bool:
    return not token.isalpha() and _FORMULA_TOKEN.match(token) is not None


# Letters that only some languages write: a text with one of them is not in a language without it
_OWN_LETTERS = {"tr": frozenset("çğıöşüÇĞİÖŞÜ"), "de": frozenset("äöüßÄÖÜ"), "es": frozenset("ñáéíóúÑÁÉÍÓÚ¿¡"),
                "fr": frozenset("àâçéèêëîïôûùÿœÀÂÇÉÈÊËÎÏÔÛÙŒ")}
# Function words: a short text with one of its field's language's is in that language ("inline; la classe");
# English ones make a short English text likelier ("the session layer", "none of these")
_FUNCTION_WORDS = {
    "en": frozenset("a an the of to in on at by for from with without and or not no none all is are was were be been "
                    "this that these those which what who it its as than then there their only both each other".split()),
    "tr": frozenset("ve ile bir bu şu o için gibi da de ki ya veya ama çok daha en her hiç".split()),
    "fr": frozenset("le la les un une des du de et ou est sont dans pour par avec sur ce cette".split()),
    "es": frozenset("el la los las un una unos unas de del y o es son en por para con que".split()),
    "de": frozenset("der die das ein eine und oder ist sind mit von zu für auf im den dem des".split()),
}
_ENGLISH_FUNCTION_WORDS = _FUNCTION_WORDS["en"]


def short_phrase(words: list[str], min_words: int = 2, max_words: int = 4) -> bool:
    """Whether ``words`` are a short phrase: too short for a statistical look alone, long enough to be a language
    (``min_words`` words of three letters or more: "Title de" is not one)."""
    return len(words) <= max_words and sum(len(word) >= 3 for word in words) >= min_words


def short_text_language(text: str, lang: str, languages: Iterable[str],
                        confidences: Callable[[str], dict[str, float]], margin: float = 0.2) -> str | None:
    """The code of another of ``languages`` than ``lang`` that the short text ``text`` (filed under ``lang``) is
    written in, or None. It needs all of: two to four words left once names, formulas and code are masked
    (``identification_words``; a single word, "Tablet", "Radyo", is no evidence); none of ``lang``'s own letters
    (ı, ş, ğ… for Turkish) in the text, and some of the winner's own letters, when it has any, in those words; and
    ``confidences(words)`` (over the quiz's languages) giving the winner ``margin`` more than ``lang``, or, for
    English, an English function word and half that lead. A function word of ``lang`` ("la", "ve") says the
    text is in ``lang`` after all. A short text of which a word was left out (a name, an
    acronym, code: "Guido van Rossum", "Kinesis, DynamoDB, and SQS") is no evidence."""
    sample = short_sample(text, lang)
    if sample is None:
        return None
    declared = primary_subtag(lang)
    if declared != "en" and any(word.lower() in _FUNCTION_WORDS.get(declared, ()) for word in sample.split()):
        return None
    others = [code for code in dict.fromkeys(map(primary_subtag, languages)) if code != declared]
    if not others:
        return None
    words = sample.split()
    scores = confidences(sample)
    best = max(others, key=lambda code: scores.get(code, 0.0))
    if best in _OWN_LETTERS and not set(sample) & _OWN_LETTERS[best]:
        return None
    lead = scores.get(best, 0.0) - scores.get(declared, 0.0)
    function_words = best == "en" and any(word.lower() in _ENGLISH_FUNCTION_WORDS for word in words)
    if lead >= margin or (function_words and lead >= margin / 2):
        return best
    return None


def short_sample(text: str, lang: str) -> str | None:
    """What ``short_text_language`` identifies of ``text`` filed under ``lang``: its ``identification_words``
    when they are a short phrase of words and the text has none of ``lang``'s own letters, else None (no need to
    look: "Doğru olan seçenek" is not in another language than Turkish)."""
    words = identification_words(text)
    if not short_phrase(words) or any(not _is_word(word) for word in words):
        return None
    if len(words) < len([word for word in text.split() if word.strip(_EDGE_PUNCTUATION)]):
        return None  # a name, an acronym or code was left out: "Guido van Rossum", "Kinesis, DynamoDB, and SQS"
    if set(text) & _OWN_LETTERS.get(primary_subtag(lang), frozenset()):
        return None
    return " ".join(words)


def _is_word(word: str) -> bool:
    return word.replace("-", "").replace("'", "").replace("’", "").isalpha()
