/*
 * Chat widget loader. Paste into any page of an allowed origin:
 *   <script src="https://<this site>/embed.js" data-widget="<widget id>" async></script>
 * It adds one iframe (the widget page of this site) at the bottom right and resizes it when the chat
 * opens or closes. It accepts messages only from that iframe and only from this site's origin.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var id = script.getAttribute('data-widget') || '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return;
  var origin = new URL(script.src, window.location.href).origin;
  var closed = { width: '72px', height: '72px' };

  function openSize() {
    return {
      width: Math.min(380, window.innerWidth - 32) + 'px',
      height: Math.min(600, window.innerHeight - 32) + 'px',
    };
  }

  var frame = document.createElement('iframe');
  frame.src = origin + '/embed/' + encodeURIComponent(id);
  frame.title = script.getAttribute('data-title') || 'Chat';
  frame.setAttribute('data-chat-widget', id);
  frame.style.cssText =
    'position:fixed;bottom:16px;right:16px;border:0;z-index:2147483000;background:transparent;color-scheme:normal;' +
    'width:' + closed.width + ';height:' + closed.height;

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== 'chatwidget:resize') return;
    var size = data.open === true ? openSize() : closed;
    frame.style.width = size.width;
    frame.style.height = size.height;
  });

  function mount() {
    document.body.appendChild(frame);
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
