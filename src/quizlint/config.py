"""Configuration: ``quizlint.toml`` or ``[tool.quizlint]`` in ``pyproject.toml``, found by walking up from the
current directory. Unknown keys and unknown rule codes are errors, never silently ignored."""

from __future__ import annotations

import fnmatch
import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import click

from quizlint.rules.base import limits_in_words, within_limits
from quizlint.text import nfc, shown_on_a_terminal

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CONFIG_NAMES = ("quizlint.toml", "pyproject.toml")
_SEVERITIES = ("error", "warning", "info")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class ConfigError(click.ClickException):
    """A problem with the configuration or the paths given (exit 2, a one-line message, never a traceback)."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"quizlint: {shown_on_a_terminal(self.format_message())}", err=True, file=file)


@dataclass
class Config:
    root: Path
    source: Path | None = None
    paths: list[str] = field(default_factory=list)
    languages: list[str] = field(default_factory=list)
    glossary: str | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    severity: dict[str, str] = field(default_factory=dict)
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    fail_on: str = "error"
    cache: bool = True
    jobs: int | None = None
    tracked_only: bool | None = None  # lint what git tracks or has staged (None: only under pre-commit)
    translate: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)
    _ignored: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    def selection(self, select: list[str] | None = None, ignore: list[str] | None = None,
                  extend_select: list[str] | None = None):
        """Rules to run: the command line's ``select`` replaces the configured one (else the defaults); then every
        ``extend-select`` (config and command line) is added and every ``ignore`` removed."""
        from quizlint.rules.base import Selection, all_rules, rules_by_key

        base_select = select if select else self.select
        if base_select:
            chosen = {rule.code: rule for key in base_select for rule in _expand(key)}
        else:
            chosen = {rule.code: rule for rule in all_rules() if rule.default_enabled}
        for key in [*self.extend_select, *(extend_select or [])]:
            chosen.update({rule.code: rule for rule in _expand(key)})
        ignored = set().union(*map(_ignored_codes, [*self.ignore, *(ignore or [])]))
        chosen = {code: rule for code, rule in chosen.items() if code not in ignored}
        ignored_checks = frozenset(ignored - rules_by_key().keys())
        return Selection(chosen, self._severities(), self._rule_options(), ignored_checks)

    def _severities(self) -> dict[str, str]:
        """``severity`` keys may be codes, names or prefixes; a more specific key wins over a prefix. Two keys
        as specific as each other (a rule's code and its name) that give one rule different severities are an
        error: which one won would depend on their order in the file."""
        severities: dict[str, str] = {}
        set_by: dict[str, tuple[int, str]] = {}  # rule code → (how many rules the key names, the key)
        for key, value in sorted(self.severity.items(), key=lambda entry: len(_expand(entry[0], "severity"))):
            rules = _expand(key, "severity")
            for rule in rules:
                if rule.code not in severities:
                    severities[rule.code], set_by[rule.code] = value, (len(rules), key)
                elif set_by[rule.code][0] == len(rules) and severities[rule.code] != value:
                    other = set_by[rule.code][1]
                    raise ConfigError(f"{self._where()}: [severity] {toml_key(other)} = "
                                      f"{toml_value(severities[rule.code])} and {toml_key(key)} = {toml_value(value)} "
                                      f"both set the severity of rule {rule.code} ({rule.name}); keep one")
        return severities

    def _rule_options(self) -> dict[str, dict[str, Any]]:
        from quizlint.rules.base import find_rule

        options: dict[str, dict[str, Any]] = {}
        tables: dict[str, str] = {}  # rule code → the key of its table
        for key, values in self.rules.items():
            rule = find_rule(key)
            if rule is None:
                raise ConfigError(f"{self._where()}: [rules.{key}]: unknown rule {key!r}; options are set per rule, "
                                  "by its code or name (see `quizlint rule`)")
            if rule.code in tables:  # by its code and by its name: one table would silently win
                raise ConfigError(f"{self._where()}: [rules.{tables[rule.code]}] and [rules.{key}] both set the "
                                  f"options of rule {rule.code} ({rule.name}); keep one table")
            tables[rule.code] = key
            unknown = set(values) - set(rule.options)
            if unknown:
                raise ConfigError(f"{self._where()}: unknown option(s) {', '.join(sorted(unknown))} for rule "
                                  f"{rule.code} ({rule.name}); known: {', '.join(sorted(rule.options)) or 'none'}")
            problem = next(filter(None, (_option_problem(rule, name, value) for name, value in values.items())),
                           None)
            if problem is None and rule.options_error is not None:
                problem = rule.options_error({**rule.options, **values})
            if problem:
                raise ConfigError(f"{self._where()}: {problem} (in [rules.{key}]; see `quizlint rule {rule.code}`)")
            options[rule.code] = dict(values)
        return options

    def ignored_for(self, display_path: str) -> set[str]:
        """Codes ignored for one file by ``per-file-ignores``. Patterns are globs relative to the directory of the
        configuration file, wherever quizlint runs from (``*`` also crosses ``/``, and ``**/`` also matches no
        folder, as in ``paths``); a pattern without ``/`` also matches the file name alone. Both are compared in
        NFC: a name stored decomposed (NFD, as macOS tools may write "ünite") matches a pattern written composed."""
        if not self.per_file_ignores:
            return set()
        if display_path not in self._ignored:
            candidates = {nfc(candidate) for candidate in (*self._relative_to_root(display_path),
                                                           Path(display_path).name)}
            codes: set[str] = set()
            for pattern, keys in self.per_file_ignores.items():
                if any(fnmatch.fnmatchcase(candidate, variant) for variant in _glob_variants(nfc(pattern))
                       for candidate in candidates):
                    for key in keys:
                        codes.update(_ignored_codes(key))
            self._ignored[display_path] = frozenset(codes)
        return set(self._ignored[display_path])

    def _relative_to_root(self, display_path: str) -> tuple[str, ...]:
        """The path relative to the configuration's folder: as it is written, and with its links resolved (a
        folder of the bank may be a link to one elsewhere: ``legacy/*`` still names the files seen in it)."""
        path = Path(display_path)
        absolute = path if path.is_absolute() else Path.cwd() / path
        root = self.root.resolve()
        try:
            return tuple(dict.fromkeys(Path(os.path.relpath(candidate, root)).as_posix()
                                       for candidate in (os.path.abspath(absolute), absolute.resolve())))
        except ValueError:  # another drive (Windows)
            return (path.as_posix(),)

    def _where(self) -> str:
        return _describe_source(self.source)

    def glossary_path(self) -> Path | None:
        if self.glossary:
            return (self.root / self.glossary)
        return None


def _describe_source(source: Path | None) -> str:
    if source is None:
        return "configuration"
    return f"{source} [tool.quizlint]" if source.name == "pyproject.toml" else str(source)


def _option_problem(rule, name: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the option ``name`` of ``rule`` (its type, judged by the default, or its
    bounds), or None."""
    expected = _option_kind(rule.options[name])
    if expected is None or (_is_kind(value, expected) and rule.within_limits(name, value)):
        return None
    limits = rule.limits_text(name)
    if limits:  # "a number between 0 and 1", "a whole number, at least 2"
        expected += f"{'' if limits.startswith('between') else ','} {limits}"
    return f"option {name!r} of rule {rule.code} must be {expected}, not {toml_value(value)}"


def _option_kind(default: Any) -> str | None:
    """What a rule option must be, judged by its default (its bounds are the rule's ``OPTION_LIMITS``)."""
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number"
    if isinstance(default, float):
        return "a number"
    if isinstance(default, str):
        return "a string"
    if isinstance(default, list):
        return "a list of strings"
    return None


@lru_cache(maxsize=None)
def _glob_variants(pattern: str) -> frozenset[str]:
    """``pattern`` (without a leading ``./``) and what it becomes with any of its ``**/`` matching no folder
    (``**/drafts/*`` also matches ``drafts/a.quiz.yaml``, as a recursive glob does)."""
    while pattern.startswith("./"):
        pattern = pattern[2:]
    variants, todo = {pattern}, [pattern]
    while todo:
        variant = todo.pop()
        for index in range(len(variant)):
            if variant.startswith("**/", index) and (index == 0 or variant[index - 1] == "/"):
                shorter = variant[:index] + variant[index + 3:]
                if shorter not in variants:
                    variants.add(shorter)
                    todo.append(shorter)
    return frozenset(variants)


def toml_value(value: Any) -> str:
    """A value as it is written in TOML (``true``, ``"x"``, ``[1, 2]``, ``{a = 1}``, ``inf``), for messages about
    the configuration and the defaults `quizlint rule` shows."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string escapes as JSON does
    if isinstance(value, float) and value != value:
        return "nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(key)} = {toml_value(item)}" for key, item in value.items()) + "}"
    if hasattr(value, "isoformat"):  # TOML's dates and times
        return value.isoformat()
    return repr(value)


def toml_key(key: str) -> str:
    """A key as it is written in TOML: bare when it can be, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else toml_value(key)


def _is_kind(value: Any, kind: str) -> bool:
    if kind == "true or false":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if kind == "a whole number":
        return isinstance(value, int)
    if kind == "a number":
        return isinstance(value, (int, float))
    if kind == "a string":
        return isinstance(value, str)
    return isinstance(value, list) and all(isinstance(entry, str) for entry in value)


def _expand(key: str, use: str = "selection") -> list:
    """The rules a selector means; an unknown one is a configuration error, never silently ignored. ``use``:
    ``selection`` (select, ignore) or ``severity``, for the message about a built-in code."""
    from quizlint.rules.base import expand_selector

    rules = expand_selector(key) if isinstance(key, str) and key.strip() else []
    if not rules:
        builtin = _builtin_codes(key)
        if builtin:
            raise ConfigError(_always_on(key, builtin, use))
        raise ConfigError(f"unknown rule or selector {key!r} (see `quizlint rule` for the list)")
    return rules


def _always_on(key: str, codes: dict[str, str], use: str) -> str:
    """Why the built-in ``codes`` that ``key`` names cannot be used so: load and schema errors are always
    errors, and the checks of suppressions can only be ignored."""
    from quizlint.diagnostics import SUPPRESSION_CODES

    one = len(codes) == 1
    first, last = min(codes), max(codes)
    shown = f"{first} ({codes[first]})" if one else f"{key.strip()!r} ({first}–{last})"
    are, they = ("is", "it") if one else ("are", "they")
    load = not SUPPRESSION_CODES.keys() >= codes.keys()
    if use == "severity":
        kind = ("an error" if one else "errors") if load else ("a warning" if one else "warnings")
        why = (f", and always {kind}: the severity of load and schema errors cannot be changed" if load else
               f", and always {kind}: the severity cannot be changed, but {they} can be ignored")
    else:
        why = ": load and schema errors cannot be selected or ignored" if load else \
            f": {they} {are} reported in every run unless ignored"
    return f"{shown} {are} always on{why} (see `quizlint rule{' ' + first if one else ''}`)"


def _ignored_codes(key: str) -> set[str]:
    """The codes an ``ignore`` entry means: rules, or checks of suppression comments."""
    return _suppression_checks(key) or {rule.code for rule in _expand(key)}


def _suppression_checks(key: Any) -> set[str]:
    """The checks of suppression comments (Q001 unused-suppression, Q002 invalid-suppression) that ``key`` means,
    by code, name or code prefix (``Q``): on in every run, but a bank may ignore them, like ruff's RUF100."""
    from quizlint.diagnostics import SUPPRESSION_CODES

    if not isinstance(key, str) or not key.strip():
        return set()
    key = key.strip()
    return {code for code, name in SUPPRESSION_CODES.items() if key.lower() == name or code.startswith(key.upper())}


def _builtin_codes(key: Any) -> dict[str, str]:
    """The built-in codes (code → name) that ``key`` names, by code, name or code prefix (``Y004``,
    ``invalid-encoding``, ``Y``, ``Q``): the problems found while reading files and suppressions, which `quizlint
    rule` lists but no selection can turn on or off (the checks of suppressions can be ignored:
    ``_suppression_checks``)."""
    from quizlint.diagnostics import LOAD_CODES, SUPPRESSION_CODES

    if not isinstance(key, str) or not key.strip():
        return {}
    key = key.strip()
    return {code: name for code, name in {**LOAD_CODES, **SUPPRESSION_CODES}.items()
            if code.startswith(key.upper()) or key.lower() == name}


_KEYS: dict[str, type] = {
    "paths": list, "languages": list, "glossary": str, "select": list, "ignore": list, "extend-select": list,
    "severity": dict, "rules": dict, "per-file-ignores": dict, "fail-on": str, "cache": bool, "jobs": int,
    "translate": dict, "tracked-only": bool,
}


def _provider_names() -> tuple[str, ...]:
    """The providers' registry, imported only when a provider is named (`quizlint lint` has no need of it)."""
    from quizlint.translate.providers import PROVIDERS

    return tuple(PROVIDERS)


class _FloatRange(click.FloatRange):
    """click's FloatRange, refusing NaN too: it compares false with both bounds, so click lets it through."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if number != number:
            self.fail(f"{value!r} is not a number.", param, ctx)
        return number


def is_http_url(value: str) -> bool:
    """Whether ``value`` is an http:// or https:// URL with a host, and a port if any that is a number from 0 to
    65535 (a provider's address): anything else would be sent, to fail as the provider's fault."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(value)
        parts.port  # raises ValueError for a port that is no number, or out of range
    except ValueError:  # (an unclosed "[" of an IPv6 address, say)
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


class TranslateSetting:
    """One key of ``[translate]``: its type and, for a number, its bounds, for a name, the names allowed, for
    a text, what makes it ``valid``.
    ``quizlint translate``'s option for the same setting takes its type from here (``click_type``), so the file
    and the command line accept the same values: one out of bounds is refused before any request, not sent to
    fail as the provider's fault. (A plain class: a dataclass costs every command's start-up a fraction of a
    millisecond.)"""

    __slots__ = ("kind", "described", "low", "high", "choices", "valid")

    def __init__(self, kind: type | tuple[type, ...], described: str, low: float | None = None,
                 high: float | None = None, choices: Callable[[], tuple[str, ...]] | None = None,
                 valid: Callable[[Any], bool] | None = None):
        self.kind, self.described, self.low, self.high, self.choices = kind, described, low, high, choices
        self.valid = valid

    def click_type(self) -> click.ParamType:
        if self.choices is not None:
            return click.Choice(self.choices())
        if self.kind is int:
            return click.IntRange(min=self.low, max=self.high)
        return _FloatRange(min=self.low, max=self.high)

    def problem(self, key: str, value: Any) -> str | None:
        """What is wrong with ``value`` for ``key`` (its type, its bounds, a name not allowed, a text not
        valid), or None."""
        if (not isinstance(value, self.kind) or isinstance(value, bool)
                or (self.valid is not None and not self.valid(value))):
            expected = self.described
        elif self.low is not None and not within_limits(value, self.low, self.high):
            expected = f"{self.described} {limits_in_words(self.low, self.high)}"
        elif self.choices is not None and value not in self.choices():
            expected = f"one of {', '.join(self.choices())}"
        else:
            return None
        return f"[translate] {key} must be {expected}, not {toml_value(value)}"


# [translate]: read by `quizlint translate`, checked here so that every command refuses a mistake in it.
TRANSLATE_KEYS: dict[str, TranslateSetting] = {
    "provider": TranslateSetting(str, "a string", choices=_provider_names),
    "url": TranslateSetting(str, "an http:// or https:// URL (e.g. http://localhost:5000/)", valid=is_http_url),
    "timeout": TranslateSetting((int, float), "a number of seconds", low=0.1, high=3600),
    "retries": TranslateSetting(int, "a whole number", low=0, high=10),
}
_STRING_LISTS = ("paths", "languages", "select", "ignore", "extend-select")
_KIND_NAMES = {list: "list", str: "string", dict: "table", bool: "boolean (true or false)", int: "whole number"}


def _check_types(data: dict[str, Any], where: str) -> None:
    for key, kind in _KEYS.items():
        if key not in data:
            continue
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{where}: `{key}` must be a {_KIND_NAMES[kind]}, not {toml_value(value)}")
        if key in _STRING_LISTS and not all(isinstance(entry, str) for entry in value):
            raise ConfigError(f"{where}: `{key}` must be a list of strings, not {toml_value(value)}")
    for key, value in data.get("severity", {}).items():
        if value not in _SEVERITIES:
            raise ConfigError(f"{where}: severity of {toml_key(key)} must be one of {', '.join(_SEVERITIES)}, not "
                              f"{toml_value(value)}")
    for key, value in data.get("rules", {}).items():
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: rules.{toml_key(key)} must be a table of options, not {toml_value(value)}")
    for key, value in data.get("per-file-ignores", {}).items():
        if not isinstance(value, list) or not all(isinstance(entry, str) for entry in value):
            raise ConfigError(f"{where}: per-file-ignores.{toml_key(key)} must be a list of rule codes or names, not "
                              f"{toml_value(value)}")
    for key, value in data.get("translate", {}).items():
        if key not in TRANSLATE_KEYS:
            raise ConfigError(f"{where}: unknown key(s) in [translate]: {key}; known: {', '.join(TRANSLATE_KEYS)}")
        problem = TRANSLATE_KEYS[key].problem(key, value)
        if problem:
            raise ConfigError(f"{where}: {problem}")
    if data.get("fail-on", "error") not in _SEVERITIES:
        raise ConfigError(f"{where}: `fail-on` must be one of {', '.join(_SEVERITIES)}, not "
                          f"{toml_value(data['fail-on'])}")
    if "jobs" in data and data["jobs"] < 1:
        raise ConfigError(f"{where}: `jobs` must be 1 or more")
    if "glossary" in data and not data["glossary"].strip():  # (an empty path would silently mean no glossary)
        raise ConfigError(f"{where}: `glossary` must name a file, not {toml_value(data['glossary'])}")


def parse_config(data: dict[str, Any], root: Path, source: Path | None) -> Config:
    where = _describe_source(source)
    unknown = set(data) - set(_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known keys: {', '.join(sorted(_KEYS))}")
    _check_types(data, where)
    config = Config(
        root=root,
        source=source,
        paths=list(data.get("paths", [])),
        languages=list(data.get("languages", [])),
        glossary=data.get("glossary"),
        select=list(data.get("select", [])),
        ignore=list(data.get("ignore", [])),
        extend_select=list(data.get("extend-select", [])),
        severity=dict(data.get("severity", {})),
        rules={key: dict(value) for key, value in data.get("rules", {}).items()},
        per_file_ignores={key: list(value) for key, value in data.get("per-file-ignores", {}).items()},
        fail_on=data.get("fail-on", "error"),
        cache=data.get("cache", True),
        jobs=data.get("jobs"),
        tracked_only=data.get("tracked-only"),
        translate=dict(data.get("translate", {})),
        raw=data,
    )
    try:  # validate every rule code, name, prefix and option now, not when linting
        config.selection()
        for keys in config.per_file_ignores.values():
            for key in keys:
                _ignored_codes(key)
    except ConfigError as error:
        message = error.format_message()
        raise ConfigError(message if message.startswith(where) else f"{where}: {message}") from None
    return config


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror}") from None


def find_config_file(start: Path) -> Path | None:
    for directory in [start, *start.parents]:
        for name in CONFIG_NAMES:
            candidate = directory / name
            try:
                found = candidate.is_file()
            except OSError as error:  # a folder that cannot be searched: its configuration would go unseen
                raise ConfigError(f"cannot look for {name} in {directory}: {error.strerror or error}") from None
            if found:
                if name == "pyproject.toml" and _quizlint_table(candidate, _read_toml(candidate)) is None:
                    continue
                return candidate
    return None


def load_config(explicit: str | Path | None = None, start: Path | None = None) -> Config:
    """The configuration in force: ``explicit`` if given, else the nearest one found walking up from ``start``."""
    start = (start or Path.cwd()).resolve()
    path = Path(explicit) if explicit else find_config_file(start)
    if path is None:
        return parse_config({}, start, None)
    if not path.is_file():
        raise ConfigError(f"{path}: configuration file not found")
    data = _read_toml(path)
    if path.name == "pyproject.toml":
        data = _quizlint_table(path, data) or {}
    return parse_config(data, path.parent.resolve(), path)


def _quizlint_table(path: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    """The ``[tool.quizlint]`` table of a ``pyproject.toml``, or None when it has none."""
    tool = data.get("tool")
    if not isinstance(tool, dict) or "quizlint" not in tool:
        return None
    if not isinstance(tool["quizlint"], dict):
        raise ConfigError(f"{path}: [tool.quizlint] must be a table, not {toml_value(tool['quizlint'])}")
    return tool["quizlint"]
