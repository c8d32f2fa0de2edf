// The replay viewer: load a journal (or a stored simulation game), step with a slider.
"use strict";
const $ = (id) => document.getElementById(id);
let replay = null;

function message(text, bad) { $("replay-message").className = bad ? "bad" : "muted"; $("replay-message").textContent = text; }

async function load(url, body, headers) {
  const response = await fetch(url, { method: "POST", body, headers: headers || {} });
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (error) { data = { detail: text || response.statusText }; }
  if (!response.ok) { message(`Cannot replay: ${data.detail}`, true); return; }
  replay = data;
  // what the hashes proved, and who played: the journal's own word, which no hash covers
  const players = (data.played_by || []).map((bot, seat) => `${playerName(seat)} ${bot}`).join(", ");
  const played = data.data ? ` (played with a data folder, digest ${data.data})` : "";
  message(`${data.ruleset}${played}: ${data.steps} actions replayed; ${data.verified}.` +
    (players ? ` Played by (as the journal records it; the hashes check the moves, not who chose them): ${players}.` : ""),
    !data.verified.startsWith("every"));
  $("seat").innerHTML = data.seats.map((s) => `<option value="${s === null ? "" : s}">${s === null ? "spectator" : playerName(s)}</option>`).join("");
  $("step").max = data.steps;
  $("step").value = 0;
  $("controls").hidden = false;
  show();
}

async function show() {
  if (!replay) return;
  const step = Number($("step").value);
  const seat = $("seat").value;
  const query = seat === "" ? "" : `?seat=${seat}`;
  const data = await (await fetch(`/api/replays/${replay.id}/${step}${query}`)).json();
  $("step-label").textContent = `step ${data.step} of ${data.steps}` + (data.actor === null ? " (the opening)" : ` (${playerName(data.actor)} acted)`);
  $("scene-title").textContent = data.scene.title;
  drawSides($("sides"), data.sides, data.seat);
  drawVictory($("victory"), data.victory);
  drawScene($("board"), data.scene, { legend: $("legend") });
  const log = $("log");
  log.replaceChildren();
  for (const line of data.log.slice(-300)) { const div = document.createElement("div"); div.textContent = line; log.append(div); }
  log.scrollTop = log.scrollHeight;
}

// While a file is sent and replayed (seconds for a long game) the page says so, and Load
// waits for the answer: no second replay of the same game is asked for meanwhile.
async function loadFile(url, file, what) {
  message(`Replaying ${what}: every step is played again and its hash checked...`, false);
  $("load-results").disabled = true;
  try { await load(url, await file.arrayBuffer()); }
  catch (error) { message(`Cannot replay: ${error.message || error}`, true); }
  finally { $("load-results").disabled = false; }
}

$("journal").onchange = () => { const file = $("journal").files[0]; if (file) loadFile("/api/replays", file, file.name); };
$("load-results").onclick = () => {
  const file = $("results").files[0];
  if (!file) { message("choose a results file first", true); return; }
  const game = Number($("game").value);
  loadFile(`/api/replays/results?game=${game}`, file, `game ${game} of ${file.name}`);
};
$("step").oninput = show;
$("seat").onchange = show;
$("prev").onclick = () => { $("step").value = Math.max(0, Number($("step").value) - 1); show(); };
$("next").onclick = () => { $("step").value = Math.min(replay.steps, Number($("step").value) + 1); show(); };

// A link from a table (#game=ID&token=TOKEN): that game, as that seat.
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("game") && fragment.get("token")) {
  load(`/api/games/${fragment.get("game")}/replay`, null, { Authorization: `Bearer ${fragment.get("token")}` });
}
