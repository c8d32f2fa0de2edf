// The decision panel's forms: options as buttons or a form of lists, options set aside in a
// fold, and a parameter space's form of fields, each listed field's choices in words (a
// weapon's for the acting piece alone; guns to tick, several at once, the targets following
// them). Loaded before table.js, whose page it shares: it calls its act, ask, checkAction and
// say, and sets its activeForm and aiming.
"use strict";
const BUTTONS_MAX = 8;
const OTHER = "?other";  // the value of a list's "other…" choice (no JSON): a typed value instead

// Options by kind: a button each where a kind has a few, else a form of that kind.
function appendOptions(box, options) {
  const groups = {};
  for (const option of options) (groups[option.action.type] = groups[option.action.type] || []).push(option);
  for (const [type, kind] of Object.entries(groups)) {
    if (kind.length > BUTTONS_MAX) { box.append(optionForm(type, kind)); continue; }
    for (const option of kind) {
      const button = document.createElement("button");
      button.className = "option"; button.textContent = option.label;
      button.dataset.type = type;
      button.onclick = () => act(option.action);
      box.append(button);
      if (option.odds) box.append(oddsLine(option.odds));
      else if (option.oddsAsked) { const odds = document.createElement("div"); box.append(odds); showOptionOdds(option, odds); }
    }
  }
}

// A decision of many options comes without their odds (the server works them out at once
// for a few dozen): the page asks for an option's as it is shown, and keeps each answer
// until the next state. `oddsAnswers` maps an action (as JSON) to its odds, null for none,
// or undefined while the answer is on its way; a box shows the odds of the option it
// `wants` (a form's box wants the combination chosen last).
let oddsAnswers = new Map();

function forgetOptionOdds() { oddsAnswers = new Map(); }

function showOptionOdds(option, box) {
  const key = JSON.stringify(option.action);
  box.dataset.wants = key;
  box.replaceChildren();
  if (option.odds) { box.append(oddsLine(option.odds)); return; }
  if (!option.oddsAsked) return;
  if (!oddsAnswers.has(key)) {
    oddsAnswers.set(key, undefined);
    send({ type: "odds_of", action: option.action, step: state ? state.step : null });
    return;
  }
  const odds = oddsAnswers.get(key);
  if (odds) box.append(oddsLine(odds));
}

// The server's answer to an option's odds asked: drawn in every box still wanting them
// (an answer about an earlier state than the page's is dropped).
function receiveOptionOdds(message) {
  if (!state || message.step !== state.step) return;
  const key = JSON.stringify(message.action);
  oddsAnswers.set(key, message.odds || null);
  for (const box of document.querySelectorAll("#decisions [data-wants]")) {
    if (box.dataset.wants === key) box.replaceChildren(...(message.odds ? [oddsLine(message.odds)] : []));
  }
}

// Legal options a player seldom wants (HORDES: a charge at one's own model), after the
// others, folded under the ruleset's caption saying why they are there: one click opens it.
function asideFold(caption, options) {
  const fold = document.createElement("details");
  fold.className = "aside";
  const summary = document.createElement("summary");
  summary.textContent = `${options.length} more ${caption}`;
  fold.append(summary);
  appendOptions(fold, options);
  return fold;
}

// Forms of kinds of action with no legal one now (the space lists them all, and none is
// left: ROBOGEAR's unit that has fired offers no shot), folded under one line naming them;
// opened, each is a form as any other, whose Check says why it is refused.
// A space that says why none is legal (Dystopian Wars' Fire: no gun left in arc or range)
// is that line alone, with no form to fill in for nothing.
function impossibleFold(spaces, number) {
  const box = document.createDocumentFragment();
  for (const space of spaces.filter((s) => s.unavailable)) {
    const line = document.createElement("div");
    line.className = "impossible muted"; line.dataset.type = space.type;
    line.textContent = `not possible now: ${space.name}: ${space.unavailable}`;
    box.append(line);
  }
  const unsaid = spaces.filter((s) => !s.unavailable);
  if (!unsaid.length) return box;
  const fold = document.createElement("details");
  fold.className = "aside impossible";
  const summary = document.createElement("summary");
  summary.textContent = `not possible now: ${unsaid.map((space) => space.name).join(", ")}`;
  fold.append(summary);
  for (const space of unsaid) fold.append(spaceForm(space, number));
  box.append(fold);
  return box;
}

