"""Serve the BBS: the site in an SSH terminal (`ssh -p 2222 <username>@<host>`), in one process or
in several on one port (`--processes N`, bbs/processes.py)."""

import asyncio
import os
import signal

from django.conf import settings
from django.core.management.base import BaseCommand

from bbs.collector import collect_now_and_then, settle_collector
from bbs.conf import setting
from bbs.processes import run_processes
from bbs.server import host_key, serve
from bbs.session import Sessions


class Command(BaseCommand):
    help = "Serve the BBS over SSH on BBS_BIND (127.0.0.1:2222 by default) until interrupted."

    def add_arguments(self, parser):
        parser.add_argument("--bind", default=setting("BBS_BIND"))
        parser.add_argument(
            "--processes",
            type=int,
            default=int(os.environ.get("BBS_PROCESSES", "1")),
            help="Processes serving the one port (SO_REUSEPORT), each started again if it exits (BBS_PROCESSES, 1).",
        )

    def handle(self, *args, bind, processes, **options):
        if processes > 1:
            host_key(settings.VAR_DIR)  # made once here, not by each process at once
            self.stdout.write(self.style.SUCCESS(f"BBS in {processes} processes on {bind}  (Ctrl-C stops them)"))
            run_processes(bind, processes, log=self.stderr.write)
            self.stdout.write("BBS stopped.")
            return
        host, _, port = bind.rpartition(":")
        asyncio.run(self._serve(host or "127.0.0.1", int(port)))

    async def _serve(self, host: str, port: int) -> None:
        sessions = Sessions()
        acceptor = await serve(host, port, var_dir=settings.VAR_DIR, sessions=sessions)
        settle_collector()
        collecting = asyncio.get_running_loop().create_task(collect_now_and_then())
        self.stdout.write(
            self.style.SUCCESS(f"BBS at ssh -p {port} <username>@{host}  (process {os.getpid()}; Ctrl-C stops it)")
        )
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        await stopping.wait()
        collecting.cancel()
        acceptor.close()
        await acceptor.wait_closed()
        await sessions.close()
        self.stdout.write("BBS stopped.")
