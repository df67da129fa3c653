/* A click (or Enter) on a value of the standings shows its explanation in the panel, made
   from the page's JSON island: sentence templates (already translated) with their fields,
   participants by index, a tied group's lines shared by its members. Text goes in through
   textContent only. No less-than sign or ampersand here: the page is also well-formed XML. */
(function () {
  "use strict";
  var island = document.getElementById("explain-data");
  var panel = document.getElementById("explain");
  var table = document.querySelector("table.standings");
  if (!island || !panel || !table) {
    return;
  }
  var data = null;
  var ready = null;
  var active = null;

  /* The island holds the JSON gzipped, in base64: decoded once, at the first click. */
  function loaded() {
    if (ready === null) {
      var text = atob(island.textContent.trim());
      var bytes = new Uint8Array(text.length);
      for (var position = 0; text.length > position; position += 1) {
        bytes[position] = text.charCodeAt(position);
      }
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      ready = new Response(stream).json().then(function (decoded) {
        data = decoded;
        return decoded;
      });
    }
    return ready;
  }

  function load() {
    return data;
  }

  function say(node) {
    if (typeof node === "string") {
      return node;
    }
    if (typeof node === "number") {
      if (0 > node) {
        return say(load().shared[-node - 1]);
      }
      var who = load().participants[node];
      return ("#" + who[0] + " " + who[1]).trim();
    }
    var text = "";
    load().templates[node[0]].forEach(function (part) {
      text += typeof part === "number" ? say(node[part + 1]) : part;
    });
    return text;
  }

  function make(tag, className, text) {
    var element = document.createElement(tag);
    if (className) {
      element.className = className;
    }
    if (text !== undefined) {
      element.textContent = text;
    }
    return element;
  }

  function lines(rows, total) {
    var body = make("tbody");
    var kept = 0;
    var removedAny = false;
    rows.forEach(function (line) {
      var removed = line.length > 2;
      var row = make("tr", removed ? "cut" : "");
      row.appendChild(make("td", "amount", line[0]));
      var text = make("td", "text", say(line[1]));
      if (removed) {
        removedAny = true;
        text.appendChild(document.createTextNode(" "));
        text.appendChild(make("span", "cut-reason", say([load().cut, line[2]])));
      } else if (line[0] !== "") {
        kept += 1;
      }
      row.appendChild(text);
      body.appendChild(row);
    });
    var lineTable = make("table", "lines");
    lineTable.appendChild(body);
    if (total !== null) {
      var foot = make("tfoot");
      var row = make("tr", "total");
      row.appendChild(make("td", "amount", total));
      row.appendChild(make("td", "text", load().totals[String(kept) + (removedAny ? "c" : "")]));
      foot.appendChild(row);
      lineTable.appendChild(foot);
    }
    return lineTable;
  }

  function explanation(number, column, shown) {
    var all = load();
    var value = all.values[number][column];
    var label = all.columns[column];
    var who = all.participants[all.index[number]];
    var box = make("div", "explanation");
    var title = make("h3", "explain-title");
    title.appendChild(make("span", "", "#" + who[0] + " "));
    var name = make("span", "", who[1]);
    name.dir = "auto";
    title.appendChild(name);
    title.appendChild(document.createTextNode(": "));
    title.appendChild(make("code", "", label[0]));
    title.appendChild(document.createTextNode(" = "));
    title.appendChild(make("strong", "value", shown === "–" ? all.undefined : shown));
    title.appendChild(make("span", "tiebreak-name", " " + label[1]));
    box.appendChild(title);
    var rows = value[1];
    var meaning = value[0];
    if (meaning === null) {
      var group = all.groups[value[1]];
      meaning = group[0];
      rows = group[1];
      box.appendChild(make("p", "definition", say(meaning)));
      if (rows.length > 1) {
        box.appendChild(make("p", "group-note", panel.getAttribute("data-group")));
      }
    } else {
      box.appendChild(make("p", "definition", say(all.definitions[meaning])));
    }
    if (rows.length) {
      box.appendChild(lines(rows, value[2]));
    }
    if (value[3].length) {
      var steps = make("ul", "steps");
      value[3].forEach(function (step) {
        steps.appendChild(make("li", "", say(step)));
      });
      box.appendChild(steps);
    }
    return box;
  }

  function close() {
    panel.hidden = true;
    panel.textContent = "";
    if (active) {
      active.classList.remove("active");
      active.focus();
      active = null;
    }
  }

  function show(cell) {
    var row = cell.parentElement;
    var column = cell.cellIndex - first;
    if (active === cell) {
      close();
      return;
    }
    if (active) {
      active.classList.remove("active");
    }
    active = cell;
    cell.classList.add("active");
    panel.textContent = "";
    var button = make("button", "close", panel.getAttribute("data-close"));
    button.type = "button";
    button.addEventListener("click", close);
    panel.appendChild(button);
    loaded().then(function () {
      if (active === cell) {
        panel.appendChild(explanation(row.id.slice(1), column, cell.textContent));
        panel.hidden = false;
      }
    });
  }

  function valueCell(target) {
    var cell = target.closest ? target.closest("td.value") : null;
    return cell !== null ? (table.contains(cell) ? cell : null) : null;
  }

  var first = Number(table.getAttribute("data-values"));
  table.querySelectorAll("tbody tr").forEach(function (row) {
    for (var position = first; row.cells.length > position; position += 1) {
      row.cells[position].className = "value";
      row.cells[position].tabIndex = 0;
    }
  });
  table.classList.add("explainable");
  table.addEventListener("click", function (event) {
    var cell = valueCell(event.target);
    if (cell) {
      show(cell);
    }
  });
  table.addEventListener("keydown", function (event) {
    var cell = valueCell(event.target);
    if (cell) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        show(cell);
      }
    }
  });
  /* a result of the crosstable by rounds starts with the opponent's number: go to their line */
  var crosstable = document.querySelector("table.crosstable:not(.square)");
  if (crosstable) {
    crosstable.classList.add("explainable-crosstable");
    crosstable.addEventListener("click", function (event) {
      var cell = event.target.closest ? event.target.closest("tbody td") : null;
      var opponent = cell ? /^(\d+)[^\d.,]/.exec(cell.textContent) : null;
      if (opponent !== null) {
        if (cell.cellIndex - 2 > 0) {
          location.hash = "c-" + opponent[1];
        }
      }
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" || event.key === "Esc") {
      if (!panel.hidden) {
        close();
      }
    }
  });
})();
