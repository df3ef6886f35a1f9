"""quizlint's entry point: the ``quizlint`` command and ``python -m quizlint``."""

import os


def main() -> None:
    # quizlint's models are internal: looking for pydantic plugins (observability hooks, found by scanning the
    # entry points of every installed distribution) only slows each process's first validation. A setting of
    # the user's own wins.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from quizlint.cli import main as run

    run()


if __name__ == "__main__":
    main()
