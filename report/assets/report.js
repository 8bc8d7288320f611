// sgtab report: sorting and filtering of the front page's table. The page
// reads whole without it; this only adds the controls.
(function () {
  "use strict";
  var table = document.getElementById("games");
  var form = document.getElementById("filters");
  if (!table || !form) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var heads = table.tHead.rows[0].cells;
  var q = document.getElementById("q"), status = document.getElementById("status"),
      family = document.getElementById("family"), pmin = document.getElementById("pmin"),
      pmax = document.getElementById("pmax"), shown = document.getElementById("shown");
  var text = rows.map(function (r) { return r.getAttribute("data-text"); });
  var period = rows.map(function (r) { return +r.getAttribute("data-period"); });

  function filter() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var st = status.value, fam = family ? family.value : "";
    var from = pmin ? pmin.value : "", to = pmax ? pmax.value : "";
    var lo = from === "" ? -Infinity : +from;
    var hi = to === "" ? Infinity : +to;
    var ranged = from !== "" || to !== "";
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i], ok = true;
      for (var w = 0; ok && w < words.length; w++) { ok = text[i].indexOf(words[w]) >= 0; }
      if (ok && st) { ok = r.getAttribute("data-status") === st; }
      if (ok && fam) { ok = r.getAttribute("data-family") === fam; }
      if (ok && ranged) { ok = period[i] >= 0 && period[i] >= lo && period[i] <= hi; }
      r.hidden = !ok;
      if (ok) { n++; }
    }
    shown.textContent = n + " of " + rows.length + " " + (table.dataset.noun || "games") + " shown";
  }

  function key(r, c, numeric) {
    var cell = r.cells[c];
    if (numeric) {
      var s = cell.getAttribute("data-sort");
      return s === null || s === "" ? -Infinity : +s;
    }
    return cell.textContent;
  }

  function sortBy(c) {
    var th = heads[c], numeric = th.hasAttribute("data-numeric");
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    for (var i = 0; i < heads.length; i++) { heads[i].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    var keyed = rows.map(function (r, i) { return [key(r, c, numeric), i, r]; });
    var cmp = numeric ? function (a, b) { return a[0] - b[0]; }
                      : function (a, b) { return a[0].localeCompare(b[0], undefined, { numeric: true }); };
    keyed.sort(function (a, b) { return dir * cmp(a, b) || a[1] - b[1]; });
    var frag = document.createDocumentFragment();
    rows = keyed.map(function (k) { frag.appendChild(k[2]); return k[2]; });
    text = keyed.map(function (k) { return k[2].getAttribute("data-text"); });
    period = keyed.map(function (k) { return +k[2].getAttribute("data-period"); });
    body.appendChild(frag);
  }

  Array.prototype.forEach.call(heads, function (th, c) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = th.textContent;
    b.setAttribute("title", "Sort by " + th.textContent);
    b.addEventListener("click", function () { sortBy(c); });
    th.textContent = "";
    th.appendChild(b);
  });
  [q, status, family, pmin, pmax].forEach(function (el) { if (el) { el.addEventListener("input", filter); } });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.hidden = false;
  filter();
}());
