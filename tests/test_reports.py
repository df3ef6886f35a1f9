"""`quizlint lint --format sarif|github|junit`: what CI systems read, checked the way they read it."""

from __future__ import annotations

import json

import pytest

from conftest import quiz_yaml, shared_dir
from quizlint.lint.report._repo import repository_root
from quizlint.lint.report.github import escape_data, escape_property
from quizlint.lint.report.junit import xml_text

SELECT = ("--select", "K001,K002,B004,D003")

MIXED_ITEMS = """
- id: no-key
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
    - text: İstanbul
    - text: İzmir
    - text: Bursa
- id: two-keys
  stem: {en: "Which number is an even prime?", tr: "Hangi sayı çift bir asal sayıdır?"}
  options:
    - {text: "2", correct: true}
    - {text: "3", correct: true}
    - {text: "9"}
    - {text: "15"}
- id: long-key
  stem: {en: "What must a checkpoint hold to resume training?", tr: "Eğitimi sürdürmek için ne gerekir?"}
  options:
    - text: {en: "The weights only", tr: "Yalnızca ağırlıklar"}
    - text: {en: "The weights with the optimizer, scheduler and random-number-generator state", tr: "Ağırlıklar ve optimize edici durumu"}
      correct: true
    - text: {en: "The loss curve", tr: "Kayıp eğrisi"}
    - text: {en: "The config", tr: "Yapılandırma"}
- id: three-options
  stem: {en: "Which planet is largest?", tr: "En büyük gezegen hangisidir?"}
  options:
    - {text: Jupiter, correct: true}
    - {text: Mars}
    - {text: Venus}
"""

CLEAN_ITEMS = """
- id: capital
  stem: {en: "Which city is the capital of France?", tr: "Fransa'nın başkenti hangi şehirdir?"}
  options:
    - {text: Paris, correct: true}
    - {text: Lyon}
    - {text: Nice}
    - {text: Lille}
"""


@pytest.fixture
def repo(tmp_path):
    """A repository (with `.git`) holding a bank in `bank/`: one file with findings, one clean file."""
    (tmp_path / ".git").mkdir()
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "mixed.quiz.yaml").write_text(quiz_yaml(MIXED_ITEMS, quiz_id="mixed"), encoding="utf-8")
    (bank / "clean.quiz.yaml").write_text(quiz_yaml(CLEAN_ITEMS, quiz_id="clean"), encoding="utf-8")
    return tmp_path


def lint_report(run, fmt: str, *paths, cwd, extra=()) -> tuple[int, str]:
    result = run("lint", "--format", fmt, *SELECT, *extra, *(paths or (".",)), cwd=cwd)
    return result.exit_code, result.stdout


def json_findings(run, cwd, *paths) -> list[dict]:
    return json.loads(run("lint", "--format", "json", "--exit-zero", *SELECT, *(paths or (".",)), cwd=cwd).stdout)


# --- SARIF -------------------------------------------------------------------------------------------------

