// A page written on the server (infra/src/http/page-rendering.ts) is there, complete and styled, without any
// script. This loads the web app's scripts once that page has been painted, so that on a phone's slow network its
// text and fonts are not kept waiting behind the code that only makes it interactive: the module preloads and the
// entry named on this tag are added after the next frame. Pages the browser renders itself load the entry directly.
(function () {
  var boot = document.currentScript;
  if (!boot) return;
  var entry = boot.getAttribute('data-entry');
  var preloads = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function load() {
    for (var i = 0; i < preloads.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
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
