"""What a rule is, and the registry that finds them.

A rule is a module in ``quizlint.rules`` (yamllint style) whose docstring is its documentation and which
defines::

    CODE = "K001"                 # stable code: family letter + number
    NAME = "missing-key"          # stable kebab-case name
    SEVERITY = "error"            # error | warning | info
    SCOPE = "item"                # item: sees one item; bank: sees summaries of the whole bank
    DEFAULT_ENABLED = True
    FIXABLE = False               # True when `quizlint fix` repairs it
    OPTIONS = {"name": default}   # options and their defaults, documented in the docstring
    OPTION_LIMITS = {"name": (low, high)}  # numeric options: inclusive bounds (high None: no upper bound)

    def check(ctx): ...           # yields Problem (see ItemContext.problem / BankContext.problem)
    def options_error(options): ...  # optional: what is wrong with a combination of options, or None

The configuration is checked against ``OPTIONS`` (types), ``OPTION_LIMITS`` and ``options_error`` when it is
read, so a rule's ``check`` reads its options as they are.

Modules whose name starts with ``_`` are helpers (lexicons, statistics), not rules.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Iterator


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
    option_limits: dict[str, tuple[float, float | None]] = field(default_factory=dict)
    options_error: Callable[[dict[str, Any]], str | None] | None = None

    @property
    def moves_keys(self) -> bool:
        """Whether ``quizlint fix`` answers the rule by moving keys (the fixable bank rules: key-position-bias,
        key-middle-bias): it then leaves in place the options of every item where the rule is disabled."""
        return self.scope == "bank" and self.fixable

    def limits_text(self, name: str) -> str:
        """The bounds of a numeric option in words ("between 0 and 1", "at least 2"), or "" when it has none."""
        from quizlint.config import limits_in_words  # (the configuration is read where the command line is)

        if name not in self.option_limits:
            return ""
        return limits_in_words(*self.option_limits[name])

    def within_limits(self, name: str, value: Any) -> bool:
        from quizlint.config import within_limits

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
