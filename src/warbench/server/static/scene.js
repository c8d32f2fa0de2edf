// Drawing a scene (warbench.core.scene) as SVG; shared by the table and the replay viewer.
"use strict";
const SVG_NS = "http://www.w3.org/2000/svg";
const PLAYER_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const TERRAIN = "#8c8c8c";
const GROUNDS = { "": "#dfe9f2", land: "#dde8cc" };  // the table by its ground (scene.ground)

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, value);
  return el;
}

function colourOf(shape) {
  return shape.player === undefined ? TERRAIN : PLAYER_COLOURS[shape.player % PLAYER_COLOURS.length];
}

// Screen pixels per table unit (0 before the board is laid out). The board keeps its
// shape: the whole table is fitted inside the element, which a tall table (an Armada map)
// leaves wider than the table drawn, so the smaller of the two ratios is the scale.
function pixelsPerUnit(svg, scene, pad) {
  const width = svg.clientWidth, height = svg.clientHeight;
  if (!width || !height) return 0;
  return Math.min(width / (scene.width + 2 * pad), height / (scene.height + 2 * pad));
}

// Draw `scene` into `svg`; table y runs up, SVG y down. Returns helpers to map points.
function drawScene(svg, scene, options) {
  const opts = options || {};
  svg.replaceChildren();
  if (!scene) { svg.setAttribute("viewBox", "0 0 10 4"); return null; }
  const pad = Math.max(scene.width, scene.height) * 0.02;
  const H = scene.height;
  const fy = (y) => H - y;
  svg.setAttribute("viewBox", `${-pad} ${-pad} ${scene.width + 2 * pad} ${scene.height + 2 * pad}`);
  svg.setAttribute("data-units", scene.units);
  const unit = Math.max(scene.width, scene.height) / 72;
  svg.append(svgEl("rect", { x: 0, y: 0, width: scene.width, height: scene.height, fill: GROUNDS[scene.ground || ""] || GROUNDS[""], "data-ground": scene.ground || "", stroke: "#9aa6b8", "stroke-width": unit * 0.1 }));
  const layers = { terrain: svgEl("g"), grid: svgEl("g"), under: svgEl("g"), attacks: svgEl("g"), pieces: svgEl("g"), strikes: svgEl("g"), marks: svgEl("g"), ghosts: svgEl("g"), labels: svgEl("g") };
  let dragging = null, dragged = false;  // a piece being dragged; whether a drag just ended
  Object.values(layers).forEach((layer) => svg.append(layer));
  const labelled = [];  // shapes whose labels are drawn once every shape is
  const ticks = [];  // each facing tick drawn, in SVG coordinates: no label is put across one
  const onScreen = pixelsPerUnit(svg, scene, pad);
  // a stacked piece stands clear of its host's key (two characters, drawn at the centre):
  // 2.6 of the keys' em away, so that on the diagonal the two keys are still a width apart
  const spots = spreadStacks(scene.shapes, (onScreen ? LABEL_PX / onScreen : unit * 0.65) * 1.1 * 2.6);
  for (const piece of scene.shapes) {
    // a stacked piece is drawn beside its host (see spreadStacks); the page is handed the
    // piece itself, where it stands
    const spot = spots.get(piece);
    const shape = spot ? { ...piece, x: spot.x, y: spot.y, original: piece } : piece;
    if (spot) layers.pieces.append(svgEl("line", { x1: piece.x, y1: fy(piece.y), x2: spot.x, y2: fy(spot.y), stroke: "#333", "stroke-width": unit * 0.05, "stroke-dasharray": `${unit * 0.15} ${unit * 0.15}`, "pointer-events": "none", class: "stack-line" }));
    const colour = colourOf(shape);
    const faded = shape.faded ? 0.35 : 0.85;
    let el;
    if (shape.kind === "ring") {
      // an area's edge (a control range): drawn under the pieces, never in the way of a click
      const ring = svgEl("circle", { cx: shape.x, cy: fy(shape.y), r: shape.size, fill: "none", stroke: colour, "stroke-width": unit * 0.12, "stroke-dasharray": `${unit * 0.6} ${unit * 0.4}`, "pointer-events": "none", class: "ring" });
      // its label never under LABEL_PX on the screen, as every other label
      const perUnit = pixelsPerUnit(svg, scene, pad);
      const font = Math.max(unit * 0.65, perUnit ? LABEL_PX / perUnit : 0);
      const label = svgEl("text", { x: shape.x, y: fy(shape.y + shape.size) - unit * 0.3, "text-anchor": "middle", class: "shape-label", "font-size": font });
      label.textContent = shape.label;
      layers.terrain.append(ring, label);
      continue;
    }
    if (shape.kind === "circle") {
      el = svgEl("circle", { cx: shape.x, cy: fy(shape.y), r: shape.size, fill: colour, "fill-opacity": faded, stroke: "#222", "stroke-width": unit * 0.05 });
    } else if (shape.kind === "rect") {
      const h = ((shape.heading || 0) * Math.PI) / 180;
      const f = [Math.sin(h), Math.cos(h)], r = [f[1], -f[0]];
      const hw = shape.size / 2, hl = (shape.length || shape.size) / 2;
      const pts = [[1, 1], [1, -1], [-1, -1], [-1, 1]].map(([a, s]) =>
        `${shape.x + f[0] * a * hl + r[0] * s * hw},${fy(shape.y + f[1] * a * hl + r[1] * s * hw)}`);
      el = svgEl("polygon", { points: pts.join(" "), fill: colour, "fill-opacity": faded, stroke: "#222", "stroke-width": unit * 0.05 });
    } else if (shape.kind === "hex") {
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = (Math.PI / 3) * k;
        pts.push(`${shape.x + shape.size * Math.cos(a)},${fy(shape.y + shape.size * Math.sin(a))}`);
      }
      const owned = shape.player !== undefined;
      el = svgEl("polygon", { points: pts.join(" "), fill: owned ? colour : (shape.label ? "#c9d3c0" : "none"), "fill-opacity": owned ? faded : 0.6, stroke: "#7d8796", "stroke-width": unit * 0.04 });
    } else if (shape.kind === "polygon") {
      const pts = (shape.points || []).map(([x, y]) => `${x},${fy(y)}`).join(" ");
      el = svgEl("polygon", { points: pts, fill: colour, "fill-opacity": 0.5, stroke: "#555", "stroke-width": unit * 0.05 });
    } else {
      continue;
    }
    el.setAttribute("data-index", shape.index);
    el.setAttribute("data-label", shape.label || "");
    if (shape.player !== undefined) el.setAttribute("data-player", shape.player);
    el.classList.add("shape");
    const title = svgEl("title");
    const keyed = shape.key && !shape.label.startsWith(`${shape.key} `) ? `${shape.key} ` : "";  // its number all game
    title.textContent = keyed + shape.label + (shape.unit ? ` (${shape.unit})` : "") + (shape.damage ? `: ${shape.damage}` : "") + (shape.faded ? " — out of action" : "");
    el.append(title);
    // nobody's things (terrain, a building, a crater) lie under the pieces, as the labels
    // that find no free spot (drawLabels)
    const layer = shape.player !== undefined ? layers.pieces : (shape.kind === "hex" ? layers.grid : layers.terrain);
    layer.append(el);
    if (shape.heading !== undefined && shape.kind !== "polygon") {
      const h = (shape.heading * Math.PI) / 180;
      const reach = Math.max(shape.size, (shape.length || 0) / 2) * 1.5;
      const tick = { x1: shape.x, y1: fy(shape.y), x2: shape.x + reach * Math.sin(h), y2: fy(shape.y + reach * Math.cos(h)) };
      ticks.push({ ...tick, shape });
      layers.pieces.append(svgEl("line", { ...tick, stroke: "#111", "stroke-width": unit * 0.12, "pointer-events": "none", class: "facing" }));
    }
    if (shape.label && !(shape.kind === "hex" && shape.player === undefined)) labelled.push(shape);
    if (opts.onShape && shape.kind !== "polygon" && !(shape.kind === "hex" && shape.player === undefined)) {
      el.style.cursor = "pointer";
      el.addEventListener("click", (event) => {
        event.stopPropagation();
        if (dragged) { dragged = false; return; }
        opts.onShape(piece, el);
      });
    }
    if (opts.onDrag && opts.canDrag && opts.canDrag(piece)) {
      el.style.cursor = "grab";
      el.classList.add("draggable");
      el.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        // the piece keeps the pointer until it is let go, on the board or off it
        if (el.setPointerCapture) el.setPointerCapture(event.pointerId);
        dragging = { shape: piece, drawn: shape, start: toTable(event), moved: false, turn: event.shiftKey };
      });
    }
  }
  const perUnit = pixelsPerUnit(svg, scene, pad);
  if (opts.attacks !== false) drawAttacks(scene, layers.attacks, layers.strikes, layers.labels, unit, fy, perUnit ? LABEL_PX / perUnit : 0);
  const legend = drawLabels(svg, scene, layers, labelled, ticks, unit, pad);
  if (opts.legend) showLegend(opts.legend, legend, opts.onShape);
  const toTable = (event) => {
    const point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    const local = point.matrixTransform(svg.getScreenCTM().inverse());
    return { x: Math.round(local.x * 100) / 100, y: Math.round((H - local.y) * 100) / 100 };
  };
  // Dragging a piece: a line from it to the pointer while the pointer moves; the page is told
  // of each point (done: false) and of the point where the button is let go (done: true),
  // and whether Shift was held when the drag began (turn: turn the piece on the spot).
  svg.onpointermove = (event) => {
    if (!dragging) return;
    const p = toTable(event), s = dragging.drawn;
    if (!dragging.moved && Math.hypot(p.x - dragging.start.x, p.y - dragging.start.y) < unit * 0.4) return;
    dragging.moved = true;
    layers.ghosts.replaceChildren(svgEl("line", { x1: s.x, y1: fy(s.y), x2: p.x, y2: fy(p.y), stroke: "#555", "stroke-width": unit * 0.08, "stroke-dasharray": `${unit * 0.3} ${unit * 0.3}`, class: "drag-line", "pointer-events": "none" }));
    opts.onDrag(s, p, false, dragging.turn);
  };
  // Let go on the board: the drag's last point. Let go off the board (or the pointer lost):
  // the drag is called off, and the next click is a click again.
  const cancel = () => {
    const drag = dragging;
    dragging = null;
    layers.ghosts.replaceChildren();
    if (drag && drag.moved && opts.onDragCancel) opts.onDragCancel(drag.shape);
  };
  svg.onpointerup = (event) => {
    if (!dragging) return;
    const box = svg.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) { cancel(); return; }
    const drag = dragging;
    dragging = null;
    if (!drag.moved) return;
    dragged = true;
    opts.onDrag(drag.shape, toTable(event), true, drag.turn);
  };
  svg.onpointercancel = cancel;
  svg.onclick = (event) => {
    if (dragged) { dragged = false; return; }
    if (opts.onPoint) opts.onPoint(toTable(event));
  };
  // The label of a piece whose move's ghost would cover it is moved clear while the ghost
  // is drawn: to the other side of the piece, else past the ghost (back when it goes).
  let moved = null;
  const restoreLabel = () => { if (moved) moved.removeAttribute("transform"); moved = null; };
  const clearLabel = (ghost, shape, reach) => {
    const text = [...layers.labels.children].find((t) => t.getAttribute("data-for") === ghost.label);
    if (!text || !text.getBBox) return;
    const b = text.getBBox(), pad = unit * 0.2;
    const disc = (x, y, r) => ({ x0: x - r - pad, x1: x + r + pad, y0: fy(y) - r - pad, y1: fy(y) + r + pad });
    const keep = [disc(ghost.x, ghost.y, reach)];
    if (shape) keep.push(disc(shape.x, shape.y, Math.max(shape.size || 0.5, (shape.length || 0) / 2)));
    const clear = (dy) => keep.every((k) => b.x + b.width < k.x0 || k.x1 < b.x || b.y + dy + b.height < k.y0 || k.y1 < b.y + dy);
    const middle = b.y + b.height / 2;
    const shifts = [0, ...(shape ? [2 * (fy(shape.y) - middle)] : []), keep[0].y1 + pad - b.y, keep[0].y0 - pad - b.y - b.height];
    const dy = shifts.find(clear);
    if (dy === undefined || dy === 0) return;
    text.setAttribute("transform", `translate(0 ${dy})`);
    moved = text;
  };
  return {
    marks: layers.marks, unit,
    mark(x, y, colour) {
      layers.marks.replaceChildren();
      layers.marks.append(svgEl("circle", { cx: x, cy: fy(y), r: unit * 0.5, fill: "none", stroke: colour || "#ffbf00", "stroke-width": unit * 0.2, "pointer-events": "none" }));
    },
    // The reach of a selected piece's weapons: a wedge per arc, a dashed line per band, and
    // the weapon's name by the wedge's far edge (a full circle's below the piece, staggered).
    reach(shape) {
      const point = (bearing, distance) => {
        const b = (bearing * Math.PI) / 180;
        return `${shape.x + distance * Math.sin(b)} ${fy(shape.y + distance * Math.cos(b))}`;
      };
      const arc = (r, d, move) => {
        if (r.end - r.start >= 360) return `M ${point(0, d)} A ${d} ${d} 0 1 1 ${point(180, d)} A ${d} ${d} 0 1 1 ${point(360, d)}`;
        const large = r.end - r.start > 180 ? 1 : 0;
        return `${move ? "M" : "L"} ${point(r.start, d)} A ${d} ${d} 0 ${large} 1 ${point(r.end, d)}`;
      };
      let circles = 0;
      const perUnit = pixelsPerUnit(svg, scene, pad);
      const font = Math.max(unit * 0.8, perUnit ? LABEL_PX / perUnit : 0);
      for (const r of shape.reach || []) {
        const whole = r.end - r.start >= 360;
        const wedge = whole ? arc(r, r.radius, true) : `M ${shape.x} ${fy(shape.y)} ${arc(r, r.radius, false)} Z`;
        // drawn over the pieces but never in the way of a click on one (an enemy in reach)
        const el = svgEl("path", { d: wedge, fill: "#E69F00", "fill-opacity": 0.08, stroke: "#E69F00", "stroke-width": unit * 0.08, class: "reach", "data-weapon": r.label, "pointer-events": "none" });
        layers.marks.append(el);
        if (r.label) {
          // by the far edge, pulled in along its bearing until it lies on the table
          const bearings = whole ? [180, 0, 90, 270, 135, 225, 45, 315].map((b) => b + 20 * circles++) : [(r.start + r.end) / 2];
          let at = null;
          for (const b of bearings) {
            for (let d = r.radius + font * 0.7; d > font && !at; d -= font) {
              const x = shape.x + d * Math.sin((b * Math.PI) / 180), y = shape.y + d * Math.cos((b * Math.PI) / 180);
              if (x > font * 2 && x < scene.width - font * 2 && y > font && y < scene.height - font) at = [x, y];
            }
            if (at) break;
          }
          if (at) {
            const name = svgEl("text", { x: at[0], y: fy(at[1]) + font * 0.35, "text-anchor": "middle", class: "reach-label", "font-size": font, "stroke-width": font * 0.2, "pointer-events": "none" });
            name.textContent = r.label;
            layers.marks.append(name);
          }
        }
        for (let d = r.band; r.band > 0 && d < r.radius - 1e-9; d += r.band) {
          layers.marks.append(svgEl("path", { d: arc(r, d, true), fill: "none", stroke: "#E69F00", "stroke-dasharray": `${unit * 0.5} ${unit * 0.5}`, "stroke-width": unit * 0.06, "pointer-events": "none" }));
        }
      }
    },
    // Where a piece would end (a ghost of its base and facing, its course through `path`),
    // green when the rules allow the action, red when they refuse it.
    // A piece not on the table yet (a placement) has no course: its ghost alone, its size.
    ghost(ghost, shape, allowed) {
      layers.ghosts.replaceChildren();
      restoreLabel();
      const colour = allowed ? "#009E73" : "#b3261e";
      if (shape) {
        const points = [[shape.x, shape.y], ...ghost.path, [ghost.x, ghost.y]].map(([x, y]) => `${x},${fy(y)}`).join(" ");
        layers.ghosts.append(svgEl("polyline", { points, fill: "none", stroke: colour, "stroke-width": unit * 0.12, "stroke-dasharray": `${unit * 0.4} ${unit * 0.25}`, "pointer-events": "none", class: "course" }));
      }
      const r = shape ? Math.max(shape.size || 0.5, (shape.length || 0) / 2) : ghost.size || unit * 0.5;
      layers.ghosts.append(svgEl("circle", { cx: ghost.x, cy: fy(ghost.y), r, fill: colour, "fill-opacity": 0.3, stroke: colour, "stroke-width": unit * 0.1, "pointer-events": "none", class: "ghost", "data-label": ghost.label }));
      if (ghost.heading !== null && ghost.heading !== undefined) {
        const h = (ghost.heading * Math.PI) / 180, reach = r * 1.8;
        layers.ghosts.append(svgEl("line", { x1: ghost.x, y1: fy(ghost.y), x2: ghost.x + reach * Math.sin(h), y2: fy(ghost.y + reach * Math.cos(h)), stroke: colour, "stroke-width": unit * 0.15, "pointer-events": "none" }));
      }
      clearLabel(ghost, shape, r * 1.8);
    },
    clearGhosts() { layers.ghosts.replaceChildren(); restoreLabel(); },
    ring(x, y, radius) {
      layers.marks.append(svgEl("circle", { cx: x, cy: fy(y), r: radius, fill: "none", stroke: "#ffbf00", "stroke-dasharray": `${unit} ${unit}`, "stroke-width": unit * 0.08 }));
    },
  };
}

