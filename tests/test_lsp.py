"""The language server end to end, driven by a real LSP client (pytest-lsp) over stdio: open, edit, save, hover,
definition, references, completion and code actions on the bundled KB and on a scratch KB; and its diagnostics
equal ``rulekb check FILE --format json`` on every text of the planted-defect corpus."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
import yaml
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from .conftest import REPO

pytestmark = pytest.mark.slow  # not in the fast tier (issue 34): the language server end to end over stdio

CORPUS = REPO / "tests" / "corpus"
EXPECTED = yaml.safe_load((CORPUS / "expected.yaml").read_text(encoding="utf-8"))
CORPUS_PERIODS = {name: spec.get("period") for group in ("defects", "clean", "readings")
                  for name, spec in EXPECTED[group].items()}
PERIOD_ARGS = [a for name, per in sorted(CORPUS_PERIODS.items()) if per for a in ("--period", f"{name}={per}")]
SERVER = [sys.executable, "-m", "checker.lsp", "--debounce", "50", *PERIOD_ARGS]
SEVERITY = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning",
            types.DiagnosticSeverity.Information: "info"}
TIMEOUT = 30

@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=from_fs_path(str(REPO))))
    yield
    await lsp_client.shutdown_session()


# ---------------------------------------------------------------- helpers

def uri_of(path: Path | str) -> str:
    return from_fs_path(str(path))


async def diagnostics_for(client: LanguageClient, uri: str):
    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await asyncio.wait_for(wait(), TIMEOUT)
    return client.diagnostics[uri]


def open_doc(client: LanguageClient, path: Path | str, text: str, version: int = 1) -> str:
    uri = uri_of(path)
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="plaintext", version=version, text=text)))
    return uri


def change_doc(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))


def codes(diags) -> list[tuple[str, int]]:
    return sorted((str(d.code), d.range.start.line + 1) for d in diags)


def cli_findings(path: Path, period: str | None) -> list[dict]:
    """What ``rulekb check FILE --format json`` reports, run as a separate process from the same folder."""
    cmd = [sys.executable, "-m", "checker.cli", "check", "--format", "json", str(path)]
    if period:
        cmd += ["--period", f"{path.name}={period}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=os.getcwd(), timeout=TIMEOUT)
    assert proc.returncode in (0, 1, 3), proc.stderr
    return json.loads(proc.stdout)["findings"]


def as_cli(d: types.Diagnostic) -> dict:
    return {"rule": d.code, "severity": SEVERITY[d.severity], "line": d.range.start.line + 1, "message": d.message,
            "explanation": [(r.location.uri, r.location.range.start.line + 1, r.message)
                            for r in d.related_information or []]}


def cli_as_diag(f: dict) -> dict:
    return {"rule": f["rule"], "severity": f["severity"], "line": f["line"], "message": f["message"],
            "explanation": [(uri_of(os.path.abspath(e["file"])) if os.path.exists(e["file"])
                             else uri_of(REPO / e["file"]), e["line"], f"{e['id']}: {e['text']}" if e.get("text")
                             else e["id"]) for e in f.get("explanation") or []]}


def same_file(name: str, path: Path) -> bool:
    """Does a finding's file name (as given, the KB's own ``kb/…`` name, or the parser's bare name) name ``path``?"""
    return os.path.abspath(name) == str(path) or name == path.name or (REPO / name) == path


def key(d: dict):
    return (d["line"], d["rule"], d["message"])


# ---------------------------------------------------------------- diagnostics equal check's

