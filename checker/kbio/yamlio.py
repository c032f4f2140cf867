"""Safe YAML reading with line numbers, and atomic writing.

Only safe loading is used. KB files may not use anchors or aliases (a knowledge base reviewed by people has no
need for them, and refusing them defeats alias bombs before anything is expanded); files over a size limit
are refused. Errors carry file, line and column.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from typing import Any

import yaml

try:  # libyaml is much faster; fall back to the pure-Python loader.
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_YAML_BYTES = 1024 * 1024


@dataclass
class YamlError(Exception):
    file: str
    line: int | None
    column: int | None
    message: str

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "") + (f":{self.column}" if self.column else "")
        return f"{where}: {self.message}"


_ANCHOR_OR_ALIAS = re.compile(r"(?:^|[\s:,\[{-])[&*][^\s,\]}'\"]", re.M)


def _refuse_aliases(text: str, name: str) -> None:
    if not _ANCHOR_OR_ALIAS.search(text):  # cheap test first: "(*)" or '*' in a string is no alias
        return
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                mark = event.start_mark
                raise YamlError(name, mark.line + 1, mark.column + 1,
                                "YAML anchors and aliases are not allowed in KB files (write the value out)")
    except yaml.YAMLError:
        return  # the real load reports the syntax error with its position


def loads(text: str, name: str) -> Any:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_YAML_BYTES:
        raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
    _refuse_aliases(text, name)
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - CSafeLoader/SafeLoader only
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = " ".join(x for x in (exc.context, exc.problem) if x)
        raise YamlError(name, mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                        f"YAML syntax error: {msg}") from None
    except yaml.YAMLError as exc:
        raise YamlError(name, None, None, f"YAML error: {exc}") from None


def load_file(path: str, name: str | None = None) -> tuple[Any, str]:
    name = name or path
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_YAML_BYTES + 1)
    except OSError as exc:
        raise YamlError(name, None, None, f"cannot read: {exc.strerror}") from None
    if len(data) > MAX_YAML_BYTES:
        raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise YamlError(name, line, None, "not valid UTF-8") from None
    return loads(text, name), text


def node_mark(text: str, path: list[Any]) -> tuple[int | None, int | None]:
    """Line and column (1-based) of the node at ``path`` (keys and list indexes), or of its nearest parent."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None, None
    best = node
    for key in path:
        if node is None:
            break
        nxt = None
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if k.value == str(key):
                    nxt, key_node = v, k
                    break
            else:
                break
            # A scalar value points at its key's line; a mapping or list at where it starts.
            best = key_node if not isinstance(nxt, (yaml.MappingNode, yaml.SequenceNode)) else nxt
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            nxt = node.value[key]
            best = nxt
        else:
            break
        node = nxt
    if best is None:
        return None, None
    return best.start_mark.line + 1, best.start_mark.column + 1


def dumps(data: Any, header: str | None = None) -> str:
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100_000,
                     default_flow_style=False)
    return (header + "\n" if header else "") + body


def atomic_write(path: str, text: str) -> bool:
    """Write ``text`` to ``path`` through a temporary file and a rename. Returns False if nothing changed."""
    try:
        with open(path, encoding="utf-8") as fh:
            if fh.read() == text:
                return False
    except OSError:
        pass
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".yaml", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and exc.filename is None:  # a full disk names no file: name the one written
            raise OSError(exc.errno, exc.strerror or str(exc), path) from exc
        raise
    return True
