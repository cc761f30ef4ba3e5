/* The dealer console: sends table commands to /api/commands and follows /api/dealer/events. */
"use strict";

(() => {
  const { readJson, t, el, follow } = Dealer;
  const root = document.getElementById("console");
  const csrf = root.dataset.csrf;
  const lang = root.dataset.lang;
  let view = readJson("initial");
  let auditAfter = 0;

  function money(amount) {
    const cents = amount * view.chip_cents;
    const [decimal, thousands] = lang === "nl" ? [",", "."] : [".", ","];
    const whole = Math.floor(Math.abs(cents) / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
    const frac = (Math.abs(cents) % 100).toString().padStart(2, "0");
    return `${cents < 0 ? "-" : ""}${view.currency} ${whole}${decimal}${frac}`;
  }

  function say(text, ok) {
    const box = document.getElementById("message");
    box.textContent = text || "";
    box.className = `message ${ok ? "done" : "refused"}`;
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body),
    });
    let data = {};
    try { data = await response.json(); } catch (error) { data = { error: response.statusText }; }
    return { ok: response.ok, data };
  }

  async function send(command) {
    const { ok, data } = await post("/api/commands", command);
    say(ok ? `✓ ${command.cmd}` : `${t("refused")}: ${data.error}`, ok);
    return ok;
  }

  function cards(text) { return text.trim().split(/[\s,]+/).filter(Boolean); }

  function withSeat(command) {
    if (document.getElementById("oot").checked) {
      command.seat = Number(document.getElementById("oot-seat").value);
      command.out_of_turn = true;
    } else if (view.legal && view.legal.seat) {
      command.seat = view.legal.seat;
    }
    return command;
  }

  function amount() { return Number(document.getElementById("amount").value); }

  function drawActions() {
    const legal = view.legal;
    const box = document.getElementById("actions");
    box.replaceChildren();
    document.getElementById("acting").textContent = legal ? `${t("seat")} ${legal.seat}` : "";
    const row = document.getElementById("amount-row");
    row.hidden = !legal || !(legal.actions.includes("bet") || legal.actions.includes("raise"));
    if (!legal) return;
    for (const action of legal.actions) {
      let label = t("btn_" + action);
      if (action === "call" && legal.call_text) label = `${label} ${legal.call_text}`;
      box.append(el("button", { "data-action": action, class: action === "fold" ? "danger" : "",
        onclick: () => {
          const command = withSeat({ cmd: action });
          if (action === "bet" || action === "raise") command.to = amount();
          send(command);
        } }, label));
    }
    if (view.table.cash) {
      // C4: the player to act is out of time (checked if possible, else folded; sits out after the hand).
      box.append(el("button", { "data-action": "time", onclick: () => send({ cmd: "time", seat: legal.seat }) },
        t("btn_time")));
    }
    bind("buy-in", () => send({ cmd: "buy_in", seat: Number(document.getElementById("buy-in-seat").value),
    amount: Number(document.getElementById("buy-in-amount").value) }));
  const range = document.getElementById("amount");
    if (legal.min_to !== null && legal.min_to !== undefined) {
      // A new decision starts at the smallest legal amount, like the panel's dial.
      const decision = `${view.seq}:${legal.seat}:${legal.min_to}:${legal.max_to}`;
      if (range.dataset.decision !== decision) {
        range.min = legal.min_to; range.max = legal.max_to; range.value = legal.min_to;
        range.dataset.decision = decision;
      }
    }
    document.getElementById("amount-text").textContent = money(amount());
  }

  function drawSeats() {
    const table = document.getElementById("seats");
    table.replaceChildren(el("tr", {}, ["seat", "name", "stack", "bet", "status", ""].map((h) => el("th", { text: h ? t(h) : "" }))));
    const admin = Object.fromEntries((view.admin || []).map((a) => [a.seat, a]));
    for (const seat of view.seats) {
      const actions = [];
      const notes = [];
      const info = admin[seat.seat];
      if (info && info.waiting_for_bb) notes.push(t("waiting_for_bb"));
      if (info && info.missed) notes.push(`${t("missed")} ${info.missed.toUpperCase()}`);
      if (seat.status !== "empty") {
        actions.push(
          el("button", { onclick: () => send({ cmd: seat.status === "sitting_out" ? "sit_in" : "sit_out", seat: seat.seat }) },
            seat.status === "sitting_out" ? t("sit_in") : t("sit_out")),
          el("button", { onclick: () => send({ cmd: "leave", seat: seat.seat }) }, t("leave")),
          el("button", { onclick: () => {
            const stack = window.prompt(`stack (chips) seat ${seat.seat}`, seat.stack);
            if (stack !== null) send({ cmd: "set_stack", seat: seat.seat, stack: Number(stack), reason: "console" });
          } }, t("stack")),
          el("button", { onclick: () => send({ cmd: "button", seat: seat.seat }) }, "BTN"),
          el("button", { class: "danger", onclick: () => {
            const reason = window.prompt(`exclude seat ${seat.seat}: reason`);
            if (reason) send({ cmd: "exclude", seat: seat.seat, reason });
          } }, t("exclude")));
      }
      table.append(el("tr", { "data-seat": seat.seat, class: seat.to_act ? "to-act" : "" },
        el("td", { text: seat.seat }), el("td", { text: seat.name || "" }),
        el("td", { text: seat.stack_text || "" }), el("td", { text: seat.bet_text || "" }),
        el("td", { text: [seat.folded ? t("folded") : seat.all_in ? t("all_in") : t(seat.status), ...notes].join(", ") }),
        el("td", {}, actions)));
    }
  }

  /* The button panel's last answer: a refused press shows its reason until the next accepted one. */
  /* A cash table's buy-in or rebuy form (C5): only between hands, with the posted window. */
  function drawBuyIn() {
    const cash = view.table.cash;
    document.getElementById("buy-in-row").hidden = !cash || Boolean(view.hand);
    document.getElementById("buy-in-window").textContent = cash
      ? t("buy_in_window").replace("{low}", money(cash.min_buy_in)).replace("{high}", money(cash.max_buy_in)) : "";
  }

  function drawPanelFeedback(feedback) {
    const box = document.getElementById("panel-feedback");
    const refused = Boolean(feedback && !feedback.ok);
    box.hidden = !refused;
    box.textContent = refused ? `${t("panel_refused")}: ${feedback.reason}` : "";
    box.dataset.id = feedback ? feedback.id : "";
  }

  function draw(payload) {
    view = payload;
    root.dataset.seq = payload.seq;
    document.getElementById("prompt").textContent = payload.prompt.text || "";
    document.getElementById("undo").disabled = !payload.can_undo;
    document.getElementById("misdeal").disabled = !payload.can_misdeal;
    document.getElementById("dismiss").hidden = payload.prompt.code !== "alarm";
    drawPanelFeedback(payload.panel_feedback);
    drawActions();
    drawSeats();
    drawBuyIn();
    document.getElementById("held").replaceChildren(...payload.held.map((h) =>
      el("p", { text: `${t("held")}: ${t("seat")} ${h.seat} ${t("act_" + h.action)}${h.to ? " " + money(h.to) : ""}` })));
    loadAudit();
  }

  async function loadAudit() {
    const response = await fetch(`/api/log?after=${auditAfter}`, { credentials: "same-origin" });
    if (!response.ok) return;
    const { events } = await response.json();
    const table = document.getElementById("audit");
    for (const event of events) {
      auditAfter = event.seq;
      table.prepend(el("tr", {}, el("td", { text: event.seq }), el("td", { text: event.source }),
        el("td", { text: event.type }), el("td", { text: JSON.stringify(event.payload) })));
    }
  }

  function bind(id, handler) { document.getElementById(id).addEventListener("click", handler); }
  bind("ok", () => send({ cmd: "ok" }));
  document.querySelectorAll("button[data-clock]").forEach((button) => button.addEventListener("click",
    () => send({ cmd: "clock", action: button.dataset.clock })));
  bind("undo", () => send({ cmd: "undo" }));
  bind("misdeal", () => send({ cmd: "misdeal" }));
  bind("dismiss", () => send({ cmd: "dismiss" }));
  bind("void", () => send({ cmd: "void", reason: document.getElementById("void-reason").value || "void" }));
  bind("board", () => send({ cmd: "board", cards: cards(document.getElementById("board-cards").value) })
    .then((ok) => { if (ok) document.getElementById("board-cards").value = ""; }));
  bind("show", () => send({ cmd: "show", seat: Number(document.getElementById("show-seat").value),
    cards: cards(document.getElementById("show-cards").value) }));
  bind("muck", () => send({ cmd: "muck", seat: Number(document.getElementById("show-seat").value) }));
  bind("correct", () => {
    const value = document.getElementById("correct-value").value.trim();
    const command = { cmd: "correct", seq: Number(document.getElementById("correct-seq").value) };
    if (/^\d+$/.test(value)) command.to = Number(value); else command.cards = cards(value);
    send(command);
  });
  bind("join", () => {
    const command = { cmd: "join", seat: Number(document.getElementById("join-seat").value),
      name: document.getElementById("join-name").value, stack: Number(document.getElementById("join-stack").value) };
    if (document.getElementById("join-post").checked) command.post = true;
    send(command);
  });
  bind("buy-in", () => send({ cmd: "buy_in", seat: Number(document.getElementById("buy-in-seat").value),
    amount: Number(document.getElementById("buy-in-amount").value) }));
  const range = document.getElementById("amount");
  range.addEventListener("input", () => { document.getElementById("amount-text").textContent = money(amount()); });
  bind("minus", () => { range.stepDown(); range.dispatchEvent(new Event("input")); });
  bind("plus", () => { range.stepUp(); range.dispatchEvent(new Event("input")); });

  const panel = document.getElementById("virtual-panel");
  async function panelState(data) {
    if (!data) {
      const response = await fetch("/api/panel", { credentials: "same-origin" });
      data = await response.json();
    }
    document.getElementById("panel-display").textContent = (data.display || []).join("\n");
    document.getElementById("panel-lights").textContent = `lights: ${data.lights.mode} ${data.lights.lit.join(", ")}`;
  }
  if (panel) {
    panel.querySelectorAll("button").forEach((button) => button.addEventListener("click", async () => {
      const body = button.dataset.press ? { press: button.dataset.press }
        : button.dataset.turn ? { turn: Number(button.dataset.turn) } : { dial: "push" };
      const { ok, data } = await post("/api/panel", body);
      if (ok) panelState(data); else say(data.error, false);
    }));
    panelState();
  }

  function connection(up) {
    const conn = document.getElementById("conn");
    conn.textContent = up ? t("connected") : t("disconnected");
    conn.className = up ? "conn up" : "conn down";
    if (up && panel) panelState();
  }

  draw(view);
  follow(root.dataset.events, view.seq, (payload) => { draw(payload); if (panel) panelState(); }, connection);
})();