// Pieces whose centre lies inside a piece as big or bigger (fighters launched from their
// carrier, groups attacking a ship) would be hidden under it: each is drawn beside its host,
// round the rim, with a dashed line to where it stands, so that it can be seen, clicked and
// dragged; its centre at least ``gap`` from its host's, so that the keys of two small
// pieces on one spot (two fighter groups closing on one ship) are read apart. Returns the
// spot drawn for each piece moved.
function spreadStacks(shapes, gap) {
  const radius = (s) => Math.max(s.size, (s.length || 0) / 2);
  const pieces = shapes.filter((s) => s.player !== undefined && (s.kind === "circle" || s.kind === "rect"));
  pieces.sort((a, b) => radius(b) - radius(a));
  const spots = new Map(), hosts = [], around = new Map();
  for (const piece of pieces) {
    const host = hosts.find((h) => Math.hypot(h.x - piece.x, h.y - piece.y) < radius(h));
    if (!host) { hosts.push(piece); continue; }
    const k = around.get(host) || 0;
    around.set(host, k + 1);
    const bearing = ((45 + 90 * k + 30 * Math.floor(k / 4)) * Math.PI) / 180;
    const distance = Math.max(radius(host) + radius(piece) * 1.3, gap);
    spots.set(piece, { x: host.x + distance * Math.sin(bearing), y: host.y + distance * Math.cos(bearing) });
  }
  return spots;
}

