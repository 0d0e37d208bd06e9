"""Calls released together in threads, as two clicks at the same instant."""

import threading


def at_once(*calls) -> list[BaseException]:
    """Run the calls in threads released together (two clicks at the same instant); each thread
    closes its own database connection. Returns what they raised."""
    from django.db import connections

    barrier = threading.Barrier(len(calls))
    raised: list[BaseException] = []

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        except BaseException as exc:  # noqa: BLE001 - returned to the test
            raised.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return raised
