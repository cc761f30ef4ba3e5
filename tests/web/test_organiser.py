"""The organiser's area on a real tournament service: set-up, registration, chart, seat draw,
results and hand-log downloads, and the scoreboard's tournament panel."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from dealer_app.tournament.service import TournamentService
from dealer_app.web import shutdown
from tests.web.conftest import START_HAND, THREE_PLAYERS, make_app, run, sign_in


@pytest.fixture
def tournament(tmp_path):
    service = TournamentService.open(tmp_path / "tournament")
    yield service
    service.close()


@pytest.fixture
def tapp(service, tournament, tmp_path, clock):
    app = make_app(service, tmp_path, clock, tournament=tournament)
    app.extensions["dealer_web"].credentials.choose("2468", "river-card-7")
    yield app
    shutdown(app)


@pytest.fixture
def org(tapp):
    client = tapp.test_client()
    client.token = sign_in(client, "organiser")
    return client


CLUB_FORM = {
    "name": "Club night", "entry_fee": "25,00", "start_stack": "100", "ante": "1",
    "small_blind": "1", "big_blind": "2", "max_per_round": "6", "max_per_hand": "25",
    "rebuys_per_player": "1", "rebuy_fee": "25,00", "rebuy_deadline_minutes": "",
    "reentries_per_player": "0", "profile": "belgium",
}  # fmt: skip


def post(client, path: str, form: dict | None = None):
    return client.post(path, data={**(form or {}), "csrf_token": client.token}, follow_redirects=True)


def flashes(answer) -> list[str]:
    return re.findall(r'<p class="flash \w+" role="alert">(.*?)</p>', answer.get_data(as_text=True))


def test_to5_an_entry_over_50_eur_is_refused_with_the_rule_and_nothing_is_created(org, tournament) -> None:
    answer = post(org, "/organiser/setup", {**CLUB_FORM, "entry_fee": "60,00"})
    assert flashes(answer) == [
        "Entry fee 60.00 EUR is above the 50.00 EUR allowed by Belgian law (TO5): lower the entry fee"
    ]
    assert tournament.state.setup is None


def test_a_bad_number_names_the_field(org, tournament) -> None:
    answer = post(org, "/organiser/setup", {**CLUB_FORM, "start_stack": "lots"})
    assert flashes(answer) == ["start_stack: a whole number, not &#39;lots&#39;"]
    assert tournament.state.setup is None


def _register(org, names: list[str]) -> None:
    for name in names:
        answer = post(org, "/organiser/register", {"name": name, "paid": "on", "age_confirmed": "on"})
        assert flashes(answer)[-1].startswith(f"{name} registered as player")


def test_to2_setup_registration_chart_and_seat_draw(org, tournament, tapp) -> None:
    answer = post(org, "/organiser/setup", CLUB_FORM)
    assert flashes(answer) == ["Tournament &#39;Club night&#39; created"]
    assert tournament.state.setup.entry_fee == 2500
    refused = post(org, "/organiser/register", {"name": "Kid", "paid": "on"})
    assert flashes(refused) == [
        "Kid: adults only under Belgian law (TO5): the organiser must confirm the player is 18 or older"
    ]
    assert tournament.state.players == {}
    names = [f"P{n}" for n in range(1, 13)]
    _register(org, names)
    page = org.get("/organiser/").get_data(as_text=True)
    assert "12 players: 2 tables (chart TO2): 6 / 6" in page
    assert 'id="prize-pool">EUR 300,00<' in page
    assert flashes(post(org, "/organiser/plan", {"sizes": ""})) == ["Tables: 6 6"]
    assert flashes(post(org, "/organiser/draw")) == ["Seats drawn"]
    assert sorted(tournament.state.tables) == ["1", "2"]
    for table in ("1", "2"):
        seated = [s["name"] for s in tournament.table(table).view("public", "en")["seats"] if s["name"]]
        assert len(seated) == 6
    panel = tapp.test_client().get("/api/view?lang=nl").get_json()["tournament"]
    assert panel == {
        "name": "Club night", "phase": tournament.state.phase, "players_left": 12, "entries": 12,
        "average_stack_text": "EUR 25,00", "rebuys": 0, "prize_pool_text": "EUR 300,00",
    }  # fmt: skip


def test_results_downloads(org) -> None:
    post(org, "/organiser/setup", CLUB_FORM)
    _register(org, ["Ann", "Bob"])
    answer = org.get("/organiser/results.csv")
    assert answer.headers["Content-Disposition"] == 'attachment; filename="results.csv"'
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [r["name"] for r in rows] == ["Ann", "Bob"]
    body = json.loads(org.get("/organiser/results.json").get_data(as_text=True))
    assert body["prize_pool"]["total_cents"] == 5000
    assert org.get("/organiser/results.xml").status_code == 404


def test_the_dealer_cannot_reach_the_organiser_area(tapp) -> None:
    client = tapp.test_client()
    client.token = sign_in(client, "dealer")
    assert client.get("/organiser/").status_code == 403
    assert client.get("/organiser/results.csv").status_code == 403
    assert post(client, "/organiser/register", {"name": "X"}).status_code == 403


def test_hand_log_phh_of_one_table(dealer, organiser) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "ok"})
    answer = organiser.get("/organiser/hands.phh")
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"] == 'attachment; filename="table-1.phhs"'
    text = answer.get_data(as_text=True)
    assert text.count("variant = ") == 1
    assert "Ann" in text and "Bob" in text and "Cy" in text
    assert organiser.get("/organiser/hands.phh?hands=x").status_code == 400
    assert organiser.get("/organiser/hands.doc").status_code == 404


def _play_two_hands(dealer) -> None:
    run(dealer, *THREE_PLAYERS, *START_HAND, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "ok"})
    run(dealer, *START_HAND, {"cmd": "fold"}, {"cmd": "fold"}, {"cmd": "ok"})


def test_hand_logs_in_every_format_one_hand_and_the_night_zip(dealer, organiser) -> None:
    import zipfile

    _play_two_hands(dealer)
    one = organiser.get("/organiser/hands.phh?hands=2")
    assert one.headers["Content-Disposition"] == 'attachment; filename="table-1-hands-2.phh"'
    assert one.get_data(as_text=True).count("variant = ") == 1
    text = organiser.get("/organiser/hands.txt").get_data(as_text=True)
    assert text.count("Hold'em No Limit") == 2
    rows = list(csv.DictReader(io.StringIO(organiser.get("/organiser/hands.csv").get_data(as_text=True))))
    assert {r["hand"] for r in rows} == {"1", "2"}
    hands = json.loads(organiser.get("/organiser/hands.json").get_data(as_text=True))
    assert len(hands) == 2
    night = organiser.get("/organiser/hands.zip")
    assert night.headers["Content-Disposition"] == 'attachment; filename="night.zip"'
    with zipfile.ZipFile(io.BytesIO(night.get_data())) as archive:
        assert sorted(archive.namelist()) == [
            "table-1.csv", "table-1.json", "table-1.phhs", "table-1.txt",
        ]  # fmt: skip


def test_t4_seat_draw_from_entered_cards_with_a_tie_drawn_again(org, tournament) -> None:
    post(org, "/organiser/setup", CLUB_FORM)
    _register(org, ["Ann", "Bob", "Cy"])
    assert flashes(post(org, "/organiser/plan")) == ["Tables: 3"]
    undecided = post(org, "/organiser/draw-cards", {"table": "1", "rounds": "1:Ks 2:Kd 3:7c"})
    assert len(flashes(undecided)) == 1 and "draw again" in flashes(undecided)[0]
    assert tournament.state.tables == {}
    answer = post(org, "/organiser/draw-cards", {"table": "1", "rounds": "1:Ks 2:Kd 3:7c\n1:2c 2:Ah"})
    # Bob wins the re-draw: the button (seat 1); Ann to his left; Cy's 7 is lowest
    assert flashes(answer) == ["Table 1 seated: 1 Bob, 2 Ann, 3 Cy"]
    seats = tournament.table("1").view("public", "en")["seats"]
    assert [s["name"] for s in seats[:3]] == ["Bob", "Ann", "Cy"]
    assert tournament.table("1").view("public", "en")["button"] == 1


def test_a_malformed_draw_line_names_the_round(org) -> None:
    post(org, "/organiser/setup", CLUB_FORM)
    answer = post(org, "/organiser/draw-cards", {"rounds": "1:As 2Kd"})
    assert flashes(answer) == ["round 1: write player:card, e.g. 3:As, not &#39;2Kd&#39;"]


def test_to1_a_busted_player_rebuys_from_the_organiser_page(org, tournament) -> None:
    no_caps = {**CLUB_FORM, "max_per_round": "", "max_per_hand": ""}
    assert flashes(post(org, "/organiser/setup", no_caps)) == ["Tournament &#39;Club night&#39; created"]
    _register(org, ["Ann", "Bob", "Cy"])
    post(org, "/organiser/plan")
    assert flashes(post(org, "/organiser/draw-cards", {"rounds": "1:As 2:Kd 3:7c"})) == [
        "Table 1 seated: 1 Ann, 2 Bob, 3 Cy"
    ]
    table = tournament.table("1")
    for command in (
        *START_HAND, {"cmd": "allin"}, {"cmd": "call"}, {"cmd": "fold"},
        {"cmd": "show", "seat": 1, "cards": ["7c", "2d"]},
        {"cmd": "show", "seat": 2, "cards": ["As", "Ad"]},
        {"cmd": "board", "cards": ["Kh", "9s", "4c"]}, {"cmd": "board", "cards": ["Jd"]},
        {"cmd": "board", "cards": ["3h"]}, {"cmd": "ok"},
    ):  # fmt: skip
        result = table.execute(command, "console")
        assert result.ok, (command, result.reason)
    answer = post(org, "/organiser/sync/1")
    assert flashes(answer) == ["Table 1 up to date; busted: Ann"]
    assert '<div class="row" data-player="1">Ann (table 1, hand 1)' in answer.get_data(as_text=True)
    answer = post(org, "/organiser/player/1/rebuy")
    assert flashes(answer) == ["Ann: rebuy"]
    assert tournament.state.players[1].rebuys == 1
    ann = table.view("public", "en")["seats"][0]
    assert (ann["name"], ann["stack"]) == ("Ann", 100)
    assert 'id="prize-pool">EUR 100,00<' in answer.get_data(as_text=True)
    assert post(org, "/organiser/player/1/dance").status_code == 404
