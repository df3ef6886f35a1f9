"""The bank a command works on: configuration, quiz files, glossary and rule selection, resolved once."""

from __future__ import annotations

import fnmatch
import glob
import os
from dataclasses import dataclass, field
from pathlib import Path

from quizlint.config import Config, ConfigError, load_config, toml_value
from quizlint.diagnostics import Finding
from quizlint.load import find_quiz_files
from quizlint.load.discover import walk_folders, within
from quizlint.load.names import SKIP_DIRS, is_quiz_file
from quizlint.load.repository import repository_root
from quizlint.text import nfc

GLOSSARY_NAME = "glossary.yaml"


@dataclass
class BankSettings:
    config: Config
    root: Path  # paths in reports are relative to the current directory; bank-relative paths use this root
    files: list[Path]
    glossary_path: Path | None
    selection: object = None
    missing: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)  # the paths searched for quiz files
    glossary_named: bool = False  # the glossary was among the paths given: it is checked like a file of the bank
    paths_named: bool = False  # the command line named the paths (else: the configured ``paths``, or ``.``)
    misnamed: list[Path] = field(default_factory=list)  # YAML files a folder search skipped that say `quizlint: 1`
    untracked: int = 0  # quiz files left out because git neither tracks them nor has them staged (--tracked-only)

    @property
    def some_files_only(self) -> bool:
        """Whether the run sees only part of the bank, so that what bank rules find there says nothing about the
        rest: the paths name quiz files one by one (an editor, a hook passing the files a commit touches), or
        folders that do not hold the whole bank (its configured ``paths``, else its root). The configured
        ``paths`` themselves are the whole bank, whether they name folders, files or globs."""
        if self.config.paths and not self.paths_named:
            return False
        if any(os.path.isfile(target) for target in self.targets):
            return True
        bank = _configured_paths(self.config) if self.config.paths else [str(self.config.root)]
        seen = [os.path.realpath(target) for target in self.targets]
        return not all(any(within(os.path.realpath(path), folder) for folder in seen) for path in bank)

    @classmethod
    def resolve(cls, config_path=None, paths=(), glossary=None, select=(), ignore=(), extend_select=(),
                require_files: bool = True, tracked_only: bool | None = None) -> "BankSettings":
        """Raises ConfigError (exit 2) for bad configuration or paths that do not exist.

        ``tracked_only`` (``--tracked-only``; else the configuration's ``tracked-only``; else on under pre-commit,
        which sets ``PRE_COMMIT=1``): the files found, but for those the command line names one by one, are those
        git tracks or has staged (see ``quizlint.load.tracked``).

        A glossary file among the paths (``glossary.yaml``, or the configured or ``--glossary`` one, named
        directly or matched by a configured glob) is the bank's glossary, not a quiz file."""
        config = load_config(config_path)
        misnamed: list[Path] = []
        targets = [str(path) for path in paths] or (_configured_paths(config, misnamed) if config.paths else ["."])
        try:
            files, missing = find_quiz_files(targets, misnamed=misnamed)
        except OSError as error:
            raise ConfigError(f"cannot read the folder {error.filename}: {error.strerror or error}") from None
        if missing:
            special = [path for path in missing if os.path.exists(path)]
            if special:  # a FIFO, socket or device: reading it would block or never end
                raise ConfigError(f"not a regular file or directory: {', '.join(special)}")
            raise ConfigError(f"no such file or directory: {', '.join(missing)}")
        if glossary and not Path(glossary).is_file():
            raise ConfigError(f"glossary not found: {glossary}")
        named = [path for path in files if _is_glossary_file(path, config, glossary)]
        for path in named:
            if glossary and not _same_file(path, Path(glossary)):
                raise ConfigError(f"{path} is a glossary, but --glossary names another one ({glossary})")
        files = [path for path in files if path not in named]
        glossary_path = Path(glossary) if glossary else _single_glossary(named) or find_glossary(config, targets)
        selection = config.selection(list(select), list(ignore), list(extend_select))
        kept, misnamed = _tracked(files, misnamed, targets if paths else [], tracked_only, config)
        return cls(config, Path.cwd(), kept, glossary_path, selection, missing, targets, bool(named),
                   paths_named=bool(paths), misnamed=misnamed, untracked=len(files) - len(kept))


GLOSSARY_NAMES = (GLOSSARY_NAME, "glossary.yml")


def tracked_only_wanted(option: bool | None, config: Config) -> bool:
    """``--tracked-only``/``--no-tracked-only`` if given, else the configuration's ``tracked-only``, else whether
    pre-commit runs the command (it sets ``PRE_COMMIT=1`` in its hooks' environment)."""
    if option is not None:
        return option
    if config.tracked_only is not None:
        return config.tracked_only
    return os.environ.get("PRE_COMMIT") == "1"


