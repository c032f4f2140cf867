"""Issue 34 (proposed for tests/test_ci_validation.py, after .pre-commit-hooks.yaml is merged): the hook's files
pattern finds the texts where the README keeps them (texts/), where the example workflow keeps them (events/), and
KB YAML; a repository overrides it with pre-commit's own `files:`."""

import re

import yaml

from .conftest import REPO


def test_hook_pattern_matches_the_readme_layout():
    hook = next(h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
                if h["id"] == "rulekb")
    pattern = re.compile(hook["files"])
    for path in ("texts/early.txt", "examples/coldwar/texts/late.txt", "events/new.txt", "event/a.txt",
                 "rules/text/b.txt", "kb/events/eu/vii/07.yaml", "kb/accepted.yml"):
        assert pattern.search(path), path
    for path in ("README.md", "notes.txt", "docs/texts.md", "contexts/a.txt", "texts/a.yaml"):
        assert not pattern.search(path), path
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "texts/*.txt" in readme and "files:" in readme  # the README's layout, and how to change the pattern
