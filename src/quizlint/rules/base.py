"""What a rule is, and the registry that finds them: the contract a rule module fulfils.

A rule is a module in ``quizlint.rules`` (yamllint style). Its docstring is its documentation (`quizlint rule
NAME`): a one-line summary, then ``## What it does``, ``## Why it matters``, ``## Example`` (a failing YAML
block), ``## Use instead`` (the passing one), ``## How to fix`` and, when it has options, ``## Options``
(``tests/test_rule_docs.py`` runs the examples). Modules whose name starts with ``_`` are helpers (lexicons,
statistics, shared text functions), not rules.

Required::

    CODE = "K001"                 # stable code: family letter + number (codes are reserved per issue)
    NAME = "missing-key"          # stable kebab-case name; selectors, severities and options accept both
    SEVERITY = "error"            # error | warning | info (the default; `[severity]` in the config overrides it)

    def check(ctx): ...           # yields Problem, made with ``ctx.problem(...)``

Optional, with their defaults::

    SCOPE = "item"                # "item": ``check`` sees one item (``quizlint.lint.context.ItemContext``);
                                  # "bank": it sees summaries of every quiz (``BankContext``)
    DEFAULT_ENABLED = True        # False: only when selected (``select``/``extend-select``)
    FIXABLE = False               # True when `quizlint fix` repairs it (a fixable bank rule moves keys)
    OPTIONS = {}                  # option name → default; the type of the default is the type the config must give
    OPTION_LIMITS = {}            # numeric option → (low, high) inclusive bounds (high None: no upper bound)
    LEXICON = ()                  # the ``quizlint.lexicon`` categories the rule uses (listed by `quizlint rule`)

    def options_error(options): ...   # what is wrong with a combination of options (a message), or None
    def check_quiz(ctx): ...          # item rules: the quiz's own texts (title, description); ``QuizContext``
    def texts_to_identify(ctx): ...   # item rules: the texts whose language the engine identifies before the
                                      # item rules run (``QuizContext`` → list of ``TextToIdentify``); each item's
                                      # texts whose declared language a quick look did not confirm reach ``check``
                                      # as ``ctx.identified`` (a ``margin`` option spares needless full looks)
    ITEM_SUMMARY = {}                 # bank rules: per-item data read besides the summary's fields: name →
                                      # function(quiz_file, item index) → a JSON value; ``check`` reads it as
                                      # ``item.data[name]`` (computed while each file is linted, cached with it)

The configuration is checked against ``OPTIONS`` (types), ``OPTION_LIMITS`` and ``options_error`` when it is
read, so ``check`` reads ``ctx.options`` as they are. A rule keeps nothing between calls: an item rule reads
its context (the item, its quiz, the glossary, ``ctx.memo`` shared by the rules of one item) and yields plain
problems; the engine turns them into findings with positions, applies suppressions, and caches the results.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Iterator, NamedTuple, Sequence


SEVERITY_ORDER = {"info": 0, "warning": 1, "error": 2}
_SECTION = re.compile(r"^## (.+)$", re.MULTILINE)
_YAML_BLOCK = re.compile(r"```yaml\n(.*?)```", re.DOTALL)


@dataclass(frozen=True)
class Problem:
    """What a rule reports. ``path`` is relative to the item (item rules) or absolute in the file (bank rules)."""

    message: str
    path: tuple = ()
    at_key: bool = False  # point at the key rather than the value (e.g. an item's `id:`)
    file: str | None = None  # bank rules: which file
    item: str | None = None  # bank rules: which item id
    position: tuple[int, int] | None = None  # bank rules: where, when known from a summary
    fixable: bool = False
    at_most: str | None = None  # a severity this finding is reported at, at most ("info": see translation_only)


class TextToIdentify(NamedTuple):
    """A text whose language the engine identifies for a rule (``texts_to_identify``): what the identifier reads
    of it and where it stands. (A named tuple: a bank has hundreds of thousands, and a frozen dataclass takes
    several times as long to make. Its first two fields are the (text, declared language) pair that
    ``Services.confirm_languages`` reads, so the engine hands the texts over as they are.)"""

    words: Sequence[str]  # what is identified: the text's words, as the rule wants them read
    lang: str  # the language it is filed under
    item: int  # the item's position among the quiz's items
    field: int  # the position of its field among the item's (``model.texts.item_text_fields``)


def limits_in_words(low: float, high: float | None) -> str:
    """Inclusive bounds in words: "between 0 and 1", "at least 2"."""
    return f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"


def within_limits(value: float, low: float, high: float | None) -> bool:
    """``low <= value <= high`` (``high`` None: no upper bound); NaN is never within."""
    return value >= low and (high is None or value <= high)


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: str
    scope: str
    default_enabled: bool
    fixable: bool
    options: dict[str, Any]
    doc: str
    check: Callable[..., Iterator[Problem]]
    module: str
    check_quiz: Callable[..., Iterator[Problem]] | None = None  # item rules: the quiz's own texts (title, …)
    # item rules: the texts whose language the engine identifies for the rule before it runs (``ctx.identified``)
    texts_to_identify: Callable[..., list[TextToIdentify]] | None = None
    # bank rules: per-item data read from the item summaries besides their fields (name → function(quiz file, index))
    item_summary: dict[str, Callable[..., Any]] = field(default_factory=dict)
    option_limits: dict[str, tuple[float, float | None]] = field(default_factory=dict)
    options_error: Callable[[dict[str, Any]], str | None] | None = None

    @property
    def moves_keys(self) -> bool:
        """Whether ``quizlint fix`` answers the rule by moving keys (the fixable bank rules: key-position-bias,
        key-middle-bias): it then leaves in place the options of every item where the rule is disabled."""
        return self.scope == "bank" and self.fixable

    def limits_text(self, name: str) -> str:
        """The bounds of a numeric option in words ("between 0 and 1", "at least 2"), or "" when it has none."""
        if name not in self.option_limits:
            return ""
        return limits_in_words(*self.option_limits[name])

    def within_limits(self, name: str, value: Any) -> bool:
        if name not in self.option_limits:
            return True
        return within_limits(value, *self.option_limits[name])

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0].strip() if self.doc.strip() else ""

    def section(self, title: str) -> str:
        """The text of one ``## Title`` section of the documentation."""
        parts = _SECTION.split(self.doc)
        for index in range(1, len(parts) - 1, 2):
            if parts[index].strip().lower() == title.lower():
                return parts[index + 1].strip()
        return ""

    def examples(self) -> tuple[str, str]:
        """The failing (``## Example``) and passing (``## Use instead``) YAML examples."""
        failing = _YAML_BLOCK.findall(self.section("Example"))
        passing = _YAML_BLOCK.findall(self.section("Use instead"))
        return (failing[0] if failing else ""), (passing[0] if passing else "")


