// One seat's table: the board from its observation, its decisions, odds, unit cards, log.
"use strict";
const $ = (id) => document.getElementById(id);
const GAME = location.pathname.split("/")[2];
const TOKEN = decodeURIComponent(location.hash.slice(1));
let socket = null, state = null, ruleset = null, board = null, activeForm = null, selected = null;
let oddsAsked = false;
let acting = false;  // an action or typed faces sent and not yet answered (accepted, refused,
                     // dice wanted, error): a second click meanwhile sends nothing
let refusal = null;  // why the server refused the connection, sent just before it closes it
let oneScreen = false;  // one screen for every person seat: the page follows the person to act
// The action being considered (from a drag or a clicked target), and drag points waiting
// for the answer to the one before (only the latest is asked next).
let considering = null, asking = false, nextAsk = null, targetPicked = false, dropAnswer = false;
let aiming = null;  // the parameter-space form a clicked piece was offered to as a target
const PIECE_FIELDS = ["ship", "unit", "model", "group", "target", "squadron", "fleet", "salvo", "system", "control", "threat", "into"];

function escapeHtml(text) { const d = document.createElement("div"); d.textContent = String(text); return d.innerHTML; }
function say(text, kind) { $("message").className = kind || ""; $("message").textContent = text || ""; }
function send(message) { socket.send(JSON.stringify(message)); }

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${GAME}`);
  socket.onopen = () => { acting = false; refusal = null; send({ type: "hello", token: TOKEN }); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if ([4400, 4403, 4404, 4409].includes(event.code)) {  // no use trying again: say why, once
      say(`Refused: ${refusal || event.reason}`, "bad");  // the reason in full, not cut short
      $("decisions").replaceChildren();
      return;
    }
    say("Connection lost; reconnecting…", "muted");
    setTimeout(connect, 1000);
  };
}

function receive(message) {
  if (message.type === "welcome") {
    oneScreen = Boolean(message.one_screen);
    $("who").textContent = oneScreen ? "one screen for every person" : message.seat === null ? "spectating" : `you are ${playerName(message.seat)}`;
    $("log").replaceChildren();  // the first state brings the whole log again
    if ($("message").textContent.startsWith("Connection lost")) say("Reconnected.", "good");
    loadRuleset(message.ruleset);
  } else if (message.type === "state") {  // another seat's move too: not the answer to ours
    showState(message);
  } else if (message.type === "refused") {
    acting = false;
    say(`Refused: ${message.reason}`, "bad");
  } else if (message.type === "accepted") {
    acting = false;
    // behind the curtain the screen is the next person's: the last one's answer is not theirs
    if ($("curtain").hidden) say(message.number === null ? "Faces taken." : `Accepted (action ${message.number}).`, "good");
  } else if (message.type === "dice") {
    acting = false;
    say(message.message, "muted");
  } else if (message.type === "checked") {
    // a check sends nothing: say so, so an allowed form is not taken for a move made
    say(message.reason ? `Not allowed: ${message.reason}` : "Allowed: the rules accept this. Not sent yet: Take sends it.", message.reason ? "bad" : "good");
  } else if (message.type === "considered") {
    showConsidered(message);
  } else if (message.type === "odds_of") {
    receiveOptionOdds(message);
  } else if (message.type === "odds") {
    oddsAsked = false;
    showOdds(message.answer);
  } else if (message.type === "error") {
    acting = false;
    if (asking) { asking = false; aiming = null; }  // the action considered was malformed
    if (oddsAsked) { oddsAsked = false; $("odds").innerHTML = `<div class="bad">${escapeHtml(message.message)}</div>`; return; }
    if ([403, 404, 409].includes(message.status)) refusal = message.message;  // the close follows
    say(message.message, "bad");
  }
}

async function loadRuleset(id) {
  const all = await (await fetch("/api/rulesets")).json();
  ruleset = all.find((r) => r.id === id);
  $("title").textContent = ruleset ? ruleset.name : id;
  const names = Object.keys(ruleset ? ruleset.attacks : {});
  $("odds-panel").hidden = names.length === 0;
  $("attack").innerHTML = names.map((n) => `<option>${n}</option>`).join("");
  $("attack").onchange = showAttackOptions;
  showAttackOptions();
}

function showAttackOptions() {
  const attack = ruleset && ruleset.attacks[$("attack").value];
  const box = $("attack-options");
  box.replaceChildren();
  if (!attack) return;
  const summary = document.createElement("div");
  summary.className = "muted"; summary.textContent = attack.summary;
  box.append(summary);
  for (const option of attack.options) {
    const span = document.createElement("span");
    span.className = "field";
    span.innerHTML = `<label title="${escapeHtml(option.help)}">${escapeHtml(option.caption || option.name)} <input data-option="${escapeHtml(option.name)}" placeholder="${escapeHtml(option.default)}"></label>`;
    box.append(span);
  }
}

function askOdds() {
  const options = {};
  for (const input of document.querySelectorAll("#attack-options input")) if (input.value !== "") options[input.dataset.option] = input.value;
  oddsAsked = true;
  send({ type: "odds", attack: $("attack").value, options });
}

function showOdds(answer) {
  const rows = Object.entries(answer.distribution).filter(([, p]) => p >= 0.0005).map(([value, p]) =>
    `<div>${escapeHtml(value)} ${answer.outcome}: <span class="bar" style="width:${Math.round(p * 200)}px"></span> ${(p * 100).toFixed(1)}%</div>`);
  const named = Object.entries(answer.outcomes).map(([name, p]) => `<b>${escapeHtml(name)}</b> ${(p * 100).toFixed(1)}%`).join(", ");
  const facts = (answer.facts || []).map((fact) => `<div>${escapeHtml(fact)}</div>`).join("");
  $("odds").innerHTML = `<div>mean <b>${answer.mean.toFixed(2)}</b> ${answer.outcome}</div>${facts}<div>${named}</div>${rows.join("")}` +
    answer.notes.map((n) => `<div class="muted">${escapeHtml(n)}</div>`).join("");
}

function showState(message) {
  if (oneScreen && (state === null || state.seat !== message.seat)) passTheScreen(message.seat, (message.sides || [])[message.seat]);
  state = message;
  document.body.dataset.states = Number(document.body.dataset.states || 0) + 1;  // for tests
  // the seat is named once, in the header's "who" (a one-screen table's changes: named here)
  const seatText = oneScreen ? `${playerName(message.seat)} · ` : "";
  let status = message.over ? `game over: ${message.outcome.winners.length ? "won by " + message.outcome.winners.map((p) => playerName(p)).join(", ") : "a draw"} (${message.outcome.reason})`
    : message.waiting_for_dice ? "waiting for dice" : `waiting for ${message.waiting_for.map((p) => (p === message.seat ? "you" : playerName(p))).join(", ")}`;
  $("status").textContent = `${seatText}step ${message.step} · ${status}`;
  if (message.scene) $("scene-title").textContent = message.scene.title;
  drawSides($("sides"), message.sides, message.seat);
  drawVictory($("victory"), message.victory);
  board = drawScene($("board"), message.scene, { legend: $("legend"), onShape: showCard, onPoint: placePoint, onDrag: dragPiece, onDragCancel: dragCancelled, canDrag: (shape) => message.seat !== null && shape.player === message.seat && message.decisions.length > 0 });
  considering = null; asking = false; nextAsk = null;
  $("consider-panel").hidden = true;
  if (selected && board) {
    const again = message.scene.shapes.find((s) => s.label === selected.label);
    if (again) { selected = again; board.mark(again.x, again.y); if (!targetPicked) board.reach(again); }
  }
  const log = $("log");
  for (const line of message.log) { const div = document.createElement("div"); div.textContent = line; log.append(div); }
  while (log.childElementCount > 500) log.firstElementChild.remove();
  log.scrollTop = log.scrollHeight;
  showDice(message.roll);
  showDecisions(message.decisions, message);
}

// Another person's turn on a one-screen table: their view only after they say they are there
// (what the last person saw is hidden until then), and their whole log.
function passTheScreen(seat, side) {
  // the last person's view goes: their log, last answer, choice, card and odds asked
  $("log").replaceChildren();
  say("");
  $("consider-panel").hidden = true;
  $("card-panel").hidden = true;
  $("odds").replaceChildren();
  selected = null; aiming = null;
  const swatch = document.createElement("span");  // the colour of the pieces they play
  swatch.className = "swatch";
  swatch.style.background = PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
  $("curtain-text").replaceChildren(swatch, `${playerName(seat, true)}${side ? " (" + side + ")" : ""} to play: pass the screen to ${playerName(seat)}.`);
  $("curtain-ready").textContent = `I am ${playerName(seat)}: show my table`;
  $("curtain").hidden = false;
  $("curtain-ready").onclick = () => { $("curtain").hidden = true; };
}

// An example of what to type for a roll: as many faces as asked, each on the die.
function facesExample(roll) {
  return Array.from({ length: roll.count }, (_, i) => ((([4, 2, 6, 1, 5, 3][i % 6]) - 1) % roll.sides) + 1).join(" ");
}

function showDice(roll) {
  $("dice-panel").hidden = !roll;
  if (!roll) return;
  const example = facesExample(roll);
  // The roll's words first ("player 2 rolls for Kaze 1 gunnery"), then what to do.
  const dice = `${roll.count} d${roll.sides} and type the faces:`;
  const words = roll.label ? roll.label.charAt(0).toUpperCase() + roll.label.slice(1) : "";
  $("dice-ask").textContent = words ? `${words}: roll ${dice}` : `Roll ${dice}`;
  $("dice-faces").placeholder = `faces, e.g. ${example}`;
  $("dice-send").onclick = () => {
    if (acting) return;  // a double click: the faces are on their way, the answer will come
    const typed = $("dice-faces").value.split(/[\s,]+/).filter(Boolean);
    const wrong = typed.find((part) => !/^-?\d+(\.\d+)?$/.test(part));
    if (wrong !== undefined) { say(`"${wrong}" is not a die's face: type the numbers rolled, e.g. ${example}`, "bad"); return; }
    if (!typed.length) { say(`Type the ${roll.count} face${roll.count === 1 ? "" : "s"} rolled first, e.g. ${example}.`, "bad"); return; }
    acting = true;
    $("dice-faces").value = "";
    say("Faces sent…", "muted");
    send({ type: "faces", faces: typed.map(Number) });
  };
}

