from __future__ import annotations

import click


@click.command("schema")
@click.argument("kind", type=click.Choice(["quiz", "glossary", "export"]), default="quiz")
def command(kind: str) -> None:
    """Print the JSON Schema (draft 2020-12) of quiz files, the glossary, or the JSON export."""
    if kind == "export":
        from quizlint.export.json_schema import export_schema as build
        from quizlint.model.schema import render
    else:
        from quizlint.model.schema import SCHEMAS, render

        build = SCHEMAS[kind]
    click.echo(render(build()), nl=False)