// The attacks of the moment (warbench.core.table Attack, as `warbench render` draws them):
// the range band used shaded over the firing arc, the arc's edges, a line from shooter to
// target (dashed for a miss), and each label in the box the scene placed for it. The band
// and the arc lie under the pieces; the line lies over them, on a pale halo, so a melee
// between touching bases, or a shot across a base of the shooter's colour, still shows.
function drawAttacks(scene, layer, strikeLayer, labelLayer, unit, fy, least) {
  const attacks = scene.attacks || [];
  const at = (a, bearing, d) => { const b = (bearing * Math.PI) / 180; return [a.x + d * Math.sin(b), fy(a.y + d * Math.cos(b))]; };
  for (const a of attacks) {
    const colour = a.player === undefined || a.player === null ? TERRAIN : PLAYER_COLOURS[a.player % PLAYER_COLOURS.length];
    const [start, end] = a.arc, [near, far] = a.band;
    const g = svgEl("g", { class: "attack", "pointer-events": "none" });
    if (far > 0) {
      const whole = end - start >= 360, large = end - start > 180 ? 1 : 0;
      let d;
      if (whole) {
        const ring = (r) => `M ${at(a, 0, r)} A ${r} ${r} 0 1 1 ${at(a, 180, r)} A ${r} ${r} 0 1 1 ${at(a, 360, r)} Z`;
        d = ring(far) + (near > 0 ? " " + ring(near) : "");
      } else {
        d = `M ${at(a, start, near)} L ${at(a, start, far)} A ${far} ${far} 0 ${large} 1 ${at(a, end, far)} L ${at(a, end, near)}` +
          (near > 0 ? ` A ${near} ${near} 0 ${large} 0 ${at(a, start, near)}` : "") + " Z";
      }
      g.append(svgEl("path", { d, fill: colour, "fill-opacity": 0.12, "fill-rule": "evenodd", stroke: "none", class: "attack-band" }));
    }
    if (end - start < 360) {
      const reach = far || Math.hypot(a.target_x - a.x, a.target_y - a.y);
      for (const bearing of [start, end]) {
        const [x2, y2] = at(a, bearing, reach);
        g.append(svgEl("line", { x1: a.x, y1: fy(a.y), x2, y2, stroke: colour, "stroke-width": unit * 0.06, "stroke-dasharray": `${unit * 0.3} ${unit * 0.3}` }));
      }
    }
    layer.append(g);
    const strike = svgEl("g", { class: "attack-strike", "pointer-events": "none" });
    const width = unit * (a.hit ? 0.2 : 0.12), line = { x1: a.x, y1: fy(a.y), x2: a.target_x, y2: fy(a.target_y) };
    strike.append(svgEl("line", { ...line, stroke: "#ffffff", "stroke-opacity": 0.85, "stroke-width": width + unit * 0.16, "stroke-linecap": "round", class: "attack-halo" }));
    strike.append(svgEl("line", { ...line, stroke: colour, "stroke-width": width, "stroke-dasharray": a.hit ? "none" : `${unit * 0.5} ${unit * 0.35}`, class: "attack-line" }));
    const dx = a.target_x - a.x, dy = a.target_y - a.y, length = Math.hypot(dx, dy) || 1;
    const ux = dx / length, uy = dy / length, tip = unit * 0.9;
    const bx = a.target_x - ux * tip, by = a.target_y - uy * tip;
    strike.append(svgEl("polygon", { points: `${a.target_x},${fy(a.target_y)} ${bx + uy * tip * 0.45},${fy(by - ux * tip * 0.45)} ${bx - uy * tip * 0.45},${fy(by + ux * tip * 0.45)}`, fill: colour, stroke: "#ffffff", "stroke-width": unit * 0.06 }));
    strikeLayer.append(strike);
  }
  // The scene places shapes' labels first, then the attacks' (one per labelled attack).
  const labelled = attacks.filter((a) => a.label).length;
  const labels = labelled ? (scene.labels || []).slice(-labelled) : [];
  const font = Math.max(scene.em || unit * 0.6, unit * 0.55, least);  // never under LABEL_PX
  // A font larger than the scene's em outgrows the boxes the scene kept apart: a label that
  // then meets one drawn before it moves up or down, a line's height at a time, till clear.
  const drawn = [];
  const meets = (b) => drawn.some((o) => b.x < o.x + o.width && o.x < b.x + b.width && b.y < o.y + o.height && o.y < b.y + b.height);
  for (const label of labels) {
    const lines = label.text.split("\n");
    const y = fy(label.y) - ((lines.length - 1) * font * 1.15) / 2 + font * 0.35;
    const text = svgEl("text", { x: label.x, y, "text-anchor": "middle", class: "attack-label", "font-size": font, "stroke-width": font * 0.25 });
    lines.forEach((line, i) => { const span = svgEl("tspan", { x: label.x, dy: i ? font * 1.15 : 0 }); span.textContent = line; text.append(span); });
    labelLayer.append(text);
    if (!text.getBBox) continue;
    const box = text.getBBox(), step = box.height + font * 0.2;
    const shift = [0, 1, -1, 2, -2, 3, -3, 4, -4].map((n) => n * step).find((dy) => !meets({ x: box.x, y: box.y + dy, width: box.width, height: box.height })) || 0;
    text.setAttribute("y", y + shift);
    drawn.push({ x: box.x, y: box.y + shift, width: box.width, height: box.height });
  }
}

