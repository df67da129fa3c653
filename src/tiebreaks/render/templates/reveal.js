/* Open the explanation a link points to, and every explanation before printing.
   No less-than sign or ampersand here: the page is also well-formed XML. */
(function () {
  function reveal() {
    var node = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    while (node) {
      if (node.tagName === "DETAILS") {
        node.open = true;
      }
      node = node.parentElement;
    }
  }
  window.addEventListener("hashchange", reveal);
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (item) {
      item.open = true;
    });
  });
  reveal();
})();