// A form checked (its Check button or a legal example): the drag considered before, if
// any, is another action, so its panel and ghost go.
function checkAction(action) {
  considering = null;
  $("consider-panel").hidden = true;
  if (board) board.clearGhosts();
  say("Checking…", "muted");
  send({ type: "check", action });
}

function act(action) {
  if (acting) return;  // a double click: the first is on its way, the state will answer it
  acting = true;
  say("Sent…", "muted");
  send({ type: "act", action });
}

function showDecisions(decisions, message) {
  const box = $("decisions");
  box.replaceChildren();
  activeForm = null;
  forgetOptionOdds();
  if (message.seat === null) { box.innerHTML = `<span class="muted">Spectators watch; they do not act.</span>`; return; }
  if (!decisions.length) {
    const why = message.over ? "The game is over." : message.waiting_for_dice ? "Waiting for the dice: the choices come back once the faces are in." : "Nothing owed now: waiting for the others.";
    box.innerHTML = `<span class="muted">${why}</span>`;
    return;
  }
  decisions.forEach((decision, number) => {
    const div = document.createElement("div");
    div.className = "decision";
    div.innerHTML = `<div class="prompt">${escapeHtml(decision.prompt)}</div>`;
    // too many options for their odds to come with them: each is asked for as it is shown
    if (decision.odds_asked) for (const option of decision.options) option.oddsAsked = true;
    appendOptions(div, decision.options.filter((o) => !o.aside));
    const aside = {};
    for (const option of decision.options.filter((o) => o.aside)) (aside[option.aside] = aside[option.aside] || []).push(option);
    for (const [caption, options] of Object.entries(aside)) div.append(asideFold(caption, options));
    for (const space of decision.spaces.filter((s) => s.possible !== false)) div.append(spaceForm(space, number));
    const impossible = decision.spaces.filter((s) => s.possible === false);
    if (impossible.length) div.append(impossibleFold(impossible, number));
    box.append(div);
  });
}

