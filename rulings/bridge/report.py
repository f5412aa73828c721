"""The classification report: pydantic models, the one shape shared by the Rich tables
and ``--json``. Every user-facing label carries French and English (``{"fr", "en"}``)."""
from __future__ import annotations

from pydantic import BaseModel


class Label(BaseModel):
    fr: str
    en: str


class CallReport(BaseModel):
    index: int
    call: str  # canonical English form: 1H, 3NT, P, X, XX
    seat: str
    position: int  # 1-4, 1 = dealer
    round: int
    state: str | None  # the seat's positional state (acquired on its first call)
    db_class: str | None  # bidding database class consulted, first-round calls only
    effective: bool  # counts for the contract and the rotation
    alert: bool = False
    note: str | None = None


class SeatReport(BaseModel):
    seat: str
    position: int
    state: str | None
    state_label: Label | None
    db_class: str | None
    db_class_label: Label | None
    flags: list[dict] = []


class IrregularityReport(BaseModel):
    kind: str
    law: str
    tree: str
    label: Label
    index: int
    seat: str
    call: str
    status: str  # pending | accepted | cancelled | stands
    facts: dict[str, str]
    params: dict[str, str]


class ContractReport(BaseModel):
    level: int
    strain: str
    doubled: int
    declarer: str
    text: str  # 4HX S


class AuctionReport(BaseModel):
    source: str | None = None
    board: str | None = None
    dealer: str
    calls: list[CallReport]
    seats: list[SeatReport]
    complete: bool
    passed_out: bool
    turn: str | None
    contract: ContractReport | None
    irregularities: list[IrregularityReport]
    problems: list[Label] = []  # the record itself is dirty (unreadable token, duplicated auction...)
    recorded_contract: str | None = None  # what the record says (PBN [Contract]/[Declarer], LIN rs|)
    agrees_with_record: bool | None = None


class ClassifyResult(BaseModel):
    """One document for ``--json``: every auction read, and input errors (by source)."""

    game: str = "bridge"
    auctions: list[AuctionReport]
    errors: list[dict] = []
