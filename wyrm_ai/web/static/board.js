// The web board (docs/web.md). It holds no rule: the server sends this seat's view (the engine
// protocol's state JSON), the legal actions with the clearings they act on, and the events in
// words; a click sends back one of the legal actions' texts, which the engine checks.
const $ = (s) => document.querySelector(s);
const NS = "http://www.w3.org/2000/svg";
// a hireling's pieces by its card's Rootlog type letter (h_C: Forest Patrol and Feline Physicians' card ...)
const HIRELING_CARDS = ["forest-patrol", "last-dynasty", "spring-uprising", "the-exile", "flame-bearers", "vault-keepers", "popular-band"];
const HIRELING_DEMOTED = ["feline-physicians", "bluebird-nobles", "rabbit-scouts", "the-brigand", "rat-smugglers", "badger-bodyguards", "street-band"];
const HIRELING_LETTER = (name) => "CEAVHKJ"[Math.max(HIRELING_CARDS.indexOf(name), HIRELING_DEMOTED.indexOf(name))];
const LETTER = { marquise: "C", eyrie: "E", alliance: "A", vagabond: "V", wyrm: "W", "mechanical-marquise": "M", vagabond2: "G", lizards: "L", riverfolk: "O", duchy: "D", corvids: "P", hundreds: "H", keepers: "K" };   // G: the second Vagabond (LoR 9.7), L: the Lizard Cult, O: the Riverfolk, D: the Duchy, P: the Corvids, H: the Lord of the Hundreds, K: the Keepers in Iron
let MAP = null, OPTIONS = null, CARDS = {}, socket = null, current = null, game = null, token = null;
let selected = null, hinted = null, closing = false;

function svg(tag, attrs, parent, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}
function html(tag, attrs, parent, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}
const status = (text) => { $("#status").textContent = text; };
const showError = (text) => { $("#error").textContent = text || ""; };

// ---- the map: positions and scenery from the map's layout file, its slots, ruins and forests from
// the core (/api/map?map=NAME); suits, open and closed paths and the Ferry from the game's state ----
const LAYOUTS = {};                       // map name -> the promise of its drawing
const layoutOf = (name) => (LAYOUTS[name] ||= fetch(`/api/map?map=${encodeURIComponent(name)}`)
  .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`no map ${name}`)))));
const TITLE = (name) => name.charAt(0).toUpperCase() + name.slice(1);

function drawMap() {
  const map = $("#map");
  map.innerHTML = "";
  map.setAttribute("viewBox", `0 0 ${MAP.width} ${MAP.height}`);
  map.setAttribute("aria-label", `the ${TITLE(MAP.map)} map`);
  map.dataset.map = MAP.map;
  if (MAP.lake) svg("polygon", { class: "lake", points: MAP.lake.map((p) => p.join(",")).join(" ") }, map);
  svg("polyline", { class: MAP.lake ? "river rim" : "river", points: MAP.river.map((p) => p.join(",")).join(" ") }, map);
  svg("g", { id: "paths" }, map);                 // drawn from the state (drawPaths)
  for (const f of MAP.forests) {
    const g = svg("g", { class: "forest", "data-forest": f.name }, map);
    svg("circle", { cx: f.x, cy: f.y, r: 30 }, g);
    svg("text", { x: f.x, y: f.y + 4, class: "forest-label" }, g, "");
    g.addEventListener("click", () => clickForest(f.name));
  }
  for (const c of MAP.clearings) {
    const g = svg("g", { class: `clearing${c.suit ? " " + c.suit : ""}${c.coastal ? " coastal" : ""}`, "data-clearing": c.clearing }, map);
    svg("circle", { class: "ground", cx: c.x, cy: c.y, r: 62 }, g);
    // the number on a badge left of the slots (two digits never reach the first slot)
    svg("circle", { class: "num-badge", cx: c.x - 50, cy: c.y - 38, r: 12 }, g);
    svg("text", { class: "num", x: c.x - 50, y: c.y - 38 }, g, String(c.clearing));
    for (let i = 0; i < c.slots; i++) svg("rect", { class: "slot", x: c.x - 34 + i * 24, y: c.y - 54, width: 20, height: 20, rx: 3 }, g);
    if (c.clearing === MAP.tower) {               // the Mountain's Tower: the Pass (LoR 16.2.3.4)
      const t = svg("g", { class: "tower" }, g);
      const x = c.x + 50, y = c.y - 38;
      svg("path", { d: `M${x - 9} ${y + 11}V${y - 5}H${x - 11}V${y - 11}H${x - 6}V${y - 7}H${x - 2}V${y - 11}H${x + 2}V${y - 7}H${x + 6}V${y - 11}H${x + 11}V${y - 5}H${x + 9}V${y + 11}Z` }, t);
      svg("title", {}, t, "the Tower: this clearing is the Pass; its ruler scores 1 VP at the end of each Evening");
    }
    svg("g", { class: "pieces" }, g);
    g.addEventListener("click", () => clickClearing(c.clearing));
  }
  svg("g", { id: "ferry" }, map);                 // drawn from the state (drawPaths)
}

// the game's paths as its state gives them: open paths, and the Mountain's closed ones dashed
// until opened (then the state lists them among the open paths); the Lake's Ferry where it is
function drawPaths(state) {
  const at = Object.fromEntries(MAP.clearings.map((c) => [c.clearing, c]));
  const paths = $("#paths");
  paths.innerHTML = "";
  const line = ([a, b], cls) => svg("line", { class: cls, "data-path": `${a}-${b}`, x1: at[a].x, y1: at[a].y, x2: at[b].x, y2: at[b].y }, paths);
  for (const p of state.paths || []) line(p, "path");
  for (const p of state.closed_paths || []) {
    const l = line(p, "path closed");
    svg("title", {}, l, `a closed path, ${p[0]}-${p[1]}: a warrior or building at either end may open it with a card (1 VP)`);
  }
  const ferry = $("#ferry");
  ferry.innerHTML = "";
  if (state.ferry) {
    const c = at[state.ferry];
    const g = svg("g", { class: "ferry-boat", "data-clearing": state.ferry }, ferry);
    svg("path", { d: `M${c.x + 48} ${c.y - 16}h56l-9 18h-38z` }, g);    // right of the pieces, clear of the slots
    svg("text", { class: "ferry-label", x: c.x + 76, y: c.y - 7 }, g, "Ferry");
    svg("title", {}, g, "the Ferry: once a turn a move from here may go to any other coastal clearing; the mover draws a card");
  }
}

function chip(parent, x, y, faction, label, r = 13, extra = "") {
  const el = svg("circle", { class: `chip f-${faction} ${extra}`, cx: x, cy: y, r }, parent);
  svg("text", { class: "piece", x, y, fill: "#fff" }, parent, label);
  return el;
}

