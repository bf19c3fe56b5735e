// Inlined in 404.html by scripts/site.mjs (with its sha256 in the page's Content-Security-Policy
// and in _headers). Static hosts serve 404.html for a path they lack, at that path, so its assets
// need a <base href> found at load: the first folder up the requested path that holds
// gx-root.txt (the site's root; one same-origin HEAD request per level), else "/".
(function () {
  var folders = location.pathname.split("/").slice(1, -1);
  for (var i = folders.length; i >= 0; i--) {
    var root = "/" + folders.slice(0, i).join("/") + (i > 0 ? "/" : "");
    try {
      var request = new XMLHttpRequest();
      request.open("HEAD", root + "gx-root.txt", false);
      request.send();
      if (request.status === 200) {
        document.write('<base href="' + root + '">');
        return;
      }
    } catch (e) {
      // (no network: try the next folder up)
    }
  }
  document.write('<base href="/">');
})();
