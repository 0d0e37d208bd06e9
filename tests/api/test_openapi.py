"""The API's documentation: the API's OpenAPI 3 schema is valid (openapi-spec-validator), the same
as the one kept in tests/api/openapi.json (a change to it is a deliberate one: `make openapi`
writes it again, and the diff is reviewed with the change), served at /api/v1/openapi.json, and
the interactive docs at /api/v1/docs load under the site's Content-Security-Policy."""

import json
from pathlib import Path

from django.test import Client
from openapi_spec_validator import validate

from api.main import api

KEPT = Path(__file__).with_name("openapi.json")


def test_the_schema_is_valid_openapi_and_the_one_kept():
    schema = api.get_openapi_schema()
    validate(json.loads(json.dumps(schema)))
    assert schema["openapi"].startswith("3.")
    assert json.loads(json.dumps(schema, sort_keys=True)) == json.loads(KEPT.read_text()), (
        "the API's schema changed: if that is meant, run `make openapi` and review the diff"
    )


def test_every_operation_is_documented_with_its_errors():
    schema = api.get_openapi_schema()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert operation.get("description"), (method, path)
            assert operation["tags"] in (["read"], ["act"]), (method, path)
            errors = {"400", "401", "403", "404", "429"} | ({"409"} if method == "post" else set())
            assert errors <= {str(status) for status in operation["responses"]}, (method, path)
            example = operation["responses"][403]["content"]["application/json"]["examples"]
            assert example["en"]["value"]["clause"] == "R1.2" and "皇宮" in example["zh-hant"]["value"]["message"]


def test_the_schema_and_the_docs_are_served(db):
    client = Client()
    served = client.get("/api/v1/openapi.json")
    assert served.status_code == 200 and served.json()["info"]["title"] == "Chess-siege campaign manager"
    docs = client.get("/api/v1/docs")
    assert docs.status_code == 200 and b"swagger-ui-bundle.js" in docs.content
    assert "script-src 'self'" in docs["Content-Security-Policy"]