// The exact odds of the attack an option declares, shown beside it before it is taken.
function oddsLine(odds) {
  const span = document.createElement("div");
  span.className = "option-odds muted";
  // no exact odds can be given (what they need is not known yet): say why, no numbers
  if (odds.withheld) { span.textContent = `↳ no exact odds: ${odds.withheld}`; return span; }
  const chances = (outcomes) => Object.entries(outcomes)
    .map(([name, p]) => `${name} ${(p * 100).toFixed(1)}%`).join(" · ");
  // what holds before the attack (an aspect crippled already) reads as it is, with no chance
  const named = [...(odds.facts || []), chances(odds.outcomes)].filter((part) => part).join(" · ");
  span.textContent = `↳ mean ${odds.mean.toFixed(2)} ${odds.outcome}${named ? " · " + named : ""}`;
  // each other piece the attack may reach (a blast's template over it): a line of its own
  for (const [piece, outcomes] of Object.entries(odds.others || {})) {
    const line = document.createElement("div");
    line.className = "odds-other";
    line.textContent = `${piece}: ${chances(outcomes)}`;
    span.append(line);
  }
  return span;
}

// Many options of one type: a select per field that varies (in the ruleset's words where it
// gives them: its caption, each value in words, numbers in order), and one button; it
// starts on the option changing nothing (every varying field 0 or false) where there is
// one. Where a field that varies names a piece or a system (a number that means nothing on
// its own), one select of the options in words instead.
function optionForm(type, options) {
  const form = document.createElement("div");
  form.className = "option-form"; form.dataset.type = type;
  const fields = Object.keys(options[0].action).filter((k) => k !== "type");
  const varying = fields.filter((k) => new Set(options.map((o) => JSON.stringify(o.action[k]))).size > 1);
  const worded = (k) => options.every((o) => o.fields && o.fields[k]);
  const whole = varying.some((k) => PIECE_FIELDS.includes(k) && !worded(k));
  const keys = whole ? ["option"] : varying;
  const valueOf = (option, key) => (whole ? String(options.indexOf(option)) : JSON.stringify(option.action[key]));
  const inOrder = (a, b) => Number(a) - Number(b);  // numbers (false before true) in order
  for (const key of keys) {
    let values = whole ? options.map((o, i) => [String(i), o.label]) : [];
    if (!whole) {
      const seen = new Map();
      for (const o of options) if (!seen.has(valueOf(o, key))) seen.set(valueOf(o, key), o);
      values = [...seen.entries()].sort(([, a], [, b]) => inOrder(a.action[key], b.action[key]))
        .map(([v, o]) => [v, worded(key) ? o.fields[key][1] : v]);
    }
    const caption = whole ? "" : worded(key) ? options[0].fields[key][0] : key;
    const label = document.createElement("label");
    label.className = "field";
    label.innerHTML = `${escapeHtml(caption)} <select data-field="${escapeHtml(key)}">${values.map(([v, text]) => `<option value='${escapeHtml(v)}'>${escapeHtml(text)}</option>`).join("")}</select>`;
    form.append(label);
  }
  form.chosen = () => {
    const picks = {};
    for (const select of form.querySelectorAll("select")) picks[select.dataset.field] = select.value;
    return options.find((o) => keys.every((k) => valueOf(o, k) === picks[k]));
  };
  form.offered = options;
  form.pick = (option) => { for (const select of form.querySelectorAll("select")) select.value = valueOf(option, select.dataset.field); };
  const note = document.createElement("span");
  note.className = "muted";
  const odds = document.createElement("div");
  const update = () => {
    const option = form.chosen();
    note.textContent = whole ? "" : option ? option.label : "not offered: the rules allow no such combination";
    if (option) showOptionOdds(option, odds); else { delete odds.dataset.wants; odds.replaceChildren(); }
  };
  form.addEventListener("change", update);
  const button = document.createElement("button");
  button.className = "primary take"; button.textContent = "Take";
  button.onclick = () => { const option = form.chosen(); if (option) act(option.action); else say("That combination is not offered.", "bad"); };
  form.append(button, note, odds);
  const still = whole ? null : options.find((o) => varying.every((k) => !o.action[k]));
  if (still) form.pick(still);
  update();
  return form;
}

