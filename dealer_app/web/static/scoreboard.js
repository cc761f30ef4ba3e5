/* The public scoreboard: draws the payload of /events on the felt. */
"use strict";

(() => {
  const { readJson, t, el, card, follow } = Dealer;
  const root = document.getElementById("scoreboard");
  let clockTimer = null;

  function percent(share) {
    const text = (share * 100).toFixed(1);
    return `${document.documentElement.lang === "nl" ? text.replace(".", ",") : text} %`;
  }

  function seatPosition(index, count) {
    // Seat 1 at the bottom-left, clockwise around an ellipse (the dealer sits at the top).
    const angle = Math.PI / 2 + ((index + 0.5) / count) * 2 * Math.PI;
    return { left: 50 + 44 * Math.cos(angle), top: 50 + 40 * Math.sin(angle) };
  }

  function badge(seat) {
    const badges = [];
    if (seat.button) badges.push(el("span", { class: "badge btn", text: "BTN" }));
    if (seat.blind) badges.push(el("span", { class: "badge blind", text: seat.blind.toUpperCase() }));
    return badges;
  }

  function seatStatus(seat) {
    if (seat.status === "empty") return t("empty_seat");
    if (seat.folded) return t("folded");
    if (seat.all_in) return t("all_in");
    if (seat.status === "sitting_out") return t("sitting_out");
    if (seat.to_act) return t("to_act");
    return "";
  }

  function drawSeats(payload) {
    const felt = document.getElementById("felt");
    felt.querySelectorAll(".seat").forEach((node) => node.remove());
    const count = payload.seats.length;
    payload.seats.forEach((seat, index) => {
      const pos = seatPosition(index, count);
      const classes = ["seat", seat.status];
      if (seat.folded) classes.push("folded");
      if (seat.all_in) classes.push("all-in");
      if (seat.to_act) classes.push("to-act");
      const cards = seat.cards ? el("div", { class: "hole" }, seat.cards.map(card)) : null;
      const equity = seat.equity !== null && seat.equity !== undefined
        ? el("div", { class: "equity", text: `${t("equity")} ${percent(seat.equity)}` }) : null;
      const node = el("div", { class: classes.join(" "), "data-seat": seat.seat },
      el("div", { class: "seat-head" }, el("span", { class: "seat-no", text: seat.seat }),
        el("span", { class: "name", text: seat.name || "" }), badge(seat)),
      seat.status === "empty" ? null : el("div", { class: "stack", text: seat.stack_text }),
      seat.bet_text ? el("div", { class: "bet", text: `${t("bet")} ${seat.bet_text}` }) : null,
      cards, seat.hand_name ? el("div", { class: "hand-name", text: seat.hand_name }) : null,
      equity, el("div", { class: "seat-status", text: seatStatus(seat) }));
      node.style.left = `${pos.left}%`;
      node.style.top = `${pos.top}%`;
      felt.append(node);
    });
  }

  function seatName(payload, number) {
    const seat = payload.seats.find((s) => s.seat === number);
    return seat && seat.name ? seat.name : `${t("seat")} ${number}`;
  }

  function drawCenter(payload) {
    const board = document.getElementById("board");
    board.replaceChildren(...(payload.hand ? payload.hand.board.map(card) : []));
    const pots = document.getElementById("pots");
    pots.replaceChildren();
    if (payload.hand) {
      payload.hand.pots.forEach((pot, index) => {
        const label = index === 0 ? t("main_pot") : `${t("side_pot")} ${index}`;
        pots.append(el("div", { class: "pot" }, el("strong", { text: `${label}: ${pot.amount_text}` }),
          el("span", { class: "eligible", text: ` ${t("eligible")} ${pot.eligible.slice()
            .sort((a, b) => a - b).map((n) => seatName(payload, n)).join(", ")}` })));
      });
      pots.append(el("div", { class: "total", text: `${t("pot")}: ${payload.hand.total_pot_text}` }));
    }
    document.getElementById("prompt").textContent = payload.prompt.text || "";
  }

  function drawSide(payload) {
    document.getElementById("hand-no").textContent = payload.hand
      ? `${t("hand")} #${payload.hand.number}` : t("no_hand");
    const level = payload.level;
    const parts = [`${level.sb_text} / ${level.bb_text}`];
    if (level.ante_text) parts.push(`ante ${level.ante_text}`);
    if (level.round_cap_text) parts.push(`${t("max_round")} ${level.round_cap_text}`);
    if (level.hand_cap_text) parts.push(`${t("max_hand")} ${level.hand_cap_text}`);
    const limits = document.getElementById("limits");
    const title = level.index !== null && level.index !== undefined
      ? `${t("level")} ${level.index + 1}` : t("limits");
    limits.replaceChildren(...[el("h2", { text: title }), el("p", { text: parts.join(" · ") }),
      level.ends_at ? el("p", { class: "clock", id: "level-clock", "data-ends": level.ends_at }) : null]
      .filter(Boolean));
    tickClock();
    const recent = document.getElementById("recent");
    recent.replaceChildren(...payload.recent.slice().reverse().map((a) =>
      el("li", { text: `${a.name || a.seat}: ${t("act_" + a.action)}${a.to_text ? " " + a.to_text : ""}` })));
    const push = document.getElementById("push");
    push.hidden = payload.push.length === 0;
    push.replaceChildren(el("h2", { text: t("winners") }), ...payload.push.map((pot) =>
      el("p", { class: "push-pot" }, el("strong", {
        text: `${pot.index === 0 ? t("main_pot") : t("side_pot") + " " + pot.index}`
          + `${pot.board > 1 ? " (" + t("board") + " " + pot.board + ")" : ""} ${pot.amount_text}: ` }),
      pot.winners.map((w) => `${w.name || w.seat} ${w.amount_text}${w.reason ? " (" + w.reason + ")" : ""}`).join(", "),
      pot.odd_chip_seat ? ` · ${t("odd_chip")}: ${seatName(payload, pot.odd_chip_seat)}` : "")));
    drawTournament(payload.tournament);
  }

  function drawTournament(panel) {
    const box = document.getElementById("tournament");
    box.hidden = !panel;
    if (!panel) return;
    box.replaceChildren(el("h2", { text: t("tournament") }), el("dl", {},
      el("dt", { text: t("players_left") }), el("dd", { text: panel.players_left }),
      el("dt", { text: t("average_stack") }), el("dd", { text: panel.average_stack_text }),
      el("dt", { text: t("rebuys") }), el("dd", { text: panel.rebuys }),
      el("dt", { text: t("prize_pool") }), el("dd", { text: panel.prize_pool_text })));
  }

  function tickClock() {
    const clock = document.getElementById("level-clock");
    if (!clock) return;
    const left = Math.max(0, Number(clock.dataset.ends) - Date.now() / 1000);
    const minutes = Math.floor(left / 60);
    const seconds = Math.floor(left % 60).toString().padStart(2, "0");
    clock.textContent = `${t("level_clock")} ${minutes}:${seconds}`;
  }

  function draw(payload) {
    root.dataset.seq = payload.seq;
    drawSeats(payload);
    drawCenter(payload);
    drawSide(payload);
  }

  function connection(up) {
    const conn = document.getElementById("conn");
    conn.textContent = up ? t("connected") : t("disconnected");
    conn.className = up ? "conn up" : "conn down";
  }

  const initial = readJson("initial");
  draw(initial);
  follow(root.dataset.events, initial.seq, draw, connection);
  clockTimer = setInterval(tickClock, 1000);
  window.addEventListener("beforeunload", () => clearInterval(clockTimer));
})();
