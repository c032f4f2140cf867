"""Trick ``lazy_clauses``: an event read from the KB cache decodes its clause trees when first used.

Checking one text against 30,000 cached events reads the clauses of a few of them only, so a cached event
keeps its ``conditions`` and ``body`` as the cache's packed bytes until one of them is read. The event is of a
subclass of the model's class (``lazy_class``) whose two properties unpack both trees on first use and then turn
the object into a plain instance of the model class (its ``__class__`` set back): from then on it is an ordinary
dataclass, equal to the same event read from YAML. Plain: ``decode`` unpacks at once.
"""

from __future__ import annotations

import dataclasses
import functools

from . import enabled


def decode(cls: type, values: list, packed: dict[str, bytes], unpack, lazy: bool | None = None) -> object:
    """An object of the dataclass ``cls`` from ``values`` (every field in order; those named in ``packed`` are
    placeholders), its ``packed`` fields made by ``unpack(name, bytes)``: at once (trick off), or on first use.
    ``lazy``: the switch as the caller read it (once for many objects), None to read it here."""
    if not (enabled("lazy_clauses") if lazy is None else lazy):
        obj = cls(*values)
        for name, blob in packed.items():
            setattr(obj, name, unpack(name, blob))
        return obj
    lazy, names = _classes.get((cls, *packed)) or _lazy(cls, tuple(packed))
    obj = lazy.__new__(lazy)  # the fields set as the dataclass's __init__ sets them, the packed ones left out
    held = obj.__dict__ = dict(zip(names, values))
    for name in packed:
        del held[name]
    held["_packed"] = (packed, unpack)
    return obj


_classes: dict[tuple, tuple[type, tuple[str, ...]]] = {}


def _lazy(cls: type, packed: tuple[str, ...]) -> tuple[type, tuple[str, ...]]:
    """The lazy subclass for ``packed`` and the names of ``cls``'s fields in order (kept in ``_classes``)."""
    if getattr(cls, "__post_init__", None) is not None:
        raise TypeError(f"{cls.__name__} has a __post_init__, which a lazy instance would skip")
    found = _classes[(cls, *packed)] = (lazy_class(cls, packed), tuple(f.name for f in dataclasses.fields(cls)))
    return found


@functools.cache
def lazy_class(cls: type, names: tuple[str, ...]) -> type:
    """The subclass of ``cls`` whose instances hold the fields ``names`` packed until one of them is read (the
    other fields are plain attributes)."""

    def _unpack(obj) -> None:
        held = obj.__dict__
        packed, unpack = held.pop("_packed", ({}, None))
        for name, blob in packed.items():
            held.setdefault(name, unpack(name, blob))  # a field set since decoding is kept
        obj.__class__ = cls

    def _field(name: str) -> property:
        def get(obj):
            if name not in obj.__dict__:
                _unpack(obj)
            return obj.__dict__[name]

        def set_(obj, value) -> None:
            obj.__dict__[name] = value

        return property(get, set_)

    def __eq__(self, other):
        _unpack(self)
        return self == other

    attrs = {name: _field(name) for name in names}
    attrs["__eq__"] = __eq__
    attrs["__hash__"] = cls.__hash__
    attrs["__slots__"] = ()
    return type(f"Lazy{cls.__name__}", (cls,), attrs)