def _tracked(files: list[Path], misnamed: list[Path], named: list[str], option: bool | None,
             config: Config) -> tuple[list[Path], list[Path]]:
    """The quiz files and misnamed ones git tracks or has staged, when ``tracked_only_wanted``; the files the
    command line ``named`` one by one are kept. Outside a git repository that is a configuration error when asked
    for, and nothing is left out under pre-commit's own setting."""
    if not tracked_only_wanted(option, config):
        return files, misnamed
    from quizlint.load.tracked import NotInRepository, TrackedFiles

    index = TrackedFiles()
    explicit = {os.path.realpath(path) for path in named if os.path.isfile(path)}
    try:
        return ([path for path in files if os.path.realpath(path) in explicit or index.holds(path)],
                [path for path in misnamed if index.holds(path)])
    except NotInRepository as error:
        if option is None and config.tracked_only is None:
            return files, misnamed
        raise ConfigError(f"--tracked-only / tracked-only: {error}") from None


def _is_glossary_file(path: Path, config: Config, glossary) -> bool:
    """Whether a file found among the paths is a glossary: never a ``*.quiz.yaml``; else by its name, or because
    it is the glossary configured or given with ``--glossary``."""
    if is_quiz_file(path):
        return False
    if path.name in GLOSSARY_NAMES:
        return True
    known = [Path(glossary)] if glossary else []
    if config.glossary:
        known.append(config.glossary_path())
    return any(_same_file(path, other) for other in known)


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def _single_glossary(named: list[Path]) -> Path | None:
    if len(named) > 1:
        raise ConfigError(f"several glossaries given ({', '.join(map(str, named))}); a bank has one glossary")
    return named[0] if named else None


def _configured_paths(config: Config, misnamed: list[Path] | None = None) -> list[str]:
    """The ``paths`` of the configuration (files, directories or globs relative to the configuration file's
    directory), as paths relative to the current directory. A glob keeps the folders it matches and the quiz
    files (``*.quiz.yaml``), as searching a folder does, unless its own file name part ends in ``.yaml`` or
    ``.yml``: ``content/**`` does not make a README a quiz; nor what git ignores below the folder the glob names
    before its first wildcard. An entry that finds nothing is an error. The YAML files a glob leaves out although
    they say ``quizlint: 1`` go to ``misnamed`` (when given), as a folder search's do."""
    found: list[str] = []
    for pattern in config.paths:
        matches = [match for match in _matches(config.root, pattern) if os.path.exists(match)]
        ignored = False
        if glob.has_magic(pattern):
            named = {part for part in Path(pattern).parts if not glob.has_magic(part)}  # (named: not skipped)
            matches = [match for match in matches if not _in_skipped_folder(match, config.root, named)]
            others: list[str] = []
            if not pattern.endswith((".yaml", ".yml")):
                others = [match for match in matches if not is_quiz_file(match)]
                matches = [match for match in matches if os.path.isdir(match) or is_quiz_file(match)]
            top = _named_folder(config.root, pattern)
            kept = _not_git_ignored(matches, top)
            matches, ignored = kept, len(kept) < len(matches)
            if misnamed is not None:  # (what git ignores is left out without a word, as a folder search does)
                misnamed.extend(Path(_relative(path)) for path in _not_git_ignored(_declaring_quizzes(others), top))
        if not matches:
            raise ConfigError(f"{config.source}: `paths` entry {toml_value(pattern)} matches no file or directory"
                              f"{' that git does not ignore' if ignored else ''} (paths are relative to "
                              f"{config.root})")
        found.extend(_relative(match) for match in matches)
    return found


def _declaring_quizzes(paths: list[str]) -> list[str]:
    """The YAML files among ``paths`` that say ``quizlint: 1`` (only their head is read)."""
    from quizlint.load.tracked import YAML_SUFFIXES, declares_quiz

    return [path for path in paths if path.endswith(YAML_SUFFIXES) and os.path.isfile(path) and declares_quiz(path)]


def _named_folder(root: Path, pattern: str) -> Path:
    """The folder a glob names before its first wildcard (``content`` for ``content/**/*.quiz.yaml``), below
    ``root``, as it is stored (its name may be in the other Unicode form: see ``_matching_paths``)."""
    parts = Path(pattern).parts
    prefix = next((parts[:index] for index, part in enumerate(parts) if glob.has_magic(part)), parts)
    return Path(next(iter(sorted(_matching_paths(str(root), prefix))), root.joinpath(*prefix)))


def _not_git_ignored(matches: list[str], top: Path) -> list[str]:
    """The matches of a glob that git does not ignore, below ``top`` (see ``GitIgnore.for_walk``)."""
    from quizlint.load.repository import GitIgnore

    ignore = GitIgnore.for_walk(top) if matches else None
    return [match for match in matches if ignore is None or not ignore.ignores_below(top, match)]