function drawPieces(state, board) {
  drawPaths(state);
  const ruins = new Set(state.clearings.filter((c) => c.ruin).map((c) => c.clearing));   // at every table (protocol 2.8)
  const at = Object.fromEntries(MAP.clearings.map((c) => [c.clearing, c]));
  for (const cl of state.clearings) {
    const c = at[cl.clearing];
    const ground = document.querySelector(`.clearing[data-clearing="${cl.clearing}"]`);
    for (const suit of ["fox", "rabbit", "mouse"]) ground.classList.toggle(suit, cl.suit === suit);   // the state's suits
    const g = ground.querySelector(".pieces");
    g.innerHTML = "";
    // buildings in the slots, then the ruin
    const built = [];
    const push = (n, faction, label) => { for (let i = 0; i < n; i++) built.push([faction, label]); };
    push(cl.sawmills, "marquise", "S"); push(cl.workshops, "marquise", "W"); push(cl.recruiters, "marquise", "R");
    if (cl.roost) push(1, "eyrie", "R");
    if (cl.base) push(1, "alliance", "B");
    push(cl.mm_sawmills || 0, "mechanical-marquise", "S"); push(cl.mm_workshops || 0, "mechanical-marquise", "W");
    push(cl.mm_recruiters || 0, "mechanical-marquise", "R");
    const cult = (cl.pieces && cl.pieces.lizards) || {};     // the Lizard Cult (protocol 2.15): its pieces by faction only
    const otters = (cl.pieces && cl.pieces.riverfolk) || {};  // the Riverfolk (protocol 2.16): by faction only
    push(cult.gardens || 0, "lizards", "G");                 // a garden, of the clearing's suit (LoR 10.3)
    const moles = (cl.pieces && cl.pieces.duchy) || {};      // the Underground Duchy (protocol 2.17): by faction only
    const crows = (cl.pieces && cl.pieces.corvids) || {};    // the Corvid Conspiracy (protocol 2.18): by faction only
    push(moles.citadels || 0, "duchy", "C"); push(moles.markets || 0, "duchy", "M");   // crafting pieces of the clearing's suit (LoR 12.2.1)
    // the Lord of the Hundreds (LoR 14): by faction, or the clearing's flat fields (hundreds, warlord, strongholds, mob)
    const rats = (cl.pieces && cl.pieces.hundreds) || { warriors: cl.hundreds || 0, warlord: cl.warlord ? 1 : 0,
      strongholds: cl.strongholds || 0, mob: cl.mob ? 1 : 0 };
    push(rats.strongholds || 0, "hundreds", "H");        // a stronghold, a crafting piece of the clearing's suit (LoR 14.2.1)
    // the Keepers in Iron (LoR 15): by faction, or the clearing's flat fields (keepers, waystations, relics);
    // a waystation shows its face-up relic type's letter and each relic its type and value, read off the
    // state JSON's keepers object where it holds them (keepersHere)
    const badgers = (cl.pieces && cl.pieces.keepers) || { warriors: cl.keepers || 0, waystations: cl.waystations || 0,
      relics: typeof cl.relics === "number" ? cl.relics : 0 };
    const here = keepersHere(state, cl.clearing, badgers);
    for (const up of here.ways) push(1, "keepers", up ? up.charAt(0) : "K");   // a waystation (LoR 15.2.2), a crafting piece either face
    if (ruins.has(cl.clearing)) push(1, "ruin", "#");      // at every table, until explored
    built.slice(0, c.slots).forEach(([f, label], i) => {
      const r = svg("rect", { class: `chip f-${f}`, x: c.x - 34 + i * 24, y: c.y - 54, width: 20, height: 20, rx: 3 }, g);
      if (f === "ruin") svg("title", {}, r, "a ruin: it covers this building slot (the Vagabond explores it)");
      if (f === "lizards") svg("title", {}, r, `a Lizard Cult garden (${cl.suit}): the Cult rule this clearing (Pilgrims)`);
      if (f === "duchy") svg("title", {}, r, `a Duchy ${label === "C" ? "citadel" : "market"} (${cl.suit}): removing it costs the Duchy a minister (the Price of Failure)`);
      if (f === "hundreds") svg("title", {}, r, `a Hundreds stronghold (${cl.suit}): Birdsong recruits a warrior here; a crafting piece in Daylight`);
      if (f === "keepers") svg("title", {}, r, label === "K" ? "a Keepers waystation" : `a Keepers waystation showing ${RELIC_TYPE[label] || label}: relics of that type are recovered here; the Evening draws one more card for it`);
      svg("text", { class: "piece", x: c.x - 24 + i * 24, y: c.y - 44, fill: "#fff" }, g, label);
    });
    // warriors and pawns, then tokens
    const items = [];
    const warriors = [["marquise", cl.warriors], ["eyrie", cl.birds], ["alliance", cl.rebels],
      ["wyrm", cl.wyrmlings], ["mechanical-marquise", cl.mm_warriors], ["lizards", cult.warriors], ["riverfolk", otters.warriors], ["duchy", moles.warriors], ["corvids", crows.warriors], ["hundreds", rats.warriors], ["keepers", badgers.warriors]];
    for (const [f, n] of warriors) if (n) items.push([f, `${LETTER[f]}${n}`]);
    if (cl.pawn) items.push(["wyrm", "P", "pawn"]);
    if (cl.vagabond) items.push(["vagabond", "V", "pawn"]);
    if (cl.vagabond2) items.push(["vagabond2", "G", "pawn"]);
    // the warlord (LoR 14.2.2): the Hundreds' own piece, a crowned chip ringed gold
    if (rats.warlord) items.push(["hundreds", "♛", "warlord", "the Hundreds' warlord: a warrior only battle removes; Recruit places Prowess warriors here, the moods act here"]);
    if (cl.keep) items.push(["marquise", "K"]);
    if (cl.mm_keep) items.push(["mechanical-marquise", "K"]);
    if (cl.wood) items.push(["marquise", `t${cl.wood}`]);
    if (cl.fear) items.push(["wyrm", cl.fear_side === "cowed" ? "f!" : "f"]);
    if (cl.sympathy) items.push(["alliance", "☆"]);
    if (otters.trade_posts) items.push(["riverfolk", "$", "trade-post"]);   // a trade post, of the clearing's suit (LoR 11.5.6)
    if (moles.tunnel) items.push(["duchy", "T", "tunnel"]);                 // a tunnel: this clearing is adjacent to the Burrow (LoR 12.2.2)
    if (rats.mob) items.push(["hundreds", "m", "mob", "a Hundreds mob: their Birdsong's Raze removes every enemy building and token here (and takes a ruin's item)"]);   // LoR 14.4.1
    for (const r of here.relics) items.push(["keepers", relicLabel(r), "relic", relicTitle(r)]);   // LoR 15.2.1, face up in a clearing
    // a hireling's pieces (LoR 16.4.3; the state JSON's hirelings object): its warriors, by its card's letter
    for (const card of (state.hirelings && state.hirelings.cards) || []) {
      const n = card.warriors && card.warriors[String(cl.clearing)];
      if (n) items.push(["hireling", `${HIRELING_LETTER(card.hireling)}${n}`, "hireling", `${card.title}: ${n} hireling warrior${n === 1 ? "" : "s"}`]);
    }
    const plot = crows.plots && state.corvids ? state.corvids.plots[String(cl.clearing)] : null;
    if (plot) items.push(["corvids", plotLabel(plot), `plot ${plot.face_up ? "face-up" : "face-down"}${plot.type ? " " + plot.type : ""}`, plotTitle(plot)]);
    items.forEach(([f, label, extra, title], i) => {
      const col = i % 4, row = Math.floor(i / 4);
      const el = chip(g, c.x - 36 + col * 24, c.y - 6 + row * 26, f, label, 12, extra);
      if (title) svg("title", {}, el, title);
      if (extra === "tunnel") svg("title", {}, el, "a Duchy tunnel: this clearing is adjacent to the Burrow (moves between them need no rule)");
      if (extra === "trade-post") svg("title", {}, el, `a Riverfolk trade post (${cl.suit}): removing it scores 1 VP and costs the Riverfolk half their funds (Trade Disruption)`);
    });
    svg("text", { class: "suit", x: c.x, y: c.y + 50 }, g, cl.suit + (cl.clearing === state.tower ? " · the Pass" : "") + (cl.ruler ? ` · ${cl.ruler} rules` : ""));
    if (cl.pawn) g.appendChild(svg("title", {}, null, "the Wyrm's pawn"));
  }
  drawBurrow(state, at);
  for (const f of MAP.forests) {
    const label = document.querySelector(`.forest[data-forest="${f.name}"] text`);
    const here = [];
    if (state.pawn === f.name) here.push("Wyrm");
    if (state.vagabond && state.vagabond.pawn === f.name) here.push("V");
    if (state.vagabond2 && state.vagabond2.pawn === f.name) here.push("G");
    const relics = forestRelics(state, f.name);        // the Keepers' relics there (LoR 15.3.1: face down, type only)
    if (relics.length) here.push(relics.map(relicLabel).join(" "));
    label.textContent = here.join(" ");
    const old = label.parentNode.querySelector("title");
    if (old) old.remove();
    if (relics.length) svg("title", {}, label.parentNode, `the forest ${f.name}: ${relics.map(relicTitle).join("; ")}`);
  }
}

