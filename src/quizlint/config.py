"""Configuration: ``quizlint.toml`` or ``[tool.quizlint]`` in ``pyproject.toml``, found by walking up from the
current directory. Unknown keys and unknown rule codes are errors, never silently ignored."""

from __future__ import annotations

import fnmatch
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CONFIG_NAMES = ("quizlint.toml", "pyproject.toml")
_SEVERITIES = ("error", "warning", "info")


class ConfigError(Exception):
    """A problem with the configuration (exit 2)."""


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
    translate: dict[str, Any] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)

    def selection(self, select: list[str] | None = None, ignore: list[str] | None = None,
                  extend_select: list[str] | None = None):
        """Rules to run: config first, then the command line's choices on top."""
        from quizlint.rules.base import Selection, all_rules, expand_selector

        base_select = select if select else self.select
        if base_select:
            chosen = {rule.code: rule for key in base_select for rule in _expand(key, expand_selector)}
        else:
            chosen = {rule.code: rule for rule in all_rules() if rule.default_enabled}
        for key in [*self.extend_select, *(extend_select or [])]:
            chosen.update({rule.code: rule for rule in _expand(key, expand_selector)})
        for key in [*self.ignore, *(ignore or [])]:
            for rule in _expand(key, expand_selector):
                chosen.pop(rule.code, None)
        options = {}
        for key, values in self.rules.items():
            rule = _expand(key, expand_selector)[0]
            unknown = set(values) - set(rule.options)
            if unknown:
                raise ConfigError(f"{self._where()}: unknown option(s) {', '.join(sorted(unknown))} for rule "
                                  f"{rule.code} ({rule.name}); known: {', '.join(sorted(rule.options)) or 'none'}")
            options[rule.code] = dict(values)
        severities = {_expand(key, expand_selector)[0].code: value for key, value in self.severity.items()}
        return Selection(chosen, severities, options)

    def ignored_for(self, display_path: str) -> set[str]:
        """Codes ignored for one file by ``per-file-ignores``."""
        from quizlint.rules.base import expand_selector

        codes: set[str] = set()
        for pattern, keys in self.per_file_ignores.items():
            if fnmatch.fnmatch(display_path, pattern) or fnmatch.fnmatch(Path(display_path).name, pattern):
                for key in keys:
                    codes.update(rule.code for rule in _expand(key, expand_selector))
        return codes

    def _where(self) -> str:
        return str(self.source) if self.source else "command line"

    def glossary_path(self) -> Path | None:
        if self.glossary:
            return (self.root / self.glossary)
        return None


def _expand(key: str, expand_selector) -> list:
    rules = expand_selector(key)
    if not rules:
        raise ConfigError(f"unknown rule or selector {key!r} (see `quizlint rule` for the list)")
    return rules


_KEYS = {
    "paths": list, "languages": list, "glossary": str, "select": list, "ignore": list, "extend-select": list,
    "severity": dict, "rules": dict, "per-file-ignores": dict, "fail-on": str, "cache": bool, "jobs": int,
    "translate": dict,
}


def parse_config(data: dict[str, Any], root: Path, source: Path | None) -> Config:
    where = str(source) if source else "configuration"
    unknown = set(data) - set(_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; known keys: {', '.join(sorted(_KEYS))}")
    for key, kind in _KEYS.items():
        if key in data and not isinstance(data[key], kind):
            raise ConfigError(f"{where}: `{key}` must be a {kind.__name__}")
    config = Config(root=root, source=source, raw=data)
    config.paths = [str(path) for path in data.get("paths", [])]
    config.languages = [str(lang) for lang in data.get("languages", [])]
    config.glossary = data.get("glossary")
    config.select = list(data.get("select", []))
    config.ignore = list(data.get("ignore", []))
    config.extend_select = list(data.get("extend-select", []))
    config.severity = dict(data.get("severity", {}))
    config.rules = {key: dict(value) for key, value in data.get("rules", {}).items()}
    config.per_file_ignores = {key: list(value) for key, value in data.get("per-file-ignores", {}).items()}
    config.fail_on = data.get("fail-on", "error")
    config.cache = data.get("cache", True)
    config.jobs = data.get("jobs")
    config.translate = dict(data.get("translate", {}))
    for key, value in config.severity.items():
        if value not in _SEVERITIES:
            raise ConfigError(f"{where}: severity of {key} must be one of {', '.join(_SEVERITIES)}, not {value!r}")
    if config.fail_on not in _SEVERITIES:
        raise ConfigError(f"{where}: `fail-on` must be one of {', '.join(_SEVERITIES)}")
    for key, value in config.rules.items():
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: rules.{key} must be a table of options")
    config.selection()  # validates every rule code, name and option now, not when linting
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
            if candidate.is_file():
                if name == "pyproject.toml" and "quizlint" not in _read_toml(candidate).get("tool", {}):
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
        data = data.get("tool", {}).get("quizlint", {})
    return parse_config(data, path.parent.resolve(), path)