def _rule_from_module(module: ModuleType) -> Rule:
    return Rule(
        code=module.CODE,
        name=module.NAME,
        severity=module.SEVERITY,
        scope=getattr(module, "SCOPE", "item"),
        default_enabled=getattr(module, "DEFAULT_ENABLED", True),
        fixable=getattr(module, "FIXABLE", False),
        options=dict(getattr(module, "OPTIONS", {})),
        doc=module.__doc__ or "",
        check=module.check,
        check_quiz=getattr(module, "check_quiz", None),
        texts_to_identify=getattr(module, "texts_to_identify", None),
        item_summary=dict(getattr(module, "ITEM_SUMMARY", {})),
        module=module.__name__,
        option_limits=dict(getattr(module, "OPTION_LIMITS", {})),
        options_error=getattr(module, "options_error", None),
    )


@lru_cache(maxsize=1)
def all_rules() -> tuple[Rule, ...]:
    """Every rule, sorted by code."""
    import quizlint.rules as package

    rules = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_") or info.name == "base":
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        if hasattr(module, "CODE"):
            rules.append(_rule_from_module(module))
    return tuple(sorted(rules, key=lambda rule: rule.code))


@lru_cache(maxsize=1)
def rules_by_key() -> dict[str, Rule]:
    """Rules by code and by name (both are accepted wherever a rule is named)."""
    table: dict[str, Rule] = {}
    for rule in all_rules():
        table[rule.code] = rule
        table[rule.name] = rule
    return table


def find_rule(key: str) -> Rule | None:
    return rules_by_key().get(key) or rules_by_key().get(key.upper())


def expand_selector(selector: str) -> list[Rule]:
    """A code, a name, a code prefix (``T``, ``K00``) or ``ALL`` → the rules it means."""
    rule = find_rule(selector)
    if rule is not None:
        return [rule]
    if selector.upper() == "ALL":
        return list(all_rules())
    prefix = selector.upper()
    matched = [rule for rule in all_rules() if rule.code.startswith(prefix)]
    return matched


@dataclass
class Selection:
    """Which rules run, with their severities and options."""

    enabled: dict[str, Rule] = field(default_factory=dict)
    severities: dict[str, str] = field(default_factory=dict)
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    ignored_checks: frozenset[str] = frozenset()  # checks of suppression comments (Q001, Q002) not reported

    def severity(self, rule: Rule) -> str:
        return self.severities.get(rule.code, rule.severity)

    def options_for(self, rule: Rule) -> dict[str, Any]:
        return {**rule.options, **self.options.get(rule.code, {})}

    @classmethod
    def default(cls) -> "Selection":
        return cls(enabled={rule.code: rule for rule in all_rules() if rule.default_enabled})
