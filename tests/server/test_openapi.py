"""A schemathesis run against the served OpenAPI schema, in process (ASGI), bounded.

Every operation gets generated requests, half of them aimed at a real game of a real
player (so actions reach the engine, with fresh and stale versions), and every answer is
checked against the schema: documented status, content type and body, never a 500.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from pydantic import TypeAdapter, ValidationError
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation

from spider_solitaire.server.app import create_app
from spider_solitaire.server.schemas.actions import ActionRequest
from spider_solitaire.server.settings import Settings

from .conftest import CODE

_directory = Path(tempfile.mkdtemp(prefix="spider-openapi-"))
# The solver's endpoints run with small limits here: the schema is under test, not the solver.
app = create_app(
    Settings(
        db_url=f"sqlite:///{_directory / 'games.db'}",
        solve_time_limit=0.3,
        solve_node_limit=2000,
        history_probe_limit=0.2,
        history_budget=0.5,
        winnable_time_limit=0.2,
        winnable_max_tries=2,
        winnable_budget=1.0,
        solver_per_address=0,  # no request limits: a fuzzer asks far more than a player
        solver_per_player=0,
        new_games_per_address=0,
        transfer_claims_per_address=0,
    )
)
# The engine, not the schema, knows the move notation, game codes and positions and the
# rules: a request that fits the schema can still be bad notation or a bad code (400) or
# an action the rules refuse (422), as docs/api.md says. Those are accepted answers.
# A body over the size limit is refused with 413 before it is parsed; an id in the path
# not of its schema's pattern is refused with 422 bad_id.
_config = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ["2xx", 400, 404, 409, 413, 422]},
            "negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 422]},
        }
    }
)
schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=_config)
_turn = itertools.count()


@pytest.fixture(scope="session", autouse=True)
def _cleanup() -> Iterator[None]:
    """Close the module's app at the end of the session: with pytest-xdist a worker may run
    this module's tests in several stretches (schemathesis gives them all one node id)."""
    yield
    app.state.store.close()
    shutil.rmtree(_directory, ignore_errors=True)


@pytest.fixture(scope="module")
def real_game() -> dict[str, Any]:
    """A player and a game on the app: ``{"id", "cookie", "client"}``."""
    client = TestClient(app)
    state = client.post("/api/games", json={"code": CODE}).json()
    return {"id": state["id"], "cookie": client.cookies["spider_player"], "client": client}


def _valid_action(body: Any) -> bool:
    try:
        TypeAdapter(ActionRequest).validate_python(body)
    except ValidationError:
        return False
    return True


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_api_keeps_its_schema(case: Any, real_game: dict[str, Any]) -> None:
    turn = next(_turn)
    negative_path = case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH)
    if "game_id" in (case.path_parameters or {}) and turn % 2 == 0 and not negative_path:
        case.path_parameters["game_id"] = real_game["id"]
        case.cookies = {"spider_player": real_game["cookie"]}
        if turn % 4 == 0 and _valid_action(case.body):  # keep invalid bodies invalid
            current = real_game["client"].get(f"/api/games/{real_game['id']}").json()
            case.body["version"] = current["version"]
    case.call_and_validate()
