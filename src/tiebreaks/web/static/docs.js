/* /docs: "Try it" sends the form's request with fetch and shows the answer under it (the
   page's own address only: connect-src 'self'). Without this script the upload forms and
   the GET links still work (the browser shows the JSON). */
(function () {
  "use strict";
  function show(output, status, text) {
    var body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch (ignored) {}
    output.textContent = status + "\n" + body;
    output.hidden = false;
  }
  document.querySelectorAll("form.try").forEach(function (form) {
    var hint = form.querySelector(".no-script");
    if (hint) {
      hint.hidden = true;
    }
    form.addEventListener("submit", function (event) {
      var kind = form.getAttribute("data-kind");
      var output = form.querySelector(".answer");
      var request;
      event.preventDefault();
      if (kind === "json") {
        request = fetch(form.getAttribute("data-path"), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: form.querySelector("textarea").value
        });
      } else if (kind === "form") {
        request = fetch(form.getAttribute("action"), { method: "POST", body: new FormData(form) });
      } else {
        request = fetch(form.getAttribute("action"));
      }
      output.textContent = "…";
      output.hidden = false;
      request
        .then(function (response) {
          return response.text().then(function (text) {
            show(output, response.status + " " + response.statusText, text);
          });
        })
        .catch(function (error) {
          show(output, "error", String(error));
        });
    });
  });
})();
