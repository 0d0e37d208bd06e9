"""Acting as an officer through the API, with a token made for acting, one module a kind of act
(moves, posts, comments, personnel, marches, sieges, prisoners, games, stratagems, the season's
life): each endpoint finds the objects named (in the campaign; 404 otherwise, or a refusal naming
the rule for a field's value) and calls the service the page's form calls, which checks who may
do it and what the rules allow. The fields are the forms' fields (read by api/forms.py); each
endpoint's URL name is its form's (tests/test_authorization.py tries both with the same cases)."""
