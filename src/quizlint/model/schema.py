"""JSON Schemas generated from the models (committed under ``schema/``; a test keeps them in sync)."""

from __future__ import annotations

import copy
import json
from typing import Any

from pydantic import BaseModel

from quizlint.model.types import TEXT_MARKER, TEXT_SCHEMA, Glossary, Quiz

SCHEMA_BASE = "https://quizlint.dev/schema/"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _tidy(node: Any) -> Any:
    """Point text values at ``$defs/Text``, give every property a title (editors show it in completion), and make
    maps keyed by a pattern (language tags) refuse other keys, as the models do."""
    if isinstance(node, dict):
        if node.pop(TEXT_MARKER, False):
            rest = dict(node)
            node.clear()
            node.update({"$ref": "#/$defs/Text", **rest})
        for name, prop in node.get("properties", {}).items():
            prop.setdefault("title", name.replace("_", " ").capitalize())
        if "patternProperties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            _tidy(value)
    elif isinstance(node, list):
        for value in node:
            _tidy(value)
    return node


def _uses_text(node: Any) -> bool:
    return f'"{TEXT_MARKER}"' in json.dumps(node)


def json_schema(model: type[BaseModel], name: str) -> dict:
    generated = model.model_json_schema(mode="validation")
    schema = {"$schema": DRAFT, "$id": SCHEMA_BASE + name, **generated}
    if _uses_text(schema):
        schema["$defs"] = dict(sorted({**schema.get("$defs", {}), "Text": copy.deepcopy(TEXT_SCHEMA)}.items()))
    return _tidy(schema)


def quiz_schema() -> dict:
    return json_schema(Quiz, "quiz.schema.json")


def glossary_schema() -> dict:
    return json_schema(Glossary, "glossary.schema.json")


SCHEMAS = {"quiz": quiz_schema, "glossary": glossary_schema}


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
