"""The authorization matrix (R2): the rows that tests/test_authorization.py tries through the
forms and tests/api/test_authorization.py through the API."""