@pytest.mark.asyncio
async def test_diagnostics_equal_check_on_every_corpus_text(client: LanguageClient):
    names = sorted(CORPUS_PERIODS)
    assert len(names) >= 30 and all((CORPUS / n).is_file() for n in names)
    files = [CORPUS / n for n in names] + [REPO / "kb" / "events" / "eu" / "vii" / "06.yaml"]
    seen_rules = set()
    for path in files:
        uri = open_doc(client, path, path.read_text(encoding="utf-8"))
        diags = await diagnostics_for(client, uri)
        cli = cli_findings(path, CORPUS_PERIODS.get(path.name))
        mine = sorted((as_cli(d) for d in diags), key=key)
        theirs = sorted((cli_as_diag(f) for f in cli if same_file(f["file"], path)), key=key)
        assert mine == theirs, path.name
        assert len(theirs) == len(cli), (path.name, cli)  # every finding `check FILE` gives is on that file
        seen_rules |= {d["rule"] for d in mine}
        if path.name in EXPECTED["defects"]:
            exp = EXPECTED["defects"][path.name]
            assert (exp["rule"], exp["line"]) in {(d["rule"], d["line"]) for d in mine}, path.name
    assert {"REF001", "LOG001", "LOG002", "LOG003", "PAR001", "STY002"} <= seen_rules


# ---------------------------------------------------------------- the bundled KB

MISSING_REF = """PERIOD VII
20: THE PARTITION CONGRESS (historical date: 1795)
(duration: permanent)
1. Cannot occur before event 30:VII has occurred. Otherwise re-roll and do not mark off.
EVENTS PHASE:
1. RUS, PRU and AUS meet to settle the fate of 7:VII and Poland.
2. Recieving players may place one army in Denmark.
"""


@pytest.mark.asyncio
async def test_open_edit_save_an_unsaved_text_of_the_bundled_kb(client: LanguageClient):
    path = CORPUS / "lsp_never_saved.txt"  # a buffer with no file behind it
    assert not path.exists()
    uri = open_doc(client, path, MISSING_REF)
    assert ("REF001", 4) in codes(await diagnostics_for(client, uri))
    # Several quick edits: the published diagnostics are those of the last text.
    for version, ref in enumerate(("31:VII", "32:VII", "3:VII"), start=2):
        change_doc(client, uri, MISSING_REF.replace("30:VII", ref), version)
    diags = await diagnostics_for(client, uri)
    assert "REF001" not in {d.code for d in diags} and ("STY002", 7) in codes(diags)
    client.diagnostics.pop(uri, None)
    client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
    assert "REF001" not in {d.code for d in await diagnostics_for(client, uri)}
    client.diagnostics.pop(uri, None)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))
    assert len(await diagnostics_for(client, uri)) == 0  # closed: its diagnostics are cleared


@pytest.mark.asyncio
async def test_hover_definition_references_completion_on_the_bundled_kb(client: LanguageClient):
    uri = open_doc(client, CORPUS / "lsp_hover.txt", MISSING_REF)
    await diagnostics_for(client, uri)
    doc = types.TextDocumentIdentifier(uri=uri)
    # An event reference: the event's title, period, duration and requirements.
    col = MISSING_REF.splitlines()[5].index("7:VII") + 2
    hover = await client.text_document_hover_async(types.HoverParams(doc, types.Position(5, col)))
    assert "FIRST DIVISION OF POLAND" in hover.contents.value and "period VII" in hover.contents.value
    assert "duration:" in hover.contents.value and "Requirements" in hover.contents.value
    # A missing one: said so, with a did-you-mean.
    hover = await client.text_document_hover_async(types.HoverParams(doc, types.Position(3, 30)))
    assert "no event 30:VII" in hover.contents.value
    # A rule sentence: what the reader made of it, in words and in the logic notation.
    hover = await client.text_document_hover_async(types.HoverParams(doc, types.Position(3, 5)))
    assert "Requirement: the event can occur only if event 30:VII has occurred" in hover.contents.value
    assert "on_fail: reroll" in hover.contents.value
    sentence = MISSING_REF.splitlines()[3][3:]
    read = cli_read(sentence)  # the same reading as `rulekb read`, in plain words and in the notation
    assert f"Reading: {read['words']}" in hover.contents.value
    assert f"Notation: `{read['notation']}`" in hover.contents.value
    # Definition: the event's KB file, at its title.
    loc = await client.text_document_definition_async(types.DefinitionParams(doc, types.Position(5, col)))
    target = REPO / "kb" / "events" / "eu" / "vii" / "07.yaml"
    assert loc.uri == uri_of(target)
    assert target.read_text(encoding="utf-8").splitlines()[loc.range.start.line].startswith("title:")
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=doc, position=types.Position(5, col), context=types.ReferenceContext(include_declaration=True)))
    where = {(Path(r.uri).name, r.range.start.line) for r in refs}
    assert (uri, 5) in {(r.uri, r.range.start.line) for r in refs}
    assert any(name == "08.yaml" for name, _ in where)  # 8:VII builds on 7:VII
    # Completion: event ids with titles, phase headings, country codes, gazetteer names.
    items = await client.text_document_completion_async(types.CompletionParams(doc, types.Position(7, 0)))
    by_label = {i.label: i for i in items.items}
    assert "FIRST DIVISION OF POLAND" in by_label["7:VII"].detail
    assert {"EVENTS PHASE:", "PRU", "DANZIG"} <= set(by_label)
    typed = await client.text_document_completion_async(types.CompletionParams(doc, types.Position(6, 5)))
    assert typed.items and len(typed.items) < len(items.items)  # "Re" typed: only what starts so
    assert all(any(w.lower().startswith("re") for w in (i.label, *i.filter_text.split())) for i in typed.items)


