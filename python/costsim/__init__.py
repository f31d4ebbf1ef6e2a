"""costsim from Python: what a job costs and how long it takes on each cloud offer.

A binding of costsim's C++ library, not a second implementation: every figure is computed
by the same code as the `costsim` command, and every result's ``to_json()`` is the text the
CLI's ``--json`` prints for the same inputs and seed (``to_dict()`` is that text decoded).

    import costsim
    p = costsim.plan(work="10h", gpu="A100-80GB", deadline="24h")
    print(p.recommendation)
    cat = costsim.load_catalog()                      # the bundled 2026 catalog
    inv = costsim.quote(cat, "aws/us-east-1/p5.48xlarge", "on_demand", "3h")
    print(inv.total)                                  # Money(Decimal(...), "USD")

Types: money is ``Money`` (a ``decimal.Decimal`` with its currency) wherever an amount is
billed or listed; statistics over trials (means, quantiles) stay floats, and each candidate
also gives ``expected_cost`` as Money. Durations are taken as ``datetime.timedelta`` or as
the CLI's strings ("10h", "90m", "2d"); times are timezone-aware ``datetime`` (UTC). Errors
are ``costsim.InputError`` (with ``file``, ``pointer``, ``message``) or ``costsim.ModelError``;
Ctrl-C stops a long plan or simulate with ``KeyboardInterrupt``.
"""

from __future__ import annotations

import datetime as _dt
import decimal as _decimal
import json as _json
import os as _os
import warnings as _warnings
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Union

from ._errors import Error, InputError, ModelError
from . import _costsim
from ._share import SHARE as _SHARE

_costsim.set_share_dir(_SHARE)

__all__ = [
    "Error", "InputError", "ModelError", "Money", "Price", "Offer", "Catalog", "InvoiceLine", "Invoice",
    "Summary", "Candidate", "PlanResult", "SimulationResult", "ReplayResult",
    "load_catalog", "quote", "plan", "simulate", "replay", "share_dir", "__version__",
]

__version__ = _costsim.version()

Duration = Union[str, _dt.timedelta]
ScenarioInput = Union[str, "_os.PathLike[str]", dict]

# ---------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Money:
    """An exact amount in a currency."""

    amount: _decimal.Decimal
    currency: str

    def __str__(self) -> str:
        return f"{self.amount} {self.currency}"


@dataclass(frozen=True)
class Price:
    """A listed price: an amount per unit ("hour", "month", ...)."""

    amount: Money
    per: str

    def __str__(self) -> str:
        return f"{self.amount}/{self.per}"


def share_dir() -> str:
    """Where the bundled catalogs, speed tables and traces are read from."""
    return _costsim.share_dir()


def _duration_text(value: Optional[Duration], name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, _dt.timedelta):
        us = value // _dt.timedelta(microseconds=1)
        if us < 0:
            raise InputError(f"arguments: {name}: a duration of 0 or more, got {value!r}", "arguments", name)
        return f"{us // 1_000_000}.{us % 1_000_000:06d}s"
    if isinstance(value, str):
        return value
    raise TypeError(f"{name}: a datetime.timedelta or a duration string such as '10h', got {type(value).__name__}")