function placePoint(point) {
  $("pointer").textContent = `(${point.x}, ${point.y})` + (selected ? `: ${Math.hypot(point.x - selected.x, point.y - selected.y).toFixed(2)} from ${selected.label}` : "");
  if (board) { board.mark(point.x, point.y, "#d55e00"); if (selected) board.reach(selected); }
  if (activeForm && activeForm.fillPoint) activeForm.fillPoint(point);
}

// ---------------------------------------------------------------- considering an action
// Dragging one's own piece asks the server which action the drag means (the ruleset's own
// reading, with its own movement for the preview); the answer is drawn as a ghost.
function ask(request) {
  if (asking) { nextAsk = request; return; }
  asking = true;
  send({ type: "consider", ...request });
}

// A drag begun with Shift held turns the piece on the spot to face the pointer.
function dragPiece(shape, point, done, turn) {
  const heading = Math.round(((Math.atan2(point.x - shape.x, point.y - shape.y) * 180 / Math.PI) + 360) % 360);
  const request = turn ? { turn: { label: shape.label, heading } } : { drag: { label: shape.label, x: point.x, y: point.y } };
  if (done) nextAsk = null;
  ask(request);
}

// A drag let go off the board: nothing is considered, and an answer on its way is dropped.
function dragCancelled() {
  nextAsk = null;
  dropAnswer = asking;
  considering = null;
  $("consider-panel").hidden = true;
  if (board) board.clearGhosts();
  say("Drag called off: let go on the board to move a piece.", "muted");
}