// Labels go above or below their pieces, else to the right or left, wherever is free of the
// pieces, their facing ticks and the labels already placed (of the pieces and labels alone
// where the ticks leave no room), all in one size never smaller than LABEL_PX on the screen
// (a mine's as a ship's). The labels of nobody's things (terrain, a crater) come after the
// pieces', each at the first free spot of: beside its anchor, inside its own ground; with
// none free it goes beside its anchor under the pieces, so that it never hides one. When a
// piece's label finds no room (a crowded table), every piece is marked with a short key
// instead (the key its ruleset names it by all game, else the number its label starts
// with, else its place in this scene, which shifts as pieces come and go) and the keys are
// returned for a legend beside the board.
const LABEL_PX = 11;
function drawLabels(svg, scene, layers, shapes, ticks, unit, pad) {
  const perUnit = pixelsPerUnit(svg, scene, pad);
  const least = perUnit ? LABEL_PX / perUnit : unit * 0.65;
  const fy = (y) => scene.height - y;
  const isPiece = (shape) => shape.player !== undefined && shape.kind !== "polygon";
  const reach = (shape) => Math.max(shape.size || 0, (shape.length || 0) / 2);
  const pieces = shapes.filter(isPiece);
  const largest = Math.max(0, ...pieces.map((shape) => shape.size || 0));
  const font = Math.max(least, Math.min(unit * 0.9, largest * 0.6));
  // every piece's own ground: a label lies on none of them, its own or another's
  const bodies = pieces.map((shape) => ({ x0: shape.x - reach(shape), x1: shape.x + reach(shape), y0: fy(shape.y) - reach(shape), y1: fy(shape.y) + reach(shape) }));
  // every facing tick, with its stroke, and the piece whose tick it is
  const stroke = unit * 0.06;
  const lines = ticks.map((t) => ({ x0: Math.min(t.x1, t.x2) - stroke, x1: Math.max(t.x1, t.x2) + stroke, y0: Math.min(t.y1, t.y2) - stroke, y1: Math.max(t.y1, t.y2) + stroke, of: t.shape }));
  // and the attacks' labels, drawn already where the scene placed them
  const attackLabels = [...layers.labels.querySelectorAll("text.attack-label")].map((text) => {
    const b = text.getBBox ? text.getBBox() : { x: 0, y: 0, width: 0, height: 0 };
    return { x0: b.x, x1: b.x + b.width, y0: b.y, y1: b.y + b.height };
  });
  const plan = (chosen) => {
    const placed = [...bodies, ...attackLabels], texts = [];
    let dropped = 0;
    for (const shape of chosen) {
      const offset = Math.max(shape.size, (shape.length || 0) / 2, 0.4) + font * 0.3;
      const words = [shape.label, shape.damage].filter(Boolean);  // the name, then the damage
      // a generous width (proportional type runs wider than half an em for capitals), so
      // that two labels judged apart never touch on the page
      const width = Math.max(...words.map((line) => line.length)) * font * 0.62 + font * 0.4;
      const extra = (words.length - 1) * font * 1.1;
      const sides = shape.index % 2 === 1 ? [true, false] : [false, true];
      const at = (below, away) => [shape.x, below ? fy(shape.y) + away + font * 0.8 : fy(shape.y) - away - extra];
      const spots = sides.map((below) => at(below, offset));
      if (isPiece(shape)) {
        // beside it, the first line level with its centre; then above or below past the
        // end of its facing tick
        const aside = offset + width / 2, level = fy(shape.y) + font * 0.35 - extra / 2;
        const past = reach(shape) * 1.5 + font * 0.6;
        spots.push([shape.x + aside, level], [shape.x - aside, level], ...sides.map((below) => at(below, past)));
      }
      const box = ([x, ty]) => ({ x0: x - width / 2, x1: x + width / 2, y0: ty - font, y1: ty + font * 0.3 + extra });
      const clear = (b, others) => !others.some((o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1);
      // free of the ticks too where any spot is; else of the pieces and labels alone
      const free = (b) => clear(b, placed) && clear(b, lines);
      if (!isPiece(shape) && shape.points && shape.points.length) {
        // inside the terrain: the middle of its corners
        const xs = shape.points.map(([x]) => x), ys = shape.points.map(([, y]) => fy(y));
        spots.push([(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2 + font * 0.35 - extra / 2]);
      }
      // farther off (nobody's things only), on the table, with a line to it
      const onTable = (b) => b.x0 >= 0 && b.x1 <= scene.width && b.y0 >= 0 && b.y1 <= scene.height;
      // a spot whose words the board shows whole (the table and its margin) first: a ship at
      // the edge is not named across it, half its words cut off
      const shown = (b) => b.x0 >= -pad && b.x1 <= scene.width + pad && b.y0 >= -pad && b.y1 <= scene.height + pad;
      const first = (list, ok) => list.find((at) => ok(box(at)) && shown(box(at))) || list.find((at) => ok(box(at)));
      const pick = (list) => first(list, free) || first(list, (b) => clear(b, placed));
      const far = isPiece(shape) ? [] : farSpots(shape.x, fy(shape.y) + font * 0.35 - extra / 2, offset, width, font).filter((at) => onTable(box(at)));
      const spot = pick(spots) || pick(far);
      if (spot === undefined && isPiece(shape)) { dropped += 1; continue; }
      const [x, y] = spot || spots[0];
      placed.push(box([x, y]));  // a label under the pieces too: no key is put over it
      const line = far.includes(spot) ? leader(shape.x, fy(shape.y), box([x, y])) : null;
      texts.push({ x, y, lines: words, under: spot === undefined, line });
    }
    return { texts, dropped, placed: placed.slice(bodies.length + attackLabels.length) };
  };
  const scenery = shapes.filter((shape) => !isPiece(shape));
  const full = plan([...pieces, ...scenery]);
  const crowded = full.dropped > 0;
  const chosen = crowded ? plan(scenery) : full, drawn = chosen.texts;
  for (const t of drawn) {
    if (t.line) layers.labels.append(svgEl("line", { ...t.line, stroke: "#555", "stroke-width": unit * 0.04, "stroke-dasharray": `${unit * 0.15} ${unit * 0.1}`, "pointer-events": "none", class: "label-line" }));
    const text = svgEl("text", { x: t.x, y: t.y, "text-anchor": "middle", class: "shape-label", "font-size": font, "data-for": t.lines[0] });
    t.lines.forEach((line, i) => {
      const span = svgEl("tspan", { x: t.x, dy: i ? font * 1.1 : 0, class: i ? "shape-damage" : "" });
      span.textContent = line;
      text.append(span);
    });
    (t.under ? layers.under : layers.labels).append(text);
  }
  if (!crowded) return [];
  const keys = [];
  const marks = pieces.map((shape) => {
    const number = shape.label.match(/^(\d+)\s+(.*)$/);
    return { shape, number, key: shape.key || (number ? number[1] : String(shape.index)), font: Math.max(least * 1.1, shape.size * 0.9) };
  });
  const spots = placeKeys(marks, lines, unit, fy, [...attackLabels, ...chosen.placed]);
  for (const mark of marks) {
    const { shape, number, key, font: size } = mark, spot = spots.get(mark);
    if (spot.line) layers.labels.append(svgEl("line", { ...spot.line, stroke: "#222", "stroke-width": unit * 0.06, "pointer-events": "none", class: "key-line", "data-key": key }));
    const text = svgEl("text", { x: spot.x, y: spot.y + size * 0.35, "text-anchor": "middle", class: "shape-key", "font-size": size, "stroke-width": size * 0.18, "data-key": key });
    text.textContent = key;
    layers.labels.append(text);
    const name = number && number[1] === key ? number[2] : shape.label;
    keys.push({ key, text: shape.damage ? `${name} · ${shape.damage}` : name, shape });
  }
  return keys;
}

// Spots for a label that finds none beside its anchor (x, y: its first line's baseline, in
// SVG units): on rings of growing radius round it, right, left, above, below, then the
// diagonals, so that a crowded table's terrain names lie clear of the other labels.
function farSpots(x, y, offset, width, font) {
  const spots = [];
  for (let ring = 1; ring <= 8; ring++) {
    const gap = offset + font * 1.2 * ring;
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, -1], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]]) {
      spots.push([x + dx * (gap + width / 2), y + dy * gap]);
    }
  }
  return spots;
}

