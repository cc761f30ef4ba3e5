/* Shared by the scoreboard and the dealer console: texts, card pictures, the live stream. */
"use strict";

const Dealer = (() => {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const SUIT_CLASS = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
  const RANKS = { T: "10" };

  function readJson(id) {
    const element = document.getElementById(id);
    return element ? JSON.parse(element.textContent) : null;
  }

  const texts = readJson("texts") || {};
  function t(key) { return texts[key] || key; }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /* A card picture (SVG) for "As", "Td", ...; a back when card is null. */
  function card(code) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 50 70");
    svg.setAttribute("class", code ? `playing-card ${SUIT_CLASS[code[1]]}` : "playing-card back");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", code || "card");
    svg.dataset.card = code || "";
    const rect = document.createElementNS(ns, "rect");
    Object.entries({ x: 1, y: 1, width: 48, height: 68, rx: 5 }).forEach(([k, v]) => rect.setAttribute(k, v));
    svg.append(rect);
    if (code) {
      const rank = document.createElementNS(ns, "text");
      Object.entries({ x: 5, y: 20, class: "rank" }).forEach(([k, v]) => rank.setAttribute(k, v));
      rank.textContent = RANKS[code[0]] || code[0];
      const suit = document.createElementNS(ns, "text");
      Object.entries({ x: 25, y: 56, class: "suit", "text-anchor": "middle" }).forEach(([k, v]) => suit.setAttribute(k, v));
      suit.textContent = SUITS[code[1]];
      svg.append(rank, suit);
    }
    return svg;
  }

  /* Follow a Server-Sent Events stream; the browser resumes with Last-Event-ID itself. */
  function follow(url, lastSeq, onView, onConnection) {
    const separator = url.includes("?") ? "&" : "?";
    const source = new EventSource(`${url}${separator}last_id=${lastSeq}`);
    source.addEventListener("view", (event) => onView(JSON.parse(event.data), Number(event.lastEventId)));
    source.addEventListener("open", () => onConnection(true));
    source.addEventListener("error", () => onConnection(false));
    return source;
  }

  return { readJson, t, el, card, follow };
})();