// A field of a space's form: a list of its choices in words where the server gives them
// (each value as JSON; "other…" turns it into a typed field, but not a yes/no), boxes to
// tick where it names several things at once, else typed (the words of the value typed
// beside it where the ruleset words it: a mine dropped so many inches along a path).
function fieldInput(field, owner) {
  if (field.members) return membersInput(field);
  if (field.each && owner && owner.members) return eachInput(field, owner);
  if (!field.choices) {
    const input = document.createElement("input");
    input.dataset.field = field.name;
    if (/^tuple\[float, \.\.\.\]$/.test(field.type || "")) input.placeholder = "e.g. 3, 45, 2";
    return input;
  }
  const select = document.createElement("select");
  select.dataset.field = field.name;
  listChoices(select, field.choices, field);
  if (field.type === "bool") return select;
  select.addEventListener("change", () => {
    if (select.value !== OTHER) return;
    const input = fieldInput({ name: field.name });
    input.dataset.typed = "true";
    select.replaceWith(input);
    input.after(valueNote(input));
    input.focus();
  });
  return select;
}

// A field of one value for each member of another (`one_per`: a Dystopian Wars answer's
// boarding party for each answering model): a list per member that field lists ("Yeoman 1
// rolls at [Uhrwerk 1]"), each of the values the server gives (`each`) in its words, and
// first, where the field may be left empty, `each_none` (at the boarders together): choosing
// it in one list chooses it in all, and a value chosen in one sets each list left at it.
// A member not ticked in its field takes no value (its list greyed). Its value is that of
// a typed field: JSON, a value for each member ticked in the order listed ("" for none).
function eachInput(field, owner) {
  const box = document.createElement("span");
  box.className = "each"; box.dataset.field = field.name;
  const NONE = "";
  const rows = owner.members.map(([member, words]) => {
    const row = document.createElement("label");
    row.className = "each-row";
    const select = document.createElement("select");
    select.dataset.member = JSON.stringify(member);
    if (field.each_none) select.append(new Option(field.each_none, NONE));
    for (const [value, said] of field.each) select.append(new Option(said, JSON.stringify(value)));
    select.addEventListener("change", () => {
      for (const other of rows) {
        if (other.select === select || other.select.disabled) continue;
        if (select.value === NONE || other.select.value === NONE) other.select.value = select.value;
      }
    });
    row.append(`${words} ${field.caption} `, select);
    box.append(row);
    return { member: select.dataset.member, select, row };
  });
  // the members ticked in the owner's field (every one where it cannot be read)
  const ticked = () => {
    const form = box.closest(".space-form");
    const members = form && form.querySelector(`[data-field='${owner.name}']`);
    return members && members.chosen ? members.chosen() : rows.map((r) => r.member);
  };
  const taking = () => { const on = ticked(); return rows.filter((r) => on.includes(r.member)); };
  box.sync = () => {
    const on = ticked();
    for (const r of rows) { r.select.disabled = !on.includes(r.member); r.row.classList.toggle("muted", r.select.disabled); }
  };
  Object.defineProperty(box, "value", {
    get: () => {
      const named = taking().map((r) => r.select.value).filter((v) => v !== NONE);
      return named.length ? `[${named.join(",")}]` : "";
    },
  });
  box.setValue = (value) => {
    box.sync();
    const values = Array.isArray(value) ? value.map((v) => JSON.stringify(v)) : [];
    taking().forEach((r, i) => {
      const wanted = i < values.length ? values[i] : NONE;
      if ([...r.select.options].some((o) => o.value === wanted)) r.select.value = wanted;
    });
  };
  return box;
}

// A field naming several things at once (a Dystopian Wars attack's guns): a box to tick for
// each member the server lists, in its words. Its value is that of a typed field (JSON: the
// members ticked, in the order listed; "" for none); setValue ticks a value's members, one
// the list lacks added in `words` where the value has it alone, else as JSON.
function membersInput(field) {
  const box = document.createElement("span");
  box.className = "members"; box.dataset.field = field.name;
  const tick = (member, words) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox"; input.value = JSON.stringify(member);
    label.append(input, ` ${words}`);
    box.append(label);
    return input;
  };
  for (const [member, words] of field.members) tick(member, words);
  box.boxes = () => [...box.querySelectorAll("input[type='checkbox']")];
  box.chosen = () => box.boxes().filter((b) => b.checked).map((b) => b.value);
  Object.defineProperty(box, "value", {
    get: () => { const on = box.chosen(); return on.length ? `[${on.join(",")}]` : ""; },
  });
  box.setValue = (value, words) => {
    const wanted = Array.isArray(value) ? value.map((m) => JSON.stringify(m)) : [];
    for (const b of box.boxes()) b.checked = wanted.includes(b.value);
    for (const member of wanted.filter((m) => !box.boxes().some((b) => b.value === m))) {
      tick(JSON.parse(member), words && wanted.length === 1 ? words : member).checked = true;
    }
  };
  return box;
}

