// The DevTools page only adds the panel; the panel is the /bex/devtools page.
chrome.devtools.panels.create('Brandslate', '', 'devtools-panel.html');
