"""Language-aware text helpers shared by every stage: NFC, Turkish casefolding, comparison keys."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache, partial
from itertools import repeat

from quizlint.memo import Memo

_TURKIC = {"tr", "az", "crh", "tt", "ba", "kk"}
_END_PUNCTUATION = "?.!:;,"  # (closing punctuation: at the end of a text it folds away)
# Prose punctuation that ``comparison_key`` ignores around a word (signs and operators it keeps: - + * / # < > =)
_OPENING_PUNCTUATION = "\"'“‘„«‹([{¿¡"
_CLOSING_PUNCTUATION = "\"'”’»›)]}…" + _END_PUNCTUATION
_EMPHASIS_MARKERS = "*_"
# ``word_key``'s last step as a substitution over the words of a text without emphasis markers, one space apart: the
# backticks around what else a word has
_CODE_AROUND_WORDS = re.compile(r"(?<!\S)`+(?=[^\s`])|(?<=[^\s`])`+(?!\S)")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
# Markdown inline code: a run of backticks, the code, and a run of as many backticks
INLINE_CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
# ... or HTML inline code (its tags in any case), whichever starts first: the code of one is text in the other
_ANY_INLINE_CODE = re.compile(INLINE_CODE.pattern + r"|(?i:(<code(?:\s[^<>]*)?>)(.*?)(</code\s*>))", re.DOTALL)
_HTML_CODE = re.compile(r"<code[\s>]", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
# Outside inline code, a backslash before ASCII punctuation is a Markdown escape: it shows that character as
# written ("\\*" is an asterisk, not emphasis). An escaped marker takes the run of the same marker after it along
# ("\\```", "\\***": literal, as the importers write them)
_INLINE_CODE_OR_ESCAPE = re.compile(INLINE_CODE.pattern + r"|\\(([*_`])\4*|[!-/:-@\[-`{-~])", re.DOTALL)
# What a backslash escapes: the ASCII punctuation characters
MARKDOWN_ESCAPABLE = "".join(chr(code) for code in range(0x21, 0x7f) if not chr(code).isalnum())
_MARKERS = "*_`"
# While a text's escapes are shown (``with_escapes_shown``), an escaped character that must not be taken for markup
# stands as a character no text can hold (a lone surrogate), so that no step strips it as markup
_STAND_INS = {character: chr(0xD800 + index) for index, character in enumerate(MARKDOWN_ESCAPABLE)}
_STAND_INS_BACK = str.maketrans({stand_in: character for character, stand_in in _STAND_INS.items()})


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@lru_cache(maxsize=1024)  # asked for the same few tags for every text of a bank
def primary_subtag(lang: str) -> str:
    return lang.split("-", 1)[0].split("_", 1)[0].lower()


@lru_cache(maxsize=1024)
def is_turkic(lang: str | None) -> bool:
    return lang is not None and primary_subtag(lang) in _TURKIC


def has_digit(text: str) -> bool:
    """Whether ``text`` has a decimal digit (``\\d``), by substring tests for the ASCII digits (several times faster
    than the regex)."""
    return ("0" in text or "1" in text or "2" in text or "3" in text or "4" in text or "5" in text or "6" in text
            or "7" in text or "8" in text or "9" in text or (not text.isascii() and _DIGIT.search(text) is not None))


def lower_after_first(text: str) -> bool:
    """``text[1:].islower()``: no capital after the first character, and a small letter (most prose). An ASCII
    text's bytes make the same test with a table instead of Unicode's look-ups per character (a word is quicker
    sliced as it is)."""
    return text.encode()[1:].islower() if text.isascii() else text[1:].islower()


def casefold(text: str, lang: str | None = None) -> str:
    """Casefold ``text``; Turkic languages map I→ı and İ→i before folding."""
    text = nfc(text)
    if is_turkic(lang):
        text = text.replace("I", "ı").replace("İ", "i")
        # Python's casefold would turn a dotted capital into i + combining dot; we already mapped it.
    return nfc(text.casefold())



def short_answer_key(text: str, lang: str, case_sensitive: bool) -> str:
    """A typed answer as a student's answer is compared with it: NFC, whitespace collapsed, and (unless the
    item is case sensitive) casefolded, the Turkish way in Turkish (I/ı, İ/i)."""
    collapsed = " ".join(nfc(text).split())
    return collapsed if case_sensitive else casefold(collapsed, lang)

def outside_inline_code(text: str, change: Callable[[str], str], code_group: int = 0) -> str:
    """``text`` with ``change`` made to what is not inline code, and each inline code as ``code_group`` of its
    ``INLINE_CODE`` match (0: with its backticks, 2: without them)."""
    if "`" not in text:
        return change(text)
    return _changed_outside(INLINE_CODE, text, change, lambda code: code.group(code_group))


def _changed_outside(code_pattern: re.Pattern, text: str, change: Callable[[str], str],
                     kept: Callable[[re.Match], str]) -> str:
    """``text`` with ``change`` made to what ``code_pattern`` does not match, and each match as ``kept`` of it."""
    pieces, end = [], 0
    for match in code_pattern.finditer(text):
        pieces += [change(text[end:match.start()]), kept(match)]
        end = match.end()
    return "".join(pieces) + change(text[end:])


def has_inline_code(text: str) -> bool:
    """Whether ``text`` may have inline code: Markdown (backticks) or HTML (``<code>``)."""
    return "`" in text or ("<" in text and _HTML_CODE.search(text) is not None)


def casefold_outside_code(text: str, lang: str | None = None) -> str:
    """``casefold(text, lang)``, but inline code, Markdown (`` `None` ``) or HTML (``<code>None</code>``), keeps its
    case (in NFC): code is case-sensitive (Python's `None` is not `none`, nor Java's `null` `NULL`). The tags of
    HTML code fold (``<CODE>`` is ``<code>``)."""
    if not has_inline_code(text):
        return casefold(text, lang)

    def fold(prose: str) -> str:
        return casefold(prose, lang)

    def kept(code: re.Match) -> str:
        return code.group() if code.group(1) else fold(code.group(3)) + code.group(4) + fold(code.group(5))

    return _changed_outside(_ANY_INLINE_CODE, nfc(text), fold, kept)


# What makes a text code, a formula or a symbol, whose case, quotes, brackets and indentation are meaning: a code
# block (fenced, or indented four spaces), letters and digits in one word ("CoCl2", "H2O", "x2"), a quoted word
# with a digit or sign in it, or of one character ("'101'", "'a'"), a quoted key ('"name": 1'), a whole text in
# quotes ('"null"'), a bracket right after a word ("f(x)", "a[i]"), braces or square brackets, a colon or
# semicolon between words ("aws:demo"), a command-line flag ("-D", "--force"), a dot before a word
# (".properties", "file.txt") or an equals sign. (A small letter followed by a capital, "AaBb", "getValue", is
# looked for apart.)
# (Several patterns, each starting at its sign, a lookbehind for what comes before it: a search then skips from
# sign to sign instead of trying every alternative at every character, five times faster on prose.)
_CODE_SIGNS, _LETTER_BY_DIGIT, _QUOTED, _BRACKET, _COLON, _FLAG, _DOT = _SYMBOLIC = tuple(
    re.compile(pattern, re.MULTILINE) for pattern in (
        r"```|~~~|^(?: {4}|\t)\S|\A\s*(?:\"[^\"\n]+\"|'[^'\n]+')\s*\Z|=|[{}\[\]]",
        r"\d(?:(?<=[^\W\d_]\d)|(?=[^\W\d_]))",  # a letter and a digit side by side
        r"['\"](?<![\w'\"]['\"])(?:[^\s'\"]*[^\s'\"\w][^\s'\"]*|[^\s'\"]*\d[^\s'\"]*|\w)['\"](?![\w'\"])"
        r"|['\"][^\s'\"]+['\"]:",  # a quoted word with a digit or sign, of one character, or a quoted key
        r"[(\[](?<=\w[(\[])",  # f(x), a[i]
        r"[:;](?<=\w[:;])\w",  # aws:demo
        r"-(?<!\S-)-?[^\W\d_]",  # -D, --force
        r"\.(?<=\S\.)\w",  # .properties, file.txt
    ))
# What ``_CODE_SIGNS`` and ``_QUOTED`` need: a backtick, a tilde, an equals sign, a brace or a square bracket, a
# quote, or a block's indentation (a tab, a line break or a space at the start). Most prose has none: then only the
# other patterns, each searched when the text has the sign it starts at, can find code.
_SIGNS = re.compile(r"[`~={}\[\]'\"\t\n]")


# The literals of programming languages: a text of two or more of them only is code ("true, false, null")
_LITERALS = frozenset({"true", "false", "null", "none", "nil", "undefined", "nan", "infinity"})
_LITERAL_LIST = re.compile(r"[\s,;/|()]+")
_FIRST_LITERAL_WORD = re.compile(r"[^\s,;/|()]*")
# The characters that start a first word (they are neither stripped nor separators) whose lower case starts with a
# letter no literal starts with
_NO_LITERAL_START = frozenset("abcdeghjklmopqrsvwxyzABCDEGHJKLMOPQRSVWXYZ0123456789")


def is_symbolic(text: str) -> bool:
    """Whether ``text`` is (or holds) code, a formula or a symbol: see ``_SYMBOLIC``; or a word with a capital
    after a small letter ("AaBb", "aaBb", "NaCl", "getValue"); or a list of two or more programming literals
    ("true, false, null", "TRUE, FALSE, NULL")."""
    if _has_symbolic_pattern(text):
        return True
    if _may_be_literal_list(text) and _is_literal_list(text):
        return True
    return _has_small_before_capital(text)


def _has_small_before_capital(text: str) -> bool:
    """Whether a small letter is followed by a capital in ``text`` ("AaBb", "getValue")."""
    # (no capital after the first letter, the case of most texts: none after a small letter)
    return not lower_after_first(text) and any(before.islower() and after.isupper()
                                               for before, after in zip(text, text[1:]))


def _has_symbolic_pattern(text: str) -> bool:
    """Whether one of ``_SYMBOLIC``'s patterns is in ``text`` (``_any_symbolic_pattern``), searching only for those
    that may be."""
    if text[:1] == " " or _SIGNS.search(text) is not None:
        return _any_symbolic_pattern(text)
    return _LETTER_BY_DIGIT.search(text) is not None or ("." in text and _DOT.search(text) is not None) \
        or ("(" in text and _BRACKET.search(text) is not None) or ("-" in text and _FLAG.search(text) is not None) \
        or ((":" in text or ";" in text) and _COLON.search(text) is not None)


def _any_symbolic_pattern(text: str) -> bool:
    """Whether one of ``_SYMBOLIC``'s patterns is in ``text``, each searched for."""
    return any(pattern.search(text) is not None for pattern in _SYMBOLIC)


