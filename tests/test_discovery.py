"""Which quiz files a folder search takes, through the CLI: links to folders are followed (each folder once, no
loops), what git ignores is left out, and whatever is named explicitly is linted."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import quiz_yaml
from test_cli_lint import CLEAN_ITEMS, FLAWED_ITEMS

needs_links = pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def linted(run, cwd: Path, *paths: str, select: str = "D001,K001") -> list[tuple[str, str]]:
    """(file, code) of every finding of `quizlint lint` (D001 duplicate ids and K001 missing keys) run in ``cwd``."""
    result = run("lint", "--no-cache", "--format", "json", "--select", select, *paths, cwd=cwd)
    assert result.exit_code in (0, 1), result.output + result.stderr
    return sorted({(finding["file"], finding["code"]) for finding in json.loads(result.stdout)})


def checked(run, cwd: Path, *paths: str) -> str:
    return run("lint", "--no-cache", "--select", "K001", *paths, cwd=cwd).stdout.splitlines()[-1]


@pytest.fixture
def repo(tmp_path) -> Path:
    """A git work tree (``.git``) holding a clean quiz in content/, and a copy of it in build/, which git ignores."""
    root = tmp_path / "repo"
    (root / ".git" / "info").mkdir(parents=True)
    write(root / "content" / "geo.quiz.yaml", quiz_yaml(CLEAN_ITEMS, quiz_id="geo"))
    write(root / "build" / "geo.quiz.yaml", quiz_yaml(CLEAN_ITEMS, quiz_id="geo"))
    write(root / ".gitignore", "# generated\nbuild/\n")
    return root


# --- what git ignores ------------------------------------------------------------------------------------------------

def test_a_git_ignored_folder_is_not_linted_and_makes_no_duplicates(run, repo):
    assert linted(run, repo) == linted(run, repo, ".") == []  # no D001 between content/ and build/'s copy
    assert checked(run, repo) == "All clean: 1 file checked, no problems."
    assert checked(run, repo / "content", "..") == "All clean: 1 file checked, no problems."


def test_what_git_ignores_is_linted_when_named_explicitly(run, repo):
    write(repo / "build" / "flawed.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="flawed"))
    assert linted(run, repo, "build/flawed.quiz.yaml") == [("build/flawed.quiz.yaml", "K001")]
    # a folder git ignores, named, is searched whole (git reads no rules inside an ignored folder either)
    write(repo / "build" / ".gitignore", "*.quiz.yaml\n")
    assert linted(run, repo, "build") == [("build/flawed.quiz.yaml", "K001")]
    assert checked(run, repo / "build") == "Found 1 error in 2 files."


def test_nested_gitignore_files_negations_and_info_exclude(run, repo):
    for name in ("drafts/a.quiz.yaml", "drafts/keep.quiz.yaml", "content/scratch/b.quiz.yaml",
                 "content/local.quiz.yaml", "content/deep/x.quiz.yaml"):
        write(repo / name, quiz_yaml(FLAWED_ITEMS, quiz_id=Path(name).stem.split(".")[0]))
    write(repo / ".gitignore", "build/\ndrafts/*\n!drafts/keep.quiz.yaml\n")
    write(repo / "content" / ".gitignore", "scratch/\n/deep/\n")
    write(repo / ".git" / "info" / "exclude", "local.quiz.yaml\n")
    assert linted(run, repo) == [("drafts/keep.quiz.yaml", "K001")]
    # a deeper .gitignore wins over one above it
    write(repo / "content" / ".gitignore", "scratch/\n!/local.quiz.yaml\n")
    assert linted(run, repo, select="K001") == [("content/deep/x.quiz.yaml", "K001"),
                                                ("content/local.quiz.yaml", "K001"), ("drafts/keep.quiz.yaml", "K001")]


def test_a_nested_repository_follows_its_own_rules(run, repo):
    write(repo / "vendor" / "bank" / ".git", "gitdir: ../../.git/modules/bank\n")  # a submodule
    write(repo / ".git" / "modules" / "bank" / "info" / "exclude", "old/\n")
    write(repo / "vendor" / "bank" / "old" / "a.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="a"))
    write(repo / "vendor" / "bank" / "build" / "b.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="b"))
    # the submodule's own exclude ignores old/; the outer repository's build/ pattern does not apply in it
    assert linted(run, repo, select="K001") == [("vendor/bank/build/b.quiz.yaml", "K001")]
    write(repo / "vendor" / "bank" / ".gitignore", "build/\n")
    assert linted(run, repo, select="K001") == []


def test_a_glob_in_paths_leaves_out_what_git_ignores_below_the_folder_it_names(run, repo):
    write(repo / "quizlint.toml", 'paths = ["**/*.quiz.yaml"]\n')
    assert checked(run, repo) == "All clean: 1 file checked, no problems."
    write(repo / "quizlint.toml", 'paths = ["build/*.quiz.yaml"]\n')  # named before the wildcard: taken
    assert checked(run, repo) == "All clean: 1 file checked, no problems."
    write(repo / "quizlint.toml", 'paths = ["*/geo.quiz.yaml", "b*/*.quiz.yaml"]\n')
    result = run("lint", "--no-cache", cwd=repo)
    assert result.exit_code == 2
    assert result.stderr == (f"quizlint: {repo / 'quizlint.toml'}: `paths` entry \"b*/*.quiz.yaml\" matches no file or "
                             f"directory that git does not ignore (paths are relative to {repo})\n")


def test_outside_a_repository_a_gitignore_means_nothing(run, repo):
    (repo / ".git" / "info").rmdir()
    (repo / ".git").rmdir()
    if any((parent / ".git").exists() for parent in repo.parents):
        pytest.skip("the temporary directory lies inside a git repository")
    assert linted(run, repo) == [("content/geo.quiz.yaml", "D001")]  # a duplicate of build/'s copy


# --- the same files as git -------------------------------------------------------------------------------------------

BANK = ["a.quiz.yaml", "content/b.quiz.yaml", "content/build/c.quiz.yaml", "content/sub/d.quiz.yaml",
        "content/sub/deep/e.quiz.yaml", "build/f.quiz.yaml", "content/A.QUIZ.yaml", "content/[x].quiz.yaml"]
IGNORE_FILES = [  # .gitignore files (or .git/info/exclude) by the folder they are in, and their text
    {".": "*\n!*/\n!*.quiz.yaml\n"},  # "allowlist": ignore all, then take back the folders and the quiz files
    {".": "**\n!**/\n!**/*.quiz.yaml\n"},
    {"content": "*\n!*/\n!*.yaml\n"},
    {".": "*\n!*/\n!content/**/*.quiz.yaml\n"},
    {".": "*.quiz.yaml\n!content/\n"},  # a folder taken back does not take back the files in it
    {".": "*.yaml\n!content/**\n"},
    {".": "content/**\n!content/sub/\n"},
    {".": "content/**\n!content/b.quiz.yaml\n"},  # content/** matches what is in content, not content
    {".": "content/*\n!content/*/\n"},
    {".": "/*\n!/content/\n"},
    {".": "content/\n!content/sub/d.quiz.yaml\n"},  # nothing comes back out of an ignored folder
    {".": "sub\n!sub/\n"},
    {".": "sub/\n!sub\n"},
    {".": "build/\n"},
    {".": "/build\n"},
    {"content": "/build/\n"},
    {".": "content/sub/\n", "content": "!sub/\n"},
    {".": "*.quiz.yaml\n", "content/sub": "!*.quiz.yaml\n"},
    {".": "content/**/deep\n"},
    {".": "**/build\n"},
    {".": "sub/deep\n"},
    {"content": "sub/deep\n"},
    {".": "build \n"},
    {".": "build\\ \n\\#x\n"},
    {".": "build\r\ncontent/sub\r\n"},
    {".git/info": "build\n"},
    {".": "content/[bs]*\n"},
    {".": "content/[!b]*\n?uild\n"},
    {".": "\\[x].quiz.yaml\n"},
    {".": "*.QUIZ.yaml\n"},
]


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("ignore_files", IGNORE_FILES, ids=lambda files: " | ".join(files.values()))
def test_a_folder_search_takes_what_git_does_not_ignore(run, tmp_path, ignore_files):
    root = tmp_path / "bank"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for name in BANK:
        write(root / name, quiz_yaml(FLAWED_ITEMS, quiz_id=Path(name).name.split(".")[0].strip("[]")))
    for folder, text in ignore_files.items():
        write(root / folder / ("exclude" if folder == ".git/info" else ".gitignore"), text)
    listed = subprocess.run(["git", "-C", str(root), "ls-files", "--others", "--exclude-standard"], check=True,
                            capture_output=True, text=True).stdout.splitlines()
    expected = sorted(name for name in listed if name.endswith(".quiz.yaml"))  # A.QUIZ.yaml is no quiz file
    assert [file for file, _ in linted(run, root, select="K001")] == expected


def test_a_search_that_finds_only_git_ignored_quiz_files_says_so(run, repo):
    write(repo / ".gitignore", "*.quiz.yaml\n")
    result = run("lint", "--no-cache", cwd=repo)
    assert result.exit_code == 0
    assert result.stderr == ("quizlint: warning: no quiz files (*.quiz.yaml) found in . (git ignores 2 quiz files "
                             "there: see .gitignore)\n")
    assert run("lint", "--no-cache", "content", cwd=repo).stderr.endswith("(git ignores 1 quiz file there: see "
                                                                          ".gitignore)\n")


# --- links to folders ----------------------------------------------------------------------------------------------

@needs_links
def test_a_symlinked_folder_in_the_bank_is_linted(run, repo, tmp_path):
    write(tmp_path / "elsewhere" / "y.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="y"))
    (repo / "content" / "linked").symlink_to("../../elsewhere", target_is_directory=True)
    for cwd, paths, shown in ((repo, ["content"], "content/linked/y.quiz.yaml"),
                              (repo, [], "content/linked/y.quiz.yaml"), (repo / "content", [], "linked/y.quiz.yaml")):
        assert linted(run, cwd, *paths) == [(shown, "K001")]


@needs_links
def test_a_file_in_a_linked_folder_keeps_the_name_it_was_found_by_when_its_target_is_in_the_folder_too(run, repo):
    # (the target inside the current folder: the file was shown by its real path, which per-file-ignores
    # written for the name in the bank did not match)
    write(repo / "real" / "y.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="y"))
    (repo / "content" / "linked").symlink_to("../real", target_is_directory=True)
    assert ("content/linked/y.quiz.yaml", "K001") in linted(run, repo, "content")
    write(repo / "quizlint.toml", '[per-file-ignores]\n"content/linked/*" = ["K001"]\n')
    assert ("content/linked/y.quiz.yaml", "K001") not in linted(run, repo, "content")


@needs_links
def test_links_that_loop_or_repeat_are_followed_once(run, repo):
    content = repo / "content"
    (content / "up").symlink_to("..", target_is_directory=True)  # the folder it is in: would leave content/
    (content / "self").symlink_to(".", target_is_directory=True)
    (content / "a-alias").symlink_to("sub", target_is_directory=True)  # sorted before the real folder
    write(content / "sub" / "s.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="s"))
    (content / "sub" / "back").symlink_to("../sub", target_is_directory=True)
    assert linted(run, repo, "content") == [("content/sub/s.quiz.yaml", "K001")]  # its real folder's name
    assert checked(run, repo, "content") == "Found 1 error in 2 files."


@needs_links
def test_a_paths_glob_with_double_star_follows_links_once_like_a_folder_search(run, run_process, repo, tmp_path):
    content = repo / "content"
    for folder in ("a", "b"):
        (content / folder).mkdir()
        (content / folder / "up").symlink_to("..", target_is_directory=True)  # glob.glob went round these forever
    write(tmp_path / "elsewhere" / "y.quiz.yaml", quiz_yaml(FLAWED_ITEMS, quiz_id="y"))
    (content / "a" / "linked").symlink_to("../../../elsewhere", target_is_directory=True)
    (content / "alias").symlink_to("a", target_is_directory=True)  # a folder reached twice: taken once
    write(repo / "quizlint.toml", 'paths = ["content/**/*.quiz.yaml"]\n')
    result = run_process("lint", "--no-cache", "--format", "json", "--select", "D001,K001", cwd=repo, timeout=60)
    assert result.returncode == 1, result.stderr
    files = sorted({(finding["file"], finding["code"]) for finding in json.loads(result.stdout)})
    assert files == [("content/a/linked/y.quiz.yaml", "K001")]
    assert files == linted(run, repo, "content")  # what a folder search takes
