"""evoku.devices: the adapters `evoku devices --json` lists."""

import os

import evoku
from conftest import cli_json


def test_the_adapters_are_the_commands():
    adapters = evoku.devices()
    assert isinstance(adapters, list)
    for a in adapters:
        assert isinstance(a["name"], str) and isinstance(a["software"], bool)
    if os.environ.get("EVOKU_REQUIRE_GPU") == "1":
        assert adapters, "EVOKU_REQUIRE_GPU=1 but no adapter"
    if adapters:
        assert adapters == cli_json("devices", "--json")