def _is_literal_list(text: str) -> bool:
    """Whether ``text`` is two or more programming literals (``_LITERALS``, in any case) and separators."""
    literals = [word for word in _LITERAL_LIST.split(text.strip(" .")) if word]
    return len(literals) >= 2 and all(word.lower() in _LITERALS for word in literals)


def _may_be_literal_list(text: str) -> bool:
    """False when ``_is_literal_list(text)`` cannot be: the text's first word is there and no literal."""
    if text[:1] in _NO_LITERAL_START:  # (most texts: their first word starts with a letter no literal starts with)
        return False
    first = _FIRST_LITERAL_WORD.match(text.strip(" .")).group()
    return not first or first.lower() in _LITERALS


def symbolic_key(text: str) -> str:
    """The comparison key of code, formulas and symbols: the text in NFC as written, case, quotes and brackets
    kept; a text of several lines keeps its lines and their indentation (trailing spaces and blank lines at either
    end aside), a one-line text has its runs of whitespace collapsed."""
    text = nfc(text).strip()
    if "\n" in text:
        return "\n".join(line.rstrip() for line in text.splitlines())
    return " ".join(text.split())


def comparison_key(text: str, lang: str | None = None) -> str:
    """Key under which two texts count as the same option or stem.

    Code, formulas and symbols (``is_symbolic``: "AaBb", "CoCl2", "'101'", a code block) are compared as written
    (``symbolic_key``): there case, quotes, brackets and indentation are meaning. Prose is normalised:

    NFC, language-aware casefolding outside inline code (code is case-sensitive: "`None`" and "`none`" differ, and
    so do "<code>None</code>" and "<code>none</code>") and whitespace collapsed; each word (a run of non-whitespace)
    loses the prose punctuation around it (quotes, brackets, ``.,;:!?…``) and then its Markdown code or emphasis
    markers (backticks; ``*`` and ``_`` outside code), so "İzmir.", "**izmir**" and "`izmir`" are "izmir", and
    "`İzmir`" is "İzmir". A word that is only prose punctuation drops out. Everything else is kept: signs and
    operators carry meaning ("C#", "C++" and "C", "-1" and "1", "7 + 3" and "7 - 3", "`i++`" and "`++i`" all
    differ). A Markdown backslash escape counts as the character it shows, and an escaped marker is a character, not
    markup: "\\*" is "*", "\\```" is "```", "\\*Paris\\*" is "*paris*". Without inline code, a word's key depends on
    that word alone: a text's key is the non-empty keys of its words, one space apart.
    """
    key = _plain_prose_key(text, lang)
    if key is not None and not (_may_be_literal_list(text) and _is_literal_list(text)):
        return key
    if is_symbolic(text):
        return symbolic_key(text)
    return _general_prose_key(text, lang)