def _matches(root: Path, pattern: str) -> list[str]:
    """The paths a ``paths`` entry names below ``root``: a glob's matches, else the path itself, sorted. Only the
    entry is a pattern: the root is taken as it is, so that a folder named ``Quizzes [2024]`` matches itself, and
    ``bank[1]`` never its sibling ``bank1``."""
    if "**" in Path(pattern).parts:
        return sorted(_recursive_matches(root, pattern))
    return sorted(_matching_paths(str(root), Path(pattern).parts))


def _matching_paths(folder: str, parts: tuple[str, ...]) -> list[str]:
    """The paths below ``folder`` whose names match ``parts`` (a glob's, without ``**``) one by one, as ``glob``
    matches them, except that names are compared in NFC: a folder stored decomposed (NFD, as macOS tools may
    write "ünite") matches an entry written composed, and the other way round."""
    if not parts:
        return [folder]
    first, rest = parts[0], parts[1:]
    if not glob.has_magic(first) and os.path.lexists(os.path.join(folder, first)):
        names = [first]  # as written (also "..")
    else:
        try:
            names = [name for name in os.listdir(folder) if _name_matches(name, first)]
        except OSError:  # not a folder, or not there
            return []
    return [path for name in names for path in _matching_paths(os.path.join(folder, name), rest)]


def _recursive_matches(root: Path, pattern: str) -> list[str]:
    """The matches of a glob with ``**`` (any folders, as ``glob`` takes it: none of them hidden), among the
    folders a folder search finds below the folder it names before its first wildcard: links to folders are
    followed once, never round a loop (``glob`` would follow ``up -> ..`` without end)."""
    top = _named_folder(root, pattern)
    if not top.is_dir():
        return []
    wanted = Path(pattern).parts
    skipped = SKIP_DIRS - {part for part in wanted if not glob.has_magic(part)}
    found = []
    for folder, files, _ in walk_folders(top, set(), git_rules=False, skipped=skipped):
        for path in [folder, *(os.path.join(folder, name) for name in files)]:
            if _glob_matches(Path(os.path.relpath(path, root)).parts, wanted):
                found.append(path)
    return found


def _glob_matches(parts: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    """Whether a path (its parts) matches a glob's parts as ``glob`` does: ``*`` never matches a hidden name
    unless the part starts with a dot, ``**`` any number of folders that are not hidden; names compared in NFC."""
    if not wanted:
        return not parts
    first, rest = wanted[0], wanted[1:]
    if first == "**":
        return any(_glob_matches(parts[count:], rest) for count in range(len(parts) + 1)
                   if not any(part.startswith(".") for part in parts[:count]))
    return bool(parts) and _name_matches(parts[0], first) and _glob_matches(parts[1:], rest)


def _name_matches(name: str, part: str) -> bool:
    """Whether a file or folder name matches a part of a glob, compared in NFC: as ``glob`` does, ``*`` never
    matches a hidden name unless the part starts with a dot."""
    return fnmatch.fnmatchcase(nfc(name), nfc(part)) and (part.startswith(".") or not name.startswith("."))


def _in_skipped_folder(match: str, root: Path, named: set[str]) -> bool:
    """Whether a glob's match is in (or is) a folder that searching a folder skips (``node_modules``, ``.venv``,
    ``.git``…: see ``SKIP_DIRS``), below the configuration's folder, and that the glob does not name itself
    (``content/node_modules/**`` takes what is in it)."""
    return any(part in SKIP_DIRS and part not in named for part in Path(os.path.relpath(match, root)).parts)


def _relative(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path


def find_glossary(config: Config, targets: list[str]) -> Path | None:
    """The configured glossary, else ``glossary.yaml`` in a target directory or the nearest parent of one, up to
    the bank root: the configuration file's folder; without one, the top of the git repository the target is
    in, else the current directory. So the same file finds the same glossary wherever quizlint runs from."""
    configured = config.glossary_path()
    if configured is not None:
        if not configured.is_file():
            raise ConfigError(f"{config.source}: glossary not found: {configured}")
        return configured
    for target in targets:
        start = Path(target).resolve()
        directory = start if start.is_dir() else start.parent
        stop = (config.root.resolve() if config.source is not None
                else repository_root(directory) or Path.cwd().resolve())
        for candidate_dir in [directory, *directory.parents]:
            for name in GLOSSARY_NAMES:
                candidate = candidate_dir / name
                if candidate.is_file():
                    return candidate
            if candidate_dir == stop:
                break
    return None


def load_glossary(path: Path | None, data: bytes | None = None):
    """The glossary model and the findings about the glossary file itself (from ``data``, its bytes, when they
    were read already)."""
    if path is None:
        return None, []
    from quizlint.load.paths import display_path
    from quizlint.model import read_glossary

    return read_glossary(path, display_path(path), data)


__all__ = ["BankSettings", "ConfigError", "Finding", "find_glossary", "load_glossary"]
