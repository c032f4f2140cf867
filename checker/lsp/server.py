"""The language server (pygls): wires the protocol's requests to the modules that answer them.

Checks run one at a time on a worker thread (the KB loader and the checks are not made for two runs at once);
a change is checked after ``Options.debounce`` seconds of quiet, an open or a save at once; a result for a buffer
that changed meanwhile is dropped for the newer one. Hover, definition, references and completion read the last
check's KB, so they answer without running the checks again.
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ThreadPoolExecutor

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from . import convert
from .accept import AcceptError, accept
from .complete import complete
from .diagnose import Checked, check_document, checkable
from .hover import hover_text
from .navigate import definition, references
from .resolve import Options
from .suggest import replacements

log = logging.getLogger("rulekb.lsp")
ACCEPT_COMMAND = "rulekb.accept"


class RulekbServer(LanguageServer):
    def __init__(self, options: Options):
        super().__init__("rulekb", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.options = options
        self.checked: dict[str, Checked] = {}
        self.pending: dict[str, asyncio.Future] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulekb-check")

    def path_of(self, uri: str) -> str | None:
        path = to_fs_path(uri) if uri.startswith("file:") else None
        return path if path and checkable(path) else None

    def schedule(self, uri: str, delay: float) -> asyncio.Future | None:
        """Check the buffer of ``uri`` after ``delay`` seconds (a newer request replaces a waiting one)."""
        old = self.pending.pop(uri, None)
        if old is not None and not old.done():
            old.cancel()
        if self.path_of(uri) is None:
            return None
        task = asyncio.ensure_future(self._check_later(uri, delay))
        self.pending[uri] = task
        return task

    async def _check_later(self, uri: str, delay: float) -> Checked | None:
        if delay > 0:
            await asyncio.sleep(delay)
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return None
        text, version = doc.source, doc.version
        loop = asyncio.get_running_loop()
        try:
            checked = await loop.run_in_executor(self.worker, check_document, self.path_of(uri), text, self.options)
        except Exception as exc:  # noqa: BLE001 - an internal error is shown, the server goes on
            log.exception("check of %s failed", uri)
            self.window_show_message(types.ShowMessageParams(types.MessageType.Error,
                                                             f"rulekb: internal error checking {uri}: {exc}"))
            return None
        now = self.workspace.text_documents.get(uri)
        if now is None or now.source != text:
            return self.checked.get(uri)  # closed or changed meanwhile: the newer check will publish
        self.checked[uri] = checked
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=convert.diagnostics(checked), version=version))
        await loop.run_in_executor(self.worker, checked.warm)  # the game's view and labels, before any hover
        return checked

    async def current(self, uri: str) -> Checked | None:
        """The check of the buffer as it is now (waiting for one that is due, or running one)."""
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return self.checked.get(uri)
        have = self.checked.get(uri)
        if have is not None and have.text == doc.source:
            return have
        task = self.pending.get(uri)
        if task is None or task.done():
            task = self.schedule(uri, 0)
        if task is None:
            return None
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            return self.checked.get(uri)

    def open_texts(self) -> dict[str, str]:
        """Absolute path -> text of every open buffer rulekb reads."""
        out = {}
        for uri, doc in self.workspace.text_documents.items():
            path = self.path_of(uri)
            if path:
                out[path] = doc.source
        return out

    def recheck_all(self) -> None:
        for uri in list(self.workspace.text_documents):
            self.schedule(uri, 0)


def build_server(options: Options) -> RulekbServer:
    server = RulekbServer(options)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulekbServer, params: types.DidOpenTextDocumentParams):
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulekbServer, params: types.DidChangeTextDocumentParams):
        ls.schedule(params.text_document.uri, ls.options.debounce)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulekbServer, params: types.DidSaveTextDocumentParams):
        path = ls.path_of(params.text_document.uri)
        if path is not None and path.endswith((".yaml", ".yml")):
            ls.recheck_all()  # a saved KB file changes the KB every other buffer is checked against
        else:
            ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulekbServer, params: types.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        if ls.checked.pop(uri, None) is not None:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: RulekbServer, params: types.HoverParams):
        checked = await ls.current(params.text_document.uri)
        if checked is None:
            return None
        pos = params.position
        found = hover_text(checked, pos.line, pos.character)
        if found is None:
            return None
        text, span = found
        rng = types.Range(types.Position(pos.line, span[0]), types.Position(pos.line, span[1])) if span else None
        return types.Hover(contents=convert.markdown(text), range=rng)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def goto_definition(ls: RulekbServer, params: types.DefinitionParams):
        checked = await ls.current(params.text_document.uri)
        if checked is None:
            return None
        place = definition(checked, params.position.line, params.position.character, ls.open_texts())
        return convert.location(place) if place else None

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def find_references(ls: RulekbServer, params: types.ReferenceParams):
        checked = await ls.current(params.text_document.uri)
        if checked is None:
            return []
        found = references(checked, params.position.line, params.position.character, ls.open_texts(),
                           params.context.include_declaration)
        return [convert.location(p) for p in found]

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[":"]))
    async def completion(ls: RulekbServer, params: types.CompletionParams):
        checked = await ls.current(params.text_document.uri)
        if checked is None:
            return types.CompletionList(is_incomplete=False, items=[])
        found = complete(checked, params.position.line, params.position.character)
        return types.CompletionList(is_incomplete=False, items=[convert.completion_item(i) for i in found])

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    async def code_action(ls: RulekbServer, params: types.CodeActionParams):
        uri = params.text_document.uri
        checked = await ls.current(uri)
        if checked is None or checked.kb is None:
            return []
        rows = checked.text.splitlines()
        first, last = params.range.start.line + 1, params.range.end.line + 1
        actions = []
        for finding in checked.findings:
            if finding.line is None or not first <= finding.line <= last:
                continue
            diag = convert.diagnostic(finding, rows, checked.kb_root)
            for rep in replacements(finding.message, rows, finding.line):
                edit = types.TextEdit(types.Range(types.Position(rep.line, rep.start), types.Position(rep.line, rep.end)),
                                      rep.new)
                actions.append(types.CodeAction(title=f"Replace '{rep.written}' with '{rep.new}'",
                                                kind=types.CodeActionKind.QuickFix, diagnostics=[diag],
                                                edit=types.WorkspaceEdit(changes={uri: [edit]}), is_preferred=True))
            key = {"uri": uri, "rule": finding.rule, "line": finding.line, "message": finding.message}
            title = f"Accept {finding.rule}" + (f" for {finding.subject}" if finding.subject else "") + \
                " in accepted.yaml (write the reason)"
            # A bare Command (the protocol allows Command | CodeAction): a CodeAction holding only a command is
            # read back as a Command by some clients' converters (lsprotocol's), which then cannot run it.
            actions.append(types.Command(title=title, command=ACCEPT_COMMAND, arguments=[key]))
        return actions

    @server.command(ACCEPT_COMMAND)
    async def accept_finding(ls: RulekbServer, *args):
        key = args[0] if args and isinstance(args[0], dict) else {}
        checked = await ls.current(str(key.get("uri", "")))
        finding = next((f for f in (checked.findings if checked else []) if f.rule == key.get("rule")
                        and f.line == key.get("line") and f.message == key.get("message")), None)
        if finding is None or checked.kb_root is None:
            return _say(ls, types.MessageType.Error, "rulekb: that finding is no longer reported; nothing accepted")
        target = os.path.join(checked.kb_root, "accepted.yaml")
        try:
            path, line = accept(checked.kb_root, finding, len(checked.kb.games) > 1,
                                ls.open_texts().get(os.path.abspath(target)))
        except AcceptError as exc:
            return _say(ls, types.MessageType.Error, f"rulekb: {exc}")
        ls.recheck_all()
        _say(ls, types.MessageType.Info, f"rulekb: accepted {finding.rule} in {path}; write the reason on line {line}")
        return {"uri": from_fs_path(os.path.abspath(path)), "line": line - 1}

    return server


def _say(ls: RulekbServer, kind: types.MessageType, text: str) -> None:
    ls.window_show_message(types.ShowMessageParams(kind, text))