def prose_key(text: str, lang: str | None = None) -> str:
    """``comparison_key`` of ``text`` taken as prose, whatever it holds."""
    key = _plain_prose_key(text, lang)
    return _general_prose_key(text, lang) if key is None else key


# The shortcut for most texts: plain words (``_plain_word_key``) one space apart. Such a text has nothing that
# ``is_symbolic`` looks for across words (no line break, tab, leading space, quote, bracket, backtick, equals sign,
# hyphen; a dot, colon or semicolon only before a space or the end), so it is symbolic only through a word of its
# own or as a literal list; and its prose key is the keys of its words one space apart (``comparison_key``: without
# inline code a word's key depends on that word alone; casefolding and NFC keep a space a word boundary)
def _plain_prose_key(text: str, lang: str | None) -> str | None:
    """``_general_prose_key(text, lang)`` when ``text`` is plain words one space apart, none of them symbolic;
    otherwise None."""
    keys = _PLAIN_WORD_KEYS[is_turkic(lang)]
    parts = [keys[word] for word in text.split(" ")]
    return None if None in parts else " ".join(parts)


def _plain_word_key(word: str, turkic: bool) -> str | None:
    """The prose key of a plain word: letters and digits (``str.isalnum``, regex ``\\w`` without ``_``) and then
    closing punctuation of a sentence (``_END_PUNCTUATION``), with no letter next to a digit and no small letter
    before a capital; None for any other word."""
    core = word.rstrip(_END_PUNCTUATION)
    if core.isdigit() and core.isascii():  # (a number: the new word of most texts, its own key)
        return core
    if not core.isalnum() or _LETTER_BY_DIGIT.search(core) is not None or _has_small_before_capital(core):
        return None
    if core.isascii():  # (a plain ASCII word's key is its casefolding: no markup, escape or sign to look at)
        return casefold(core, "tr" if turkic else None)
    return _general_prose_key(word, "tr" if turkic else None)  # (casefolding only tells Turkic languages apart)