// the Keepers in Iron's relics and waystations (LoR 15.2.1-2; the state JSON's keepers object, as the
// position format writes it: waystations [null | {clearing, up}] x3, relics [{type, at, value}] x12, `at`
// a clearing's number, a forest's name or "recovered"; value null face down). A relic's label is its
// type's letter and, face up, its value (f2); a face-down one's value is no one's (LoR 15.2.1)
const RELIC_TYPE = { f: "figure", t: "tablet", j: "jewelry" };
const relicLabel = (r) => `${r.type.charAt(0)}${r.value ? r.value : ""}`;
const relicTitle = (r) => (r.value ? `a ${r.type} relic of value ${r.value}, face up` : `a face-down ${r.type} relic (its value unknown to everyone)`);
const keepersRelics = (state) => (state.keepers && Array.isArray(state.keepers.relics) ? state.keepers.relics : []);
const forestRelics = (state, name) => keepersRelics(state).filter((r) => r && r.at === name);
function keepersHere(state, clearing, pieces) {
  const z = state.keepers;
  const relics = keepersRelics(state).filter((r) => r && r.at === clearing);
  let ways = z && Array.isArray(z.waystations) ? z.waystations.filter((w) => w && w.clearing === clearing).map((w) => w.up) : null;
  if (ways === null) ways = Array.isArray(pieces.waystations) ? pieces.waystations       // the flat field: the faces up
    : Array(pieces.waystations || 0).fill(null);                                          // the count only
  while (relics.length < (pieces.relics || 0)) relics.push({ type: "relic", value: null });
  return { ways, relics };
}

// a Corvid plot (LoR 13.2.2; protocol 2.18, corvids.plots): face up, its type's letter (B S E R) for
// everyone; face down, a generic token "?" -- its type is the Corvids' alone: the state JSON names it
// (drawn in lower case, b s e r) only in their own view; a wrong Exposure's "no" (ruled_out) is public
const PLOT_EFFECT = {
  bomb: "flipped, it removes every enemy piece here, then itself",
  snare: "face up, no enemy piece is placed here or moved out of here",
  extortion: "flipped, it takes a random card from each enemy here; face up, one more Evening draw for the Corvids",
  raid: "removed (but by Exposure), it places a Corvid warrior in each adjacent clearing",
};
const plotLabel = (p) => (p.type ? (p.face_up ? p.type.charAt(0).toUpperCase() : p.type.charAt(0)) : "?");
function plotTitle(p) {
  const not = p.ruled_out.length ? ` (not ${p.ruled_out.join(", ")}: ruled out by Exposure)` : "";
  if (p.face_up) return `a face-up Corvid ${p.type}: ${PLOT_EFFECT[p.type]}`;
  if (p.type) return `a face-down Corvid ${p.type} (its type is hidden from the other players): ${PLOT_EFFECT[p.type]}${not}`;
  return `a face-down Corvid plot: its type is hidden (bomb, snare, extortion or raid)${not}; Expose it on your turn with a card of this clearing's suit`;
}

// the Burrow (LoR 12.2.2): the Duchy's own clearing beside the map, drawn as a box right of it (the
// canvas widens by BURROW_W) with its warriors, and a dashed line to each clearing with a tunnel
// (the clearings it is adjacent to); none where the Duchy do not sit
const BURROW_W = 230;
function drawBurrow(state, at) {
  const map = $("#map");
  for (const id of ["#burrow", "#burrow-links"]) { const old = $(id); if (old) old.remove(); }
  const d = state.duchy;
  map.setAttribute("viewBox", `0 0 ${MAP.width + (d ? BURROW_W : 0)} ${MAP.height}`);
  if (!d) return;
  const x = MAP.width + 20, y = MAP.height / 2 - 90, w = BURROW_W - 30, h = 180;
  const links = svg("g", { id: "burrow-links" }, null);
  $("#paths").after(links);                      // under the clearings, over the paths
  for (const c of d.tunnels) {
    const l = svg("line", { class: "burrow-link", "data-tunnel": c, x1: x, y1: y + h / 2, x2: at[c].x, y2: at[c].y }, links);
    svg("title", {}, l, `a tunnel in clearing ${c}: the Burrow is adjacent to it`);
  }
  const g = svg("g", { id: "burrow", class: "burrow", "data-burrow": d.burrow }, map);
  g.addEventListener("click", clickBurrow);
  const box = svg("rect", { class: "burrow-box", x, y, width: w, height: h, rx: 14 }, g);
  svg("title", {}, box, "the Burrow: the Duchy's clearing beside the map, with no suit or slot; only the Duchy go there, and they always rule it");
  svg("text", { class: "burrow-title", x: x + w / 2, y: y + 28 }, g, "Burrow");
  chip(g, x + w / 2, y + 70, "duchy", `D${d.burrow}`, 20);
  svg("text", { class: "burrow-text", x: x + w / 2, y: y + 118 }, g, `${d.burrow} warrior${d.burrow === 1 ? "" : "s"}`);
  svg("text", { class: "burrow-text", x: x + w / 2, y: y + 146 }, g, d.tunnels.length ? `tunnels to ${d.tunnels.join(", ")}` : "no tunnel");
}

// ---- actions: a click on a clearing filters the legal list, then a destination ----
function actionsShown() {
  const all = current ? current.actions : [];
  if (selected === null) return all;
  if (selected.forest !== undefined) return all.filter((a) => a.forest === selected.forest);
  if (selected.burrow) return all.filter((a) => a.burrow);
  if (selected.to !== undefined) return all.filter((a) => a.at === selected.at && a.to === selected.to);
  return all.filter((a) => a.at === selected.at);
}

function clickClearing(n) {
  if (!current || !current.actions.length) return;
  const acts = current.actions;
  if (selected && selected.at === n) {
    selected = null;                      // the same clearing again: every action
  } else if (selected && selected.to === undefined && selected.at !== n && acts.some((a) => a.at === selected.at && a.to === n)) {
    selected = { at: selected.at, to: n };
    const only = actionsShown();
    if (only.length === 1) return play(only[0].text);
  } else if (acts.some((a) => a.at === n)) {
    selected = { at: n };
    const only = actionsShown();
    if (only.length === 1 && only[0].to === null) return play(only[0].text);
  } else {
    selected = null;
  }
  drawTargets();
  drawActions();
}

function clickForest(name) {
  if (!current || !current.actions.length) return;
  const acts = current.actions.filter((a) => a.forest === name);
  if (selected && selected.forest === name) selected = null;     // again: every action
  else if (acts.length === 1) return play(acts[0].text);
  else selected = acts.length ? { forest: name } : null;
  drawTargets();
  drawActions();
}

// the Burrow clicked (LoR 12.2.2): the moves to or from it and Dig's warriors coming up
function clickBurrow() {
  if (!current || !current.actions.length) return;
  const acts = current.actions.filter((a) => a.burrow);
  if (selected && selected.burrow) selected = null;                // again: every action
  else if (acts.length === 1) return play(acts[0].text);
  else selected = acts.length ? { burrow: true } : null;
  drawTargets();
  drawActions();
}

function drawTargets() {
  const acts = current ? current.actions : [];
  const burrow = $("#burrow");
  if (burrow) {
    burrow.classList.toggle("target", selected === null && acts.some((a) => a.burrow));
    burrow.classList.toggle("selected", selected !== null && selected.burrow === true);
  }
  document.querySelectorAll(".forest").forEach((g) => {
    const name = g.dataset.forest;
    g.classList.toggle("target", selected === null && acts.some((a) => a.forest === name));
    g.classList.toggle("selected", selected !== null && selected.forest === name);
  });
  document.querySelectorAll(".clearing").forEach((g) => {
    const n = Number(g.dataset.clearing);
    g.classList.toggle("target", selected === null && acts.some((a) => a.at === n));
    g.classList.toggle("selected", selected !== null && selected.at === n);
    g.classList.toggle("dest", selected !== null && selected.to === undefined && acts.some((a) => a.at === selected.at && a.to === n));
  });
}