// Fills a list with `choices` ([value, words]): those `field.aside` names (legal, seldom
// wanted) after the others, grouped under their captions; then "other…" (not for a yes/no).
function listChoices(select, choices, field) {
  const groups = (field.aside || []).map((apart) => {
    const group = document.createElement("optgroup");
    group.label = apart.caption;
    return [apart.values.map((v) => JSON.stringify(v)), group];
  });
  select.replaceChildren();
  for (const [value, words] of choices) {
    const option = new Option(words, JSON.stringify(value));
    const home = groups.find(([values]) => values.includes(option.value));
    (home ? home[1] : select).append(option);
  }
  for (const [, group] of groups) if (group.childElementCount) select.append(group);
  if (field.type !== "bool") select.append(new Option("other…", OTHER));
}

// Numbers typed one after another ("3, 45, 2" or "3 45 2"), as a list; text that is not a
// number stays as typed, for the server to name what is wrong.
function numbersTyped(text) {
  return text.split(/[\s,]+/).filter(Boolean).map((part) => (Number.isFinite(Number(part)) ? Number(part) : part));
}

// The words beside a typed field: what the value typed names on the table.
function valueNote(input) {
  const note = document.createElement("span");
  note.className = "value-words muted"; note.dataset.note = input.dataset.field;
  return note;
}

// Sets a form field to `value`: a list gains the value when it lacks it, read in `words`
// (the ruleset's, where the server gave them) or as the bare value until they come; a typed
// field shows the words beside it.
function setField(element, value, words) {
  if (element.setValue) { element.setValue(value, words); return; }
  // words typed in a box show as typed ("FFFR", not "\"FFFR\""); lists hold JSON
  const typedWords = element.tagName === "INPUT" && typeof value === "string";
  const text = value === undefined ? "" : typedWords ? value : JSON.stringify(value);
  if (element.tagName === "SELECT" && text !== "" && ![...element.options].some((o) => o.value === text)) {
    const extra = new Option(text, text);
    extra.dataset.extra = "true";
    element.insertBefore(extra, [...element.options].find((o) => o.value === OTHER) || null);
  }
  element.value = text;
  if (words === undefined) return;
  const chosen = element.tagName === "SELECT" ? element.selectedOptions[0] : null;
  if (chosen && chosen.dataset.extra) chosen.textContent = words;
  const note = element.parentElement && element.parentElement.querySelector(`[data-note='${element.dataset.field}']`);
  if (note) note.textContent = `= ${words}`;
}

// What a field takes, in words, for its tooltip (never the bare type: "int").
function fieldHelp(field) {
  if (field.members) return "tick each one that takes part";
  if (field.choices) return "choose one from the list";
  const type = field.type || "";
  if (/^tuple\[(float|int), \.\.\.\]$/.test(type)) return "numbers one after another, e.g. 3, 45, 2";
  return { int: "a whole number", float: "a number (inches, degrees...)", str: "words", bool: "yes or no" }[type] || "a value";
}