# Casefolding mode (Turkic or not) → word → ``_plain_word_key``
_PLAIN_WORD_KEYS = {turkic: Memo(partial(_plain_word_key, turkic=turkic)) for turkic in (False, True)}


def _general_prose_key(text: str, lang: str | None) -> str:
    """``prose_key`` of any text."""
    if "\\" in text:
        return stand_ins_back(_key_of_shown(with_escapes_shown(text), lang))
    return _key_of_shown(text, lang)


def _key_of_shown(text: str, lang: str | None) -> str:
    """``comparison_key`` of a text whose backslash escapes are resolved (see ``_shown_character``)."""
    folded = casefold_outside_code(text, lang)
    words = folded.rstrip(_END_PUNCTUATION).split()
    if "".join(words).isalnum():  # only letters and digits between the spaces (the usual case): nothing to strip
        return " ".join(words)
    if "*" in folded or "_" in folded:  # emphasis may hide prose punctuation ("**Paris.**"): word by word
        return " ".join(filter(None, map(word_key, folded.split())))
    # ``word_key`` of every word at once, a step at a time (a word emptied by a step drops out): the prose punctuation
    # around each word (``words`` lost only closing punctuation at the end, which this step takes anyway), then the
    # backticks around what else it has
    key = " ".join(filter(None, map(str.rstrip, map(str.lstrip, words, repeat(_OPENING_PUNCTUATION)),
                                    repeat(_CLOSING_PUNCTUATION))))
    if "`" in key:
        key = " ".join(_CODE_AROUND_WORDS.sub("", key).split())
    return key


def with_escapes_shown(text: str, literal: str = _MARKERS) -> str:
    """``text`` with each Markdown backslash escape outside inline code as the character it shows, and each escaped
    character of ``literal`` (the Markdown markers by default; an escaped marker with the run of the same marker
    after it) as a stand-in that no step takes for markup: ``stand_ins_back`` turns them into what they show."""
    return _INLINE_CODE_OR_ESCAPE.sub(lambda match: _shown_character(match, literal), text)


def stand_ins_back(text: str) -> str:
    """``text`` with the stand-ins of ``with_escapes_shown`` as the characters they stand for."""
    return text.translate(_STAND_INS_BACK)


