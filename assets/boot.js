// Never a blank page: index.html carries a "Loading" message (#gx-boot) that the app removes
// when its first view is mounted. If the app does not get there (the wasm fails to fetch or
// compile, the browser cannot allocate its memory, or it panics while starting), this shows
// why in both languages and offers a reload. Plain script, no inline code (CSP script-src 'self').
(function () {
  "use strict";
  var TIMEOUT_MS = 20000;
  var root = document.documentElement;
  // A chapter's route page may carry its first screen prerendered at build time
  // (scripts/prerender.mjs): the chapter's default inputs, in English, on a wide screen. It is
  // shown only where the app will draw exactly that: no input in the link (nor a fragment), the
  // language English (the link's `lang`, else the stored choice, else the browser's: as
  // ui/i18n.rs decides), wider than the narrow layout (ui/theme.rs NARROW_MAX_PX = 760).
  // Otherwise html.gx-pre-off hides it and the "Loading" message shows, as without it.
  function prerenderFits() {
    var pairs = location.search.replace(/^\?/, "").split("&").filter(function (p) {
      return p !== "" && p !== "lang=en";
    });
    if (pairs.length > 0 || location.hash.length > 1) return false;
    var lang = null;
    if (!/(^|[?&])lang=en(&|$)/.test(location.search)) {
      try {
        lang = window.localStorage.getItem("warpscope.lang");
      } catch (e) {
        lang = null;
      }
      if (lang === null) lang = navigator.language || "en";
      if (/^zh/i.test(lang)) return false;
    }
    return !window.matchMedia("(max-width: 760px)").matches;
  }
  if (!prerenderFits()) root.classList.add("gx-pre-off");
  function failed() {
    var boot = document.getElementById("gx-boot");
    if (!boot) return; // the app is up
    root.classList.add("gx-pre-off");
    boot.setAttribute("role", "alert");
    boot.querySelector(".gx-boot__loading").hidden = true;
    boot.querySelector(".gx-boot__failed").hidden = false;
  }
  window.addEventListener("error", failed, true); // capture: resource load errors too
  window.addEventListener("unhandledrejection", failed);
  window.setTimeout(failed, TIMEOUT_MS);
  document.addEventListener("DOMContentLoaded", function () {
    var reload = document.getElementById("gx-boot-reload");
    if (reload) {
      reload.addEventListener("click", function () {
        window.location.reload();
      });
    }
  });
})();
