// The lobby: pick a ruleset, seats and set-up; create a game; list the games.
"use strict";
let RULESETS = [];
const PASTED = [];  // each seat's pasted list, kept while the seats or the ruleset change
const $ = (id) => document.getElementById(id);

function current() { return RULESETS.find((r) => r.id === $("ruleset").value); }

// The number of seats: the ruleset's fewest players unless the page chose more (kept when
// the ruleset changes, where the new one allows it).
function renderPlayers() {
  const rules = current();
  $("data-note").textContent = rules.data_error ? `New games wait for this server's data folder: ${rules.data_error}` : rules.data ? `Played with this server's data folder (digest ${rules.data}): its files replace the shipped ones, read again when they change; each game's journal records the digest.` : "";
  $("data-note").hidden = !rules.data && !rules.data_error;
  const [fewest, most] = rules.players;
  const before = Number($("players").value);
  const counts = [];
  for (let n = fewest; n <= most; n++) counts.push(`<option value="${n}">${n}</option>`);
  $("players").innerHTML = counts.join("");
  if (before >= fewest && before <= most) $("players").value = String(before);
  $("players-box").hidden = fewest === most;
  renderScenarios();
  renderOptions();
  renderSeats();
}

// The scenarios a game from army lists may be played on, the ruleset's default chosen (none
// offered where its variations are all set-up options: ROBOGEAR's missions).
function renderScenarios() {
  const scenarios = current().scenarios || [];
  $("scenario").innerHTML = scenarios.map((s) => `<option value="${escapeHtml(s.value)}">${escapeHtml(s.caption)}</option>`).join("");
  $("scenario-box").hidden = !scenarios.length;
}

// The set-up options: a checkbox each, or one radio button each among options of a group
// (one of them at most: ROBOGEAR's missions), an option for some player counts only
// (ROBOGEAR's 2v2: four) offered only with that many.
function renderOptions() {
  const rules = current();
  const choices = rules.choices || {};
  const groups = new Set();
  const html = Object.entries(rules.options || {}).map(([name, help]) => {
    const group = (choices[name] || {}).group;
    let none = "";
    if (group && !groups.has(group)) {
      groups.add(group);
      none = `<label><input type="radio" name="option-${escapeHtml(group)}" checked> no ${escapeHtml(group)} option</label> `;
    }
    const input = group ? `<input type="radio" name="option-${escapeHtml(group)}"` : `<input type="checkbox"`;
    return `${none}<label title="${escapeHtml(help)}">${input} data-option="${escapeHtml(name)}"> ${escapeHtml(name)} <span class="muted">${escapeHtml(help)}</span></label>`;
  });
  $("options").innerHTML = html.join("");
  $("options-box").hidden = !html.length;
  fitOptions();
}

function fitOptions() {
  const choices = current().choices || {};
  const count = Number($("players").value);
  for (const input of document.querySelectorAll("#options input[data-option]")) {
    const players = (choices[input.dataset.option] || {}).players || [];
    const fits = !players.length || players.includes(count);
    input.disabled = !fits;
    if (!fits) input.checked = false;
    input.parentElement.title = fits ? "" : `for ${players.join(" or ")} players`;
  }
}