def _shown_character(match: re.Match, literal: str) -> str:
    """What an ``_INLINE_CODE_OR_ESCAPE`` match shows: the inline code as written, an escaped character as itself,
    or as its stand-in when ``literal`` has it (an escaped marker with its run)."""
    if match.group(3) is None:
        return match.group(0)
    shown = match.group(3)
    character = shown[0]
    return _STAND_INS[character] * len(shown) if character in literal else shown


def word_key(word: str) -> str:
    """The part of one word (no whitespace) of a text casefolded outside its code (``casefold_outside_code``)
    that ``comparison_key`` keeps; "" when none is. (The definition: ``comparison_key`` works it out for all the
    words of a text at once, a step at a time.)"""
    core = word.lstrip(_OPENING_PUNCTUATION).rstrip(_CLOSING_PUNCTUATION)
    if not core:
        return ""  # only prose punctuation
    bare = core.strip(_EMPHASIS_MARKERS)  # ("`*args`": the markers inside code are not stripped)
    if bare[:1] == "`" or bare[-1:] == "`":  # (part of) inline code: its content is kept as it is
        return bare.strip("`") or bare
    if not bare:
        return core  # "*" and "**" alone are operators, not emphasis
    return bare.lstrip(_OPENING_PUNCTUATION).rstrip(_CLOSING_PUNCTUATION) if bare != core else bare


# Characters that show nothing but are not whitespace to ``str.isspace``: zero-width space, non-joiner and joiner,
# word joiner, zero-width no-break space (BOM)
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff"
_DROP_INVISIBLE = dict.fromkeys(map(ord, _INVISIBLE))


# The characters a blank text may start with: ``str.isspace``'s and ``_INVISIBLE`` (a text that starts with another
# one shows something: the test hot loops make before calling ``is_blank``, as ``text[0] in MAY_START_BLANK``)
MAY_START_BLANK = frozenset("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
                            "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000" + _INVISIBLE)


def is_blank(text: str) -> bool:
    """Whether ``text`` shows nothing: empty, or only whitespace and zero-width characters."""
    if text and text[0] not in MAY_START_BLANK:
        return False  # (most texts: their first character shows)
    stripped = text.strip()
    return not stripped or (stripped[0] in _INVISIBLE and not stripped.translate(_DROP_INVISIBLE).strip())


def words(text: str, lang: str | None = None) -> list[str]:
    """The words of ``text``, casefolded; a Turkish suffix after an apostrophe stays with its word."""
    return _WORD.findall(casefold(text, lang))


def visible_length(text: str) -> int:
    """How many characters a text as shown (see ``rules._markup.visible_text``) has, without the whitespace around
    it: counted in NFC, so a letter typed decomposed (u and a combining diaeresis, as some editors paste "ü") is
    one character, as students see it."""
    text = text.strip()
    return len(text) if text.isascii() else len(nfc(text))


def letter_count(text: str) -> int:
    return sum(1 for ch in text if ch.isalpha())


# Characters no text can hold: C0 controls other than tab, line feed and carriage return, lone surrogates, and the
# non-characters U+FFFE/U+FFFF (XML 1.0 refuses them, so no export format can carry them).
NOT_A_TEXT_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def without_control_characters(text: str) -> str:
    """``text`` without the characters no text can hold (``NOT_A_TEXT_CHARACTER``)."""
    return NOT_A_TEXT_CHARACTER.sub("", text) if NOT_A_TEXT_CHARACTER.search(text) else text


def spelled_in(lang: str, languages: list[str]) -> str | None:
    """``lang`` as ``languages`` spell it, or None: BCP 47 tags compare case-insensitively (``TR`` is ``tr``)."""
    wanted = lang.casefold()
    return next((tag for tag in languages if tag.casefold() == wanted), None)


# C0 controls, DEL and C1 controls: an escape sequence recolours or retitles a terminal, a bell rings, a line
# break forges a line of its own.
_CONTROL_CHARACTER = re.compile("[\x00-\x1f\x7f-\x9f]")


def shown_on_a_terminal(text: str) -> str:
    """``text`` with each control character written as a ``\\xNN`` escape (``\\x1b``, ``\\x07``), as Python
    writes them: for what goes to a terminal (the text report, messages naming files). The other report formats
    keep names exact, for the tools that read them: JSON escapes control characters, JUnit drops those XML cannot
    hold, and GitHub's runner consumes its annotation lines."""
    if not _CONTROL_CHARACTER.search(text):
        return text
    return _CONTROL_CHARACTER.sub(lambda found: f"\\x{ord(found.group()):02x}", text)
