"""Run a coroutine test with an in-process server on 127.0.0.1, port 0."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from arbitre.server.app import CoincheServer, ServerOptions


def run_with_server(body: Callable[[int, CoincheServer], Awaitable[None]], options: ServerOptions,
                    timeout: float = 60.0) -> None:
    async def main() -> None:
        srv = CoincheServer(options)
        server = await srv.start("127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            await asyncio.wait_for(body(port, srv), timeout)
        finally:
            server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()
    asyncio.run(main())


@pytest.fixture
def served():
    return run_with_server