function showConsidered(message) {
  asking = false;
  if (dropAnswer) { dropAnswer = false; if (nextAsk) { const request = nextAsk; nextAsk = null; ask(request); } return; }
  if (nextAsk) { const request = nextAsk; nextAsk = null; ask(request); }
  const panel = $("consider-panel");
  panel.hidden = false;
  considering = message.action;
  if (aiming && message.action && aiming.dataset.type === message.action.type) {
    aiming.fill(message.action, message.values);
    document.querySelectorAll("#decisions .picked").forEach((el) => el.classList.remove("picked"));
    aiming.classList.add("picked");
  }
  aiming = null;
  $("consider-text").textContent = (message.text || "") + (message.note ? ` (${message.note})` : "");
  $("consider-verdict").className = message.reason ? "bad" : "good";
  $("consider-verdict").textContent = message.action === null ? message.reason
    : message.reason ? `Not allowed: ${message.reason}` : "Allowed: the rules accept this.";
  $("consider-odds").replaceChildren(...(message.odds ? [oddsLine(message.odds)] : []));
  const ghost = message.ghosts[0];
  const shape = ghost && state && state.scene.shapes.find((s) => s.label === ghost.label);
  if (board) { if (ghost) board.ghost(ghost, shape, !message.reason); else board.clearGhosts(); }
  $("consider-ghost").textContent = ghost ? `ends at (${ghost.x.toFixed(1)}, ${ghost.y.toFixed(1)})${ghost.heading !== null ? `, facing ${ghost.heading}°` : ""}${ghost.meets ? `: ${ghost.meets}` : ""}` : "";
  const nudges = $("consider-nudges");
  nudges.replaceChildren();
  if (message.action === null) { $("consider-take").hidden = true; return; }
  $("consider-take").hidden = false;
  $("consider-take").disabled = Boolean(message.reason);
  // Fine-tuning: each whole-number setting of the action one step down or up, of those the
  // options of its kind vary in (all of them for an action of a parameter space), but not
  // a field naming something the ruleset names in words (a model to ram: one up is another
  // model) nor a number a space's field holds as a fraction (inches: -1.0 reads as -1).
  const kin = state ? state.decisions.flatMap((d) => d.options).filter((o) => o.action.type === message.action.type) : [];
  const varies = (key) => !kin.length || new Set(kin.map((o) => o.action[key])).size > 1;
  const specs = state ? state.decisions.flatMap((d) => d.spaces).filter((s) => s.type === message.action.type).flatMap((s) => s.fields) : [];
  const whole = (key) => specs.every((f) => f.name !== key || f.type === "int");
  const named = (key) => Boolean(message.values && key in message.values);
  for (const [key, value] of Object.entries(message.action)) {
    if (key === "type" || !Number.isInteger(value) || PIECE_FIELDS.includes(key) || !varies(key) || !whole(key) || named(key)) continue;
    const span = document.createElement("span");
    span.className = "nudge field"; span.dataset.field = key;
    for (const [text, step] of [["−", -1], ["+", 1]]) {
      const button = document.createElement("button");
      button.textContent = text; button.dataset.step = step;
      button.onclick = () => ask({ action: { ...message.action, [key]: value + step } });
      span.append(button);
    }
    const words = message.fields && message.fields[key];
    span.prepend(words ? `${words[0]}: ${words[1]} ` : `${key} ${value} `);
    nudges.append(span);
  }
}

