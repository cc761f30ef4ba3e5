"""Dutch and English texts of the web pages, and the visitor's language choice.

>>> translate("login", "nl"), translate("login", "en")
('Aanmelden', 'Sign in')
>>> translate("no such key", "en")
'no such key'
"""

from __future__ import annotations

from flask import request, session

from dealer_app.web.settings import LANGUAGES

#: key -> (Dutch, English)
TEXTS: dict[str, tuple[str, str]] = {
    "scoreboard": ("Scorebord", "Scoreboard"),
    "dealer_console": ("Dealerconsole", "Dealer console"),
    "organiser": ("Organisator", "Organiser"),
    "login": ("Aanmelden", "Sign in"),
    "logout": ("Afmelden", "Sign out"),
    "pin": ("PIN", "PIN"),
    "password": ("Wachtwoord", "Password"),
    "role": ("Rol", "Role"),
    "dealer": ("Dealer", "Dealer"),
    "setup": ("Eerste start", "First start"),
    "setup_intro": (
        "Kies de PIN van de dealer en het wachtwoord van de organisator. Er is geen standaardwachtwoord.",
        "Choose the dealer's PIN and the organiser's password. There is no default password.",
    ),
    "setup_token": ("Startcode (getoond bij het opstarten)", "Setup code (shown at start)"),
    "dealer_pin": ("PIN dealer (4-8 cijfers)", "Dealer PIN (4-8 digits)"),
    "organiser_password": ("Wachtwoord organisator (min. 8 tekens)", "Organiser password (8+ characters)"),
    "save": ("Opslaan", "Save"),
    "wrong_secret": ("Verkeerde PIN of verkeerd wachtwoord", "Wrong PIN or password"),
    "locked_out": (
        "Te veel foute pogingen: probeer opnieuw over {seconds} s",
        "Too many wrong tries: try again in {seconds} s",
    ),
    "setup_done": ("Instellingen opgeslagen: meld je aan", "Saved: now sign in"),
    "wrong_setup_token": ("Verkeerde startcode", "Wrong setup code"),
    "already_setup": ("De toegang is al ingesteld", "Access is already set up"),
    "hand": ("Hand", "Hand"),
    "level": ("Niveau", "Level"),
    "limits": ("Limieten", "Limits"),
    "board": ("Bord", "Board"),
    "pot": ("Pot", "Pot"),
    "main_pot": ("Hoofdpot", "Main pot"),
    "side_pot": ("Zijpot", "Side pot"),
    "eligible": ("voor", "for"),
    "max_round": ("max. per ronde", "max a round"),
    "max_hand": ("max. per hand", "max a hand"),
    "last_actions": ("Laatste acties", "Last actions"),
    "to_act": ("aan zet", "to act"),
    "folded": ("gepast", "folded"),
    "all_in": ("all-in", "all-in"),
    "sitting_out": ("zit uit", "sitting out"),
    "empty_seat": ("vrij", "empty"),
    "bet": ("inzet", "bet"),
    "stack": ("stapel", "stack"),
    "equity": ("winkans", "equity"),
    "showdown": ("Showdown", "Showdown"),
    "winners": ("Winnaars", "Winners"),
    "tournament": ("Toernooi", "Tournament"),
    "players_left": ("Spelers over", "Players left"),
    "average_stack": ("Gemiddelde stapel", "Average stack"),
    "rebuys": ("Rebuys", "Rebuys"),
    "prize_pool": ("Prijzenpot", "Prize pool"),
    "level_clock": ("Klok", "Clock"),
    "connected": ("live", "live"),
    "disconnected": ("verbinding verbroken, opnieuw verbinden...", "disconnected, reconnecting..."),
    "prompt": ("Opdracht", "Prompt"),
    "actions": ("Acties", "Actions"),
    "amount": ("Bedrag", "Amount"),
    "undo": ("Ongedaan maken", "Undo"),
    "misdeal": ("Misdeal", "Misdeal"),
    "void_hand": ("Hand ongeldig", "Void hand"),
    "dismiss_alarm": ("Alarm wegklikken (camera las fout)", "Dismiss alarm (camera misread)"),
    "cards": ("Kaarten", "Cards"),
    "enter_cards": ("Kaarten invoeren of verbeteren", "Enter or correct cards"),
    "seats": ("Plaatsen", "Seats"),
    "audit": ("Logboek", "Audit log"),
    "panel": ("Knoppenpaneel", "Button panel"),
    "downloads": ("Downloads", "Downloads"),
    "refused": ("Geweigerd", "Refused"),
    "language": ("Taal", "Language"),
    "no_hand": ("Geen hand bezig", "No hand in play"),
    "act_fold": ("past", "folds"),
    "act_check": ("checkt", "checks"),
    "act_call": ("gaat mee", "calls"),
    "act_bet": ("zet in", "bets"),
    "act_raise": ("verhoogt naar", "raises to"),
    "act_allin": ("all-in", "all-in"),
    "btn_fold": ("passen", "fold"),
    "btn_check": ("checken", "check"),
    "btn_call": ("meegaan", "call"),
    "btn_bet": ("inzetten", "bet"),
    "btn_raise": ("verhogen naar", "raise to"),
    "btn_allin": ("all-in", "all-in"),
    "status": ("Status", "Status"),
    "out_of_turn": ("buiten de beurt, stoel", "out of turn, seat"),
    "seat": ("stoel", "seat"),
    "show": ("tonen", "show"),
    "muck": ("weggooien", "muck"),
    "correct": ("verbeteren", "correct"),
    "join": ("gaat zitten", "join"),
    "post_bb": ("betaalt BB", "post BB"),
    "name": ("naam", "name"),
    "chips": ("fiches", "chips"),
    "sit_out": ("zit uit", "sit out"),
    "sit_in": ("speelt weer", "sit in"),
    "leave": ("vertrekt", "leave"),
    "exclude": ("uitsluiten", "exclude"),
    "reason": ("reden", "reason"),
    "held": ("wacht", "held"),
    "done": ("gedaan", "done"),
    "registration": ("Inschrijving", "Registration"),
    "table_chart": ("Tafelverdeling", "Table chart"),
    "seat_draw": ("Plaatsloting (T4)", "Seat draw (T4)"),
    "draw_random": ("plaatsen willekeurig loten", "draw seats at random"),
    "enter_draw": ("... of de getrokken kaarten invoeren", "... or enter the drawn cards"),
    "draw_rounds": (
        "rondes: speler:kaart, een regel per ronde (gelijken trekken opnieuw op de volgende regel)",
        "rounds: player:card, one line a round (ties draw again on the next line)",
    ),
    "seat_from_cards": ("plaatsen volgens deze kaarten", "seat from these cards"),
    "tables": ("Tafels", "Tables"),
    "carry_hands": ("handen overnemen", "carry hands"),
    "final_table": ("de finaletafel loten", "draw the final table"),
    "busted": ("Uitgeschakeld: rebuy, re-entry of uit", "Busted: rebuy, re-entry or out"),
    "payout_split": ("Verdeling prijzenpot (%)", "Payout split (%)"),
    "standings": ("Stand", "Standings"),
    "create": ("aanmaken", "create"),
    "register": ("inschrijven", "register"),
    "paid": ("betaald", "paid"),
    "age_confirmed": ("18+ bevestigd", "18+ confirmed"),
    "confirm_tables": ("tafels bevestigen", "confirm tables"),
    "waiting_for_bb": ("wacht op de BB", "waits for the BB"),
    "missed": ("gemist", "missed"),
    "in_hand": ("speelt", "in hand"),
    "waiting": ("wacht", "waiting"),
    "out": ("niet gedeeld", "not dealt"),
    "empty": ("vrij", "empty"),
    "uncontested": ("de anderen pasten", "everyone else folded"),
    "odd_chip": ("oneven fiche", "odd chip"),
    "zones": ("Camerazones", "Camera zones"),
    "zones_help": (
        "Kies een zone en klik haar hoeken op de foto (of sleep een rechthoek); sla dan beide zones op.",
        "Pick a zone and click its corners on the picture (or drag a rectangle); then save both zones.",
    ),
    "zone_board": ("Bordzone", "Board zone"),
    "zone_reader": ("Lezerzone", "Reader zone"),
    "clear_zone": ("Zone wissen", "Clear zone"),
    "new_picture": ("Nieuwe foto", "New picture"),
    "save_zones": ("Zones opslaan", "Save zones"),
    "zones_saved": ("Zones opgeslagen: de camera gebruikt ze nu", "Zones saved: the camera uses them now"),
    "zones_from_configuration": ("Zones uit het configuratiebestand", "Zones from the configuration file"),
    "zones_none": ("Nog geen zones", "No zones yet"),
    "panel_refused": ("Paneel geweigerd", "Panel refused"),
    "btn_time": ("tijd om (C4)", "out of time (C4)"),
    "buy_in": ("Buy-in / rebuy", "Buy-in / rebuy"),
    "buy_in_window": ("stapel na de buy-in: {low} tot {high} (C5)", "stack after the buy-in: {low} to {high} (C5)"),
}


def translate(key: str, lang: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (the key itself when unknown), with ``values`` filled in."""
    pair = TEXTS.get(key)
    if pair is None:
        return key
    text = pair[0] if lang == "nl" else pair[1]
    return text.format(**values) if values else text


def current_lang(default: str) -> str:
    """The visitor's language: ``?lang=`` (remembered in the session), else the session's, else ``default``."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        session["lang"] = asked
        return asked
    remembered = session.get("lang")
    return remembered if remembered in LANGUAGES else default
