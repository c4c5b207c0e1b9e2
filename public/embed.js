/*
 * Plauder's widget loader. Paste into any page of an allowed origin:
 *   <script src="https://<this site>/embed.js" data-widget="<widget id>" async></script>
 * With the customer's signed-in user (identity verification, see the README):
 *   data-user-id="…" data-user-email="…" data-user-name="…" data-user-hash="<HMAC-SHA256(secret, id)>"
 * Once the page is interactive (after its load event, when the browser is idle) it adds one iframe, the
 * widget page of this site in the page's language (<html lang>), at the side the widget's settings
 * name, and resizes it when the chat opens or closes. It talks only to that iframe, on this site's
 * origin: it tells it the page's address and title and the signed-in user.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var id = script.getAttribute('data-widget') || '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return;
  var origin = new URL(script.src, window.location.href).origin;
  var closed = { width: '72px', height: '72px' };
  var user = null;
  if (script.getAttribute('data-user-id')) {
    user = {
      id: script.getAttribute('data-user-id'),
      hash: script.getAttribute('data-user-hash') || '',
      email: script.getAttribute('data-user-email') || undefined,
      name: script.getAttribute('data-user-name') || undefined,
    };
  }

  function start() {
    var frame = document.createElement('iframe');
    var lang = document.documentElement.getAttribute('lang') || '';
    frame.src = origin + '/embed/' + encodeURIComponent(id) + (lang ? '?lang=' + encodeURIComponent(lang) : '');
    frame.title = script.getAttribute('data-title') || 'Chat';
    frame.setAttribute('data-chat-widget', id);
    // Hidden until the widget says on which side it sits.
    frame.style.cssText =
      'position:fixed;bottom:16px;right:16px;border:0;z-index:2147483000;background:transparent;color-scheme:normal;visibility:hidden;' +
      'width:' +
      closed.width +
      ';height:' +
      closed.height;

    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.type !== 'chatwidget:resize') return;
      var size =
        data.open === true
          ? {
              width: Math.min(380, window.innerWidth - 32) + 'px',
              height: Math.min(600, window.innerHeight - 32) + 'px',
            }
          : closed;
      var left = data.position === 'left';
      frame.style.left = left ? '16px' : '';
      frame.style.right = left ? '' : '16px';
      frame.style.width = size.width;
      frame.style.height = size.height;
      frame.style.visibility = 'visible';
      frame.contentWindow.postMessage(
        { type: 'chatwidget:context', user: user, page: { url: window.location.href, title: document.title } },
        origin,
      );
    });
    document.body.appendChild(frame);
  }

  function whenIdle() {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
  }
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
})();
