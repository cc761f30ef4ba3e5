"""The dealer's next instruction as text, in English and Dutch.

A prompt is a code plus raw arguments (seats, amounts in money units); :func:`render`
turns it into one sentence. Amounts are formatted by the ``money`` callable the caller
passes (normally :func:`dealer_app.money.format_money` bound to the table's chip value).

>>> from functools import partial
>>> from dealer_app.money import format_money
>>> money = partial(format_money, chip_cents=25, currency="EUR")
>>> render("action", {"seat": 6}, "nl", money)
'Actie bij stoel 6'
>>> pots = [{"pot": 1, "board": 1, "amount": 6, "winners": {"7": 6}, "odd_chip_seat": None},
...         {"pot": 0, "board": 1, "amount": 15, "winners": {"2": 15}, "odd_chip_seat": None}]
>>> render("push", {"pots": pots}, "en", money)
'Push side pot 1 of EUR 1.50 to seat 7 and the main pot of EUR 3.75 to seat 2'
>>> render("push", {"pots": pots[1:], "rake": 1, "returns": {"3": 4}}, "en", money)
'Return the uncalled EUR 1.00 to seat 3; take the rake of EUR 0.25 (C5); push the main pot of EUR 3.75 to seat 2'
"""

from __future__ import annotations

from collections.abc import Callable

Money = Callable[..., str]

#: Board cards in total once each street is dealt.
STREET_TOTALS = {"flop": 3, "turn": 4, "river": 5}

STREETS = {
    "en": {"flop": "the flop", "turn": "the turn", "river": "the river"},
    "nl": {"flop": "de flop", "turn": "de turn", "river": "de river"},
}

_WORDS = {
    "en": {
        "seat": "seat",
        "seats": "seats",
        "and": "and",
        "main": "the main pot",
        "side": "side pot {n}",
        "split": "split",
        "board": " (board {n})",
        "odd": "odd chip to seat {seat}",
        "ante": "ante",
        "sb": "small blind",
        "bb": "big blind",
        "dead": "dead small blind",
        "dead_button": "dead button on seat {seat}",
    },
    "nl": {
        "seat": "stoel",
        "seats": "stoelen",
        "and": "en",
        "main": "de hoofdpot",
        "side": "zijpot {n}",
        "split": "gedeeld",
        "board": " (bord {n})",
        "odd": "oneven fiche naar stoel {seat}",
        "ante": "ante",
        "sb": "kleine blind",
        "bb": "grote blind",
        "dead": "dode kleine blind",
        "dead_button": "dode button op stoel {seat}",
    },
}

_TEMPLATES = {
    "en": {
        "seat_players": "Seat at least two players",
        "place_button": "Place the button (card draw)",
        "start_hand": "Move the button to seat {button}; post the blinds: {posts}",
        "start_hand_dead": "Put the dead button on seat {button}; post the blinds: {posts}",
        "shuffle": "Shuffle",
        "deal": "Deal two cards each starting with seat {seat}",
        "action": "Action on seat {seat}",
        "burn_and_deal": "Burn and deal {street}",
        "show_first": "Seat {seat} shows first",
        "show": "Seat {seat}: show or muck",
        "must_show": "Seat {seat}: show your cards",
        "table_all": "All in: {seats} table their cards",
        "push": "Push {pots}",
        "voided": "Hand void ({reason}): return all bets",
        "hand_over": "Hand over: every bet went back; confirm to go on",
        "alarm": "{alarm}",
        "cash_wait": "Cash table: a hand needs 3 players sitting in, or 2 after a hand of 3 or more (C1); "
                     "{ready} sitting in",
        "draw_button": "Press OK: a random player gets the first button (C1)",
    },
    "nl": {
        "seat_players": "Plaats minstens twee spelers",
        "place_button": "Leg de button (kaart trekken)",
        "start_hand": "Schuif de button naar stoel {button}; blinds betalen: {posts}",
        "start_hand_dead": "Leg de dode button op stoel {button}; blinds betalen: {posts}",
        "shuffle": "Schudden",
        "deal": "Deel twee kaarten per speler, te beginnen bij stoel {seat}",
        "action": "Actie bij stoel {seat}",
        "burn_and_deal": "Brand een kaart en deel {street}",
        "show_first": "Stoel {seat} toont eerst",
        "show": "Stoel {seat}: tonen of weggooien",
        "must_show": "Stoel {seat}: toon je kaarten",
        "table_all": "All-in: {seats} tonen hun kaarten",
        "push": "Schuif {pots}",
        "voided": "Hand ongeldig ({reason}): geef alle inzetten terug",
        "hand_over": "Hand voorbij: alle inzetten gingen terug; bevestig om verder te gaan",
        "alarm": "{alarm}",
        "cash_wait": "Cashtafel: een hand vraagt 3 spelers die meespelen, of 2 na een hand met 3 of meer "
                     "(C1); {ready} spelen mee",
        "draw_button": "Druk op OK: een willekeurige speler krijgt de eerste button (C1)",
    },
}