// A line from a point (or the rim of a disc of radius ``r`` round it) to the nearest edge of
// a box (x0, x1, y0, y1) placed away from it: which piece a key, or which ground a name, is.
function leader(x, y, box, r = 0) {
  const nx = Math.min(Math.max(x, box.x0), box.x1), ny = Math.min(Math.max(y, box.y0), box.y1);
  const angle = Math.atan2(ny - y, nx - x);
  return { x1: x + Math.cos(angle) * r, y1: y + Math.sin(angle) * r, x2: nx, y2: ny };
}

// Where each key of a crowded table goes (in SVG units; y down): on its piece, the biggest
// pieces first, where it touches no key placed before nor any label drawn already
// (``taken``: the attacks' and the terrain's), covers no other piece and crosses no
// other piece's facing tick (``lines``: each tick's box and its piece; a key may lie over its
// own); else beside the piece on rings of growing radius (right, left, above, below, then the
// diagonals), clear of the other keys and, where it can be, of the other pieces and their
// ticks, with a line from the piece's rim to the key. Troopers standing base to base so keep
// numbers that can be read, as the table pictures do (core/labels.py).
function placeKeys(marks, lines, unit, fy, taken) {
  const reach = (shape) => Math.max(shape.size || 0, (shape.length || 0) / 2);
  const overlap = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const covers = (box, shape) => {  // the box over the piece's body (a disc, else its square)
    const x = shape.x, y = fy(shape.y), r = reach(shape);
    if (shape.kind !== "circle") return overlap(box, { x0: x - r, x1: x + r, y0: y - r, y1: y + r });
    const nx = Math.min(Math.max(x, box.x0), box.x1), ny = Math.min(Math.max(y, box.y0), box.y1);
    return Math.hypot(nx - x, ny - y) < r;
  };
  const placed = [...taken], spots = new Map();
  const order = marks.map((mark, i) => i).sort((a, b) => reach(marks[b].shape) - reach(marks[a].shape) || a - b);
  for (const i of order) {
    const mark = marks[i], shape = mark.shape, font = mark.font;
    // bold digits with their outline, and a gap so that two keys never read as one number
    const w = mark.key.length * font * 0.7 + font * 0.5, h = font * 1.3;
    const x = shape.x, y = fy(shape.y), r = reach(shape);
    const box = (cx, cy) => ({ x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2, cx, cy });
    const candidates = [box(x, y)];
    for (let ring = 0; ring < 14; ring++) {
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, -1], [0, 1], [1, -1], [-1, -1], [1, 1], [-1, 1]]) {
        const norm = Math.hypot(dx, dy), gap = r + font * (0.25 + 0.7 * ring);
        candidates.push(box(x + (dx / norm) * gap + (dx * w) / 2, y + (dy / norm) * gap + (dy * h) / 2));
      }
    }
    const others = marks.filter((other) => other !== mark).map((other) => other.shape);
    const clear = (b) => !placed.some((o) => overlap(b, o));
    const apart = (b) => clear(b) && !others.some((o) => covers(b, o));
    const crosses = (b) => lines.some((line) => line.of !== shape && overlap(b, line));
    const chosen = candidates.find((b) => apart(b) && !crosses(b)) || candidates.find(apart)
      || candidates.find(clear) || candidates[0];
    placed.push(chosen);
    const spot = { x: chosen.cx, y: chosen.cy, line: null };
    if (chosen !== candidates[0]) spot.line = leader(x, y, chosen, r);  // from the rim to the key
    spots.set(mark, spot);
  }
  return spots;
}

