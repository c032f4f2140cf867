"""Trick ``yaml_build``: KB YAML values built from the composed nodes, not by PyYAML's safe constructor.

Two parts, both giving exactly what the KB loader (``checker/kb/yamlio.py``, ``_KBLoader``: the safe loader that
refuses a key written twice and numbers out of range) gives, faster:

- a loader subclass (``fast_loader``) whose ``resolve`` finds a scalar's tag from a table by first character,
  remembering short plain scalars, and whose path resolvers are built-ins that do nothing (there are no path
  resolvers: libyaml's composer still calls both for each of a KB's two million nodes);
- ``_build``: the values of the composed nodes built directly (strings, lists, dicts), other plain scalars
  through the loader's own constructor, anything else (a merge key, ``!!set``, an unknown tag) by the loader
  itself, which builds it or reports it as it always has.

Plain: ``yaml.load(text, Loader=<the KB loader>)``. ``tests/test_yaml_build.py`` and ``tests/test_fast.py``
compare the two.
"""

from __future__ import annotations

import functools
from typing import Any

import yaml

# The tag of short plain scalars, as resolve found it (the implicit resolvers are fixed once the module is
# loaded, so a value's tag never changes): bounded in length and count.
_PLAIN_TAGS: dict[str, str] = {}
_PLAIN_TAG_CHARS, _PLAIN_TAGS_KEPT = 32, 50_000


@functools.cache
def fast_loader(base: type) -> type:
    """``base`` with the fast ``resolve``; ``base`` itself while it has wildcard or path resolvers (PyYAML has
    none unless a program adds them), which the fast one does not follow."""
    implicit = {ch: tuple(found) for ch, found in base.yaml_implicit_resolvers.items()}
    if None in implicit or base.yaml_path_resolvers:  # pragma: no cover - nothing in rulekb adds them
        return base

    class FastLoader(base):  # type: ignore[misc,valid-type]
        def resolve(self, kind, value, implicit_flags):
            """The resolver's tag for a node, without building a list of resolvers each time: the same tags as
            ``yaml.resolver.Resolver.resolve`` (a test compares them)."""
            if kind is yaml.ScalarNode:
                if implicit_flags[0]:
                    tag = _PLAIN_TAGS.get(value)
                    if tag is not None:  # a short plain scalar seen before: most are keys ('text', 'line'), numbers
                        return tag
                    tag = "tag:yaml.org,2002:str"
                    for candidate, regexp in implicit.get(value[:1], ()):
                        if regexp.match(value):
                            tag = candidate
                            break
                    if len(value) <= _PLAIN_TAG_CHARS and len(_PLAIN_TAGS) < _PLAIN_TAGS_KEPT:
                        _PLAIN_TAGS[value] = tag
                    return tag
                return "tag:yaml.org,2002:str"
            return "tag:yaml.org,2002:seq" if kind is yaml.SequenceNode else "tag:yaml.org,2002:map"

        # No path resolvers, so no path to follow: PyYAML's own descend_resolver and ascend_resolver return at
        # once, after a lookup; these are built-ins that do nothing with their arguments ({}.get(node, index)
        # answers index; tuple() answers ()): no Python frame per node.
        descend_resolver = staticmethod({}.get)
        ascend_resolver = staticmethod(tuple)

    return FastLoader


_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
# Scalars whose constructor returns the value at once (no generator): built through the loader's own constructor.
_PLAIN_SCALARS = frozenset("tag:yaml.org,2002:" + t for t in ("null", "bool", "int", "float", "timestamp"))
_ScalarNode, _SequenceNode, _MappingNode = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode


class _LoaderDecides(Exception):
    """Raised by ``_build`` for a document only the loader itself reads right (a key written twice): ``load``
    loads it again with the loader, which reports it."""


def _build(loader, node) -> Any:
    """The value of a composed node, exactly as ``loader`` constructs it, without the safe constructor's
    generators and bookkeeping (which cost as much as parsing). Anchors and aliases never get here (the KB
    loader's caller refuses them first). A key written twice hands the document back to the loader."""
    kind = type(node)
    if kind is _ScalarNode:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag in _PLAIN_SCALARS:
            return loader.yaml_constructors[tag](loader, node)
    elif kind is _SequenceNode:
        if node.tag == _SEQ:
            return [_build(loader, item) for item in node.value]
    elif kind is _MappingNode and node.tag == _MAP:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag != _STR or type(key_node) is not _ScalarNode:  # merge keys, numbers, lists as keys
                return loader.construct_object(node, deep=True)
            key = key_node.value
            if key in out:
                raise _LoaderDecides
            out[key] = _build(loader, value_node)
        return out
    return loader.construct_object(node, deep=True)


def load(text: str, base: type) -> Any:
    """``yaml.load(text, Loader=base)``, with the values built by ``_build``. A document ``_build`` refuses is
    loaded again by the loader itself, so the error reported is the loader's (of several faults, the loader
    names the one of the outermost mapping first)."""
    cls = fast_loader(base)
    loader = cls(text)
    try:
        node = loader.get_single_node()  # a syntax error is raised here, as by yaml.load
        if node is None:
            return None
        try:
            return _build(loader, node)
        except (_LoaderDecides, yaml.YAMLError, ValueError, OverflowError):
            pass  # loaded again below: the loader builds it or reports the error as it always has
    finally:
        loader.dispose()
    return yaml.load(text, Loader=cls)
