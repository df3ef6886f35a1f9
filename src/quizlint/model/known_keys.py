"""The names a quiz file may use where a validation error stands, for did-you-mean hints: the keys of the
mapping that holds an unknown key (``explenation`` → ``explanation``), the values a choice allows (``type: multi``
→ ``multiple``). Read from the pydantic models themselves, so a new key or item type is offered without a list
kept by hand."""

from __future__ import annotations

import re
import typing
from typing import Any

from pydantic import BaseModel

from quizlint.suggest import did_you_mean


def _models() -> dict[str, type[BaseModel]]:
    """Every model of the quiz file and of the glossary, by the title pydantic gives its errors."""
    from quizlint.model import types

    found = {}
    for value in vars(types).values():
        if isinstance(value, type) and issubclass(value, BaseModel) and value is not BaseModel:
            found[value.__name__] = value
            title = value.model_config.get("title")
            if title:
                found[title] = value
    return found


def _inner(annotation: Any, element: Any) -> Any:
    """The annotation of the value at ``element`` (a key or an index) inside a value of ``annotation``; None
    when ``element`` does not lead anywhere in it (a label of pydantic's, such as a union tag)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _inner(typing.get_args(annotation)[0], element)
    if origin is typing.Union:
        return next((found for found in (_inner(arg, element) for arg in typing.get_args(annotation))
                     if found is not None), None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(element) if isinstance(element, str) else None
        return field.annotation if field is not None else None
    args = typing.get_args(annotation)
    if origin is list and isinstance(element, int) and args:
        return args[0]
    if origin is dict and isinstance(element, str) and len(args) == 2:
        return args[1]
    return None


def _model_at(title: str, loc: tuple) -> type[BaseModel] | None:
    annotation: Any = _models().get(title)
    for element in loc:
        inner = _inner(annotation, element)
        if inner is not None:  # (else a label of pydantic's: skipped, as the data path skips it)
            annotation = inner
    while typing.get_origin(annotation) in (typing.Annotated, typing.Union):
        annotation = next((arg for arg in typing.get_args(annotation)
                           if isinstance(arg, type) and issubclass(arg, BaseModel)), typing.get_args(annotation)[0])
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None


def unknown_key_hint(title: str, loc: tuple) -> str:
    """``"; did you mean 'explanation'?"`` for the unknown key at the end of ``loc`` (an error location inside
    the model named ``title``), or ``""``."""
    model = _model_at(title, loc[:-1])
    if model is None:  # (a model this walk does not know how to reach: the keys of every model)
        return did_you_mean(str(loc[-1]), {name for known in _models().values() for name in known.model_fields})
    return did_you_mean(str(loc[-1]), model.model_fields)


# A message about a value that is not one of a choice's: "...: input should be 'single', 'multiple' or
# 'true_false' (got 'multi')" (pydantic's literal error, or a message written in the same words).
_CHOICE = re.compile(r"input should be (?P<allowed>'.*') \(got '(?P<got>[^']*)'\)")


def choice_hint(message: str) -> str:
    """``"; did you mean 'multiple'?"`` for a message that names the values a choice allows and the value found
    (``type: multi``, ``status: reviewd``), or ``""``."""
    found = _CHOICE.search(message)
    if found is None:
        return ""
    return did_you_mean(found["got"], re.findall(r"'([^']*)'", found["allowed"]))


__all__ = ["choice_hint", "unknown_key_hint"]
