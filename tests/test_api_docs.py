"""docs/api.md's examples are doctests: run them so the Python API documentation stays true."""
import doctest
from pathlib import Path

API_DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def test_api_doc_examples():
    result = doctest.testfile(str(API_DOC), module_relative=False, optionflags=doctest.ELLIPSIS,
                              verbose=False, report=True)
    assert result.attempted > 30
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in docs/api.md failed"