// The legend of a crowded table: each piece's key, colour and whole label; a click on a row
// is a click on its piece.
function showLegend(box, keys, onShape) {
  box.replaceChildren();
  box.hidden = keys.length === 0;
  for (const { key, text, shape } of keys) {
    const row = document.createElement("span");
    row.className = "legend-row" + (shape.faded ? " faded" : "");
    row.innerHTML = `<b style="background:${colourOf(shape)}">${key}</b> `;
    row.append(text);
    if (onShape) row.onclick = () => onShape(shape.original || shape);
    box.append(row);
  }
}

// Which colour is whose: a disc per player in its pieces' colour, with what it fields (a
// list's name) and "(you)" beside the seat the page plays (none for a spectator).
function drawSides(container, sides, seat) {
  container.replaceChildren(...(sides || []).map((name, player) => {
    const row = document.createElement("span");
    row.className = "side-key";
    row.dataset.player = player;
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = PLAYER_COLOURS[player % PLAYER_COLOURS.length];
    row.append(swatch, `${playerName(player)}${name ? ": " + name : ""}${player === seat ? " (you)" : ""}`);
    return row;
  }));
}

// How the game is won and how it stands (Ruleset.victory: warbench.core.victory), above the
// board, compact: the standing in one line (its headline) over a fold that opens on the rules
// a sentence each and the whole standing a line each. Whether the fold is open is remembered
// for the page (its path, in the browser's storage) and kept over every redraw; the box is
// hidden where the ruleset says nothing.
function drawVictory(container, victory) {
  container.hidden = !victory;
  if (!victory) { container.replaceChildren(); return; }
  let fold = container.querySelector("details");
  if (!fold) {
    const key = `warbench.victory.open:${location.pathname}`;
    fold = document.createElement("details");
    fold.open = remembered(key) === "open";
    fold.addEventListener("toggle", () => remember(key, fold.open ? "open" : "folded"));
    container.replaceChildren(fold);
  }
  const summary = document.createElement("summary");
  const title = document.createElement("b");
  title.textContent = "Standing: ";
  summary.append(title, victory.headline || victory.standing.join(" · "));
  const parts = [summary];
  const part = (heading, lines, name) => {
    if (!lines.length) return;
    const head = document.createElement("div");
    head.className = "victory-title";
    head.textContent = heading;
    const list = document.createElement("ul");
    list.className = name;
    for (const line of lines) { const item = document.createElement("li"); item.textContent = line; list.append(item); }
    parts.push(head, list);
  };
  part("How the game is won", victory.how, "victory-how");
  part("Standing", victory.standing, "victory-standing");
  fold.replaceChildren(...parts);
}

// The browser's storage for a page's choices: read and written quietly, as a browser may
// refuse it (private windows, storage switched off), and the page works on without it.
function remembered(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* the choice lasts this page only */ }
}
