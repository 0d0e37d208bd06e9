"""The import contracts (.importlinter, checked by `make lint`) cover every package of the tree: a
contract holds only for the packages it names, so a package left out of them could import any
layer, or be imported by any, and make a cycle, unseen. Each package is one import-linter reads,
one whose modules the no-cycles contract walks, and one placed among the others: a layer of the
apps' contract, a package some contract forbids the others to import (an edge on top), or the pure
games, which a contract forbids to import anything of the site."""

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def contracts() -> dict[str, dict[str, set[str]]]:
    """Each contract of .importlinter by its id: each of its settings as a set of names."""
    parser = configparser.ConfigParser()
    parser.read(ROOT / ".importlinter")
    prefix = "importlinter:contract:"
    return {
        section.removeprefix(prefix): {key: set(value.split()) for key, value in parser[section].items()}
        for section in parser.sections()
        if section.startswith(prefix)
    }


def packages() -> set[str]:
    """The tree's top-level Python packages, but the tests."""
    return {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests"}


def layers(contract: dict[str, set[str]]) -> set[str]:
    """The packages a layers contract names (siblings are written `a | b`)."""
    return {name for name in contract["layers"] if name != "|"}


def test_the_tree_has_the_packages_the_contracts_are_about():
    assert {"campaign", "battles", "games", "bbs", "screens", "gamescreens", "handbook", "config"} <= packages()


def test_import_linter_reads_every_package():
    parser = configparser.ConfigParser()
    parser.read(ROOT / ".importlinter")
    assert packages() - set(parser["importlinter"]["root_packages"].split()) == set()


def test_the_no_cycles_contract_walks_every_package():
    assert packages() - contracts()["no-cycles"]["ancestors"] == set()


def test_every_package_has_its_place_among_the_others():
    """A package is a layer of the apps' contract; or an edge on top, which no layer of it may
    import (each forbidden by some contract); or the pure games, forbidden Django and the site."""
    every = contracts()
    in_the_layers = layers(every["apps-in-layers"])
    forbidden = [contract for contract in every.values() if contract["type"] == {"forbidden"}]

    def kept_from(package: str) -> set[str]:
        """The packages some contract forbids to import `package`."""
        return set().union(*(c["source_modules"] for c in forbidden if package in c["forbidden_modules"]))

    alone = every["games-alone"]["source_modules"]
    assert alone == {"games"} and {"django", "campaign", "battles"} <= every["games-alone"]["forbidden_modules"]
    edges = packages() - in_the_layers - alone
    assert {"config", "ops", "api"} <= edges
    open_to = {edge: sorted(in_the_layers - kept_from(edge)) for edge in edges}
    assert open_to == {edge: [] for edge in edges}, "a layer that may import an edge"
