"""docs/protocol.md's sessions are replayed against a real `wyrm engine`, so they cannot drift
from what the engine says (docs/protocol.md, "Example session").

Each ``` block after a `<!-- transcript -->` mark is a session: `> ` lines are sent (without the
`> `), in order, waiting for each reply the block shows before sending what follows it. Every
reply must equal the block's text, with these documented placeholders only:
- a reply line holding ` … ` (a cut-short state JSON) matches any line with the same beginning
  and end;
- `info` lines depend on the machine's speed: their number varies, each line the engine writes
  must have the form of an `info` line of the doc (its numbers and action aside), and each `info` line of the
  doc must have been written in that form; the last `info` line before the reply of a `go sims N`
  (a search ended by its budget, so repeatable) must equal the doc's apart from the timings `elapsed` and `nps`;
- the action of a search ended by `stop` depends on how long it ran: its `bestmove` reply only
  has to be one.
`info` lines the doc shows before a `> ` line are waited for (as many) before sending it, so a
search runs for a while before it is stopped.
A ```json block after `<!-- file NAME -->` is written to NAME in the engine's folder first."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from protocol_client import Engine   # tests/protocol_client.py

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"
ROOT = DOC.parent.parent
TIMEOUT = 60.0


def blocks(text: str, mark: str) -> list[tuple[str, str]]:
    """(argument of the mark, the text of the next ``` block) for each `<!-- mark ... -->`."""
    out = []
    for part in text.split(f"<!-- {mark}")[1:]:
        arg, _, rest = part.partition("-->")
        body = rest.split("```", 2)[1]
        out.append((arg.strip(), body.split("\n", 1)[1]))
    return out


def parse(block: str) -> list[tuple[str, object]]:
    """("send", line) | ("info", line) | ("reply", [lines]) in the order the block shows them."""
    items, reply = [], None
    for line in block.split("\n"):
        if reply is not None:
            if line == "":
                items.append(("reply", reply))
                reply = None
            else:
                reply.append(line)
        elif line.startswith("> "):
            items.append(("send", line[2:]))
        elif line.startswith("info "):
            items.append(("info", line))
        elif line:
            reply = [line]
    if reply is not None:
        items.append(("reply", reply))
    return items


def info_form(line: str) -> str:
    """An info line with its numbers, its principal line (`pv`) and its action (`best`, the rest
    of the line) replaced: the line and the action a search prefers so far depend on how far it
    got (under load a timed search's info line catches another line)."""
    head, sep, best = line.partition(" best ")
    head = re.sub(r"(?<= pv )\S+", "P", head)
    return re.sub(r"(?<= )-?\d+(\.\d+)?(?= |$)", "N", head) + sep + ("A" if sep else "")


def without_timings(line: str) -> str:
    """An info line without its timings (elapsed ms and simulations per second vary run to run)."""
    return re.sub(r" (elapsed|nps) \d+", r" \1 N", line)


def same_line(doc: str, got: str) -> bool:
    if " … " in doc:
        head, tail = doc.split(" … ", 1)
        return got.startswith(head) and got.endswith(tail) and len(got) >= len(head) + len(tail)
    return doc == got


class DocEngine(Engine):
    """protocol_client.Engine read as the doc shows it: raw reply lines, each with the info
    lines written before it."""

    def __init__(self, cwd: Path):
        super().__init__(cwd=cwd)
        self.early: list[str] = []      # info lines read before the reply they precede

    def raw_reply(self) -> tuple[list[str], list[str]]:
        """(info lines written before it, the reply's lines)."""
        infos, lines = self.early, []
        self.early = []
        while True:
            line = self.readline(TIMEOUT)
            assert line is not None, "the engine closed its output"
            if not lines and line.startswith("info "):
                infos.append(line)
                continue
            if line == "":
                return infos, lines
            lines.append(line)

    def wait_infos(self, n: int) -> None:
        """Read until n info lines have come since the last reply."""
        while len(self.early) < n:
            line = self.readline(TIMEOUT)
            assert line is not None and line.startswith("info "), f"expected an info line, got {line!r}"
            self.early.append(line)


def replay(block: str, cwd: Path) -> None:
    items = parse(block)
    doc_infos = [x for kind, x in items if kind == "info"]
    forms = {info_form(x) for x in doc_infos}
    seen_forms = set()
    go_budget = {}                      # id of a `go` -> whether its search ends by its budget
    pending_infos = []                  # the doc's info lines since the last reply
    engine = DocEngine(cwd)
    try:
        for kind, x in items:
            if kind == "send":
                engine.wait_infos(len(pending_infos))
                engine.send(x)
                cid, _, rest = x.partition(" ")
                if rest.startswith("go "):
                    go_budget[cid] = "sims" in rest and "infinite" not in rest and "movetime" not in rest
            elif kind == "info":
                pending_infos.append(x)
            else:
                infos, got = engine.raw_reply()
                rid = x[0][1:].split(" ", 1)[0]
                if go_budget.get(rid) is False and x[0].startswith(f"={rid} bestmove "):
                    head = f"={rid} bestmove "
                    assert len(got) == 1 and got[0].startswith(head) and len(got[0]) > len(head), got
                    got = x                     # a stopped search: any action
                assert len(got) == len(x) and all(map(same_line, x, got)), \
                    "the doc shows\n" + "\n".join(x) + "\nthe engine wrote\n" + "\n".join(got)
                for line in infos:
                    assert info_form(line) in forms, f"info line of a form the doc does not show: {line}"
                    seen_forms.add(info_form(line))
                if x[0].split(" ", 1)[-1].startswith("bestmove") and go_budget.get(rid):
                    assert pending_infos and infos, "a go sims reply without info lines"
                    assert without_timings(infos[-1]) == without_timings(pending_infos[-1]), \
                        f"last info line: doc {pending_infos[-1]!r}, engine {infos[-1]!r}"
                pending_infos = []
        assert engine.close() == 0
    finally:
        if engine.proc.poll() is None:
            engine.proc.kill()
    assert forms <= seen_forms, f"info lines of the doc the engine never wrote: {forms - seen_forms}"


TRANSCRIPTS = blocks(DOC.read_text(), "transcript")


def test_the_doc_has_its_sessions():
    assert len(TRANSCRIPTS) >= 2
    assert all(any(k == "send" for k, _ in parse(b)) for _, b in TRANSCRIPTS)


@pytest.mark.parametrize("name,block", TRANSCRIPTS, ids=[n or str(i) for i, (n, _) in enumerate(TRANSCRIPTS)])
def test_doc_session_replays_against_the_engine(name, block, tmp_path):
    for fname, body in blocks(DOC.read_text(), "file"):
        (tmp_path / fname).write_text(body)
    replay(block, tmp_path)


def test_a_changed_reply_is_caught(tmp_path):
    """The checker itself: a doc reply the engine would not write fails the replay."""
    block = "> 1 protocol_version\n=1 9.9\n\n> 2 quit\n=2\n"
    with pytest.raises(AssertionError, match="the doc shows"):
        replay(block, tmp_path)
