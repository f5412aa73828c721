"""Helpers for the real-process peer tests: start peers on 127.0.0.1, poll them with bounded waits."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("nacl")

import httpx


def views(urls: list[str]) -> list[dict[str, Any] | None]:
    from arbitre.p2p.orchestrate import poll_views

    with httpx.Client(timeout=2.0) as client:
        return poll_views(client, urls)


def wait_until(check: Callable[[], Any], timeout: float, what: str, step: float = 0.1) -> Any:
    """Poll ``check`` until it returns something truthy; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(step)


def post(url: str, path: str, doc: Any) -> httpx.Response:
    with httpx.Client(timeout=5.0) as client:
        return client.post(f"{url}{path}", json=doc)
