"""Spread gym boards over local processes or a Dask cluster; the results do not depend on it.

What: :func:`run` cuts the boards ``0..deals-1`` into chunks and plays them

* in this process (``workers == 1``),
* in a pool of ``workers`` local processes (:class:`concurrent.futures.ProcessPoolExecutor`),
* or on a Dask distributed cluster (``cluster="local"`` starts one on this machine,
  ``cluster="tcp://host:8786"`` connects to a running scheduler; optional extra
  ``arbitre[cluster]``).

Each chunk comes back as one :class:`~arbitre.arena.gym.Chunk` (the boards it played,
packed) and, if a player failed, the error; the run stops at the first error and returns
every board already played. So it does on Ctrl-C (:class:`~arbitre.arena.gym.Interrupted`):
a pool's workers leave Ctrl-C to the parent, which tells them to stop after their current
board, and gets back what they played. ``progress`` is called with the number of boards done after
each chunk.

Why Dask distributed rather than Ray: it is pure Python wheels (no 100+ MB native
runtime), installs from the same index as everything else here, runs a local cluster
in a few seconds, and its ``Client.submit`` is all the gym needs. Boards depend only on
the seed and their index, so any spreading gives the same report as one process.
"""
from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from arbitre.arena.gym import Chunk, GymConfig, Interrupted, interrupted, play_chunk, seatings
from arbitre.arena.quiet import stdout_to_stderr
from arbitre.rulings.errors import InputError
from arbitre.rulings.i18n import T

Progress = Callable[[int], None]


class WorkerLost(InputError):
    """A pool's worker process died in the middle of the run (killed, or out of memory)."""


def _worker_lost(plays: int) -> WorkerLost:
    """The error of a run whose pool lost a process after ``plays`` deals (as the report counts them)."""
    return WorkerLost(T(f"un processus de calcul s'est arrêté en cours de partie (tué, ou à court de mémoire) ; "
                        f"les {plays} donnes déjà jouées sont gardées",
                        f"a worker process died during the run (killed, or out of memory); "
                        f"the {plays} deals already played are kept"), token="--workers")


MAX_CHUNK = 250
MIN_CHUNK = 4


