"""Stage 1: read quiz and glossary files safely and compose them into plain data with positions."""

__all__ = ["Document", "LoadLimits", "find_quiz_files", "load_document", "load_source", "load_text", "read_source"]

_HOMES = {"find_quiz_files": "discover"}  # (the others are in ``document``)


def __getattr__(name: str):
    # Imported on first use: a run whose results are all cached reads no YAML and needs none of it.
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = globals()[name] = getattr(import_module(f"{__name__}.{_HOMES.get(name, 'document')}"), name)
    return value
