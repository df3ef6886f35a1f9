"""``quizlint rule``: list the rules, or explain one (ruff style)."""

from __future__ import annotations

import importlib
import json

import click

from quizlint.config import toml_value
from quizlint.rules.base import Rule

_COLUMNS = ("code", "name", "severity", "default", "fixable", "summary")


def known_rules() -> list[Rule]:
    """The lint rules and the built-in codes (Y, S, Q), sorted by code."""
    from quizlint.rules._builtin import builtin_rules
    from quizlint.rules.base import all_rules

    return sorted([*all_rules(), *builtin_rules()], key=lambda rule: rule.code)


def lookup(key: str) -> Rule | None:
    from quizlint.rules._builtin import find_builtin
    from quizlint.rules.base import find_rule

    return find_rule(key) or find_rule(key.lower()) or find_builtin(key)


def default_state(rule: Rule) -> str:
    if rule.scope == "builtin":
        return "always"
    return "on" if rule.default_enabled else "off"


def title_line(rule: Rule) -> str:
    """``W009 numeric-order (warning, default on, fixable)``."""
    state = "always on" if rule.scope == "builtin" else f"default {default_state(rule)}"
    traits = [rule.severity, state] + (["fixable"] if rule.fixable else [])
    return f"{rule.code} {rule.name} ({', '.join(traits)})"


def table(rules: list[Rule]) -> str:
    rows = [[column.upper() for column in _COLUMNS]]
    rows += [[rule.code, rule.name, rule.severity, default_state(rule), "yes" if rule.fixable else "", rule.summary]
             for rule in rules]
    widths = [max(len(row[index]) for row in rows) for index in range(len(_COLUMNS) - 1)]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1] for row in rows]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def rule_json(rule: Rule) -> dict:
    return {
        "code": rule.code,
        "name": rule.name,
        "severity": rule.severity,
        "scope": rule.scope,
        "default_enabled": rule.default_enabled,
        "builtin": rule.scope == "builtin",
        "fixable": rule.fixable,
        "options": rule.options,
        "option_limits": {name: list(bounds) for name, bounds in rule.option_limits.items()},
        "summary": rule.summary,
    }


def configuration_section(rule: Rule) -> str:
    lines = ["## Configuration", "Defaults, as they would be written in `quizlint.toml`:", "", "```toml",
             f"[rules.{rule.name}]"]
    for name, value in rule.options.items():
        limits = rule.limits_text(name)
        lines.append(f"{name} = {toml_value(value)}" + (f"  # {limits}" if limits else ""))
    return "\n".join(lines + ["```"])


def word_list_section(rule: Rule) -> str:
    """The word lists a rule uses (its module's ``LEXICON``), from the one place they are kept."""
    if rule.scope == "builtin":
        return ""
    categories = getattr(importlib.import_module(rule.module), "LEXICON", ())
    if not categories:
        return ""
    from quizlint import lexicon

    lists = "\n\n".join(lexicon.describe(category) for category in categories)
    return ("## Word lists\nLanguages without a list of their own use the English one. Term syntax: `a|b` one "
            "of several words, `(...)` optional, `*` any continuation or beginning, `...` up to six other words "
            "of the same clause.\n\n" + lists)


def explanation(rule: Rule) -> str:
    parts = [title_line(rule), "", rule.doc.strip()]
    if rule.options:
        parts += ["", configuration_section(rule)]
    words = word_list_section(rule)
    if words:
        parts += ["", words]
    return "\n".join(parts) + "\n"


def _unknown(key: str) -> str:
    from quizlint.suggest import rule_did_you_mean

    return f"unknown rule {key!r}{rule_did_you_mean(key)} (run `quizlint rule` for the list)"


@click.command("rule")
@click.argument("key", required=False)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output format.")
def command(key: str | None, output_format: str) -> None:
    """List every rule with its code, name, severity, whether it is on by default and whether `quizlint fix`
    repairs it; or, given a CODE or NAME (`W003`, `negative-stem`, `Y002`), explain that rule."""
    rules = known_rules()
    if key is None:
        if output_format == "json":
            click.echo(json.dumps([rule_json(rule) for rule in rules], indent=2, ensure_ascii=False))
        else:
            click.echo(table(rules), nl=False)
        return
    rule = lookup(key)
    if rule is None:
        from quizlint.commands.common import fail

        fail(_unknown(key))
        return
    if output_format == "json":
        click.echo(json.dumps({**rule_json(rule), "doc": rule.doc.strip()}, indent=2, ensure_ascii=False))
    else:
        click.echo(explanation(rule), nl=False)