// Seats and their list boxes; what the page had chosen and pasted stays with its seat (a
// list pasted for a seat that goes comes back with it).
function renderSeats() {
  const rules = current();
  const box = $("seats");
  const kept = [...document.querySelectorAll("#seats .seat")].map((row) =>
    ({ bot: row.querySelector("select[data-seat]").value, options: row.querySelector("input[data-bot-options]").value }));
  for (const area of document.querySelectorAll("#lists textarea")) PASTED[Number(area.dataset.seat)] = area.value;
  box.replaceChildren();
  const count = Number($("players").value) || rules.players[0];
  fitOptions();
  for (let seat = 0; seat < count; seat++) {
    const row = document.createElement("div");
    row.className = "seat";
    const options = [`<option value="person">a person</option>`]
      .concat(rules.bots.map((bot) => `<option value="bot:${bot}">bot: ${bot}</option>`)).join("");
    row.innerHTML = `<label>${playerName(seat, true)} <select data-seat="${seat}">${options}</select></label>` +
      ` <span class="bot-options" hidden><select data-strength="${seat}" title="how hard (and how slow) the bot plays"></select>` +
      ` <input data-bot-options="${seat}" size="22" placeholder="options, e.g. ms=500" title="the bot's options, as the command line takes them: KEY=VALUE,..."></span>`;
    const select = row.querySelector("select[data-seat]");
    if (kept[seat] && [...select.options].some((o) => o.value === kept[seat].bot)) {
      select.value = kept[seat].bot;
      row.querySelector("input[data-bot-options]").value = kept[seat].options;
    }
    select.onchange = () => fitBotOptions(row);
    fitBotOptions(row);
    box.append(row);
  }
  const lists = $("lists");
  lists.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const area = document.createElement("textarea");
    area.rows = 6; area.dataset.seat = seat;
    area.value = PASTED[seat] || "";
    area.placeholder = `army list for ${playerName(seat)} (TOML: name, ruleset = "${rules.id}", points, [[units]] ...)`;
    const upload = document.createElement("input");
    upload.type = "file"; upload.accept = ".toml,text/plain"; upload.dataset.seat = seat;
    upload.onchange = async () => { if (upload.files[0]) area.value = await upload.files[0].text(); };
    const label = document.createElement("label");
    label.append(`or upload ${playerName(seat)}'s list file `, upload);
    lists.append(label, area);
  }
  $("format").innerHTML = `<option value="">(default)</option>` + rules.formats.map((f) => `<option>${f}</option>`).join("");
}

// A bot seat's options, for a bot that takes them (the search bot's budget): the box holds
// them as the command line writes them after the bot's name; a named strength fills it.
function fitBotOptions(row) {
  const chosen = row.querySelector("select[data-seat]").value;
  const menu = chosen.startsWith("bot:") ? (current().bot_options || {})[chosen.slice(4)] : undefined;
  const box = row.querySelector(".bot-options");
  box.hidden = !menu;
  if (!menu) return;
  const strength = box.querySelector("select"), text = box.querySelector("input");
  const strengths = Object.entries(menu.strengths);
  strength.hidden = !strengths.length;
  strength.innerHTML = strengths.map(([name, options]) => `<option value="${escapeHtml(options)}">${escapeHtml(name)}${options ? ` (${escapeHtml(options)})` : ""}</option>`).join("") +
    `<option value="other">other options</option>`;
  strength.onchange = () => { if (strength.value !== "other") text.value = strength.value; };
  text.oninput = () => { strength.value = strengths.some(([, options]) => options === botOptions(text)) ? botOptions(text) : "other"; };
  text.oninput();
}

function botOptions(text) { return text.value.replace(/\s+/g, ""); }

function form() {
  const seats = [...document.querySelectorAll("#seats .seat")].map((row) => {
    const chosen = row.querySelector("select[data-seat]").value;
    if (chosen === "person") return { kind: "person" };
    const box = row.querySelector(".bot-options");
    const options = box.hidden ? "" : botOptions(box.querySelector("input"));
    return { kind: "bot", bot: chosen.slice(4) + (options ? `:${options}` : "") };
  });
  const body = { ruleset: $("ruleset").value, seats, referee: $("referee").checked, one_screen: $("one-screen").checked };
  const options = [...document.querySelectorAll("#options input[data-option]:checked")].map((box) => box.dataset.option);
  if (options.length) body.options = options;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (document.querySelector("input[name=setup]:checked").value === "lists") {
    body.lists = [...document.querySelectorAll("#lists textarea")].map((area) => area.value);
    if ($("format").value) body.format = $("format").value;
    if ($("scenario").value) body.scenario = $("scenario").value;
  }
  return body;
}

// Problems as a list, one line each (`ul.problems`).
function problemList(problems) {
  const ul = document.createElement("ul");
  ul.className = "problems";
  for (const problem of problems) { const li = document.createElement("li"); li.textContent = problem; ul.append(li); }
  return ul;
}

function showReports(reports) {
  const box = $("list-reports");
  box.replaceChildren();
  for (const report of reports) {
    const div = document.createElement("div");
    const head = report.name ? `${report.name}: ${report.points} points` : "not read";
    div.innerHTML = `<b>${playerName(report.seat, true)}'s list</b> — ${escapeHtml(head)} — ` +
      (report.ok ? `<span class="good">valid</span>` : `<span class="bad">${report.problems.length} problem(s)</span>`);
    if (report.problems.length) div.append(problemList(report.problems));
    box.append(div);
  }
}