def cli_read(sentence: str) -> dict:
    """What ``rulekb read SENTENCE --format json`` makes of a sentence, run as a separate process."""
    proc = subprocess.run([sys.executable, "-m", "checker.cli", "read", "--format", "json", sentence],
                          check=False, capture_output=True, text=True, cwd=str(REPO), timeout=TIMEOUT)
    assert proc.returncode in (0, 3), proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.asyncio
async def test_hover_on_a_sentence_not_understood_names_the_words_and_the_nearest_form(client: LanguageClient):
    text = "PERIOD VII\n" + (CORPUS / "logic_not_understood.txt").read_text(encoding="utf-8")
    uri = open_doc(client, CORPUS / "lsp_unread.txt", text)
    assert ("LOG007", 4) in codes(await diagnostics_for(client, uri))
    sentence = text.splitlines()[3][3:]
    read = cli_read(sentence)
    assert read["logic"]["role"] == "unread" and read["nearest"]
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri=uri),
                                                                     types.Position(3, 10)))
    value = hover.contents.value
    assert f"Reading: {read['words']}" in value and "moon is full" in value
    assert f"Nearest form the reader reads: `{read['nearest']}`" in value
    assert "Notation:" not in value  # nothing read, no notation


@pytest.mark.asyncio
async def test_did_you_mean_code_action_edits_the_word(client: LanguageClient):
    uri = open_doc(client, CORPUS / "lsp_spelling.txt", MISSING_REF)
    diags = await diagnostics_for(client, uri)
    spelling = next(d for d in diags if d.code == "STY002" and "recieving" in d.message)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri=uri), spelling.range, types.CodeActionContext(diagnostics=[spelling])))
    fix = next(a for a in actions if isinstance(a, types.CodeAction) and a.edit)
    assert fix.title == "Replace 'Recieving' with 'Receiving'"
    (edit,) = fix.edit.changes[uri]
    line = MISSING_REF.splitlines()[edit.range.start.line]
    assert line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:] == \
        "2. Receiving players may place one army in Denmark."
    assert any(isinstance(a, types.Command) and a.command == "rulekb.accept" for a in actions)


# ---------------------------------------------------------------- a scratch KB

SCRATCH_TEXT = """GAME coldwar
PERIOD Early

12: BORDER INCIDENT (historical date: 1950)
(duration: permanent)
1. May only be played if 40:Early (Nothing) has been played.
ACTION PHASE:
1. Cancels the effects of 2:Early (Atlantic Treaty).
"""
OLD_ACCEPTED = "# kept as written\naccepted:\n  - rule: REF002\n    subject: '1:Early'\n    reason: an older decision\n"


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    proj = tmp_path / "proj"
    shutil.copytree(REPO / "examples" / "coldwar" / "kb", proj / "kb")
    (proj / "kb" / "accepted.yaml").write_text(OLD_ACCEPTED, encoding="utf-8")
    (proj / "texts").mkdir()
    return proj


