"""Serve the BBS: the site in an SSH terminal (`ssh -p 2222 <username>@<host>`)."""

import asyncio
import signal

from django.conf import settings
from django.core.management.base import BaseCommand

from bbs.collector import collect_now_and_then, settle_collector
from bbs.conf import setting
from bbs.server import serve


class Command(BaseCommand):
    help = "Serve the BBS over SSH on BBS_BIND (127.0.0.1:2222 by default) until interrupted."

    def add_arguments(self, parser):
        parser.add_argument("--bind", default=setting("BBS_BIND"))

    def handle(self, *args, bind, **options):
        host, _, port = bind.rpartition(":")
        asyncio.run(self._serve(host or "127.0.0.1", int(port)))

    async def _serve(self, host: str, port: int) -> None:
        acceptor = await serve(host, port, var_dir=settings.VAR_DIR)
        settle_collector()
        collecting = asyncio.get_running_loop().create_task(collect_now_and_then())
        self.stdout.write(self.style.SUCCESS(f"BBS at ssh -p {port} <username>@{host}  (Ctrl-C stops it)"))
        stopping = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stopping.set)
        await stopping.wait()
        collecting.cancel()
        acceptor.close()
        await acceptor.wait_closed()
        self.stdout.write("BBS stopped.")