// A refusal or a list report speaks of the form as it was sent: once the form changes, it
// stays to read while fixing what it names, greyed and headed as said of the form before.
function markAnswerStale() {
  const answers = [$("create-message"), $("list-reports")].filter((box) => box.childNodes.length && !box.classList.contains("stale"));
  for (const box of answers) box.classList.add("stale");
  if (answers.length && !$("stale-note")) {
    const note = document.createElement("div");
    note.id = "stale-note"; note.className = "muted";
    note.textContent = "Said of the form before your last change: check the lists or create the game again.";
    $("list-reports").before(note);
  }
}

function clearAnswer() {
  for (const box of [$("create-message"), $("list-reports")]) { box.classList.remove("stale"); box.replaceChildren(); }
  $("stale-note")?.remove();
}

function escapeHtml(text) { const d = document.createElement("div"); d.textContent = String(text); return d.innerHTML; }

async function checkLists() {
  const body = form();
  const response = await fetch("/api/lists/check", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ruleset: body.ruleset, lists: body.lists || [], format: body.format }) });
  const data = await response.json();
  clearAnswer();
  if (!response.ok) { $("list-reports").textContent = data.detail; return; }
  showReports(data.reports);
}

async function create() {
  clearAnswer();
  $("links").replaceChildren();
  const response = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(form()) });
  const data = await response.json();
  if (!response.ok) {
    $("create-message").innerHTML = `<span class="bad">${escapeHtml(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail))}</span>`;
    const problems = data.problems || [];  // none where the refusal is one line (no list report)
    if (problems.length && typeof problems[0] === "object") showReports(problems);
    else if (problems.length) $("list-reports").append(problemList(problems));  // the seats'
    return;
  }
  const base = location.origin;
  const lines = data.seats.map((seat) => `<div>${playerName(seat.seat, true)}: <a class="seat-link" data-seat="${seat.seat}" href="${seat.link}" target="_blank">open</a> <code>${base}${seat.link}</code></div>`);
  lines.push(`<div>Spectators: <a class="spectator-link" href="${data.spectator}" target="_blank">open</a> <code>${base}${data.spectator}</code></div>`);
  if (data.one_screen) lines.unshift(`<div><b>One screen</b> for every person seat (hand it round): <a class="one-screen-link" href="${data.one_screen}" target="_blank">open</a> <code>${base}${data.one_screen}</code></div>`);
  $("links").innerHTML = `<p class="muted">Each link is the only key to its seat: keep yours, send the others.</p>` + lines.join("");
  loadGames();
}

async function loadGames() {
  const games = await (await fetch("/api/games")).json();
  const body = $("games");
  body.replaceChildren();
  for (const status of ["open", "in progress", "finished"]) {
    for (const game of games.filter((g) => g.status === status)) {
      const tr = document.createElement("tr");
      const seats = game.seats.map((s) => (s.kind === "bot" ? `bot ${s.bot}` : "person")).join(", ");
      const ruleset = game.data ? `${game.ruleset} (data folder ${game.data.slice(0, 8)}…)` : game.ruleset;
      for (const text of [game.id, ruleset, game.kind || "", seats, game.status, game.actions, game.result]) {
        const td = document.createElement("td"); td.textContent = text; tr.append(td);
      }
      body.append(tr);
    }
  }
}

async function start() {
  RULESETS = await (await fetch("/api/rulesets")).json();
  $("ruleset").innerHTML = RULESETS.map((r) => `<option value="${r.id}">${escapeHtml(r.name)}${r.data ? " (a data folder)" : ""}</option>`).join("");
  $("ruleset").onchange = renderPlayers;
  $("players").onchange = renderSeats;
  renderPlayers();
  for (const radio of document.querySelectorAll("input[name=setup]")) {
    radio.onchange = () => { $("lists-box").hidden = radio.value !== "lists" || !radio.checked; };
  }
  $("check-lists").onclick = checkLists;
  $("create").onclick = create;
  $("refresh").onclick = loadGames;
  for (const kind of ["input", "change"]) $("new-game").addEventListener(kind, markAnswerStale);
  loadGames();
}
start();
