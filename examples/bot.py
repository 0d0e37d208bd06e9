"""A board bot (docs/api.md): prints the walls of every city, then takes up every siege call
its officer may answer. API, CAMPAIGN and TOKEN (an "act" token from the Tokens page) from the
environment; the standard library only."""

import json
import os
import urllib.error
import urllib.request

API, CAMPAIGN, TOKEN = os.environ["API"], os.environ["CAMPAIGN"], os.environ["TOKEN"]


def call(path, body=None):
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json", "Accept-Language": "en"}
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{API}/c/{CAMPAIGN}{path}", data, headers)) as answer:
        return json.load(answer)


me = call("/me")
for city in call("/cities?page_size=200")["results"]:
    print(f"{city['name']}\t{city['wall']} / {city['wall_max']}")
for game in call("/games?status=called")["results"]:
    try:
        call(f"/sieges/{game['siege_id']}/games/{game['id']}/answer", {"defender": me["id"]})
        print(f"took up game {game['id']}")
    except urllib.error.HTTPError as refused:
        print(f"game {game['id']}: {json.load(refused)['message']}")