// A clicked enemy piece picks the option aiming at it (a button or a form's choice) and asks
// for the exact odds of that attack. Returns whether an option named the piece.
function pickTarget(shape) {
  if (!state || state.seat === null) return false;
  let aimed = [];
  for (const decision of state.decisions) for (const option of decision.options) if (option.target === shape.label) aimed.push(option);
  if (!aimed.length) return aimForm(shape);
  document.querySelectorAll("#decisions .picked").forEach((el) => el.classList.remove("picked"));
  // Keep what the form already has chosen (the firing ship, its fire control) where it can.
  let option = aimed[0];
  const form = [...document.querySelectorAll("#decisions .option-form")].find((f) => aimed.some((o) => f.offered.includes(o)));
  if (form) {
    aimed = aimed.filter((o) => form.offered.includes(o));
    const now = form.chosen() || aimed[0];
    const fits = (o) => Object.keys(o.action).filter((k) => o.action[k] === now.action[k]).length;
    option = aimed.reduce((best, o) => (fits(o) > fits(best) ? o : best), aimed[0]);
    form.pick(option);
    form.dispatchEvent(new Event("change"));
    form.classList.add("picked");
  } else {
    for (const button of document.querySelectorAll("#decisions button.option")) {
      if (button.textContent === option.label) button.classList.add("picked");
    }
  }
  ask({ action: option.action });
  return true;
}

// A clicked piece no option names is offered to a parameter space's form as its target:
// the form last used if it takes one, else the first form with a target field.
function aimForm(shape) {
  const forms = [...document.querySelectorAll("#decisions .space-form")].filter((f) => f.aimable);
  const form = forms.includes(activeForm) ? activeForm : forms.find((f) => f.querySelector("[data-field='target']"));
  if (!form) {  // no form to aim: an attack not possible now says why (no gun in reach...)
    const why = document.querySelector("#decisions .impossible[data-type]");
    if (why) say(`${shape.label}: ${why.textContent}`, "bad");
    return false;
  }
  form.aim(shape.label);
  return true;
}

// A clicked unit fills the odds form: one's own as the shooter, an enemy as the target.
function fillOdds(shape) {
  if (!shape.unit || state === null || state.seat === null) return;
  const role = shape.player === state.seat ? "shooter" : "target";
  const input = document.querySelector(`#attack-options input[data-option='${role}']`);
  if (input) input.value = shape.unit;
}

// A clicked piece of one's own becomes the acting unit of the form last used (else the
// first) whose action has an acting unit and a target.
function actorForm(shape) {
  if (!state || state.seat === null || shape.player !== state.seat) return;
  const forms = [...document.querySelectorAll("#decisions .space-form")].filter((f) => f.actor);
  const form = forms.includes(activeForm) ? activeForm : forms[0];
  if (form) form.act(shape.label);
}