@pytest.mark.asyncio
async def test_scratch_kb_diagnostics_hover_definition_and_accept(client: LanguageClient, scratch: Path):
    path = scratch / "texts" / "border.txt"
    path.write_text(SCRATCH_TEXT, encoding="utf-8")
    uri = open_doc(client, path, SCRATCH_TEXT)
    diags = await diagnostics_for(client, uri)
    assert ("REF001", 6) in codes(diags)
    doc = types.TextDocumentIdentifier(uri=uri)
    hover = await client.text_document_hover_async(types.HoverParams(doc, types.Position(7, 27)))
    assert "ATLANTIC TREATY" in hover.contents.value and "period Early" in hover.contents.value
    loc = await client.text_document_definition_async(types.DefinitionParams(doc, types.Position(7, 27)))
    assert loc.uri == uri_of(scratch / "kb" / "events" / "coldwar" / "early" / "02.yaml")
    items = await client.text_document_completion_async(types.CompletionParams(doc, types.Position(8, 0)))
    labels = {i.label for i in items.items}
    assert {"2:Early", "ACTION PHASE:", "USSR"} <= labels and "7:VII" not in labels
    # Accept the REF001 finding: one entry appended, the old content kept byte for byte, the finding gone.
    ref = next(d for d in diags if d.code == "REF001")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        doc, ref.range, types.CodeActionContext(diagnostics=[ref])))
    accept = next(a for a in actions if isinstance(a, types.Command) and a.command == "rulekb.accept")
    client.diagnostics.pop(uri, None)
    await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command=accept.command, arguments=accept.arguments))
    written = (scratch / "kb" / "accepted.yaml").read_text(encoding="utf-8")
    assert written.startswith(OLD_ACCEPTED)
    entries = yaml.safe_load(written)["accepted"]
    assert len(entries) == 2 and entries[1]["rule"] == "REF001" and entries[1]["subject"] == "12:Early"
    assert entries[1]["match"] == ref.message and entries[1]["reason"].startswith("TODO")
    assert "REF001" not in {d.code for d in await diagnostics_for(client, uri)}
    assert not list((scratch / "kb").glob(".tmp-*"))


@pytest.mark.asyncio
async def test_a_text_without_a_period_is_one_clear_error(client: LanguageClient, scratch: Path):
    text = SCRATCH_TEXT.replace("PERIOD Early\n", "")
    uri = open_doc(client, scratch / "texts" / "no_period.txt", text)
    (diag,) = await diagnostics_for(client, uri)
    assert diag.code == "usage" and diag.severity == types.DiagnosticSeverity.Error
    assert "no 'PERIOD <label> (<years>)' header" in diag.message and "--period Late" in diag.message
    assert diag.range.start.line == 2  # the first line of text after the GAME line


@pytest.mark.asyncio
async def test_an_edited_kb_yaml_buffer_is_checked_from_its_text(client: LanguageClient, scratch: Path):
    path = scratch / "kb" / "events" / "coldwar" / "early" / "03.yaml"
    text = path.read_text(encoding="utf-8")
    uri = open_doc(client, path, text)
    assert "REF001" not in {d.code for d in await diagnostics_for(client, uri)}
    assert "2:Early" in text
    change_doc(client, uri, text.replace("2:Early", "29:Early"), 2)  # unsaved: the file on disk is unchanged
    diags = await diagnostics_for(client, uri)
    assert "REF001" in {d.code for d in diags} and path.read_text(encoding="utf-8") == text
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri=uri), types.Position(diags[0].range.start.line, diags[0].range.end.character - 1)))
    assert hover is not None


def test_bad_options_are_usage_errors():
    proc = subprocess.run([sys.executable, "-m", "checker.lsp", "--kb", "/no/such/folder"], capture_output=True,
                          text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and "--kb /no/such/folder: no such folder" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "checker.lsp", "--period", "x.txt="], capture_output=True,
                          text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and "no period given" in proc.stderr
