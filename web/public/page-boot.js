// A page written on the server (infra/src/http/page-rendering.ts) is there, complete and styled, without any
// script. This loads the web app's entry once that page has been painted, so that on a phone's slow network its
// text and fonts are not kept waiting behind the code that only makes it interactive; the browser then fetches the
// chunks the entry imports together. (No <link rel="modulepreload"> is added from here: each one costs the main
// thread a millisecond or more, six on a slow phone, and saves nothing the entry's own imports do not.)
// Pages the browser renders itself load the entry directly (index.html as built).
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  function load() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the frame that paints the page: a timer queued from an animation frame runs once that frame is drawn.
  if (document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(function () { setTimeout(load, 0); });
  } else {
    setTimeout(load, 0);
  }
})();
