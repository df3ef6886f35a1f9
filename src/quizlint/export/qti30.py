"""``--to qti30``: the QTI 2.1 content in QTI 3.0 (``qti-assessment-item``, ``qti-choice-interaction``, …) in
a QTI 3.0 content package (zip); layout, scoring and languages as for ``qti21`` (see ``_qti``).
"""

from __future__ import annotations

from quizlint.export._common import ContentPackage, ExportBank, ExportOptions, ExportOutput
from quizlint.export._qti import Dialect, export_package

NAME = "qti30"
DESCRIPTION = "IMS QTI 3.0 content package (zip): one qti-assessment-test per quiz, one qti-assessment-item per item"
SUFFIX = "-qti30.zip"
BINARY = True
MULTILINGUAL = True
DEFAULT_LANG = "source"
ITEM_TYPES = ("single", "multiple", "true_false", "numerical", "short_answer", "matching", "ordering", "essay")

DIALECT = Dialect(
    format_name=NAME,
    version="3.0",
    namespace="http://www.imsglobal.org/xsd/imsqtiasi_v3p0",
    schema_location="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 "
                    "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd",
    templates="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/",
    template_suffix=".xml",
    package=ContentPackage(
        namespace="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1",
        schema_location="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1 "
                        "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd",
        schema="QTI Package",
        schema_version="3.0.0",
    ),
    resource_suffix="v3p0",
    content_body=True,
)


def export(bank: ExportBank, options: ExportOptions) -> ExportOutput:
    return export_package(DIALECT, bank, options)
