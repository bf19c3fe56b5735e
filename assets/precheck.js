// Inlined at the top of every page by scripts/site.mjs (with its sha256 in the page's
// Content-Security-Policy and in _headers), so it runs before the first paint without a request.
//
// 1. The language the app starts in, decided here once for the whole site: the link's `lang`
//    (its last one: "zh", "zh-CN" or "en"), else the reader's stored choice, else the browser's
//    language. It is written to <html data-start-lang> (and <html lang>), which the app
//    (ui/i18n.rs initial_lang) reads.
// 2. A route page carries the chapter's first screen prerendered at build time
//    (scripts/prerender.mjs: the default inputs, in English, once in the wide layout and once
//    in the narrow one, ui/theme.rs NARROW_MAX_PX = 760). It is shown only where the app will
//    draw exactly that: no input in the link (nor a fragment), English; html.gx-pre-narrow picks
//    the narrow copy on a narrow screen. Otherwise html.gx-pre-off hides it and the "Loading"
//    message shows, as without it.
(function () {
  var root = document.documentElement;
  var zh = (function () {
    var pairs = location.search.replace(/^\?/, "").split("&");
    for (var i = pairs.length - 1; i >= 0; i--) {
      if (pairs[i].indexOf("lang=") === 0) {
        var v = pairs[i].slice(5).toLowerCase();
        if (v === "zh" || v === "zh-cn") return true;
        if (v === "en") return false;
      }
    }
    var stored = null;
    try {
      stored = window.localStorage.getItem("warpscope.lang");
    } catch (e) {
      stored = null;
    }
    return /^\s*zh/i.test(stored === null ? navigator.language || "" : stored);
  })();
  root.setAttribute("data-start-lang", zh ? "zh" : "en");
  root.setAttribute("lang", zh ? "zh-CN" : "en");
  var inputs = location.search.replace(/^\?/, "").split("&").filter(function (p) {
    return p !== "" && p !== "lang=en";
  });
  var fits = !zh && inputs.length === 0 && location.hash.length <= 1;
  if (!fits) root.classList.add("gx-pre-off");
  if (window.matchMedia("(max-width: 760px)").matches) root.classList.add("gx-pre-narrow");
})();