function drawActions() {
  const box = $("#actions");
  box.innerHTML = "";
  const shown = actionsShown();
  $("#filter-note").textContent = selected === null ? "" : selected.forest !== undefined ? `(the forest ${selected.forest}; click it again for all)` :
    selected.burrow ? "(the Burrow; click it again for all)" :
    `(clearing ${selected.at}${selected.to !== undefined ? " → " + selected.to : ""}; click it again for all)`;
  for (const a of shown) {
    const b = html("button", { type: "button", "data-action": a.text }, box, a.words);
    html("small", {}, b, a.text);
    if (a.text === hinted) b.classList.add("hinted");
    b.addEventListener("click", () => play(a.text));
  }
  if (selected !== null) {
    const b = html("button", { type: "button", id: "show-all" }, box, "show all");
    b.addEventListener("click", () => { selected = null; drawTargets(); drawActions(); });
  }
}

// ---- panels, hand, log ----
function kv(dl, key, value) {
  if (value === undefined || value === null) return;
  const text = typeof value !== "object" ? String(value) : Object.entries(value)
    .filter(([, v]) => v !== false && v !== null)
    .map(([k, v]) => (v === true ? k : `${k} ${v}`).replace(/_/g, " ")).join(", ");
  if (text === "") return;                  // nothing to say (no items): no empty row
  html("dt", {}, dl, key);
  html("dd", {}, dl, text);
}
const names = (tokens) => tokens.map(cardName).join(", ");
const nonzero = (o) => Object.fromEntries(Object.entries(o || {}).filter(([, v]) => v));

function drawPanels(msg) {
  const s = msg.state, box = $("#panels");
  box.innerHTML = "";
  const table = html("div", { class: "panel", "data-faction": "table" }, box);
  html("h4", {}, table, `the table: ${msg.words.turn}`);
  const tdl = html("dl", {}, table);
  kv(tdl, "item supply", nonzero(s.supply.items));
  kv(tdl, "deck", `${s.deck_size} cards`);
  kv(tdl, "discard", `${s.discard.length} cards${s.discard.length ? ", last " + cardName(s.discard[s.discard.length - 1]) : ""}`);
  if (s.available.length) kv(tdl, "dominance", names(s.available));
  if (s.riverfolk) kv(tdl, "Riverfolk prices", riverfolkPrices(s.riverfolk));
  if (s.duchy) kv(tdl, "the Burrow", `${s.duchy.burrow} Duchy warrior${s.duchy.burrow === 1 ? "" : "s"}, tunnels to ${s.duchy.tunnels.join(", ") || "none"}`);
  if (s.lizards) kv(tdl, "Lost Souls", `${s.lost_souls.length} card${s.lost_souls.length === 1 ? "" : "s"}${s.lost_souls.length ? ", last " + cardName(s.lost_souls[s.lost_souls.length - 1]) : ""}`);
  if (s.vagabond) kv(tdl, "under the ruins", nonzero(s.vagabond.ruin_items));
  if (s.battle) kv(tdl, "battle", `${s.battle.attacker} attacks ${s.battle.defender} in ${s.battle.clearing}${s.battle.ambush ? ", ambush " + s.battle.ambush : ""}${s.battle.scouts ? ", Rabbit Scouts " + s.battle.scouts : ""}`);
  drawDraft(msg, box);
  if (s.hirelings) drawHirelings(msg, box);
  for (const f of s.factions) {
    const p = html("div", { class: `panel${s.to_move === f ? " to-move" : ""}`, "data-faction": f }, box);
    const who = msg.players[f] === "human" ? (msg.seats.includes(f) ? "you" : "another player") : msg.players[f] === "bot" ? "bot" : `AI, ${msg.players[f]}`;
    html("h4", {}, p, `${msg.words.titles[f]} (${who}): ${s.scores[f]} VP`);
    const dl = html("dl", {}, p);
    const bot = msg.players[f] === "bot";       // the bot holds no hand and draws none (MM2 §2.2)
    if (!bot) kv(dl, "hand", s.hand_sizes[f]);
    kv(dl, "items", nonzero(s.items[f]));
    kv(dl, "play area", s.play_areas[f].map(cardName).join(", "));
    if (!bot) kv(dl, "evening draws", s.evening_draws[f]);
    if (f === "marquise") { kv(dl, "supply", `${s.supply.warriors} warriors, ${s.supply.wood} wood`); kv(dl, "this turn", s.turn_actions.marquise); }
    if (f === "wyrm") {
      // the terminal's numbers (its Wyrm panel), from the same observation: the limits this turn
      const w = msg.board.wyrm;
      if (w && w.placed) {
        kv(dl, "Bite", `${w.bite} (battles a turn)`); kv(dl, "Height", `${w.height} (moves a turn)`);
        kv(dl, "Might", `${w.might} (wyrmlings per Intimidate)`);
        kv(dl, "Growth track", `${"●".repeat(w.growth_on_track)}${"○".repeat(w.growth_markers - w.growth_on_track)} ${w.growth_on_track}/${w.growth_markers}`);
      } else kv(dl, "pawn", "not placed yet");
      kv(dl, "Lair", `scores up to ${s.lair_cap} VP each Evening (caps ${s.growth_caps.join(",")})`);
      kv(dl, "supply", `${s.supply.wyrmlings} wyrmlings, ${s.supply.fear} fear, ${s.supply.treasure} treasure`);
      kv(dl, "this turn", s.turn_actions.wyrm);
    }
    if (f === "eyrie" && s.eyrie) {
      kv(dl, "leader", s.eyrie.leader); kv(dl, "roosts", s.eyrie.roosts);
      kv(dl, "decree", Object.fromEntries(Object.entries(s.eyrie.decree).map(([k, v]) => [k, v.map(cardName).join(" + ") || "-"])));
      kv(dl, "supply", s.eyrie.supply);
    }
    if (f === "alliance" && s.alliance) {
      kv(dl, "sympathy", s.alliance.sympathy); kv(dl, "officers", s.alliance.officers);
      kv(dl, "supporters", s.alliance.supporters ? names(s.alliance.supporters) || "-" : `${s.alliance.supporters_size} cards`);
      kv(dl, "bases", s.alliance.bases); kv(dl, "supply", s.alliance.supply);
    }
    if ((f === "vagabond" || f === "vagabond2") && s[f]) {      // either Vagabond's board (LoR 9.7)
      const v = s[f];
      kv(dl, "character", v.character); kv(dl, "items up", v.items.up);
      kv(dl, "exhausted", v.items.exhausted); kv(dl, "damaged", v.items.damaged);
      kv(dl, "relations", v.relationships); kv(dl, "quests", v.quests.join(" "));
      if (v.ruins) kv(dl, "ruins", v.ruins.map((r) => `${r.clearing}: ${r.items}${r.seen.length ? " (" + r.seen.join(", ") + ")" : ""}`).join("; "));
    }
    if (f === "lizards" && s.lizards) drawCult(dl, s);
    if (f === "riverfolk" && s.riverfolk) drawRiverfolk(dl, s, msg);
    if (f === "duchy" && s.duchy) drawDuchy(dl, s);
    if (f === "corvids" && s.corvids) drawCorvids(dl, s);
    if (f === "hundreds" && s.hundreds) drawHundreds(dl, s);
    if (f === "keepers" && s.keepers) drawKeepers(dl, s);
    if (f === "mechanical-marquise" && s["mechanical-marquise"]) {
      const m = s["mechanical-marquise"];
      kv(dl, "order", m.order); kv(dl, "difficulty", m.difficulty); kv(dl, "supply", m.supply);
    }
  }
}