#: Sentence parts put in front of a prompt.
_PREFIXES = {
    "en": {
        "redeal": "Redeal with the same button. ",
        "return": "Return the uncalled {amount} to seat {seat}; ",
        "rake": "Take the rake of {amount} (C5); ",
        "removed": "Seat {seat} ({name}) sat out {minutes} minutes and leaves the table (C2): "
                   "hand back {amount}. ",
    },
    "nl": {
        "redeal": "Opnieuw delen met dezelfde button. ",
        "return": "Geef de niet gevolgde {amount} terug aan stoel {seat}; ",
        "rake": "Neem de rake van {amount} (C5); ",
        "removed": "Stoel {seat} ({name}) zat {minutes} minuten uit en verlaat de tafel (C2): "
                   "geef {amount} terug. ",
    },
}

#: The procedure of each integrity alarm (code ``alarm``, ``args["alarm"]``): for the dealer
#: (naming the cards) and, under ``<code>_public``, for spectators (never naming a card).
_ALARMS = {
    "en": {
        "duplicate_card": "Stop the hand: card {cards} seen twice. Check the deck; a duplicate card "
                          "voids the hand and every bet goes back (T45): confirm with Void hand",
        "duplicate_card_public": "Hand stopped: the dealer checks the deck",
        "too_many_board_cards": "{count} board cards where {street} allows {allowed}: scramble them "
                                "face down, the extra card becomes the burn card, redeal {street}; then OK",
        "too_many_board_cards_any": "Too many board cards ({cards}): scramble the cards of this street "
                                    "face down, the extra card becomes the burn card, redeal the street; then OK",
        "too_many_board_cards_public": "Too many board cards: the dealer redeals the street",
        "premature_board_card": "Board card {cards} came before the betting round closed: set it aside "
                                "(it goes back into the stub, shuffled before the next card); then OK",
        "premature_board_card_public": "A board card came early: the dealer sets it aside",
        "card_exposed": "Card {cards} exposed outside the board and reader zones (D3): if it was exposed "
                        "in the deal, finish the deal, replace it and use it as the burn card; then OK",
        "card_exposed_public": "A card was exposed: the dealer follows the procedure",
        "other": "Camera alarm: check the cards on the table; then OK",
        "more": " ({n} more waiting)",
    },
    "nl": {
        "duplicate_card": "Stop de hand: kaart {cards} twee keer gezien. Controleer het deck; een dubbele "
                          "kaart maakt de hand ongeldig en alle inzetten gaan terug (T45): bevestig met "
                          "Hand ongeldig",
        "duplicate_card_public": "Hand gestopt: de dealer controleert het deck",
        "too_many_board_cards": "{count} bordkaarten waar {street} er {allowed} toestaat: schud ze gedekt, "
                                "de extra kaart wordt de brandkaart, deel {street} opnieuw; dan OK",
        "too_many_board_cards_any": "Te veel bordkaarten ({cards}): schud de kaarten van deze straat gedekt, "
                                    "de extra kaart wordt de brandkaart, deel de straat opnieuw; dan OK",
        "too_many_board_cards_public": "Te veel bordkaarten: de dealer deelt de straat opnieuw",
        "premature_board_card": "Bordkaart {cards} kwam voor de inzetronde klaar was: leg ze apart (ze gaat "
                                "terug in de stapel, die geschud wordt voor de volgende kaart); dan OK",
        "premature_board_card_public": "Een bordkaart kwam te vroeg: de dealer legt ze apart",
        "card_exposed": "Kaart {cards} open buiten het bord en de lezer (D3): werd ze bij het delen getoond, "
                        "deel verder, vervang ze en gebruik ze als brandkaart; dan OK",
        "card_exposed_public": "Een kaart werd getoond: de dealer volgt de procedure",
        "other": "Camera-alarm: controleer de kaarten op tafel; dan OK",
        "more": " (nog {n} wachtend)",
    },
}

CODES = tuple(_TEMPLATES["en"])


def _alarm_text(args: dict, lang: str) -> str:
    """The procedure for the first open alarm; without ``cards`` in ``args``, the public text.

    >>> _alarm_text({"alarm": "too_many_board_cards", "cards": ["Qs", "9s", "3c", "Td"],
    ...              "street": "flop", "open": 1}, "en")
    '4 board cards where the flop allows 3: scramble them face down, the extra card becomes the burn card, redeal the flop; then OK'
    >>> _alarm_text({"alarm": "card_exposed", "street": None, "open": 2}, "nl")
    'Een kaart werd getoond: de dealer volgt de procedure (nog 1 wachtend)'
    """
    texts = _ALARMS[lang]
    code = args.get("alarm")
    street = args.get("street")
    if code not in texts:
        key = "other"
    elif "cards" not in args:
        key = code + "_public"
    elif code == "too_many_board_cards" and street not in STREET_TOTALS:
        key = code + "_any"
    else:
        key = code
    cards = args.get("cards") or []
    text = texts[key].format(
        cards=" ".join(cards),
        count=len(cards),
        street=STREETS[lang].get(street or "", ""),
        allowed=STREET_TOTALS.get(street or ""),
    )
    if args.get("open", 1) > 1:
        text += texts["more"].format(n=args["open"] - 1)
    return text


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {_WORDS[lang]['and']} " + items[-1]


