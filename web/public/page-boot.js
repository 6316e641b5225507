// A page written on the server (infra/src/http/page-rendering.ts) is there, complete and styled, without any
// script. This adds the web app's entry once the page has been read (a deferred script), at low priority, so that on
// a phone's slow network its text and fonts are not kept waiting behind the code that only makes it interactive; the
// browser then fetches the chunks the entry imports together. Added before the page's load event, it holds that event
// back until the entry has run, as a script written in the page would. No <link rel="modulepreload"> is added: each
// costs the main thread a millisecond or more (six on a slow phone) and saves nothing the entry's own imports do not.
// Pages the browser renders itself load the entry directly (index.html as built).
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  if ('fetchPriority' in script) script.fetchPriority = 'low';
  document.head.appendChild(script);
})();