async function showCard(shape) {
  fillOdds(shape);
  actorForm(shape);
  targetPicked = state !== null && shape.player !== state.seat && pickTarget(shape);
  selected = shape;
  if (board) { board.mark(shape.x, shape.y); if (!targetPicked) board.reach(shape); }
  $("pointer").textContent = `${shape.label} at (${shape.x.toFixed(1)}, ${shape.y.toFixed(1)})${shape.heading !== undefined ? ", facing " + shape.heading + "°" : ""}: click the table to measure from it.`;
  $("card-panel").hidden = false;
  // whose it is, in words as well as colour (two players may field lists of one name)
  const owner = shape.player === undefined || shape.player === null ? ""
    : shape.player === state?.seat ? " — yours" : ` — ${playerName(shape.player)}'s` +
      (state?.sides?.[shape.player] ? ` (${state.sides[shape.player]})` : "");
  $("card-title").textContent = shape.label + (shape.unit ? ` — ${shape.unit}` : "") + owner;
  const card = $("card");
  card.replaceChildren();
  if (!shape.unit) {
    // a unit with a damage line but no card is one whose class this seat has not learnt
    // (an Armada fleet before a scan); a marker or an area has no card at all
    const hidden = shape.player !== undefined && shape.player !== state?.seat && shape.damage;
    const what = ["polygon", "ring"].includes(shape.kind) ? "is an area of the table: it has no stat card"
      : hidden ? "is not known to you yet: its card shows once your side learns what it is"
      : "is a marker, not a unit: it has no stat card";
    card.innerHTML = `<div class="muted">${escapeHtml(shape.label || "This")} ${what}.</div>`;
    return;
  }
  const response = await fetch(`/api/rulesets/${ruleset.id}/catalog/${encodeURIComponent(shape.unit)}`);
  const entry = await response.json();
  if (entry.card) { card.replaceChildren(statCard(entry.card)); return; }
  const list = document.createElement("dl");  // a ruleset without cards: the entry as data
  for (const [key, value] of Object.entries(entry.record || {})) {
    if (value === null || key === "source") continue;
    const dt = document.createElement("dt"); dt.textContent = key;
    const dd = document.createElement("dd"); dd.textContent = typeof value === "object" ? JSON.stringify(value) : value;
    list.append(dt, dd);
  }
  card.append(list);
}

// The stat card of `warbench catalog --unit` (core/cards.py UnitCard): name and points,
// kind, the profile, weapons with arcs and range bands, traits, notes.
function statCard(c) {
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
  const box = el("div", "stat-card");
  const head = el("div", "card-head");
  head.append(el("b", "", c.name), el("span", "muted", c.points === null ? "" : ` — ${c.points} points`), el("span", "card-id muted", c.unit_id));
  box.append(head, el("div", "card-kind", c.kind));
  const table = (heads, rows, cls) => {
    const t = el("table", cls);
    const tr = el("tr");
    for (const h of heads) tr.append(el("th", "", h));
    t.append(tr);
    for (const row of rows) { const r = el("tr"); for (const cell of row) r.append(el("td", "", cell)); t.append(r); }
    return t;
  };
  if (c.stats.length) box.append(table(c.stats.map(([k]) => k), [c.stats.map(([, v]) => v)], "card-stats"));
  if (c.weapons.length) {
    box.append(el("div", "card-section", "Weapons"));
    const bands = c.band_heads;
    const heads = ["weapon", "arcs", ...(bands || ["range bands"]), "notes"];
    const rows = c.weapons.map((w) => [w.name, w.arcs, ...(bands ? w.bands.map(([, v]) => v) : [w.bands.map(([b, v]) => `${b}: ${v}`).join("; ") || "-"]), w.notes]);
    box.append(table(heads, rows, "card-weapons"));
  }
  if (c.traits.length) {
    box.append(el("div", "card-section", "Traits"));
    const dl = el("dl", "card-traits");
    for (const [name, text] of c.traits) dl.append(el("dt", "", name), el("dd", "", text));
    box.append(dl);
  }
  for (const note of c.notes) box.append(el("div", "muted", note));
  return box;
}

$("odds-go").onclick = askOdds;
$("consider-take").onclick = () => { if (considering) act(considering); };
$("replay-link").href = `/replay#game=${GAME}&token=${encodeURIComponent(TOKEN)}`;
if (!TOKEN) {  // nothing will connect: no "connecting…" left under the reason
  say("This link has no seat token: open the link the lobby gave you.", "bad");
  $("decisions").replaceChildren();
  $("odds-panel").hidden = true;
} else connect();