def _posts_text(posts: list[dict], lang: str, money: Money) -> str:
    w = _WORDS[lang]
    blinds = [p for p in posts if p["kind"] != "ante"]
    antes = [p for p in posts if p["kind"] == "ante"]
    parts = [f"{w['seat']} {p['seat']} {w[p['kind']]} {money(p['amount'], lang=lang)}" for p in blinds]
    if antes:
        amounts = {p["amount"] for p in antes}
        amount = money(antes[0]["amount"], lang=lang) if len(amounts) == 1 else "..."
        parts.append(f"{w['ante']} {amount} ({len(antes)}x)")
    return ", ".join(parts)


def _pots_text(pots: list[dict], lang: str, money: Money) -> str:
    w = _WORDS[lang]
    parts = []
    for pot in pots:
        name = w["main"] if pot["pot"] == 0 else w["side"].format(n=pot["pot"])
        if pot.get("board", 1) != 1:
            name += w["board"].format(n=pot["board"])
        winners = sorted(pot["winners"], key=lambda s: list(pot["winners"]).index(s))
        if len(winners) == 1:
            to = f"{_to(lang)} {w['seat']} {winners[0]}"
        else:
            shares = [f"{w['seat']} {s} {money(pot['winners'][s], lang=lang)}" for s in winners]
            to = f"{w['split']}: " + ", ".join(shares)
        text = f"{name} {_of(lang)} {money(pot['amount'], lang=lang)} {to}"
        if pot.get("odd_chip_seat") is not None:
            text += ", " + w["odd"].format(seat=pot["odd_chip_seat"])
        parts.append(text)
    return _join(parts, lang)


def _of(lang: str) -> str:
    return "of" if lang == "en" else "van"


def _to(lang: str) -> str:
    return "to" if lang == "en" else "naar"


def render(code: str, args: dict, lang: str, money: Money) -> str:
    """The prompt ``code`` with ``args`` as one sentence in ``lang`` (``en`` or ``nl``)."""
    if lang not in _TEMPLATES:
        raise ValueError(f"Unknown language {lang!r} (use en or nl)")
    template = _TEMPLATES[lang][code]
    values = dict(args)
    if code in ("start_hand", "start_hand_dead"):
        values["posts"] = _posts_text(args["posts"], lang, money)
        if args.get("redeal"):
            template = _PREFIXES[lang]["redeal"] + template
    elif code == "burn_and_deal":
        values["street"] = STREETS[lang][args["street"]]
    elif code == "table_all":
        seats = [str(s) for s in args["seats"]]
        word = _WORDS[lang]["seats" if len(seats) > 1 else "seat"]
        values["seats"] = f"{word} {_join(seats, lang)}"
    elif code == "alarm":
        values["alarm"] = _alarm_text(args, lang)
    elif code == "cash_wait":
        values["ready"] = args.get("ready", 0)
    elif code == "push":
        values["pots"] = _pots_text(args["pots"], lang, money)
        parts = [
            _PREFIXES[lang]["return"].format(amount=money(amount, lang=lang), seat=seat)
            for seat, amount in args.get("returns", {}).items()
        ]
        if args.get("rake"):  # a cash table's rake (C5), taken before the pots are pushed
            parts.append(_PREFIXES[lang]["rake"].format(amount=money(args["rake"], lang=lang)))
        if parts:
            parts = parts[:1] + [part[0].lower() + part[1:] for part in parts[1:]]
            template = "".join(parts) + template[0].lower() + template[1:]
    return _removed_text(args.get("removed", []), lang, money) + template.format(**values)


def _removed_text(removed: list[dict], lang: str, money: Money) -> str:
    """C2: the players removed after sitting out too long, put in front of a between-hands prompt.

    >>> from functools import partial
    >>> from dealer_app.money import format_money
    >>> money = partial(format_money, chip_cents=25, currency="EUR")
    >>> _removed_text([{"seat": 4, "name": "Ann", "stack": 250, "minutes": 10}], "nl", money)
    'Stoel 4 (Ann) zat 10 minuten uit en verlaat de tafel (C2): geef EUR 62,50 terug. '
    """
    template = _PREFIXES[lang]["removed"]
    return "".join(
        template.format(seat=r["seat"], name=r["name"], minutes=r["minutes"], amount=money(r["stack"], lang=lang))
        for r in removed
    )
