// Never a blank page: index.html carries a "Loading" message (#gx-boot) that the app removes
// when its first view is mounted. If the app does not get there (the wasm fails to fetch or
// compile, the browser cannot allocate its memory, or it panics while starting), this shows
// why in both languages and offers a reload. Plain script, no inline code (CSP script-src 'self').
(function () {
  "use strict";
  var TIMEOUT_MS = 20000;
  // The failure message replaces a route page's prerendered first screen (assets/precheck.js).
  var root = document.documentElement;
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
