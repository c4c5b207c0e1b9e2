/*
 * Plauder's widget loader. Paste into any page of an allowed origin:
 *   <script src="https://<this site>/embed.js" data-widget="<widget id>" async></script>
 * With the customer's signed-in user (identity verification, see the README):
 *   data-user-id="…" data-user-email="…" data-user-name="…" data-user-hash="<HMAC-SHA256(secret, id)>"
 *   data-user-details-hash="<HMAC-SHA256(secret, id + "\n" + email + "\n" + name)>" (optional: verifies those)
 * Once the page is interactive (after its load event, when the browser is idle) it adds one iframe at
 * the side the widget's settings name, in the page's language (<html lang>): for a new visitor the
 * widget's launcher page, a plain button that costs the page almost nothing (for a returning visitor
 * with their unread answers on it); when the visitor clicks it, the widget page of this site takes its
 * place in the same frame. For a signed-in user the widget page comes at once. The loader resizes the frame
 * when the chat opens or closes, and talks only to that frame, on this site's origin: it tells the
 * widget the page's address and title and the signed-in user.
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
      detailsHash: script.getAttribute('data-user-details-hash') || undefined,
      email: script.getAttribute('data-user-email') || undefined,
      name: script.getAttribute('data-user-name') || undefined,
    };
  }

  /** This site's widget page (`/embed/<id>`) or its launcher page (`/launcher`), opened or not. */
  function address(path, open) {
    var lang = document.documentElement.getAttribute('lang') || '';
    var query = (lang ? '&lang=' + encodeURIComponent(lang) : '') + (open ? '&open=1' : '');
    return origin + '/embed/' + encodeURIComponent(id) + path + query.replace(/^&/, '?');
  }

  function start() {
    var frame = document.createElement('iframe');
    // The widget page itself once it is asked for: the launcher page asks only once.
    var widgetPage = !!user;
    frame.src = address(widgetPage ? '' : '/launcher', false);
    frame.title = script.getAttribute('data-title') || 'Chat';
    frame.setAttribute('data-chat-widget', id);
    // Hidden until the widget (or its launcher) says on which side it sits.
    frame.style.cssText =
      'position:fixed;bottom:16px;right:16px;border:0;z-index:2147483000;background:transparent;color-scheme:normal;visibility:hidden;' +
      'width:' +
      closed.width +
      ';height:' +
      closed.height;

    function resize(open) {
      var size = open
        ? {
            width: Math.min(380, window.innerWidth - 32) + 'px',
            height: Math.min(600, window.innerHeight - 32) + 'px',
          }
        : closed;
      frame.style.width = size.width;
      frame.style.height = size.height;
    }

    window.addEventListener('message', function (event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data) return;
      if (data.type === 'chatwidget:load' && !widgetPage) {
        // In the same frame (its focus stays), without a new entry in the page's history.
        widgetPage = true;
        if (data.open === true) {
          // At the panel's size at once, so that it shows in place; not in the page's way until it says so.
          resize(true);
          frame.style.pointerEvents = 'none';
        }
        frame.contentWindow.location.replace(address('', data.open === true));
        return;
      }
      if (data.type !== 'chatwidget:resize') return;
      frame.style.pointerEvents = '';
      var left = data.position === 'left';
      frame.style.left = left ? '16px' : '';
      frame.style.right = left ? '' : '16px';
      resize(data.open === true);
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