// A parameter space: a field per action field; the board fills x and y; samples fill all.
function spaceForm(space, number) {
  const form = document.createElement("div");
  form.className = "space-form"; form.dataset.type = space.type;
  form.innerHTML = `<div><b>${escapeHtml(space.name)}</b> <span class="muted">${escapeHtml(space.description)}</span></div>`;
  const start = {};
  for (const field of space.fields) {
    const owner = field.each && space.fields.find((f) => f.name === field.one_per && f.members);
    const label = document.createElement(field.members || owner ? "div" : "label");
    label.className = "field";
    label.title = field.hint || fieldHelp(field);
    const input = fieldInput(field, owner);
    // a list per member names its member and caption on each row: no caption before them
    if (!owner) label.append(`${field.caption || field.name.replace(/_/g, " ")} `);
    label.append(input);
    if (field.worded && input.tagName === "INPUT") { input.dataset.worded = "true"; label.append(valueNote(input)); }
    form.append(label);
    if ("default" in field) start[field.name] = field.default;
  }
  const inputs = () => form.querySelectorAll("[data-field]");
  // A field holding numbers in turn (a Dystopian Wars path: inches, degrees, inches...) is
  // typed as they are said, "3, 45, 2" or "6", not as JSON.
  const numberList = (name) => space.fields.some((f) => f.name === name && /^tuple\[(float|int), \.\.\.\]$/.test(f.type));
  const fieldNamed = (name) => form.querySelector(`[data-field='${name}']`);
  const read = () => {
    const action = { type: space.type };
    for (const input of inputs()) {
      if (input.value === "" || input.value === OTHER) continue;
      const name = input.dataset.field;
      try { action[name] = JSON.parse(input.value); } catch (e) { action[name] = input.value; }
      if (numberList(name) && !Array.isArray(action[name])) action[name] = numbersTyped(input.value);
    }
    return ordered(action);
  };
  // A field naming something of the acting piece (its weapon) lists that piece's own
  // values alone (every value listed when the piece is typed and not among them).
  const ownFields = space.fields.filter((f) => f.per_piece && f.choices);
  const narrow = () => {
    for (const field of ownFields) {
      const select = fieldNamed(field.name), actor = fieldNamed(field.per_piece.field);
      if (!select || select.tagName !== "SELECT" || !actor) continue;
      const own = field.per_piece.choices.find(([piece]) => JSON.stringify(piece) === actor.value);
      const kept = select.value;
      listChoices(select, own ? own[1] : field.choices, field);
      select.value = [...select.options].some((o) => o.value === kept) ? kept : select.options[0].value;
    }
  };
  const actors = ownFields.map((f) => f.per_piece.field);
  // Guns ticked (a field of members) list the targets any legal action holding them all
  // fires at (every gun of a linked attack may fire with fewer of them: DW-LINKED); a gun no
  // such action holds with those ticked cannot be ticked beside them.
  const several = space.fields.find((f) => f.members);
  const follows = space.fields.filter((f) => f.per_members && f.choices);
  const holding = (value, chosen) => chosen.every((m) => value.some((v) => JSON.stringify(v) === m));
  const narrowMembers = () => {
    const box = several && fieldNamed(several.name);
    if (!box || !box.chosen) return;
    const chosen = box.chosen();
    for (const field of follows) {
      const select = fieldNamed(field.name);
      if (!select || select.tagName !== "SELECT") continue;
      const taken = new Set(field.per_members.choices.filter(([value]) => holding(value, chosen))
        .flatMap(([, choices]) => choices.map(([v]) => JSON.stringify(v))));
      const listed = field.choices.filter(([v]) => !chosen.length || taken.has(JSON.stringify(v)));
      const kept = select.value;
      listChoices(select, listed.length ? listed : field.choices, field);
      select.value = [...select.options].some((o) => o.value === kept) ? kept : select.options[0].value;
    }
    if (!follows.length) return;
    for (const b of box.boxes()) {
      b.disabled = !b.checked && !follows[0].per_members.choices.some(([value]) => holding(value, [...chosen, b.value]));
      b.parentElement.title = b.disabled ? "cannot fire with those ticked (not of one kind, or no target in reach of them all)" : "";
    }
  };
  // The guns ticked in the order of the legal action holding them at the target chosen (the
  // strongest first: the focus of linked fire).
  const ordered = (action) => {
    if (!several || !Array.isArray(action[several.name]) || !follows.length) return action;
    const chosen = action[several.name].map((m) => JSON.stringify(m));
    const at = (i) => follows.every((f) => f.per_members.choices[i][1].some(([v]) => JSON.stringify(v) === JSON.stringify(action[f.name])));
    const index = follows[0].per_members.choices.findIndex(([value], i) => holding(value, chosen) && at(i));
    if (index < 0) return action;
    const order = follows[0].per_members.choices[index][0].map((m) => JSON.stringify(m));
    return { ...action, [several.name]: [...chosen].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((m) => JSON.parse(m)) };
  };
  const following = (name) => ownFields.some((f) => f.name === name) || follows.some((f) => f.name === name);
  // The acting piece and the guns first, then their own lists, then the rest of the values
  // (its weapon, their target).
  // A path of numbers shows as it is typed ("3, 45, 2"), not as JSON.
  const fill = (sample, words) => {
    const set = (own) => {
      for (const input of inputs()) {
        const name = input.dataset.field;
        if (!(name in sample) || following(name) !== own) continue;
        if (numberList(name) && Array.isArray(sample[name]) && input.tagName === "INPUT") input.value = sample[name].join(", ");
        else setField(input, sample[name], words && words[name]);
      }
    };
    set(false); narrow(); narrowMembers(); set(true);
  };
  const samplesSaid = space.sample_values || [];
  // the first listed, else sampled, with the words of its values
  fill({ ...start, ...(space.start || space.samples[0] || {}) }, space.start ? space.start_values : samplesSaid[0]);
  // A value typed in a field that had a list is named by the server's answer (considered);
  // a form of guns to tick is considered at every change (the attack's verdict and exact
  // odds always those of what the form holds).
  const complete = (action) => space.fields.every((f) => "default" in f || f.name in action);
  form.addEventListener("change", (event) => {
    const field = event.target.closest("[data-field]");
    if (!field) return;
    for (const each of form.querySelectorAll(".each")) each.sync();
    if (actors.includes(field.dataset.field)) narrow();
    if (several && (field.dataset.field === several.name || following(field.dataset.field))) narrowMembers();
    const typed = Boolean(event.target.dataset.typed || event.target.dataset.worded);
    if (!typed && !several) return;
    const note = form.querySelector(`[data-note='${field.dataset.field}']`);
    if (typed && note) note.textContent = "";  // until the server names the new value
    const action = read();
    if (!complete(action)) return;
    if (typed) aiming = form;
    ask({ action });
  });
  const check = document.createElement("button");
  check.textContent = "Check"; check.className = "check";
  check.onclick = () => checkAction(read());
  const take = document.createElement("button");
  take.textContent = "Take"; take.className = "primary take";
  take.onclick = () => act(read());
  // An example only fills the form (and checks it): "not sent yet" stays beside Take until
  // the form is taken, so nobody takes a filled form for a move made.
  const unsent = document.createElement("span");
  unsent.className = "unsent"; unsent.hidden = true;
  unsent.textContent = "filled in, not sent yet: Take sends it";
  form.append(check, take, unsent);
  if (space.samples.length) {
    const hint = document.createElement("div");
    hint.innerHTML = `<span class="muted">legal examples (a click sends nothing: it fills the form in, for Take to send):</span>`;
    space.samples.forEach((sample, index) => {
      const button = document.createElement("button");
      const words = (space.sample_words && space.sample_words[index]) || `example ${index + 1}`;
      button.className = "sample";
      button.dataset.action = JSON.stringify(sample);  // for scripts; people read the words
      if (sample.type === space.type) {
        button.textContent = `fill in: ${words}`;
        button.title = "fill the form in with this legal example and check it (Take sends it)";
        button.onclick = () => { fill(sample, samplesSaid[index]); unsent.hidden = false; checkAction(read()); };
      } else {  // another kind of action (Armada's role changes beside the orders): the form
        // cannot hold it, so it is considered on its own, and its Take this sends it
        button.textContent = `consider: ${words}`;
        button.title = "consider this legal action on its own (Take this sends it)";
        button.onclick = () => { aiming = null; ask({ action: sample }); };
      }
      hint.append(button);
    });
    form.append(hint);
  }
  form.addEventListener("focusin", () => { activeForm = form; });
  const fields = space.fields.map((f) => f.name);
  if (!activeForm && fields.includes("x") && fields.includes("y")) activeForm = form;
  // A click on the table places x/y and shows the ghost of the placement with its verdict.
  form.fillPoint = (point) => { if (!fields.includes("x")) return false; fill(point); ask({ action: read() }); return true; };
  // A click on a piece aims the form at it: the server sets the field naming it (target...).
  form.aimable = space.fields.some((f) => f.type === "int" && !PIECE_FIELDS.slice(0, 4).includes(f.name));
  form.aim = (label) => { aiming = form; ask({ aim: { label, action: read() } }); };
  // A click on one's own piece sets the form's acting unit (its unit, ship, model or group).
  form.actor = fields.includes("target") ? PIECE_FIELDS.slice(0, 4).find((name) => fields.includes(name)) : undefined;
  form.act = (label) => { aiming = form; ask({ aim: { label, action: read(), field: form.actor } }); };
  form.fill = fill;
  return form;
}
