// Inlined at the top of every chapter's route page by scripts/site.mjs (with its sha256 in the
// page's Content-Security-Policy and in _headers), so it runs before the page's first paint
// without a request: the route page carries the chapter's first screen prerendered at build time
// (scripts/prerender.mjs: the chapter's default inputs, in English, on a wide screen). It is shown
// only where the app will draw exactly that: no input in the link (nor a fragment), the language
// English (the link's `lang`, else the stored choice, else the browser's: as ui/i18n.rs
// initial_lang decides), wider than the narrow layout (ui/theme.rs NARROW_MAX_PX = 760).
// Otherwise html.gx-pre-off hides it and the "Loading" message shows, as without it.
(function () {
  var fits = (function () {
    var q = location.search.replace(/^\?/, "").split("&").filter(function (p) {
      return p !== "" && p !== "lang=en";
    });
    if (q.length > 0 || location.hash.length > 1) return false;
    if (!/(^|[?&])lang=en(&|$)/.test(location.search)) {
      var lang = null;
      try {
        lang = window.localStorage.getItem("warpscope.lang");
      } catch (e) {
        lang = null;
      }
      if (/^zh/i.test(lang === null ? navigator.language || "en" : lang)) return false;
    }
    return !window.matchMedia("(max-width: 760px)").matches;
  })();
  if (!fits) document.documentElement.classList.add("gx-pre-off");
})();