def chunks(deals: int, workers: int) -> list[tuple[int, int]]:
    """Ranges of boards covering ``0..deals-1``, in order.

    One process: an eighth of the run (at most :data:`MAX_CHUNK`), for the progress bar.
    Several workers: guided sizes, a third of what is left per worker, shrinking to
    :data:`MIN_CHUNK`: the first chunks are large (little to send and collect), the last
    ones small, so the workers finish together instead of one idling while the other
    plays a large last chunk (on 1,000 boards and 2 workers that tail cost a tenth of
    the run).
    """
    if workers <= 1:
        size = max(1, min(MAX_CHUNK, deals // 8 or 1))
        return [(start, min(deals, start + size)) for start in range(0, deals, size)]
    out = []
    start = 0
    while start < deals:
        size = max(MIN_CHUNK, min(MAX_CHUNK, (deals - start) // (3 * workers)))
        out.append((start, min(deals, start + size)))
        start += size
    return out


def run(cfg: GymConfig, workers: int = 1, cluster: str | None = None,
        progress: Progress | None = None) -> tuple[list[Chunk], InputError | None, float, str]:
    """Play every board of ``cfg``; return (chunks, first error or None, seconds, backend name).

    The error is a :class:`~arbitre.arena.engine.PlayerError`, or a :class:`WorkerLost` when a
    pool's process died: either way the boards already played come back with it.

    The seconds are those of the play: in one process, from the moment its players are built
    (as a pool's workers build theirs before their clock starts, see :func:`_pool`); with a
    pool of processes, from the moment every worker is ready; on a cluster, the whole run.
    """
    progress = progress or (lambda n: None)
    if cluster:
        t0 = time.perf_counter()
        on_cluster = _dask(cfg, cluster, workers, progress)
        return on_cluster[0], on_cluster[1], time.perf_counter() - t0, on_cluster[2]
    if workers > 1:
        return (*_pool(cfg, workers, progress), f"{workers} processes")
    return (*_one(cfg, progress), "1 process")


def _plays(cfg: GymConfig, done: list[Chunk]) -> int:
    """The deals the report counts for the boards of ``done`` (two per board in duplicate)."""
    return sum(c.count for c in done) * (2 if cfg.duplicate else 1)


def _one(cfg: GymConfig, progress: Progress) -> tuple[list[Chunk], InputError | None, float]:
    """Play the chunks in this process; also return the seconds of play (from the moment the players are built).
    Ctrl-C ends the run with the boards already played (:class:`~arbitre.arena.gym.Interrupted`)."""
    _build_players(cfg)
    t0 = time.perf_counter()
    done: list[Chunk] = []
    boards = 0
    error: InputError | None = None
    try:
        for start, stop in chunks(cfg.deals, 1):
            chunk, error = play_chunk(cfg, start, stop)
            done.append(chunk)
            boards += chunk.count
            progress(boards)
            if error:
                break
    except KeyboardInterrupt:
        error = interrupted(0)
    if isinstance(error, Interrupted):
        error = interrupted(_plays(cfg, done))
    return done, error, time.perf_counter() - t0


STARTUP_TIMEOUT = 60.0
"""Seconds the pool waits for its workers to be ready before it starts the clock anyway."""


def _build_players(cfg: GymConfig) -> None:
    """Build this process's players (module imports, tables) before the clock starts.

    A player that cannot be built is left for the first chunk to report (as an error of the run,
    with the boards played), so a pool's worker always reaches its barrier.
    """
    try:
        seatings(cfg)
    except Exception:  # noqa: BLE001,S110  (reported by play_chunk, see above)
        pass


_CFG: list[GymConfig] = []
"""The run a pool's worker plays (set as it starts), so a chunk is sent as two board numbers."""


_STOP: list[Any] = []
"""The run's stop flag (a shared event) in a pool's worker: set by the parent on Ctrl-C."""


def _ready(cfg: GymConfig, barrier: Any, stop: Any = None) -> None:
    """A worker's start: keep the run's configuration, build the players, wait for the other workers.

    A worker leaves Ctrl-C to the parent (which stops the run through ``stop`` and keeps what was played),
    and what its players print goes to standard error, never into the report on standard output.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stdout_to_stderr()
    _CFG[:] = [cfg]
    _STOP[:] = [stop]
    _build_players(cfg)
    try:
        barrier.wait(STARTUP_TIMEOUT)
    except threading.BrokenBarrierError:  # a worker did not start: the run goes on, timed from now
        pass


def _play_range(start: int, stop: int) -> tuple[Chunk, InputError | None]:
    """A pool worker's task: boards ``start``..``stop - 1`` of the run given to :func:`_ready`."""
    flag = _STOP[0] if _STOP else None
    return play_chunk(_CFG[0], start, stop, None if flag is None else flag.is_set)


def _pool(cfg: GymConfig, workers: int, progress: Progress) -> tuple[list[Chunk], InputError | None, float]:
    """Play the chunks on ``workers`` processes; also return the seconds of play.

    The clock starts once every worker is up with its players built (a barrier), so the
    deals per second measure the play, not the start of the processes (a few hundredths of
    a second each, which would weigh on a short run and hide the speed-up of more workers),
    and stops at the last result, before the pool shuts down.
    """
    done: list[Chunk] = []
    boards = 0
    error: InputError | None = None
    ranges = chunks(cfg.deals, workers)
    if not ranges:
        return done, error, 0.0
    workers = min(workers, len(ranges))  # every worker gets a chunk, so every worker starts (the barrier)
    context = multiprocessing.get_context()
    barrier = context.Barrier(workers + 1)
    stop = context.Event()
    pending: set[Any] = set()
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ready,
                             initargs=(cfg, barrier, stop)) as pool:
        try:
            # the workers start with the first chunk: they start ignoring Ctrl-C (the parent handles it)
            handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                pending.add(pool.submit(_play_range, *ranges[0]))
            finally:
                signal.signal(signal.SIGINT, handler)
            pending.update(pool.submit(_play_range, a, b) for a, b in ranges[1:])
            try:
                barrier.wait(STARTUP_TIMEOUT)
            except threading.BrokenBarrierError:
                pass
            t0 = time.perf_counter()
            for fut in as_completed(pending):  # one waiter for the whole run (wait() in a loop adds one per call)
                pending.discard(fut)
                lost = False
                try:
                    got, error = fut.result()
                except BrokenProcessPool:  # a worker was killed: the pool is gone
                    lost = True
                else:
                    done.append(got)
                    boards += got.count
                    progress(boards)
                if error is not None or lost:
                    _collect(pending, done)
                    if lost:
                        error = _worker_lost(_plays(cfg, done))
                    break
        except KeyboardInterrupt:  # Ctrl-C: the workers stop after their board; what they played is kept
            stop.set()
            barrier.abort()  # workers still starting go on at once (to stop at once)
            _collect(pending, done)
            error = interrupted(0)
        if isinstance(error, Interrupted):
            error = interrupted(_plays(cfg, done))
        seconds = time.perf_counter() - t0
    return done, error, seconds


def _collect(pending: set[Any], done: list[Chunk]) -> None:
    """Cancel the chunks not started; add to ``done`` those running, which still finish (or came back before the
    pool broke)."""
    for fut in pending:
        fut.cancel()
    for fut in pending:
        if not fut.cancelled():
            try:
                done.append(fut.result()[0])
            except BrokenProcessPool:
                pass


def _bad_cluster(address: str, why: str) -> InputError:
    return InputError(T(f"--cluster {address} : grappe injoignable ({why})",
                        f"--cluster {address}: cannot use the cluster ({why})"), token=address)


def _dask(cfg: GymConfig, address: str, workers: int,
          progress: Progress) -> tuple[list[Chunk], InputError | None, str]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise InputError(T("--cluster demande Dask distributed : pip install 'arbitre[cluster]'",
                           "--cluster needs Dask distributed: pip install 'arbitre[cluster]'"), token="--cluster") from None
    cluster: Any = None
    if address == "local":
        n = max(1, workers)
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
        backend = f"dask local cluster, {n} workers"
    else:
        if "://" not in address and ":" not in address:
            raise _bad_cluster(address, "expected tcp://HOST:PORT or local")
        try:
            client = Client(address if "://" in address else f"tcp://{address}", timeout="5s")
        except Exception as err:  # noqa: BLE001  (connection failures come in many types)
            raise _bad_cluster(address, f"{type(err).__name__}: {err}") from None
        backend = f"dask cluster {address}"
    done: list[Chunk] = []
    boards = 0
    error: InputError | None = None
    try:
        futures = [client.submit(play_chunk, cfg, a, b, pure=False)
                   for a, b in chunks(cfg.deals, max(1, workers))]
        try:
            for fut in as_completed(futures):
                got, failure = fut.result()
                done.append(got)
                boards += got.count
                progress(boards)
                if failure is not None:
                    error = failure
                    break
        except KeyboardInterrupt:  # Ctrl-C: the chunks that came back are kept
            error = interrupted(_plays(cfg, done))
        if error is not None:
            for fut in futures:
                fut.cancel()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return done, error, backend