def _time_text(value: Optional[_dt.datetime], name: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if not isinstance(value, _dt.datetime):
        raise TypeError(f"{name}: a timezone-aware datetime.datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise InputError(f"arguments: {name}: a timezone-aware datetime (naive: {value.isoformat()})", "arguments",
                         name)
    u = value.astimezone(_dt.timezone.utc)
    frac = f".{u.microsecond:06d}" if u.microsecond else ""
    return u.strftime("%Y-%m-%dT%H:%M:%S") + frac + "Z"


def _parse_time(text: str) -> _dt.datetime:
    return _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _list_text(value: Union[None, str, Iterable[str]]) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return ",".join(str(v) for v in value)


def _hours(h: Optional[float]) -> Optional[_dt.timedelta]:
    return None if h is None else _dt.timedelta(hours=h)


# ---------------------------------------------------------------------------------------
# Results: the CLI's --json text, decoded into objects
# ---------------------------------------------------------------------------------------


class _Result:
    """A result backed by the JSON text the CLI prints (``to_json``)."""

    def __init__(self, text: str):
        self._text = text
        self._raw = _json.loads(text)

    def to_json(self) -> str:
        """The text `costsim ... --json` prints for the same inputs (without its newline)."""
        return self._text

    def to_dict(self) -> dict:
        """The result as a dict, with the same keys as the CLI's --json."""
        return _json.loads(self._text)


@dataclass(frozen=True)
class Summary:
    """Statistics over trials or replays (floats: estimates, not billed amounts)."""

    mean: float
    stderr: Optional[float] = None
    ci95: Optional[tuple] = None
    p05: Optional[float] = None
    p50: Optional[float] = None
    p95: Optional[float] = None
    p99: Optional[float] = None
    min: Optional[float] = None
    max: Optional[float] = None

    @staticmethod
    def _of(d: Optional[dict]) -> Optional["Summary"]:
        if d is None:
            return None
        ci = d.get("ci95")
        return Summary(d["mean"], d.get("stderr"), tuple(ci) if ci is not None else None, d.get("p05"),
                       d.get("p50"), d.get("p95"), d.get("p99"), d.get("min"), d.get("max"))


@dataclass
class Candidate:
    """One offer × market × policy as simulated: cost in the result's currency, time in hours."""

    offer: str
    market: str
    policy: str
    currency: str
    cost: Optional[Summary]
    makespan_hours: Optional[Summary]
    deadline_met: Optional[float]
    rank: Optional[int] = None
    recommended: bool = False
    pareto: bool = False
    raw: dict = field(default_factory=dict, repr=False)
    has_deadline: bool = False  # deadline_met is 1.0 without a deadline, and says nothing

    @staticmethod
    def _of(d: dict, currency: str, has_deadline: bool) -> "Candidate":
        return Candidate(d["offer"], d["market"], d["policy"], currency, Summary._of(d.get("cost")),
                         Summary._of(d.get("makespan_hours")), d.get("deadline_met"), d.get("rank"),
                         bool(d.get("recommended", False)), bool(d.get("pareto", False)), d, has_deadline)

    @property
    def expected_cost(self) -> Optional[Money]:
        """The mean cost as Money (the float's shortest exact decimal, not rounded)."""
        return None if self.cost is None else Money(_decimal.Decimal(repr(self.cost.mean)), self.currency)

    @property
    def expected_time(self) -> Optional[_dt.timedelta]:
        return None if self.makespan_hours is None else _hours(self.makespan_hours.mean)

    @property
    def runtime_source(self) -> Optional[str]:
        """measured, published, estimate (plan rows): where the hours of work come from."""
        return (self.raw.get("runtime") or {}).get("source")

    @property
    def failover_zones(self) -> int:
        """Spot with failover: how many identical zones a preempted run may relaunch in (1: none)."""
        return int((self.raw.get("failover") or {}).get("zones", 1))

    @property
    def risk_source(self) -> Optional[str]:
        """trace, advisor, proxy or stated: where a spot row's interruption model comes from."""
        return (self.raw.get("interruption_model") or {}).get("source")

    def __str__(self) -> str:
        if self.cost is None:
            return f"{self.offer} {self.market} ({self.policy}): never finished"
        policy = self.policy + (f", failover over {self.failover_zones} zones" if self.failover_zones > 1 else "")
        s = (f"{self.offer} {self.market} ({policy}), expected {self.cost.mean:.2f} {self.currency}"
             f" (P95 {self.cost.p95:.2f}) in {self.makespan_hours.mean:.1f} h (P95 {self.makespan_hours.p95:.1f})")
        if self.has_deadline and self.deadline_met is not None:
            s += f", meets the deadline in {100 * self.deadline_met:.1f} % of trials"
        return s


def _frame(rows: list) -> Any:
    try:
        import pandas
    except ImportError as e:  # optional: the module works without it
        raise ImportError("to_dataframe() needs pandas (Debian: python3-pandas)") from e
    return pandas.DataFrame(rows)


def _row(c: Candidate) -> dict:
    r = {"offer": c.offer, "market": c.market, "policy": c.policy}
    if c.rank is not None:
        r.update(rank=c.rank, recommended=c.recommended, pareto=c.pareto)
    r.update(cost_mean=c.cost.mean if c.cost else None, cost_p95=c.cost.p95 if c.cost else None,
             hours_mean=c.makespan_hours.mean if c.makespan_hours else None,
             hours_p95=c.makespan_hours.p95 if c.makespan_hours else None, deadline_met=c.deadline_met,
             currency=c.currency)
    if c.runtime_source is not None:
        r["runtime_source"] = c.runtime_source
    if c.market == "spot" and c.risk_source is not None:
        r["risk_source"] = c.risk_source
    return r


class SimulationResult(_Result):
    """`costsim simulate --json` as an object: the scenario's candidates, in its order."""

    def __init__(self, text: str):
        super().__init__(text)
        d = self._raw
        self.scenario: str = d["scenario"]
        self.trials: int = d["trials"]
        self.seed: int = d["seed"]
        self.currency: str = d["currency"]
        self.deadline: Optional[_dt.timedelta] = _hours(d.get("deadline_hours"))
        self.candidates = [Candidate._of(c, self.currency, self.deadline is not None) for c in d["candidates"]]

    def to_dataframe(self):
        """One row per candidate (needs pandas)."""
        return _frame([_row(c) for c in self.candidates])

    def __repr__(self) -> str:
        return f"<costsim.SimulationResult {self.scenario!r}: {len(self.candidates)} candidates, {self.trials} trials>"


@dataclass(frozen=True)
class Excluded:
    offer: str
    market: str
    reason: str


class PlanResult(SimulationResult):
    """`costsim plan --json` as an object: candidates ranked by expected cost, the
    recommendation, what was left out and why, and the recommendation's sensitivity."""

    def __init__(self, text: str):
        super().__init__(text)
        d = self._raw
        self.candidates.sort(key=lambda c: c.rank if c.rank is not None else 1 << 60)
        self.recommendation: Optional[Candidate] = next((c for c in self.candidates if c.recommended), None)
        self.excluded = [Excluded(e["offer"], e["market"], e["reason"]) for e in d.get("excluded", [])]
        self.sensitivity: list = d.get("sensitivity", [])
        self.catalog: Optional[dict] = d.get("catalog")

    def __repr__(self) -> str:
        return (f"<costsim.PlanResult {self.scenario!r}: {len(self.candidates)} candidates, "
                f"recommendation {self.recommendation.offer if self.recommendation else None}>")


class ReplayResult(_Result):
    """`costsim replay --json` as an object: every candidate on windows of a real trace."""

    def __init__(self, text: str):
        super().__init__(text)
        d = self._raw
        self.scenario: str = d["scenario"]
        self.trace: str = d["trace"]
        self.sense: str = d.get("sense", "preempted")
        self.replays: int = d["replays"]
        self.currency: str = d["currency"]
        self.deadline: Optional[_dt.timedelta] = _hours(d.get("deadline_hours"))
        self.candidates = [Candidate._of(c, self.currency, self.deadline is not None) for c in d["candidates"]]

    def to_dataframe(self):
        rows = []
        for c in self.candidates:
            r = _row(c)
            r.update(finished=c.raw.get("finished"), outlasted=c.raw.get("outlasted"),
                     saving_vs_on_demand=c.raw.get("saving_vs_on_demand"))
            rows.append(r)
        return _frame(rows)

    def __repr__(self) -> str:
        return f"<costsim.ReplayResult {self.scenario!r} on {self.trace}: {self.replays} replays>"


# ---------------------------------------------------------------------------------------
# Catalogs and quotes
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """One row of `costsim offers --json`."""

    id: str
    provider: str
    region: str
    zone: str
    instance: str
    gpu: Optional[str]
    gpus: int
    gpu_memory_gib: Optional[float]
    on_demand: Optional[Price]
    spot: Optional[Price]
    monthly: Optional[Price]
    spot_above_on_demand: bool
    billing: str
    prices_as_of: str

    @staticmethod
    def _of(d: dict) -> "Offer":
        def price(p):
            if p is None:
                return None
            if p.get("history"):  # a spot price history: its latest per hour
                return Price(Money(_decimal.Decimal(repr(p["per_hour_latest"])), ""), "hour")
            return Price(Money(_decimal.Decimal(p["amount"]), p["currency"]), p["per"])

        return Offer(d["id"], d["provider"], d["region"], d["zone"], d["instance"], d["gpu"], d["gpus"],
                     d["gpu_memory_gib"], price(d["on_demand"]), price(d["spot"]), price(d["monthly"]),
                     d["spot_above_on_demand"], d["billing"], d["prices_as_of"])


class Catalog:
    """A loaded costsim.catalog/v1 file."""

    def __init__(self, native):
        self._native = native

    name = property(lambda self: self._native.name)
    file = property(lambda self: self._native.file)
    as_of = property(lambda self: _dt.date.fromisoformat(self._native.as_of))
    source = property(lambda self: self._native.source)

    def __len__(self) -> int:
        return self._native.size

    def offers(self, gpu=None, cloud=None, market: Optional[str] = None, region: Optional[str] = None,
               max_price=None) -> list:
        """Offers filtered as `costsim offers` filters them (GPU models and providers as a
        string or a list, `region` a regular expression on region, zone or id, `market` and
        `max_price` per hour), cheapest first by the price of `market` (default on-demand)."""
        text = self._native.offers_json(_list_text(gpu), _list_text(cloud), region or "", market or "",
                                        "" if max_price is None else str(max_price))
        return [Offer._of(o) for o in _json.loads(text)["offers"]]

    def offers_json(self, gpu=None, cloud=None, market=None, region=None, max_price=None) -> str:
        """The text `costsim offers --json` prints for the same filters."""
        return self._native.offers_json(_list_text(gpu), _list_text(cloud), region or "", market or "",
                                        "" if max_price is None else str(max_price))

    def __repr__(self) -> str:
        return f"<costsim.Catalog {self.name!r}: {len(self)} offers, as of {self._native.as_of}>"


def load_catalog(path: Union[None, str, "_os.PathLike[str]"] = None) -> Catalog:
    """A catalog file; without one, the bundled 2026 catalog."""
    return Catalog(_costsim.load_catalog("" if path is None else _os.fspath(path)))


@dataclass(frozen=True)
class InvoiceLine:
    item: str
    month: Optional[str]
    billed: _dt.timedelta
    exact: Money
    amount: Money


class Invoice(_Result):
    """`costsim quote --json` as an object: exact lines, the total rounded once."""

    def __init__(self, text: str, note: str):
        super().__init__(text)
        d = self._raw
        self.offer_id: str = d["offer"]
        self.market: str = d["market"]
        self.currency: str = d["currency"]
        self.start: _dt.datetime = _parse_time(d["start"])
        self.duration = _dt.timedelta(seconds=float(_decimal.Decimal(str(d["duration_seconds"]))))
        self.billed = _dt.timedelta(seconds=float(_decimal.Decimal(str(d["billed_seconds"]))))
        self.billing: str = d.get("billing", "")
        cur = self.currency
        self.lines = [
            InvoiceLine(l["item"], l.get("month"), _dt.timedelta(seconds=float(l.get("billed_seconds", 0))),
                        Money(_decimal.Decimal(l["exact"]), cur), Money(_decimal.Decimal(l["amount"]), cur))
            for l in d["lines"]
        ]
        self.total = Money(_decimal.Decimal(d["total"]), cur)
        self.total_exact = Money(_decimal.Decimal(d["total_exact"]), cur)
        self.note: str = note  # how a region-level id was matched ("" for an exact id)

    def to_dataframe(self):
        return _frame([{"item": l.item, "month": l.month, "billed_seconds": l.billed.total_seconds(),
                        "exact": l.exact.amount, "amount": l.amount.amount, "currency": self.currency}
                       for l in self.lines])

    def __repr__(self) -> str:
        return f"<costsim.Invoice {self.offer_id} {self.market}: {self.total}>"


def quote(catalog: Union[Catalog, str, "_os.PathLike[str]", None], offer_id: str, market: str = "on_demand",
          duration: Duration = "1h", start: Optional[_dt.datetime] = None, currency: Optional[str] = None,
          egress_gb=None) -> Invoice:
    """The exact invoice of one run of `offer_id` (exact, or a region-level id such as
    "aws/us-east-1/p3.2xlarge": the region's cheapest zone, said in ``note``)."""
    cat = catalog if isinstance(catalog, Catalog) else load_catalog(catalog)
    text, note = _costsim.quote(cat._native, offer_id, market, _duration_text(duration, "duration"),
                                _time_text(start, "start"), currency or "",
                                "" if egress_gb is None else str(egress_gb))
    return Invoice(text, note)


# ---------------------------------------------------------------------------------------
# Plan, simulate, replay
# ---------------------------------------------------------------------------------------

_QUICK = ("work", "gpu", "gpus", "memory", "market", "cloud", "region", "catalog", "speed", "work_class",
          "checkpoint_cost", "restart_overhead", "allow_unknown_memory",
          # the job by its size instead of work (docs/job_size.md)
          "model", "tokens", "samples", "epochs", "method", "precision", "seq", "micro_batch", "stack")


def _scenario_args(scenario: ScenarioInput, base_dir: Optional[str]):
    """(path, text, file label) for the C++ side."""
    if isinstance(scenario, dict):
        label = _os.path.join(_os.fspath(base_dir) if base_dir is not None else _os.getcwd(), "<dict>")
        return None, _json.dumps(scenario), label
    if isinstance(scenario, (str, _os.PathLike)):
        path = _os.fspath(scenario)
        return path, None, path
    raise TypeError(f"scenario: a file path or a dict in the costsim.scenario/v1 format, got {type(scenario).__name__}")


def _note(note: str) -> None:
    if note:
        _warnings.warn(note, stacklevel=3)


def plan(scenario: Optional[ScenarioInput] = None, *, deadline: Optional[Duration] = None,
         trials: Optional[int] = None, seed: int = 1, threads: int = 0, target_rel_ci: Optional[float] = None,
         base_dir: Optional[str] = None, **quick) -> PlanResult:
    """Every candidate a scenario allows, ranked, with a recommendation: `costsim plan`.

    Give a scenario file, a dict in its format (relative paths resolve against `base_dir`,
    default the working directory), or the job as the CLI's quick-mode keywords: work
    ("10h" or a timedelta), gpu, gpus, memory ("40GiB"), deadline, market, cloud (strings or
    lists), region, catalog, speed, work_class, checkpoint_cost, restart_overhead,
    allow_unknown_memory; or, instead of work, the job by its size: model ("7B" or a named
    model), tokens ("50M" or a number) or samples (x seq x epochs), method ("full", "lora",
    "qlora"), precision, seq, micro_batch, stack ("plain" or "tuned"). Quick mode runs each candidate to a 1 % interval of its mean cost
    unless `trials` is given; a scenario runs 20,000 trials per candidate by default."""
    unknown = set(quick) - set(_QUICK)
    if unknown:
        raise TypeError(f"plan() got unexpected keyword arguments {sorted(unknown)} (quick mode takes {_QUICK})")
    trials_given = trials is not None
    n = 20000 if trials is None else int(trials)
    target = 0.0 if target_rel_ci is None else float(target_rel_ci)
    if scenario is not None:
        given = [k for k, v in quick.items() if v is not None and v is not False]
        if given:
            raise InputError(f"arguments: {given[0]}: no {given[0]}= beside a scenario (the scenario states the job)",
                             "arguments", given[0])
        path, text, label = _scenario_args(scenario, base_dir)
        return PlanResult(_costsim.plan_scenario(path, text, label, _duration_text(deadline, "deadline"), n,
                                                 trials_given, seed, threads, target))
    if quick.get("work") is None and quick.get("model") is None:
        raise InputError("arguments: scenario: a scenario file, a dict, or the job as keywords such as "
                         "plan(work='10h', gpu='A100-80GB')", "arguments", "scenario")
    flags = {}
    for k in ("work", "checkpoint_cost", "restart_overhead"):
        if quick.get(k) is not None:
            flags[k] = _duration_text(quick[k], k)
    if deadline is not None:
        flags["deadline"] = _duration_text(deadline, "deadline")
    for k in ("gpu", "market", "cloud"):
        if quick.get(k) is not None:
            flags[k] = _list_text(quick[k])
    for k in ("region", "catalog", "speed", "work_class"):
        if quick.get(k) is not None:
            flags[k] = _os.fspath(quick[k])
    if quick.get("memory") is not None:
        m = quick["memory"]
        flags["memory"] = f"{m}GiB" if isinstance(m, (int, float)) else str(m)
    if quick.get("gpus") is not None:
        flags["gpus"] = int(quick["gpus"])
    for k in ("model", "tokens", "samples", "epochs", "method", "precision", "seq", "micro_batch", "stack"):
        if quick.get(k) is not None:
            v = quick[k]
            flags[k] = str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
    if quick.get("allow_unknown_memory"):
        flags["allow_unknown_memory"] = True
    return PlanResult(_costsim.plan_quick(flags, n, trials_given, seed, threads, target))


def simulate(scenario: ScenarioInput, *, trials: int = 100000, seed: int = 1, threads: int = 0,
             target_rel_ci: Optional[float] = None, base_dir: Optional[str] = None) -> SimulationResult:
    """Monte Carlo of a scenario's candidates (its plan's, when it lists none): `costsim simulate`."""
    path, text, label = _scenario_args(scenario, base_dir)
    out, note = _costsim.simulate(path, text, label, int(trials), int(seed), int(threads),
                                  0.0 if target_rel_ci is None else float(target_rel_ci))
    _note(note)
    return SimulationResult(out)


def replay(scenario: ScenarioInput, trace: Union[str, "_os.PathLike[str]"], *, starts: Optional[int] = None,
           windows: Union[None, str, "_os.PathLike[str]"] = None, deadline: Optional[Duration] = None,
           sense: str = "preempted", base_dir: Optional[str] = None) -> ReplayResult:
    """Every candidate on windows of a real spot trace: `costsim replay`. `sense` is what
    the trace's values count: "preempted" (Can't Be Late: non-zero = no spot) or
    "obtainable" (SpotHedge: instances obtainable, 0 = none)."""
    if starts is not None and windows is not None:
        raise InputError("arguments: starts: no starts= beside windows= (the windows say where replays start)",
                         "arguments", "starts")
    path, text, label = _scenario_args(scenario, base_dir)
    out, note = _costsim.replay(path, text, label, _os.fspath(trace), 0 if starts is None else int(starts),
                                "" if windows is None else _os.fspath(windows), _duration_text(deadline, "deadline"),
                                sense)
    _note(note)
    return ReplayResult(out)