// the Lizard Cult's board (LoR 10; protocol 2.15): the Outcast and its side, each suit's gardens with
// the VP a Score ritual gives now and its draw bonus, acolytes and what each conspiracy costs them,
// the cards revealed this Daylight, the suits scored this turn, the Lost Souls pile by suit
function drawCult(dl, s) {
  const z = s.lizards;
  kv(dl, "Outcast", z.outcast ? `${z.outcast}${z.hated ? ", Hated side (conspiracies cost 1 acolyte less)" : ""}` : "not chosen yet");
  kv(dl, "gardens", Object.entries(z.gardens).map(([suit, g]) =>
    `${suit} ${g.on_map}/${g.on_map + g.supply} (Score ${g.score} VP${g.draw_bonus ? ", +1 draw" : ""})`).join(", "));
  kv(dl, "acolytes", `${z.acolytes} (${Object.entries(z.conspiracy_costs).map(([k, n]) => `${TITLE(k)} ${n}`).join(", ")})`);
  if (z.revealed.length) kv(dl, "revealed", names(z.revealed));
  if (z.scored.length) kv(dl, "scored this turn", z.scored.join(", "));
  const pile = {};
  for (const t of s.lost_souls) { const suit = CARDS[t] ? CARDS[t].suit : "?"; pile[suit] = (pile[suit] || 0) + 1; }
  kv(dl, "Lost Souls", s.lost_souls.length ? `${Object.entries(pile).map(([k, n]) => `${k} ${n}`).join(", ")}: ${names(s.lost_souls)}` : "empty");
  kv(dl, "supply", `${z.supply.warriors} warriors`);
}

// the Riverfolk Company's board (LoR 11; protocol 2.16): the service prices, the Payments, Funds and
// Committed boxes by owner (with the Dividends the Funds would score now), each suit's trade posts placed,
// left and lost, the crafting spaces free, the public hand (face up for everyone), this turn's services
const SERVICE_TITLES = { hand_card: "Hand Card", riverboats: "Riverboats", mercenaries: "Mercenaries" };
const riverfolkPrices = (r) => Object.entries(r.prices).map(([k, p]) => `${SERVICE_TITLES[k]} ${p === null ? "-" : p}`).join(", ");
function drawRiverfolk(dl, s, msg) {
  const r = s.riverfolk;
  const owners = (box) => Object.entries(box).map(([f, n]) => `${msg.words.titles[f] || f} ${n}`).join(", ") || "none";
  kv(dl, "prices", riverfolkPrices(r));
  kv(dl, "Payments", owners(r.payments));
  kv(dl, "Funds", owners(r.funds) + (r.dividends ? ` (Dividends ${r.dividends} VP)` : ""));
  kv(dl, "Committed", owners(r.committed));
  kv(dl, "trade posts", Object.entries(r.posts).map(([suit, p]) => `${suit} ${p.on_map} placed, ${p.track} left, ${p.lost} lost`).join("; "));
  kv(dl, "crafting spaces free", Object.entries(r.crafting).map(([suit, c]) => `${suit} ${c.free}/${c.spaces}`).join(", "));
  kv(dl, "public hand", r.hand === null ? "?" : (r.hand.length ? names(r.hand) : "none"));
  const v = r.services, bought = [];
  if (v.buyer) bought.push(`${msg.words.titles[v.buyer] || v.buyer} buying (${v.left} left)`);
  if (v.riverboats) bought.push(`Riverboats: ${msg.words.titles[v.riverboats] || v.riverboats}`);
  if (v.mercenaries) bought.push(`Mercenaries: ${msg.words.titles[v.mercenaries] || v.mercenaries}${v.mercenaries_serving ? " (serving)" : ""}`);
  if (bought.length) kv(dl, "this turn", bought.join("; "));
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  kv(dl, "supply", `${n(r.supply.warriors, "warrior")}, ${n(r.supply.trade_posts, "trade post")}`);
}