def sarif_validator():
    import jsonschema

    schema = json.loads((shared_dir("sarif") / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema)


def test_sarif_with_errors_warnings_and_notes_validates_against_the_schema(run, repo):
    code, output = lint_report(run, "sarif", cwd=repo / "bank")
    assert code == 1  # the errors still fail the run
    log = json.loads(output)
    sarif_validator().validate(log)
    results = log["runs"][0]["results"]
    assert {result["level"] for result in results} == {"error", "warning", "note"}
    assert sorted(result["ruleId"] for result in results) == ["B004", "D003", "K001", "K002"]


def test_a_clean_sarif_run_validates_too(run, repo):
    code, output = lint_report(run, "sarif", "clean.quiz.yaml", cwd=repo / "bank")
    assert code == 0
    log = json.loads(output)
    sarif_validator().validate(log)
    assert log["runs"][0]["results"] == []
    assert log["runs"][0]["tool"]["driver"]["name"] == "quizlint"


def test_sarif_results_carry_what_github_code_scanning_needs(run, repo):
    log = json.loads(lint_report(run, "sarif", cwd=repo / "bank")[1])
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    sarif_run = log["runs"][0]
    assert sarif_run["columnKind"] == "unicodeCodePoints"
    rules = sarif_run["tool"]["driver"]["rules"]
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"].startswith(f"# {rule['id']} ")
    expected = json_findings(run, repo / "bank")
    located = []
    for result in sarif_run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert list(result["partialFingerprints"]) == ["quizlint/v1"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"] == {"uri": "bank/mixed.quiz.yaml", "uriBaseId": "%SRCROOT%"}
        located.append((result["ruleId"], location["region"]["startLine"], location["region"]["startColumn"],
                        result["message"]["text"]))
    assert located == [(f["code"], f["line"], f["column"], f["message"]) for f in expected]
    levels = {rule["id"]: rule["defaultConfiguration"]["level"] for rule in rules}
    assert levels == {"B004": "warning", "D003": "note", "K001": "error", "K002": "error"}


def test_sarif_is_deterministic_and_fingerprints_survive_moving_lines(run, repo):
    bank = repo / "bank"
    first = lint_report(run, "sarif", cwd=bank)[1]
    assert lint_report(run, "sarif", cwd=bank)[1] == first
    mixed = bank / "mixed.quiz.yaml"
    mixed.write_text("# a comment that moves every line down\n" + mixed.read_text(encoding="utf-8"), encoding="utf-8")
    moved = json.loads(lint_report(run, "sarif", cwd=bank)[1])["runs"][0]["results"]
    before = json.loads(first)["runs"][0]["results"]
    assert [r["partialFingerprints"] for r in moved] == [r["partialFingerprints"] for r in before]
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in moved] == [
        r["locations"][0]["physicalLocation"]["region"]["startLine"] + 1 for r in before]
    assert len({json.dumps(r["partialFingerprints"]) for r in moved}) == len(moved)


def test_sarif_uris_are_percent_encoded_and_relative_to_the_repository(run, repo, run_process):
    bank = repo / "bank"
    (bank / "mixed.quiz.yaml").rename(bank / "sınav 1.quiz.yaml")
    process = run_process("lint", "--format", "sarif", *SELECT, "-o", repo / "report.sarif", ".", cwd=bank)
    assert process.returncode == 1, process.stderr
    assert process.stdout == ""
    log = json.loads((repo / "report.sarif").read_text(encoding="utf-8"))
    sarif_validator().validate(log)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"bank/s%C4%B1nav%201.quiz.yaml"}


def test_without_a_repository_uris_are_relative_to_the_current_directory(run, tmp_path):
    if repository_root(tmp_path) is not None:
        pytest.skip("the temporary directory lies inside a git repository")
    (tmp_path / "mixed.quiz.yaml").write_text(quiz_yaml(MIXED_ITEMS), encoding="utf-8")
    log = json.loads(lint_report(run, "sarif", cwd=tmp_path)[1])
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
    assert uris == {"mixed.quiz.yaml"}


def report_paths(run, fmt: str, *paths, cwd) -> list[str]:
    """The file of every finding of a sarif or github report, in order."""
    output = lint_report(run, fmt, *paths, cwd=cwd)[1]
    if fmt == "sarif":
        return [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for r in json.loads(output)["runs"][0]["results"]]
    return [line.split("file=", 1)[1].split(",", 1)[0] for line in output.splitlines() if line.startswith("::")]


@pytest.mark.parametrize("fmt", ["sarif", "github"])
def test_paths_are_relative_to_the_repository_of_the_file_not_of_the_current_directory(run, tmp_path, fmt):
    # GitHub Actions with `actions/checkout` and `path: repo`: the workflow runs in the folder above the checkout
    if repository_root(tmp_path) is not None:
        pytest.skip("the temporary directory lies inside a git repository")
    for name in ("repo", "other"):
        (tmp_path / name / ".git").mkdir(parents=True)
        (tmp_path / name / "bank").mkdir()
        (tmp_path / name / "bank" / "mixed.quiz.yaml").write_text(quiz_yaml(MIXED_ITEMS, quiz_id=name),
                                                                  encoding="utf-8")
    found = report_paths(run, fmt, "repo/bank", "other/bank", cwd=tmp_path)
    assert found and set(found) == {"bank/mixed.quiz.yaml"}
    # a nested repository (a submodule) is its own repository, also seen from the outer one
    (tmp_path / "repo" / "bank" / "vendor" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "bank" / "mixed.quiz.yaml").rename(tmp_path / "repo" / "bank" / "vendor" / "v.quiz.yaml")
    assert set(report_paths(run, fmt, "bank", "../other/bank", cwd=tmp_path / "repo")) == {
        "v.quiz.yaml", "bank/mixed.quiz.yaml"}


