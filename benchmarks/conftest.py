"""Collect benchmarks/bench_*.py (pytest only collects test_*.py by default).

Run with:  pytest benchmarks --benchmark-only
They are not part of the test suite (pyproject's testpaths is tests/) and assert no timings."""
import pytest


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".py" and file_path.name.startswith("bench_"):
        return pytest.Module.from_parent(parent, path=file_path)
