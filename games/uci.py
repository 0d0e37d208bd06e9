"""A small client of a UCI engine (Fairy-Stockfish) for the analysis after a game: one engine
process, a position at a time, a fixed time a position. No Django.

Ours rather than python-chess's `chess.engine`: that one parses every move the engine sends
against a `chess.Board`, and xiangqi's moves (Fairy's ranks 1–10, `b3b10`) are not chess moves.
Positions are sent as FENs (`position fen …`), never as a start and a move list, so a handicap's
moves in a row (R11.4) need nothing of the engine.
"""

import queue
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

# Where Debian's fairy-stockfish package puts the engine, which is not on a user's PATH.
SEARCHED = ("fairy-stockfish", "/usr/games/fairy-stockfish", "stockfish")


# One thread and a small hash: an analysis worker takes one core and never the war's. No
# contempt: with Stockfish 11's default (24, "Analysis Contempt" both sides) each side to move
# scored itself about 55 cp better (xiangqi's start +61, after 炮二平五 black +52, at 1 s), so that
# every good move looked like a mistake.
OPTIONS = (("Threads", "1"), ("Hash", "16"), ("Contempt", "0"), ("Analysis Contempt", "Off"))


class EngineError(RuntimeError):
    """The engine is not there, stopped, or did not answer in time."""


@dataclass(frozen=True)
class Score:
    """What the engine thinks of a position, from the side to move's view."""

    cp: int | None  # centipawns, when no mate is seen
    mate: int | None  # mate in this many moves (negative: the side to move is mated)
    best: str  # the best move in the engine's coordinates ("" when there is none: the game is over)


def engine_path(setting: str) -> str | None:
    """The engine to run: `setting` when given (a path or a name on PATH), else the first of
    SEARCHED found; None when there is none (the site then offers no analysis).

    >>> engine_path("/nowhere/fairy-stockfish") is None
    True
    """
    for candidate in (setting,) if setting else SEARCHED:
        found = shutil.which(candidate)
        if found:
            return found
        if Path(candidate).is_file() and shutil.which(str(Path(candidate).resolve())):
            return str(Path(candidate).resolve())
    return None


class Engine:
    """One engine process, set to `variant` ("xiangqi", "chess") and OPTIONS."""

    def __init__(self, path: str, variant: str, *, timeout: float = 10.0) -> None:
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(
                [path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            raise EngineError(f"cannot start {path}: {exc}") from exc
        # A thread reads the engine's lines into a queue: waiting on one with a timeout is then
        # a queue's get, whatever the pipe's buffering holds.
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        try:
            self._send("uci")
            self._until("uciok")
            for name, value in (("UCI_Variant", variant), *OPTIONS):
                self._send(f"setoption name {name} value {value}")
            self._send("ucinewgame")
            self._send("isready")
            self._until("readyok")
        except EngineError:
            self.close()  # not an engine, or not one that answers: no process left behind
            raise

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._send("quit")
                self.process.wait(timeout=2)
            except (EngineError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()

    def analyse(self, fen: str, movetime_ms: int) -> Score:
        """The position `fen` searched for `movetime_ms`: the last score reported and the best move."""
        return self.search(fen, f"movetime {movetime_ms}", movetime_ms / 1000)

    def option(self, name: str, value: str) -> None:
        """A UCI option set for the searches that follow (a playing strength, say)."""
        self._send(f"setoption name {name} value {value}")
        self._send("isready")
        self._until("readyok")

    def search(self, fen: str, limits: str, seconds: float) -> Score:
        """The position `fen` searched within UCI `go` limits (`movetime 300`, `depth 5 nodes
        20000`) expected to take about `seconds`: the last score reported and the best move."""
        self._send(f"position fen {fen}")
        self._send(f"go {limits}")
        cp = mate = None
        deadline = time.monotonic() + seconds + self.timeout
        while True:
            line = self._line(deadline)
            words = line.split()
            if words[:1] == ["bestmove"]:
                best = words[1] if len(words) > 1 and words[1] not in ("(none)", "0000") else ""
                return Score(cp=cp, mate=mate, best=best)
            if words[:1] == ["info"] and "score" in words and "lowerbound" not in words and "upperbound" not in words:
                at = words.index("score")
                kind, value = words[at + 1], int(words[at + 2])
                cp, mate = (value, None) if kind == "cp" else (None, value)

    def _send(self, command: str) -> None:
        assert self.process.stdin is not None  # PIPE
        try:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineError(f"the engine stopped ({command})") from exc

    def _read(self) -> None:
        assert self.process.stdout is not None  # PIPE
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)  # the engine stopped

    def _line(self, deadline: float) -> str:
        try:
            line = self.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
        except queue.Empty:
            raise EngineError("the engine did not answer in time") from None
        if line is None:
            self.lines.put(None)
            raise EngineError("the engine stopped")
        return line

    def _until(self, word: str) -> None:
        deadline = time.monotonic() + self.timeout
        while self._line(deadline) != word:
            pass