# --- GitHub annotations ------------------------------------------------------------------------------------

def test_github_annotations_one_per_finding_with_the_right_command(run, repo):
    code, output = lint_report(run, "github", cwd=repo / "bank")
    assert code == 1
    lines = output.splitlines()
    expected = json_findings(run, repo / "bank")
    commands = {"error": "error", "warning": "warning", "info": "notice"}
    assert lines[:-1] == [
        f"::{commands[f['severity']]} file=bank/mixed.quiz.yaml,line={f['line']},col={f['column']},"
        f"title={f['code']} {f['rule']}::{f['message']}" for f in expected
    ]
    assert lines[-1].startswith("Found 2 errors, 1 warning, 1 info in 2 files")
    assert "Found" not in lint_report(run, "github", cwd=repo / "bank", extra=("--quiet",))[1]


def test_github_escapes_commas_and_colons_in_file_names(run, repo):
    bank = repo / "bank"
    (bank / "mixed.quiz.yaml").rename(bank / "a,b:c%.quiz.yaml")
    output = lint_report(run, "github", cwd=bank)[1]
    assert "::error file=bank/a%2Cb%3Ac%25.quiz.yaml,line=" in output


def test_github_escaping_rules():
    assert escape_data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b"
    assert escape_property("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext%3A a%2C b"


# --- JUnit -------------------------------------------------------------------------------------------------

def parse_junit(output: str):
    from lxml import etree

    return etree.fromstring(output.encode("utf-8"))


def test_junit_has_one_testcase_per_file_and_fails_the_file_with_findings(run, repo):
    code, output = lint_report(run, "junit", cwd=repo / "bank")
    assert code == 1
    root = parse_junit(output)
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert [(case.get("classname"), case.get("name")) for case in cases] == [
        ("clean.quiz.yaml", "clean.quiz.yaml"), ("mixed.quiz.yaml", "mixed.quiz.yaml")]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    assert (root.get("tests"), root.get("failures")) == ("2", "1")
    assert cases[0].find("failure") is None
    failure = cases[1].find("failure")
    assert failure.get("message") == "2 problems (2 errors)"  # what fails the run (--fail-on error)…
    expected = json_findings(run, repo / "bank")
    lines = [f"{f['file']}:{f['line']}:{f['column']}: {f['code']} [{f['severity']}] {f['message']}" for f in expected]
    assert failure.get("type") == " ".join(sorted({f["code"] for f in expected if f["severity"] == "error"}))
    assert failure.text.splitlines() == [line for line in lines if "[error]" in line]
    assert cases[1].findtext("system-out").splitlines() == [line for line in lines if "[error]" not in line]  # …the rest


def test_junit_for_a_clean_bank_passes_every_file(run, repo):
    (repo / "bank" / "mixed.quiz.yaml").unlink()
    code, output = lint_report(run, "junit", cwd=repo / "bank")
    assert code == 0
    suite = assert_junit_shape(output).find("testsuite")
    assert (suite.get("tests"), suite.get("failures")) == ("1", "0")
    assert suite.find("testcase/failure") is None
    assert lint_report(run, "junit", cwd=repo / "bank")[1] == output  # deterministic


# The shape CI servers read (the JUnit schema Jenkins, GitLab and the test-reporter actions follow, reduced to what
# quizlint writes): in a testcase, the failure before system-out.
JUNIT_XSD = b"""<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:simpleType name="count"><xs:restriction base="xs:nonNegativeInteger"/></xs:simpleType>
  <xs:element name="testsuites">
    <xs:complexType>
      <xs:sequence><xs:element ref="testsuite" maxOccurs="unbounded"/></xs:sequence>
      <xs:attribute name="name" type="xs:string"/>
      <xs:attribute name="tests" type="count" use="required"/>
      <xs:attribute name="failures" type="count" use="required"/>
      <xs:attribute name="errors" type="count" use="required"/>
    </xs:complexType>
  </xs:element>
  <xs:element name="testsuite">
    <xs:complexType>
      <xs:sequence><xs:element ref="testcase" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
      <xs:attribute name="name" type="xs:string" use="required"/>
      <xs:attribute name="tests" type="count" use="required"/>
      <xs:attribute name="failures" type="count" use="required"/>
      <xs:attribute name="errors" type="count" use="required"/>
      <xs:attribute name="skipped" type="count"/>
    </xs:complexType>
  </xs:element>
  <xs:element name="testcase">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="failure" minOccurs="0">
          <xs:complexType><xs:simpleContent><xs:extension base="xs:string">
            <xs:attribute name="message" type="xs:string" use="required"/>
            <xs:attribute name="type" type="xs:string" use="required"/>
          </xs:extension></xs:simpleContent></xs:complexType>
        </xs:element>
        <xs:element name="system-out" type="xs:string" minOccurs="0"/>
      </xs:sequence>
      <xs:attribute name="name" type="xs:string" use="required"/>
      <xs:attribute name="classname" type="xs:string" use="required"/>
      <xs:attribute name="file" type="xs:string"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
"""


def assert_junit_shape(output: str):
    from lxml import etree

    schema = etree.XMLSchema(etree.fromstring(JUNIT_XSD))
    root = parse_junit(output)
    assert schema.validate(root), schema.error_log
    suite = root.find("testsuite")
    failed = [case for case in suite.findall("testcase") if case.find("failure") is not None]
    assert suite.get("failures") == root.get("failures") == str(len(failed))
    assert suite.get("tests") == str(len(suite.findall("testcase")))
    return root


def test_junit_fails_only_for_findings_at_or_above_fail_on(run, repo):
    bank = repo / "bank"
    (bank / "clean.quiz.yaml").unlink()

    def junit(*extra):
        result = run("lint", "--format", "junit", "--select", "B004", *extra, ".", cwd=bank)  # a warning, no error
        return result.exit_code, result.stdout

    found = json.loads(run("lint", "--format", "json", "--select", "B004", ".", cwd=bank).stdout)
    assert found and {f["severity"] for f in found} == {"warning"}
    code, output = junit()
    assert code == 0  # exits 0…
    suite = assert_junit_shape(output).find("testsuite")
    assert (suite.get("tests"), suite.get("failures")) == ("1", "0")  # …and the report agrees
    (case,) = suite.findall("testcase")
    assert case.find("failure") is None
    assert case.findtext("system-out").count("B004 [warning]") == len(found)
    code, strict = junit("--fail-on", "warning")
    assert code == 1
    suite = assert_junit_shape(strict).find("testsuite")
    assert suite.get("failures") == "1" and "B004 [warning]" in suite.find("testcase/failure").text
    assert suite.find("testcase/system-out") is None
    (bank / "quizlint.toml").write_text('fail-on = "warning"\n', encoding="utf-8")  # the configured threshold
    code, configured = junit()
    assert code == 1 and assert_junit_shape(configured).find("testsuite").get("failures") == "1"


def test_junit_drops_characters_xml_cannot_hold():
    assert xml_text("bell\x07 and\ttab") == "bell\ufffd and\ttab"


def _text_findings():
    from quizlint.diagnostics import Finding

    return [
        Finding("a.quiz.yaml", 3, 5, "K001", "no-key", "error", "the item has no key", "q1"),
        Finding("a.quiz.yaml", 9, 5, "B004", "longest-option-key", "warning", "the key is longest", "q2", True),
        Finding("b\x1b[31m.quiz.yaml", 1, 1, "W001", "absolute-terms", "info", "a bell\x07 in a message", "q3"),
        Finding("c.quiz.yaml", 2, 7, "T001", "missing-translation", "info", "no tr text", "q4"),
    ]


@pytest.mark.parametrize("color", [False, True])
def test_a_text_report_escapes_control_characters_in_names_and_messages(color):
    from quizlint.lint.engine import LintResult
    from quizlint.lint.report import text

    findings = _text_findings()
    rendered = text.render(LintResult(findings, ["a.quiz.yaml", "b\x1b[31m.quiz.yaml", "c.quiz.yaml"]), color=color)
    assert "\\x1b[31m" in rendered and "\\x07" in rendered
    assert "\x1b[31m.quiz" not in rendered and "\x07" not in rendered
    assert len(rendered.splitlines()) == len(findings) + 1  # a line per finding and the summary
