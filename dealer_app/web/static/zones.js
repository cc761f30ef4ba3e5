/* The zone editor of the dealer console: mark the board and reader zones on a camera snapshot
   (click corners, or drag a rectangle) and save them through /api/dealer/zones. */
"use strict";

(() => {
  const { t } = Dealer;
  const box = document.getElementById("zones-editor");
  if (!box) return;
  const csrf = document.getElementById("console").dataset.csrf;
  const image = document.getElementById("snapshot");
  const overlay = document.getElementById("zone-overlay");
  const dragBox = document.getElementById("zone-drag");
  const zones = { board: [], reader: [] };
  /* A press that moves less than this (fraction of the picture) is a click on a corner. */
  const CLICK = 0.01;
  let dragStart = null;

  function say(text, ok) {
    const message = document.getElementById("zones-message");
    message.textContent = text || "";
    message.className = `message ${ok ? "done" : "refused"}`;
  }

  function selected() { return box.querySelector("input[name=zone]:checked").value; }

  function round(value) { return Math.round(Math.min(1, Math.max(0, value)) * 10000) / 10000; }

  function draw() {
    for (const name of Object.keys(zones)) {
      document.getElementById(`zone-${name}`).setAttribute("points", zones[name].map(([x, y]) => `${x},${y}`).join(" "));
    }
  }

  function sourceLabel(source) {
    const labels = { configuration: t("zones_from_configuration"), none: t("zones_none"), saved: "" };
    document.getElementById("zones-source").textContent = labels[source] || "";
  }

  async function loadZones() {
    const response = await fetch("/api/dealer/zones", { credentials: "same-origin" });
    if (!response.ok) return;
    const data = await response.json();
    zones.board = data.zones.board || [];
    zones.reader = data.zones.reader || [];
    sourceLabel(data.source);
    if (data.problem) say(data.problem, false);
    draw();
  }

  async function loadPicture() {
    const response = await fetch(`/api/dealer/snapshot.jpg?n=${Date.now()}`, { credentials: "same-origin" });
    if (!response.ok) {
      let error = response.statusText;
      try { error = (await response.json()).error; } catch (ignored) { /* not JSON */ }
      image.hidden = true;
      say(error, false);
      return;
    }
    const reader = new FileReader();
    reader.addEventListener("load", () => { image.src = reader.result; image.hidden = false; });
    reader.readAsDataURL(await response.blob());
  }

  function point(event) {
    const area = overlay.getBoundingClientRect();
    return [round((event.clientX - area.left) / area.width), round((event.clientY - area.top) / area.height)];
  }

  function showDrag(from, to) {
    dragBox.setAttribute("x", Math.min(from[0], to[0]));
    dragBox.setAttribute("y", Math.min(from[1], to[1]));
    dragBox.setAttribute("width", Math.abs(to[0] - from[0]));
    dragBox.setAttribute("height", Math.abs(to[1] - from[1]));
  }

  overlay.addEventListener("pointerdown", (event) => {
    dragStart = point(event);
    overlay.setPointerCapture(event.pointerId);
  });
  overlay.addEventListener("pointermove", (event) => { if (dragStart) showDrag(dragStart, point(event)); });
  overlay.addEventListener("pointerup", (event) => {
    if (!dragStart) return;
    const [x0, y0] = dragStart;
    const [x1, y1] = point(event);
    dragStart = null;
    showDrag([0, 0], [0, 0]);
    const name = selected();
    if (Math.abs(x1 - x0) < CLICK && Math.abs(y1 - y0) < CLICK) {
      zones[name].push([x1, y1]);  // one more corner
    } else {
      const [left, right, top, bottom] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
      zones[name] = [[left, top], [right, top], [right, bottom], [left, bottom]];
    }
    draw();
  });

  document.getElementById("zone-clear").addEventListener("click", () => { zones[selected()] = []; draw(); });
  document.getElementById("zone-picture").addEventListener("click", loadPicture);
  document.getElementById("zones-save").addEventListener("click", async () => {
    const response = await fetch("/api/dealer/zones", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(zones),
    });
    let data = {};
    try { data = await response.json(); } catch (ignored) { data = { error: response.statusText }; }
    if (response.ok) {
      sourceLabel("saved");
      say(t("zones_saved"), true);
    } else {
      say(`${t("refused")}: ${data.error}`, false);
    }
  });

  loadZones();
  loadPicture();
})();
