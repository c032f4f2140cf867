"""Safe YAML reading with line numbers, and atomic writing.

Only safe loading is used. KB files may not use anchors or aliases (a knowledge base reviewed by people has no
need for them, and refusing them defeats alias bombs before anything is expanded). Limits (README "Limits"):
files over MAX_YAML_BYTES, lines over MAX_YAML_LINE_CHARS and nesting deeper than MAX_YAML_DEPTH are refused
before anything is built (a file nested 50,000 deep crashed the C composer); a key written twice in one mapping
is an error (the later value would silently win); only regular files are read (a named pipe would block, a
device never ends) and, when the KB root is given, only files whose real path is inside it (a symlink to
``/etc/passwd`` is refused, not quoted). Errors carry file, line and column.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import tempfile
from dataclasses import dataclass
from typing import Any

import yaml

from .._fast import enabled, yaml_build
from ..core.paths import inside

try:  # libyaml is much faster; fall back to the pure-Python loader.
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeDumper as _Dumper  # type: ignore[assignment]
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_YAML_BYTES = 1024 * 1024
MAX_YAML_LINE_CHARS = 30_000  # a clause of up to 20,000 characters (textformat.common.MAX_CLAUSE_CHARS) fits
MAX_YAML_DEPTH = 100  # the bundled KB nests at most 15 deep
MAX_YAML_INT = 10**15  # years, turns, event numbers; a 10,000-digit number cannot even be printed


@dataclass
class YamlError(Exception):
    file: str
    line: int | None
    column: int | None
    message: str
    rule: str = "SCH001"  # SCH002 for a key written twice

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "") + (f":{self.column}" if self.column else "")
        return f"{where}: {self.message}"


def _may_hold_alias(text: str) -> bool:
    r"""Might the text hold an anchor or alias: an '&' or '*' at the start of a line or after whitespace or one of
    ``:,[{-``, followed by a character other than whitespace or ``,]}'"``? Each '&' and '*' is visited, instead of
    trying a pattern at every position (a third of a second over 10,000 files; a test compares it with the
    pattern ``(?:^|[\s:,\[{-])[&*][^\s,\]}'"]`` under re.M)."""
    for mark in "&*":
        at = text.find(mark)
        while at != -1:
            if at + 1 < len(text):
                after = text[at + 1]
                if not after.isspace() and after not in ",]}'\"":
                    before = text[at - 1] if at else "\n"
                    if before.isspace() or before in ":,[{-":
                        return True
            at = text.find(mark, at + 1)
    return False


def _refuse_aliases(text: str, name: str) -> None:
    if not _may_hold_alias(text):  # cheap test first: "(*)" or '*' in a string is no alias
        return
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                mark = event.start_mark
                raise YamlError(name, mark.line + 1, mark.column + 1,
                                "YAML anchors and aliases are not allowed in KB files (write the value out)")
    except yaml.YAMLError:
        return  # the real load reports the syntax error with its position


class _DuplicateKey(yaml.MarkedYAMLError):
    pass


class _KBLoader(_Loader):  # type: ignore[misc,valid-type]
    """The safe loader, refusing a key written twice in one mapping."""

    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        if len(mapping) < len(node.value):  # cheap test first; find the second occurrence only when needed
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:
                    continue
                if first is not None:
                    raise _DuplicateKey(None, None, f"the key {str(key)[:60]!r} is written twice in one mapping "
                                        f"(first on line {first}); the later value would silently replace the "
                                        "earlier: keep one", key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
        return mapping


    def construct_yaml_int(self, node):
        value = node.value
        # Most numbers are plain decimals (lines, years, turns): int() alone reads them as the YAML 1.1 rules do
        # (not 0-prefixed octal, no sign, '_' or base prefix, no sexagesimal ':', below the limit).
        if value.isascii() and value.isdigit() and (value[0] != "0" or value == "0") and len(value) < 16:
            return int(value)
        try:
            value = super().construct_yaml_int(node)
        except ValueError:  # Python refuses integers of more than 4,300 digits
            value = None
        if value is None or abs(value) >= MAX_YAML_INT:
            raise yaml.constructor.ConstructorError(None, None, f"this number is out of range (the limit is "
                                                    f"{MAX_YAML_INT:,})", node.start_mark)
        return value

    def construct_yaml_timestamp(self, node):
        try:
            return super().construct_yaml_timestamp(node)
        except (ValueError, OverflowError) as exc:  # 2026-02-30
            raise yaml.constructor.ConstructorError(None, None, f"cannot read this date ({exc})",
                                                    node.start_mark) from None


_KBLoader.add_constructor("tag:yaml.org,2002:int", _KBLoader.construct_yaml_int)
_KBLoader.add_constructor("tag:yaml.org,2002:timestamp", _KBLoader.construct_yaml_timestamp)

def _load(text: str) -> Any:
    """``yaml.load(text, Loader=_KBLoader)``, or the same values built faster (``checker/_fast/yaml_build.py``)."""
    if enabled("yaml_build"):
        return yaml_build.load(text, _KBLoader)
    return yaml.load(text, Loader=_KBLoader)


@functools.cache
def _long_prefix(wide: int):
    """Does a line of the text start with at least ``wide`` of ' ', tab, '?' and '-'? The first line is matched
    apart, so that the other lines' pattern starts with a newline, which the regex engine skips to."""
    first, other = re.compile(r"[ \t?-]{" + str(wide) + "}"), re.compile(r"\n[ \t?-]{" + str(wide) + "}")
    return lambda text: bool(first.match(text) or other.search(text))


def _check_shape(text: str, name: str) -> None:
    """Line length and nesting depth, in linear time, before the parser sees the text."""
    if len(text) > MAX_YAML_LINE_CHARS:  # a shorter text has no line that long
        lines = text.split("\n")
        if max(map(len, lines)) > MAX_YAML_LINE_CHARS:
            number, line = next((k + 1, ln) for k, ln in enumerate(lines) if len(ln) > MAX_YAML_LINE_CHARS)
            raise YamlError(name, number, None,
                            f"line is {len(line)} characters long; the limit is {MAX_YAML_LINE_CHARS}")
    # A cheap upper bound on the nesting depth: a block collection starts at least one column right of its
    # grandparent (a sequence may stand at its key's column), flow nesting needs a bracket per level. Only a
    # text whose bound exceeds the limit is measured exactly, from the parser's events (no recursion). The
    # bound 2 * (longest line prefix of spaces, tabs, '?' and '-') + 4 + brackets is within the limit unless some
    # line's prefix is at least ``wide`` long.
    wide = (MAX_YAML_DEPTH - 4 - text.count("[") - text.count("{")) // 2 + 1
    if wide > 0 and not _long_prefix(wide)(text):
        return
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    mark = event.start_mark
                    raise YamlError(name, mark.line + 1, mark.column + 1,
                                    f"nested more than {MAX_YAML_DEPTH} levels deep: refused")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return  # the real load reports the syntax error with its position


def loads(text: str, name: str) -> Any:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_YAML_BYTES:
        raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
    _check_shape(text, name)
    _refuse_aliases(text, name)
    try:
        return _load(text)
    except _DuplicateKey as exc:
        mark = exc.problem_mark
        raise YamlError(name, mark.line + 1, mark.column + 1, exc.problem, rule="SCH002") from None
    except RecursionError:
        raise YamlError(name, None, None, f"nested too deeply (the limit is {MAX_YAML_DEPTH} levels)") from None
    except (ValueError, OverflowError) as exc:  # a value no constructor above catches: still no traceback
        raise YamlError(name, None, None, f"cannot read a value: {str(exc)[:200]}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = " ".join(x for x in (exc.context, exc.problem) if x)
        what = "YAML value error" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
        raise YamlError(name, mark.line + 1 if mark else None, mark.column + 1 if mark else None,
                        f"{what}: {msg}") from None
    except yaml.YAMLError as exc:
        raise YamlError(name, None, None, f"YAML error: {exc}") from None


def read_regular(path: str, name: str, limit: int, root: str | None = None, walked: bool = False) -> bytes:
    """The bytes of a regular file (at most ``limit`` + 1), refusing links that leave ``root``, named pipes,
    devices and folders, without blocking on any of them. ``walked``: ``path`` was found by walking ``root``
    without following links to folders (store.iter_kb_files), so only its last part can be a link, and only a
    link needs resolving (resolving every path cost a twentieth of loading 10,000 files)."""
    if root is not None and (not walked or os.path.islink(path)) and not inside(path, root):
        raise YamlError(name, None, None, "a symbolic link to a file outside the knowledge base: refused "
                        "(replace the link by the file itself)")
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer; the type is checked on the open file.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise YamlError(name, None, None, f"cannot read: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        size = info.st_size
        if not stat.S_ISREG(info.st_mode):
            raise YamlError(name, None, None, "not a regular file (a named pipe, device, socket or folder): refused")
        if root is not None and info.st_nlink > 1:  # a second name of a file anywhere on the disk, as a symlink
            raise YamlError(name, None, None, f"a file with {info.st_nlink} hard links (another name of a file that "
                            "may lie outside the knowledge base): refused (replace it by a copy of its own)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        # Read what the file holds (its size as fstat has it, plus one byte to see a file that grew), then on to
        # its end or to ``limit`` + 1: a buffer of ``limit`` bytes for every file cost more than reading it.
        parts = [os.read(fd, min(size, limit) + 1)]
        total = len(parts[0])
        while parts[-1] and total <= limit:
            parts.append(os.read(fd, limit + 1 - total))
            total += len(parts[-1])
        return b"".join(parts)
    except OSError as exc:
        raise YamlError(name, None, None, f"cannot read: {exc.strerror}") from None
    finally:
        os.close(fd)


def decode_utf8(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlError(name, line, col, f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); save the file as "
                        "UTF-8") from None


def load_file(path: str, name: str | None = None, root: str | None = None, walked: bool = False,
              data: bytes | None = None) -> tuple[Any, str]:
    """Load one YAML file. With ``root``, the file must resolve to a path inside it (``walked``: see
    ``read_regular``). ``data``: the file's bytes, already read by ``read_regular`` with the same ``root``."""
    name = name or path
    if data is None:
        data = read_regular(path, name, MAX_YAML_BYTES, root, walked)
    if len(data) > MAX_YAML_BYTES:
        raise YamlError(name, None, None, f"file is larger than {MAX_YAML_BYTES} bytes")
    text = decode_utf8(data, name)
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
    """Write ``text`` to ``path`` through a temporary file and a rename. Returns False if nothing changed.
    A folder that cannot be written (read-only, full disk) is a YamlError naming the path, not a traceback."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            with open(path, encoding="utf-8") as fh:
                if fh.read(len(text) + 1) == text:
                    return False
    except (OSError, UnicodeDecodeError):
        pass
    directory = os.path.dirname(path) or "."
    try:
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".yaml", dir=directory)
    except OSError as exc:
        raise YamlError(path, None, None, f"cannot write: {exc.strerror} (is the folder writable?)") from None
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
        if isinstance(exc, OSError):
            raise YamlError(path, None, None, f"cannot write: {exc.strerror} (is the disk full or the folder "
                            "read-only?); the old file is unchanged") from None
        raise
    return True
