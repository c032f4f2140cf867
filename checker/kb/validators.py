"""Compiled schema validators, cached on disk, signed.

fastjsonschema turns a JSON Schema into Python source; generating and compiling it costs tens of milliseconds
per schema, which is a large share of checking a small KB. The compiled code is therefore kept in rulekb's
cache folder (``checker/kb/cachedir.py``) under the SHA-256 of the schema text, the fastjsonschema version and
Python's bytecode magic number, so an edited schema, a new fastjsonschema or another Python never reuses stale
code. The cache folder is not trusted (anyone who can write it would otherwise run code in every later rulekb
process): each entry is authenticated with a per-user key kept outside it (``checker/kb/cachedir.py``), and an entry
whose signature does not verify is never unmarshalled, only regenerated. An unreadable or unwritable cache
folder, or no place for the key, falls back to compiling in memory."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import marshal
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import fastjsonschema

from .._fast import validator_paths
from .cachedir import read_cached, write_cached


def _key(schema_text: str) -> str:
    version = getattr(fastjsonschema, "VERSION", "") or getattr(fastjsonschema, "__version__", "")
    magic = importlib.util.MAGIC_NUMBER.hex()  # bytecode is only valid for the Python that wrote it
    return hashlib.sha256(f"{version}\0{magic}\0{validator_paths.stamp()}\0{schema_text}".encode()).hexdigest()[:32]


_ENTRY = re.compile(r"^def (validate\w*)\(", re.MULTILINE)


def _generate(schema_text: str) -> str:
    code = validator_paths.edit(fastjsonschema.compile_to_code(json.loads(schema_text)))
    entry = _ENTRY.search(code)  # the schema's own function is generated first, its $refs after it
    if entry is None:
        raise fastjsonschema.JsonSchemaDefinitionException("fastjsonschema generated no validate function")
    # compile_to_code leaves out the Decimal import for some schemas (fastjsonschema 2.22); compile() has it.
    return f"from decimal import Decimal\n{code}\nrulekb_entry = {entry.group(1)}\n"


def _load(code: Any) -> Callable[[Any], Any]:
    namespace: dict[str, Any] = {}
    exec(code, namespace)  # noqa: S102 - code fastjsonschema generated from our schema
    return namespace["rulekb_entry"]


def fast_validator(schema_text: str) -> Callable[[Any], Any]:
    """A validator function raising ``fastjsonschema.JsonSchemaException`` on the first error."""
    return _validator(schema_text, validator_paths.stamp())


@lru_cache(maxsize=32)
def _validator(schema_text: str, stamp: str) -> Callable[[Any], Any]:
    name = f"schema-{_key(schema_text)}.marshal"
    data = read_cached(name)  # None unless its tag verifies under this user's key: forged entries are rebuilt
    if data is not None:
        try:
            return _load(marshal.loads(data))
        except Exception:  # noqa: BLE001 - an entry signed by an older rulekb that no longer loads
            data = None  # rebuilt below
    code = compile(_generate(schema_text), f"<schema validator {name}>", "exec")
    write_cached(name, marshal.dumps(code))
    return _load(code)