// the Underground Duchy's board (LoR 12; protocol 2.17): the Burrow and its tunnels, the ministers swayed
// (with their ranks, those used this turn) and unswayed, each rank's crowns on the board and lost, the
// citadels and markets with what Birdsong recruits and Evening draws, the cards revealed (face up), the
// Assembly's actions left, the supply
const MINISTER_TITLE = (m) => m.split("_").map((w) => (w === "of" ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");
function drawDuchy(dl, s) {
  const z = s.duchy;
  kv(dl, "Burrow", `${z.burrow} warrior${z.burrow === 1 ? "" : "s"} (tunnels to ${z.tunnels.join(", ") || "none"})`);
  const said = (m) => `${MINISTER_TITLE(m.name)} (${m.rank}${m.used ? ", used" : ""})`;
  kv(dl, "swayed ministers", z.ministers.filter((m) => m.swayed).map(said).join(", ") || "none");
  kv(dl, "unswayed ministers", z.ministers.filter((m) => !m.swayed).map((m) => `${MINISTER_TITLE(m.name)} (${m.rank})`).join(", ") || "none");
  kv(dl, "crowns", Object.entries(z.crowns).map(([r, c]) => `${r} ${c.board} on the board${c.lost ? `, ${c.lost} lost` : ""}`).join("; "));
  kv(dl, "citadels", `${z.citadels.on_map} placed${z.citadels.clearings.length ? " (" + z.citadels.clearings.join(", ") + ")" : ""}, ${z.citadels.track} on the track; Birdsong recruits ${z.recruits}`);
  kv(dl, "markets", `${z.markets.on_map} placed${z.markets.clearings.length ? " (" + z.markets.clearings.join(", ") + ")" : ""}, ${z.markets.track} on the track; Evening draws ${z.draws}`);
  kv(dl, "revealed", z.revealed.length ? names(z.revealed) : "none");
  if (s.turn === "duchy" && s.turn_number > 0) kv(dl, "this turn", `Assembly ${z.assembly_left} left${z.used.length ? "; used " + z.used.map(MINISTER_TITLE).join(", ") : ""}${z.acting ? "; acting " + MINISTER_TITLE(z.acting) : ""}${z.swayed_now ? "; swayed" : ""}`);
  kv(dl, "supply", `${z.supply.warriors} warrior${z.supply.warriors === 1 ? "" : "s"}, ${z.supply.tunnels} tunnel${z.supply.tunnels === 1 ? "" : "s"}`);
}

// the Corvid Conspiracy's board (LoR 13; protocol 2.18): the plots on the map (face up by type, face down
// as plots: the type in the Corvids' own view only), what a flip scores, the Evening draws, this turn's
// actions left, plots placed and Exert, the supply (its plots by type in their own view only)
function drawCorvids(dl, s) {
  const z = s.corvids;
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  const rows = Object.entries(z.plots).map(([c, p]) => `${c} ${p.face_up ? p.type.toUpperCase() : p.type ? "face down: " + p.type : "face down"}${p.ruled_out.length ? " (not " + p.ruled_out.join(", ") + ")" : ""}`);
  kv(dl, "plots", rows.join(", ") || "none");
  kv(dl, "flip", `${z.face_up} face up: a flip scores ${z.flip_vp}`);
  kv(dl, "Evening draws", z.draws);
  if (s.turn === "corvids" && s.turn_number > 0) kv(dl, "this turn", `${n(z.actions_left, "action")} left; ${n(z.plots_placed, "plot")} placed (the next costs ${n(z.plot_cost, "warrior")})${z.exerted ? "; exerted" : ""}`);
  const types = z.supply_types ? " (" + Object.entries(z.supply_types).map(([t, k]) => `${t} ${k}`).join(", ") + ")" : "";
  kv(dl, "supply", `${n(z.supply.warriors, "warrior")}, ${n(z.supply.plots, "plot")}${types}`);
}

// the Lord of the Hundreds' board (LoR 14; the state JSON's hundreds object): the mood in force (and the
// moods open next Birdsong where the state JSON gives them), the warlord, the Hoard by item on its two
// tracks with the Command and Prowess they give (LoR 14.2.4), this Daylight's Command and Advances left
// and the supply (the Evening draws, Rowdy's more, are every panel's "evening draws"). Keys the state JSON may not hold yet are read defensively: an absent
// one omits its row (the warlord then read off the clearings)
const HOARD_TRACK = { boots: "Command", bag: "Command", coins: "Command", crossbow: "Prowess", hammer: "Prowess", sword: "Prowess", tea: "Prowess" };
const MOOD_TITLE = (m) => m.charAt(0).toUpperCase() + m.slice(1);
function drawHundreds(dl, s) {
  const z = s.hundreds;
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  if (z.mood) kv(dl, "mood", MOOD_TITLE(z.mood));
  if (Array.isArray(z.moods_open)) kv(dl, "moods open", z.moods_open.map(MOOD_TITLE).join(", ") || "none");
  const held = s.clearings.find((c) => c.warlord || (c.pieces && c.pieces.hundreds && c.pieces.hundreds.warlord));
  const at = "warlord" in z ? z.warlord : (held ? held.clearing : null);
  kv(dl, "warlord", at ? `clearing ${at}` : "off the map (Anointed next Birdsong)");
  const hoard = z.hoard || {};
  const track = (name) => Object.entries(hoard).filter(([item]) => HOARD_TRACK[item] === name).map(([item, k]) => (k > 1 ? `${item} ${k}` : item)).join(", ") || "no item";
  if ("command" in z) kv(dl, "Command", `${z.command} (${track("Command")})`);
  if ("prowess" in z) kv(dl, "Prowess", `${z.prowess} (${track("Prowess")})`);
  if (z.daylight) kv(dl, "this turn", `${n(z.daylight.command_left, "Command action")} left, ${n(z.daylight.advance_left, "Advance")} left`);
  if (z.supply) kv(dl, "supply", `${n(z.supply.warriors, "warrior")}, ${n(z.supply.strongholds, "stronghold")}, ${n(z.supply.mobs, "mob")}`);
}

// the Keepers in Iron's board (LoR 15; the state JSON's keepers object): the waystations with their face
// up (15.2.2), the relics in clearings (face up: type and value), in the forests (face down: type only,
// 15.2.1) and on the Relics track by type (15.5.2.III), the Retinue's three columns with their cards
// (15.5.2; used this Daylight, where the object says so), this turn, the trophies waiting, the supply
// (the Evening draws are every panel's 'evening draws' row). Keys the state JSON may not hold are read
// defensively: an absent one omits its row
const COLUMN_TITLE = { move: "Move", battle_delve: "Battle then Delve", move_recover: "Move or Recover" };
function drawKeepers(dl, s) {
  const z = s.keepers;
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  if (Array.isArray(z.waystations)) {
    const on = z.waystations.filter((w) => w).map((w) => `${w.clearing} (${w.up} up)`);
    kv(dl, "waystations", on.join(", ") || "none on the map");
  }
  const relics = keepersRelics(s);
  if (relics.length) {
    const byPlace = (keep, say, sep) => {       // each place and its relics' words, in the order met
      const out = new Map();
      for (const r of relics.filter(keep)) out.set(r.at, [...(out.get(r.at) || []), say(r)]);
      return [...out].map(([at, rs]) => `${at}: ${rs.join(sep)}`);
    };
    const inClearing = byPlace((r) => typeof r.at === "number", relicLabel, " ");
    const inForest = byPlace((r) => typeof r.at === "string" && r.at !== "recovered" && r.at !== "trophy",
      (r) => (r.value ? `${relicLabel(r)} (face up)` : r.type), ", ");
    const track = ["figure", "tablet", "jewelry"].map((t) => `${t} ${relics.filter((r) => r.at === "recovered" && r.type === t).length}`);
    kv(dl, "relics in clearings", inClearing.join(", ") || "none");
    kv(dl, "relics in forests", inForest.join("; ") || "none");
    kv(dl, "Relics track", track.join(", "));
  }
  if (z.retinue) {
    const used = z.retinue_used || {};                 // {column: the cards used this Daylight}
    for (const [col, cards] of Object.entries(z.retinue)) {
      const left = [...(used[col] || [])];
      const shown = (cards || []).map((t) => {
        const i = left.indexOf(t);
        if (i >= 0) left.splice(i, 1);
        return (t === "retainer" ? "Faithful Retainer" : cardName(t)) + (i >= 0 ? " (used)" : "");
      });
      kv(dl, `Retinue: ${COLUMN_TITLE[col] || col}`, shown.join(", ") || "-");
    }
  }
  const turn = [];
  if (z.birdsong_stage) turn.push(`Birdsong: ${TITLE(z.birdsong_stage)}`);
  if (z.column) turn.push(`the ${COLUMN_TITLE[z.column] || z.column} column acts`);
  if (z.delve) turn.push(`a delve from the forest ${z.delve.forest}`);
  if (z.gather) turn.push(`Gather Retinue (${z.gather})`);
  if (z.carry) turn.push(`${n(z.carry.left, "relic")} may go along to clearing ${z.carry.to}`);
  if (turn.length) kv(dl, "this turn", turn.join(", "));
  if (Array.isArray(z.trophies) && z.trophies.length) kv(dl, "trophies to place", z.trophies.map((t) => `a ${t.type} (the ${t.by})`).join(", "));
  if (z.supply) kv(dl, "supply", `${n(z.supply.warriors, "warrior")}` + ("waystations" in z.supply ? `, ${n(z.supply.waystations, "waystation")}` : ""));
}

// the hirelings (LoR 16.4; the state JSON's hirelings object, protocol 2.21), all public: each card by the
// side it is played on, its controller (or the supply) and control markers, the hireling markers left on
// the score track (spaces 4, 8, 12), those taken and not yet flipped, and the end of a turn under way
function drawHirelings(msg, box) {
  const h = msg.state.hirelings;
  const p = html("div", { class: "panel hirelings", "data-faction": "hirelings" }, box);
  html("h4", {}, p, "hirelings");
  const dl = html("dl", {}, p);
  const who = (f) => msg.words.titles[f] || f;
  for (const c of h.cards) {
    kv(dl, c.title, c.controller === null ? "in the supply"
      : `${who(c.controller)}, ${c.control} control marker${c.control === 1 ? "" : "s"}${c.gained_turn !== null && c.gained_turn === msg.state.turn_number ? " (gained this turn)" : ""}`);
    if (c.warriors) {   // a hireling's pieces (LoR 16.4.3): warriors by clearing, the rest on its card
      const on = Object.entries(c.warriors).map(([k, v]) => (v > 1 ? `${k} (${v})` : k)).join(", ");
      kv(dl, `${c.title} warriors`, `${on || "none on the map"}; ${c.supply.warriors} on the card`);
    }
  }
  kv(dl, "markers on the score track", h.markers.length ? h.markers.join(", ") : "none");
  const owed = Object.entries(h.owed || {});
  if (owed.length) kv(dl, "markers taken", owed.map(([f, n]) => `${who(f)} ${n}`).join(", "));
  if (h.now) kv(dl, "this turn's end", h.roller ? `${who(h.roller)} rolls the control die for ${TITLE(h.now).replace(/-/g, " ")}` : `${TITLE(h.now).replace(/-/g, " ")} is given away`);
}

// the faction draft (LoR 16.1.8) while it lasts: the pool face up (the locked card, the character
// beside each Vagabond card), who is choosing, and the homelands chosen (also ringed on the map)
function drawDraft(msg, box) {
  const d = msg.state.draft;
  document.querySelectorAll(".clearing").forEach((g) => g.classList.remove("homeland"));
  if (!d || d.stage === "done") return;
  const p = html("div", { class: "panel draft", "data-faction": "draft" }, box);
  html("h4", {}, p, "the faction draft");
  const pool = html("div", { class: "pool" }, p);
  for (const f of d.pool) {
    const card = html("span", { class: `draft-card f-${f}${f === d.locked ? " locked" : ""}`, "data-card": f }, pool, TITLE(f).replace("-", " "));
    if (d.characters[f]) html("small", {}, card, ` #${d.characters[f]}`);
    if (f === d.locked) html("small", {}, card, " (locked until a militant faction is chosen)");
  }
  if (!d.pool.length) html("span", { class: "small" }, pool, d.stage === "dealing" ? "being dealt…" : "none");
  const dl = html("dl", {}, p);
  if (d.stage === "dealing") kv(dl, "to deal", `${d.undealt.length} cards`);
  const s = msg.state;
  if (s.step === "draft_pick") kv(dl, "choosing", `${msg.words.titles[s.to_move] || s.to_move} (${msg.players[s.to_move] === "human" ? (msg.seats.includes(s.to_move) ? "you" : "another player") : "AI"})`);
  for (const [seat, homes] of Object.entries(d.homelands)) {
    if (!homes.length) continue;
    kv(dl, `${msg.words.titles[seat] || seat}'s homelands`, homes.join(", "));
    for (const n of homes) {
      const g = document.querySelector(`.clearing[data-clearing="${n}"]`);
      if (g) g.classList.add("homeland");
    }
  }
}

// a card by its name, suit colour and text (hover, or tap: the text shows under the hand)
const cardName = (token) => (CARDS[token] ? CARDS[token].name : token);
function cardAbout(token) {
  const c = CARDS[token];
  if (!c) return token;
  const cost = c.cost ? `; craft: ${c.cost}` : "";
  return `${c.name} (${c.suit}, ${c.kind}${cost}): ${c.text}.`;
}
function drawHand(msg) {
  const hand = $("#hand");
  hand.innerHTML = "";
  $("#card-text").textContent = "";
  $("#hand-row h3").textContent = `Your hand (${msg.words.titles[msg.view]})`;
  for (const token of msg.state.hands[msg.view] || []) {
    const c = CARDS[token];
    const b = html("button", { type: "button", class: `card ${c ? c.suit : ""}`, "data-card": token, title: cardAbout(token) }, hand, cardName(token));
    b.addEventListener("click", () => {
      const shown = $("#card-text").dataset.card === token && $("#card-text").textContent;
      $("#card-text").textContent = shown ? "" : cardAbout(token);
      $("#card-text").dataset.card = shown ? "" : token;
    });
  }
}

const BATTLE_KINDS = new Set(["battle", "ambush", "foil", "roll", "hits", "remove", "ravenous", "defenseless", "flee", "lair", "win"]);
function drawLog(msg) {
  const log = $("#log");
  if (msg.fresh) log.innerHTML = "";
  if (msg.undone) html("li", {}, log, "— moves taken back —");
  for (const entry of msg.events) {
    if (entry.by === "chance" && !entry.events.some((e) => e.kind !== "draw")) continue;
    const li = html("li", { class: "entry" }, log, entry.words || entry.action);
    html("small", { class: "notation" }, li, entry.action);
    for (const e of entry.events) html("li", { class: BATTLE_KINDS.has(e.kind) ? "battle" : "" }, log, e.text);
  }
  log.scrollTop = log.scrollHeight;
}

function render(msg) {
  if (current && current.view !== msg.view) { hinted = null; $("#hint-text").textContent = ""; }
  current = msg;
  selected = null;
  const s = msg.state;
  const won = (s.winners || []).map((f) => msg.words.titles[f] || f);   // a coalition wins together (LoR 9.2.8)
  if (s.to_move === "over") status(`Game over: ${won.length ? won.join(" and the ") + (won.length > 1 ? " win together" : " wins") : "no winner"} (${Object.entries(s.scores).map(([f, v]) => (msg.words.titles[f] || f) + " " + v).join(", ")})`);
  else if (msg.actions.length) status(`${msg.words.turn} · your decision as the ${msg.words.titles[msg.view]}: ${msg.words.step}`);
  else status(`${msg.words.turn} · waiting for the ${msg.words.titles[s.to_move] || s.to_move} (${msg.players[s.to_move] || "chance"}): ${msg.words.step}…`);
  drawPieces(s, msg.board); drawTargets(); drawActions(); drawPanels(msg); drawHand(msg); drawLog(msg);
  $("#undo").disabled = false;
  $("#hint").disabled = !msg.actions.length;
  document.body.dataset.record = s.record_length;
  document.body.dataset.toMove = s.to_move;
  document.body.dataset.step = s.step;
}

// updates are drawn in the order they came, each on its game's map (fetched once per map)
let drawing = Promise.resolve();
function update(msg) {
  drawing = drawing.then(async () => {
    const layout = await layoutOf(msg.state.map || "autumn");
    if (MAP !== layout) { MAP = layout; drawMap(); }
    render(msg);
  }).catch((e) => showError(String(e)));
}

// ---- talking to the server ----
function send(obj) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return showError("not connected: reconnecting…");
  showError("");
  socket.send(JSON.stringify(obj));
}
function play(text) { hinted = null; $("#hint-text").textContent = ""; send({ type: "play", action: text }); }

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${game}/ws?token=${encodeURIComponent(token)}`);
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") { showError(""); update(msg); }
    else if (msg.type === "hint") showHint(msg);
    else if (msg.type === "error") {
      showError(`${msg.code}: ${msg.message}`);
      if (msg.code === "not_found" || msg.code === "not_yours") { closing = true; localStorage.removeItem("wyrm-game"); openForm(); }
    }
  };
  socket.onclose = () => { if (!closing) { status("connection lost: resuming…"); setTimeout(connect, 1000); } };
}

function showHint(h) {
  hinted = h.best;
  let chance = "";
  if (h.win_text) chance = `, win chance ${h.win_text} (calibrated on AI-vs-AI games)`;
  else if (h.value !== null && h.value !== undefined) chance = `, value ${h.value.toFixed(2)} (not a win chance: uncalibrated for this seat at this table)`;
  const act = current && current.actions.find((x) => x.text === h.best);
  const best = act ? `${act.words} (${h.best})` : h.best;             // in words, as the action list says it
  $("#hint-text").textContent = h.only ? `hint: ${best} is the only legal action` : `hint: ${best}${chance} — ${h.sims} simulations`;
  drawActions();
}

function start(gameId, tok) {
  if (socket) { closing = true; socket.close(); }
  closing = false;
  game = gameId; token = tok;
  localStorage.setItem("wyrm-game", JSON.stringify({ game, token }));
  history.replaceState(null, "", `/?game=${game}&token=${encodeURIComponent(token)}`);
  $("#log").innerHTML = "";
  connect();
}

// ---- new game, load, save ----
function seatRows() {
  const rows = $("#seat-rows");
  rows.innerHTML = "";
  const defaults = { marquise: "you", wyrm: "normal" };
  for (const f of OPTIONS.factions) {
    const label = html("label", {}, rows, `${f.title} `);
    const sel = html("select", { name: `seat-${f.name}` }, label);
    const choices = f.bot ? ["-", "bot"] : ["-", "you", ...Object.keys(OPTIONS.levels)];
    for (const c of choices) html("option", { value: c }, sel, c === "-" ? "not seated" : c === "you" ? "you (this browser)" : c === "bot" ? "the bot (the rules play it)" : `AI: ${c}`);
    sel.value = defaults[f.name] || "-";
    if (f.name === "vagabond") sel.onchange = followVagabond;
  }
  const first = document.querySelector('select[name="first"]');
  first.innerHTML = "";
  html("option", { value: "" }, first, "the first seated");
  for (const f of OPTIONS.factions) if (!f.bot) html("option", { value: f.name }, first, f.title);
  mapRows();
  followVagabond();
  const load = $("#load-name");
  load.innerHTML = "";
  for (const name of OPTIONS.saves) html("option", { value: name }, load, name);
  $("#load").disabled = !OPTIONS.saves.length;
}
// the maps, suit layouts, decks, setups and characters the server offers (/api/options): a layout the map lacks is disabled
function mapRows() {
  const map = document.querySelector('select[name="map"]'), suits = document.querySelector('select[name="suits"]');
  const chosen = map.value || "autumn";
  map.innerHTML = "";
  for (const m of OPTIONS.maps || []) html("option", { value: m.name }, map, m.title);
  map.value = (OPTIONS.maps || []).some((m) => m.name === chosen) ? chosen : "autumn";
  const given = document.querySelector('input[name="suits_given"]');
  const follow = () => {
    const m = (OPTIONS.maps || []).find((x) => x.name === map.value) || { printed: true, suggested: false };
    for (const o of suits.options) o.disabled = (m.printed && o.value !== "given" && o.value !== "random") || (o.value === "suggested" && !m.suggested);
    suits.options[0].textContent = m.printed ? "printed" : "random";      // Autumn prints its suits
    if (suits.selectedOptions[0] && suits.selectedOptions[0].disabled) suits.value = "random";
    given.disabled = suits.value !== "given";
  };
  map.onchange = follow;
  suits.onchange = follow;
  follow();
  choiceRows("deck", OPTIONS.decks, { name: "standard", title: "Standard" });
  choiceRows("setup", OPTIONS.setups, { name: "standard", title: "Standard" });
  choiceRows("character", OPTIONS.characters, { name: "any", title: "any (his choice)" });
  hirelingRows();
  for (const name of ["setup", "draft", "players"]) document.querySelector(`[name="${name}"]`).onchange = followDraft;
  followDraft();
}
// a select filled with the server's choices ({name, title}), keeping its value where still offered
function choiceRows(name, choices, fallback) {
  const sel = document.querySelector(`select[name="${name}"]`), held = sel.value || fallback.name;
  sel.innerHTML = "";
  for (const d of choices || [fallback]) html("option", { value: d.name }, sel, d.title);
  sel.value = (choices || []).some((d) => d.name === held) ? held : fallback.name;
}
// the hirelings the server offers (LoR 16.4; /api/options' hirelings): a checkbox each, keeping those checked
function hirelingRows() {
  if (!OPTIONS.hirelings) return;
  const rows = $("#hireling-rows"), held = formHirelings();
  rows.innerHTML = "";
  for (const h of OPTIONS.hirelings) {
    const label = html("label", { title: h.keeps_out.length ? `keeps out the ${h.keeps_out.join(", the ")}` : "keeps no faction out" }, rows);
    const box = html("input", { name: "hireling", type: "checkbox", value: h.name }, label);
    box.checked = held.includes(h.name);
    label.append(` ${h.title} `);
  }
}
const formHirelings = () => [...document.querySelectorAll('input[name="hireling"]:checked')].map((b) => b.value);
// the Vagabond's character counts only where he sits (issue 32 item 4): its select is enabled then
function followVagabond() {
  const seat = document.querySelector('select[name="seat-vagabond"]');
  document.querySelector('select[name="character"]').disabled = !seat || seat.value === "-";
}
function formMap() {
  const suits = document.querySelector('select[name="suits"]').value, character = document.querySelector('select[name="character"]');
  return { map: document.querySelector('select[name="map"]').value || "autumn",
    suits: suits === "given" ? document.querySelector('input[name="suits_given"]').value.trim() : suits,
    deck: document.querySelector('select[name="deck"]').value || "standard",
    setup: document.querySelector('select[name="setup"]').value || "standard",
    ...(character.disabled ? {} : { character: character.value || "any" }),
    ...(formHirelings().length ? { hirelings: formHirelings().join(",") } : {}) };
}
// the faction draft (LoR 16.1.8): with the Advanced Setup; the person takes a seat by number
function followDraft() {
  const on = document.querySelector('input[name="draft"]'), setup = document.querySelector('select[name="setup"]');
  on.disabled = setup.value !== "advanced";
  if (on.disabled) on.checked = false;
  const seat = document.querySelector('select[name="draft_seat"]'), held = seat.value || "1";
  const n = Number(document.querySelector('select[name="players"]').value);
  seat.innerHTML = "";
  for (let i = 1; i <= n; i++) html("option", { value: String(i) }, seat, `Player ${i}`);
  seat.value = Number(held) <= n ? held : "1";
  for (const name of ["draft_cards", "players", "draft_seat", "draft_level"]) document.querySelector(`[name="${name}"]`).disabled = !on.checked;
}
function formDraft(seats) {
  if (!document.querySelector('input[name="draft"]').checked) return {};
  const players = Number(document.querySelector('select[name="players"]').value);
  const mine = Number(document.querySelector('select[name="draft_seat"]').value), level = document.querySelector('select[name="draft_level"]').value;
  const bots = seats.factions.filter((f) => OPTIONS.factions.some((o) => o.name === f && o.bot));
  const factions = [...Array(players).fill("draft"), ...bots], humans = [], levels = {};
  for (let i = 1; i <= players; i++) {
    if (i === mine || level === "you") humans.push(`player${i}`); else levels[`player${i}`] = level;
  }
  return { factions, humans, levels, options: { draft: document.querySelector('input[name="draft_cards"]').value.trim() || true, players } };
}
function formSeats() {
  const factions = [], humans = [], levels = {};
  for (const f of OPTIONS.factions) {
    const v = document.querySelector(`select[name="seat-${f.name}"]`).value;
    if (v === "-") continue;
    factions.push(f.name);
    if (v === "you") humans.push(f.name); else if (v !== "bot") levels[f.name] = v;
  }
  const first = factions.indexOf(document.querySelector('select[name="first"]').value);
  if (first > 0) factions.push(...factions.splice(0, first));     // turn order starts there
  return { factions, humans, levels, hotseat: document.querySelector('input[name="hotseat"]').checked };
}
async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return [r.ok, await r.json()];
}
// a save is its saver's: the server lists and loads it only for the token that saved it, so the
// page keeps the token of each save it made (issue 29 item 7)
const savedTokens = () => JSON.parse(localStorage.getItem("wyrm-saves") || "{}");
async function openForm() {
  const tokens = [...new Set([...Object.values(savedTokens()), ...(token ? [token] : [])])].slice(-32);
  OPTIONS = await (await fetch("/api/options?" + tokens.map((t) => `token=${encodeURIComponent(t)}`).join("&"))).json();
  seatRows();
  $("#form-error").textContent = "";
  if (!$("#new-game").open) $("#new-game").showModal();
}
async function newGame(ev) {
  if (ev.submitter && ev.submitter.value === "cancel") return;
  ev.preventDefault();
  const seats = formSeats(), draft = formDraft(seats);
  const body = { ...seats, ...formMap(), ...draft };
  body.options = { ...(draft.options || {}) };
  for (const name of ["bot_variant", "difficulty", "traits", "growth_caps"]) body.options[name] = document.querySelector(`[name="${name}"]`).value.trim();
  const seed = document.querySelector('input[name="seed"]').value;
  if (seed !== "") body.seed = Number(seed);
  const [ok, r] = await post("/api/games", body);
  if (!ok) { $("#form-error").textContent = r.message; return; }
  $("#new-game").close();
  start(r.game, r.players[0].token);
}
async function loadGame() {
  const seats = formSeats();
  const name = $("#load-name").value;
  const [ok, r] = await post("/api/load", { name, token: savedTokens()[name] || token, humans: seats.humans, levels: seats.levels, hotseat: seats.hotseat });
  if (!ok) { $("#form-error").textContent = r.message; return; }
  $("#new-game").close();
  start(r.game, r.players[0].token);
}
async function save() {
  const name = $("#save-name").value;
  const [ok, r] = await post(`/api/games/${game}/save`, { token, name });
  if (!ok) { showError(r.message); return; }
  localStorage.setItem("wyrm-saves", JSON.stringify({ ...savedTokens(), [name]: token }));
  status(`saved as ${r.saved}`);
}

async function exportRootlog() {
  // the server names the file (Content-Disposition); the text is the player's view of the game
  const r = await fetch(`/api/games/${game}/rootlog?token=${encodeURIComponent(token)}`);
  if (!r.ok) { showError((await r.json()).message); return; }
  const link = html("a", { href: URL.createObjectURL(await r.blob()), download: `wyrm-${game}.rootlog` }, document.body);
  link.click();
  link.remove();
  status("Rootlog exported");
}

async function init() {
  MAP = await layoutOf("autumn");                 // until a game names its map
  CARDS = (await (await fetch("/api/cards")).json()).cards;
  drawMap();
  $("#new-form").addEventListener("submit", newGame);
  $("#load").addEventListener("click", loadGame);
  $("#show-new").addEventListener("click", openForm);
  $("#hint").addEventListener("click", () => { $("#hint-text").textContent = "thinking…"; send({ type: "hint" }); });
  $("#undo").addEventListener("click", () => send({ type: "undo" }));
  $("#save").addEventListener("click", save);
  $("#rootlog").addEventListener("click", exportRootlog);
  const q = new URLSearchParams(location.search);
  const kept = JSON.parse(localStorage.getItem("wyrm-game") || "null");
  if (q.get("game") && q.get("token")) start(q.get("game"), q.get("token"));
  else if (kept) start(kept.game, kept.token);
  else { status("start a new game"); openForm(); }
}
init();
