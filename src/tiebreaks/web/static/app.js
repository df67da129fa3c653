/* tiebreaks web page: a little progressive enhancement. Without this script every button
   still works (it submits the form and the server answers with the whole page). With it:
   the file can be dropped on the page; tie-breaks can be dragged into a new order; an
   explanation or a "why" opens in a panel without reloading the page. */
(function () {
  "use strict";
  document.body.classList.add("js");

  function enhanceUpload(form) {
    var drop = document.getElementById("drop");
    var input = document.getElementById("file");
    var sizeError = document.getElementById("size-error");
    var limit = parseInt(form.getAttribute("data-max-upload"), 10) || 0;
    function check() {
      var file = input.files && input.files[0];
      var tooLarge = Boolean(file && limit && file.size > limit);
      sizeError.hidden = !tooLarge;
      return !tooLarge;
    }
    input.addEventListener("change", check);
    form.addEventListener("submit", function (event) {
      if (!check()) {
        event.preventDefault();
      }
    });
    ["dragenter", "dragover"].forEach(function (name) {
      document.addEventListener(name, function (event) {
        event.preventDefault();
        drop.classList.add("over");
      });
    });
    ["dragleave", "drop"].forEach(function (name) {
      document.addEventListener(name, function (event) {
        event.preventDefault();
        drop.classList.remove("over");
      });
    });
    document.addEventListener("drop", function (event) {
      var files = event.dataTransfer && event.dataTransfer.files;
      if (files && files.length) {
        input.files = files;
        if (check()) {
          form.requestSubmit ? form.requestSubmit() : form.submit();
        }
      }
    });
  }

  function apply(form) {
    var button = form.querySelector("button.default-submit");
    if (form.requestSubmit) {
      form.requestSubmit(button);
    } else {
      button.click();
    }
  }

  function enhanceEditor(form) {
    var list = document.getElementById("tb-list");
    if (!list) {
      return;
    }
    var dragged = null;
    list.addEventListener("dragstart", function (event) {
      dragged = event.target.closest("li");
      if (dragged) {
        dragged.classList.add("dragging");
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", "");
      }
    });
    list.addEventListener("dragover", function (event) {
      var over = event.target.closest("li");
      if (!dragged || !over || over === dragged) {
        return;
      }
      event.preventDefault();
      var box = over.getBoundingClientRect();
      var after = event.clientY > box.top + box.height / 2;
      list.insertBefore(dragged, after ? over.nextSibling : over);
    });
    list.addEventListener("drop", function (event) {
      event.preventDefault();
    });
    list.addEventListener("dragend", function () {
      if (dragged) {
        dragged.classList.remove("dragging");
        dragged = null;
        apply(form);
      }
    });
    form.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      select.addEventListener("change", function () {
        var button = form.querySelector("#settings button.apply");
        if (button && form.requestSubmit) {
          form.requestSubmit(button);
        } else {
          apply(form);
        }
      });
    });
  }

  function enhancePanel(form) {
    var slot = document.getElementById("panel-slot");
    if (!slot) {
      return; /* the check page before a table is checked */
    }
    var opener = null;
    function close() {
      slot.innerHTML = "";
      slot.classList.remove("floating");
      if (opener) {
        opener.focus();
      }
    }
    function open(button) {
      var data = new FormData(form);
      data.append(button.name, button.value);
      data.append("partial", "1");
      opener = button;
      slot.setAttribute("aria-busy", "true");
      fetch(form.getAttribute("data-panel") || "/standings", { method: "POST", body: data })
        .then(function (response) {
          return response.text();
        })
        .then(function (html) {
          slot.innerHTML = html;
          slot.classList.add("floating");
          slot.removeAttribute("aria-busy");
          var panel = document.getElementById("panel");
          if (panel) {
            panel.focus();
          }
        })
        .catch(function () {
          slot.removeAttribute("aria-busy");
          form.submit();
        });
    }
    form.addEventListener("click", function (event) {
      var button = event.target.closest("button[name=explain], button[name=why]");
      if (button && window.fetch && window.FormData) {
        event.preventDefault();
        open(button);
        return;
      }
      if (event.target.closest("[data-close]")) {
        event.preventDefault();
        close();
      }
    });
    slot.addEventListener("click", function (event) {
      if (event.target === slot) {
        close();
      }
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && slot.classList.contains("floating")) {
        close();
      }
    });
  }

  /* "Computing ..." while a request of the page runs (not for a download: the page stays) */
  function showBusy(form) {
    var busy = document.getElementById("busy");
    form.addEventListener("submit", function (event) {
      var submitter = event.submitter;
      if (event.defaultPrevented || (submitter && submitter.name === "download")) {
        return;
      }
      if (busy) {
        busy.hidden = false;
      }
      if (submitter && (submitter.name === "edit" || submitter.closest("#editor, #settings"))) {
        try {
          sessionStorage.setItem("tiebreaks-scroll", String(window.scrollY));
          /* the scroll is restored: no jump to the fragment first */
          submitter.formAction = "/standings";
        } catch (ignored) {}
      }
    });
    window.addEventListener("pageshow", function () {
      if (busy) {
        busy.hidden = true;
      }
    });
  }

  /* an edit keeps the page where it was (the address's #editor is the fallback) */
  function restoreScroll() {
    var saved = null;
    try {
      saved = sessionStorage.getItem("tiebreaks-scroll");
      sessionStorage.removeItem("tiebreaks-scroll");
    } catch (ignored) {}
    if (saved !== null && document.getElementById("f")) {
      window.scrollTo(0, parseInt(saved, 10) || 0);
    }
  }

  /* #p12 (or a crosstable link #c-12) to a participant on another page: ask for that page */
  function followParticipantLinks(form) {
    var find = document.getElementById("find");
    function follow() {
      var match = /^#(?:p|c-)(\d+)$/.exec(window.location.hash);
      if (!match || !find || document.getElementById(window.location.hash.slice(1))) {
        return;
      }
      find.value = match[1];
      form.querySelector("button[name=go]").click();
    }
    window.addEventListener("hashchange", follow);
    follow();
    if (find) {
      find.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          form.querySelector("button[name=go]").click();
        }
      });
    }
  }

  document.querySelectorAll("form:not(.try)").forEach(showBusy);
  var upload = document.querySelector("form.upload");
  if (upload) {
    enhanceUpload(upload);
  }
  var form = document.getElementById("f");
  if (form) {
    enhanceEditor(form);
    enhancePanel(form);
    restoreScroll();
    followParticipantLinks(form);
  }
})();
