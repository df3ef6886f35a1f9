from __future__ import annotations

import click


@click.command("schema")
@click.argument("kind", type=click.Choice(["quiz", "glossary", "export", "analysis"]), default="quiz")
def command(kind: str) -> None:
    """Print the JSON Schema (draft 2020-12) of quiz files, the glossary, the JSON export, or the JSON report of
    `quizlint analyze`."""
    if kind == "analysis":
        from quizlint.analyze.schema import analysis_schema as build
        from quizlint.model.schema import render
    elif kind == "export":
        from quizlint.export.json_schema import export_schema as build
        from quizlint.model.schema import render
    else:
        from quizlint.model.schema import SCHEMAS, render

        build = SCHEMAS[kind]
    click.echo(render(build()), nl=False)
