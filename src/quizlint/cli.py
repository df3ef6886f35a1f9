"""The ``quizlint`` command. Subcommands live in ``quizlint.commands`` and are imported only when run,
so ``quizlint --help`` and ``quizlint lint`` start fast."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys

import click

from quizlint import __version__
from quizlint.config import ConfigError

# name → (module, help). Each module defines a click command called ``command``.
COMMANDS = {
    "lint": ("quizlint.commands.lint", "Check quiz files and report problems."),
    "fix": ("quizlint.commands.fix", "Repair what can be repaired automatically (answer positions, option order)."),
    "rule": ("quizlint.commands.rule", "List the rules, or explain one."),
    "schema": ("quizlint.commands.schema", "Print the JSON Schema of quiz or glossary files, or of the JSON export."),
    "export": ("quizlint.commands.export", "Export quizzes to QTI 2.1/3.0, Canvas, Moodle XML, GIFT, Aiken or JSON."),
    "import": ("quizlint.commands.import_", "Import quizzes from text, Moodle XML, GIFT, Aiken, QTI or Canvas."),
    "translate": ("quizlint.commands.translate", "Fill missing translations with a machine translation provider."),
    "review": ("quizlint.commands.review", "Mark translations as reviewed by a person."),
    "preview": ("quizlint.commands.preview", "Build a static HTML preview of the bank."),
    "stats": ("quizlint.commands.stats", "Print statistics about the bank."),
    "init": ("quizlint.commands.init", "Create a bank skeleton that lints clean (config, glossary, example, hook, CI)."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name, (module, _) in COMMANDS.items() if importlib.util.find_spec(module) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module_name, _ = COMMANDS[name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                return None
            raise
        return module.command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="quizlint")
def cli() -> None:
    """quizlint: lint, translate and export bilingual multiple-choice quiz banks kept as YAML.

    Exit status: 0 clean, 1 problems found, 2 usage, configuration or internal error.
    """


def main() -> None:
    _stop_cleanly_on_sigterm()
    _run()


class _Terminated(BaseException):
    """SIGTERM, raised where the process stands, so that ``finally`` blocks (a temporary file's removal) run."""


def _stop_cleanly_on_sigterm() -> None:
    """On SIGTERM, unwind this process: its ``finally`` blocks run, and a lint run's process pool terminates its
    workers (which, forked from it, take the signal's default action when they get it)."""
    import signal

    own = os.getpid()

    def terminate(number, frame):
        if os.getpid() != own:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        raise _Terminated

    try:
        signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread (quizlint called from a program's thread): leave it as it is
        pass


def _run() -> None:
    try:
        os.getcwd()
    except OSError as error:  # (every command needs it: paths are shown and configurations found from it)
        click.echo(f"quizlint: the current folder cannot be used: {error.strerror or error} (was it deleted?)",
                   err=True)
        sys.exit(2)
    try:
        # (not click's standalone mode: it turns Ctrl-C into "Aborted!" and exit status 1, which reads as a result)
        status = cli.main(prog_name="quizlint", standalone_mode=False)
        sys.exit(status if isinstance(status, int) else 0)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except ConfigError as error:
        click.echo(f"quizlint: {error}", err=True)
        sys.exit(2)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("interrupted", err=True)
        sys.exit(130)
    except _Terminated:
        sys.exit(143)  # (128 + SIGTERM, as a shell reports a process it ended)
    except Exception as error:  # the last line of defence: a message, never a traceback, unless asked
        if os.environ.get("QUIZLINT_DEBUG"):
            raise
        click.echo(f"quizlint: internal error: {type(error).__name__}: {error}", err=True)
        click.echo("(set QUIZLINT_DEBUG=1 to see the traceback, and please report it)", err=True)
        sys.exit(2)
