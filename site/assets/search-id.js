/* rulekb: an event id typed into the search ("8:VII", "VII:8", "21:Early") is searched as the phrase "8 VII".
   mkdocs-material's search worker turns a quoted phrase into required words (+8 +VII), so the event comes first and
   only pages that hold both words follow, instead of every page of the period. The box keeps what was typed: only
   the query sent to the worker is rewritten. Nothing else is touched. */
(function () {
  "use strict";
  var ID = /^\s*(\d+)\s*:\s*([A-Za-z0-9]+)\s*$/, REV = /^\s*([A-Za-z][A-Za-z0-9]*)\s*:\s*(\d+)\s*$/;
  function phrase(q) {
    var m = ID.exec(q);
    if (m) return '"' + m[1] + " " + m[2] + '"';
    m = REV.exec(q);
    if (m) return '"' + m[2] + " " + m[1] + '"';
    return null;
  }
  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg) {
    if (msg && msg.type === 2 && typeof msg.data === "string" && Object.keys(msg).length === 2) {
      var p = phrase(msg.data);
      if (p) arguments[0] = { type: 2, data: p };
    }
    return post.apply(this, arguments);
  };
  window.rulekbSearchPhrase = phrase;
})();
