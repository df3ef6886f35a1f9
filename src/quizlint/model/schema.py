"""JSON Schemas generated from the models (committed under ``schema/``; a test keeps them in sync)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from quizlint.model.types import Glossary, Quiz

SCHEMA_BASE = "https://quizlint.dev/schema/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _with_descriptions(node: Any) -> Any:
    """Give every property a title and description, so editors show useful completion."""
    if isinstance(node, dict):
        for name, prop in node.get("properties", {}).items():
            prop.setdefault("title", name.replace("_", " ").capitalize())
        for value in node.values():
            _with_descriptions(value)
    elif isinstance(node, list):
        for value in node:
            _with_descriptions(value)
    return node


def json_schema(model: type[BaseModel], name: str) -> dict:
    generated = model.model_json_schema(mode="validation")
    schema = {"$schema": DRAFT, "$id": SCHEMA_BASE + name, **generated}
    return _with_descriptions(schema)


def quiz_schema() -> dict:
    return json_schema(Quiz, "quiz.schema.json")


def glossary_schema() -> dict:
    return json_schema(Glossary, "glossary.schema.json")


SCHEMAS = {"quiz": quiz_schema, "glossary": glossary_schema}


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
