/* Plauder's widget loader. Paste into any page of an allowed origin:
 *   <script src="https://<this site>/embed.js" data-widget="<widget id>" async></script>
 * With the customer's signed-in user (identity verification, see the README):
 *   data-user-id="…" data-user-email="…" data-user-name="…" data-user-hash="<HMAC-SHA256(secret, id)>"
 *   data-user-details-hash="<HMAC-SHA256(secret, id + "\n" + email + "\n" + name)>" (optional: verifies those)
 * Once the page is interactive (after its load event, when the browser is idle) it adds one iframe at the side the
 * widget's settings name, in the page's language (<html lang>): for a new visitor the widget's launcher page, a plain
 * button that costs the page almost nothing (for a returning visitor with their unread answers on it); when the
 * visitor clicks it, the widget page of this site takes its place in the same frame. For a signed-in user the widget
 * page comes at once. The loader sizes the frame (open on a phone: its whole visible screen) and talks only to it, on
 * this site's origin: it tells the widget the page's address, title and referrer (again after each navigation of a
 * single-page app) and the signed-in user. The page's developers talk to the widget through `window.Plauder(method,
 * ...arguments)` (README.md, "The JavaScript API"): the stub they paste queues calls in `Plauder.q` until this loader
 * replays them and answers later calls at once; the loader tells the frame what they ask and the page what it says.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var id = script.getAttribute('data-widget') || '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return;
  var origin = new URL(script.src, window.location.href).origin;
  var user = script.getAttribute('data-user-id')
    ? {
        id: script.getAttribute('data-user-id'),
        hash: script.getAttribute('data-user-hash') || '',
        detailsHash: script.getAttribute('data-user-details-hash') || undefined,
        email: script.getAttribute('data-user-email') || undefined,
        name: script.getAttribute('data-user-name') || undefined,
      }
    : null;
  // The language the page's API set (null: the page's own, as it is when the frame loads).
  var lang = null;
  var frame = null;
  // The widget page itself once it is asked for: the launcher page asks only once.
  var widgetPage = !!user;
  // Whether the frame's current document has said where it sits (then it hears the page), and is open.
  var shown = false;
  var isOpen = false;
  // What the page's API asked for that the frame could not hear yet (null: nothing).
  var wantOpen = null;
  var identityToken = null;
  var attributes = null;
  var ready, unread;
  // The frame's side and size (the panel's or the launcher's); the page's overflow while it covers a phone's screen.
  var side = 'right';
  var opened = false;
  var covered = null;
  var toldNarrow = false;
  // Whether the widget page in the frame has its visitor (it said its unread count): it sets what it hears.
  var applying = false;
  var listeners = { ready: [], open: [], close: [], message: [], unread: [] };
  // The page's address the frame heard last; a single-page app's navigation tells it the new one (with the title the
  // page sets as it renders) once a second has passed without another (`navigated`).
  var sent, navigating;
  var own = Object.prototype.hasOwnProperty;

  /** This site's widget page (`/embed/<id>`) or its launcher page (`/launcher`), opened or not. */
  function address(path, open) {
    var language = lang === null ? document.documentElement.getAttribute('lang') || '' : lang;
    var query = (language ? '&lang=' + encodeURIComponent(language) : '') + (open ? '&open=1' : '');
    return origin + '/embed/' + encodeURIComponent(id) + path + query.replace(/^&/, '?');
  }

  function emit(name, detail) {
    // A listener may take itself off while it is told.
    listeners[name].slice().forEach(function (listener) {
      try {
        listener(detail);
      } catch (error) {
        // A listener's error is the page's to see, and stops neither the widget nor the other listeners.
        setTimeout(function () {
          throw error;
        });
      }
    });
  }

  function post(message) {
    if (frame && shown) frame.contentWindow.postMessage(message, origin);
  }

  function context() {
    post({
      type: 'chatwidget:context',
      user: user,
      identityToken: identityToken,
      attributes: attributes,
      page: { url: (sent = window.location.href), title: document.title, referrer: document.referrer },
    });
    if (applying) applied();
  }

  function navigated() {
    clearTimeout(navigating);
    navigating = setTimeout(function () {
      if (window.location.href !== sent) context();
    }, 1000);
  }

  /** The widget page has its visitor and sets what it hears: a removal sent again would count toward the 20. */
  function applied() {
    applying = true;
    var kept = null;
    for (var key in attributes) if (attributes[key] !== null) (kept = kept || {})[key] = attributes[key];
    attributes = kept;
  }

  /** Another document in the same frame (its focus stays), without a new entry in the page's history. */
  function navigate(path, open) {
    shown = toldNarrow = applying = false;
    frame.contentWindow.location.replace(address(path, open));
  }

  /** The launcher or the panel at its side; open under 640 px, the visual viewport (the keyboard shrinks only that). */
  function place() {
    var viewport = window.visualViewport;
    var narrow = window.innerWidth < 640;
    var full = opened && narrow;
    var box = viewport
      ? [viewport.offsetTop, viewport.offsetLeft, viewport.width, viewport.height]
      : [0, 0, window.innerWidth, window.innerHeight];
    var style = frame.style;
    style.top = full ? box[0] + 'px' : '';
    style.left = full ? box[1] + 'px' : side === 'left' ? '16px' : '';
    style.right = full || side === 'left' ? '' : '16px';
    style.bottom = full ? '' : '16px';
    style.width = (full ? box[2] : opened ? Math.min(380, window.innerWidth - 32) : 72) + 'px';
    style.height = (full ? box[3] : opened ? Math.min(600, window.innerHeight - 32) : 72) + 'px';
    if (full !== !!covered) cover(full);
    if (shown && narrow !== toldNarrow) post({ type: 'chatwidget:layout', narrow: (toldNarrow = narrow) });
  }

  /** Holds the page still behind the full-screen widget; then its style as it was (or, changed since, its overflow). */
  function cover(on) {
    covered = covered || [];
    for (var i = 0; i < 2; i++) {
      var element = i ? document.body : document.documentElement;
      var was = on ? (covered[i] = { attribute: element.getAttribute('style'), values: [] }) : covered[i];
      if (!on && element.getAttribute('style') === was.covered) {
        if (was.attribute === null) element.removeAttribute('style');
        else element.setAttribute('style', was.attribute);
      } else
        for (var j = 0; j < 2; j++) {
          var name = j ? 'overflow-y' : 'overflow-x';
          if (on) was.values.push([element.style.getPropertyValue(name), element.style.getPropertyPriority(name)]);
          element.style.setProperty(name, on ? 'hidden' : was.values[j][0], on ? 'important' : was.values[j][1]);
        }
      was.covered = element.getAttribute('style');
    }
    if (!on) covered = null;
    var listen = on ? 'addEventListener' : 'removeEventListener';
    if (window.visualViewport) window.visualViewport[listen]('resize', place);
    if (window.visualViewport) window.visualViewport[listen]('scroll', place);
  }

  /** The widget page in place of the launcher page, opened at the panel's size at once (a click, `open()`). */
  function loadWidget(open) {
    widgetPage = true;
    if (open) {
      // Not in the page's way until the widget says it shows.
      opened = true;
      place();
      frame.style.pointerEvents = 'none';
    }
    navigate('', open);
  }

  function setOpen(open) {
    if (frame && !widgetPage) {
      if (open) loadWidget(true);
    } else if (frame && shown) {
      post({ type: 'chatwidget:open', open: open });
      // Asked until the widget says so: a toggle right after counts from it.
      wantOpen = open !== isOpen ? open : null;
    } else wantOpen = open;
  }

  function onMessage(event) {
    if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === 'chatwidget:load' && !widgetPage) return loadWidget(data.open === true);
    if (data.type === 'chatwidget:event') {
      if (data.name === 'message' && typeof data.conversationId === 'string' && typeof data.text === 'string')
        emit('message', { conversationId: data.conversationId, text: data.text });
      if (data.name === 'unread' && widgetPage && shown) applied();
      if (data.name === 'unread' && typeof data.count === 'number' && data.count !== unread)
        emit('unread', (unread = data.count));
      return;
    }
    if (data.type !== 'chatwidget:resize') return;
    shown = true;
    frame.style.pointerEvents = '';
    side = data.position === 'left' ? 'left' : 'right';
    opened = data.open === true;
    place();
    frame.style.visibility = 'visible';
    context();
    if (!ready) emit('ready', undefined);
    ready = true;
    if (isOpen !== (data.open === true)) emit((isOpen = data.open === true) ? 'open' : 'close', undefined);
    var wanted = wantOpen;
    wantOpen = null;
    if (wanted !== null && wanted !== isOpen) setOpen(wanted);
  }

  function start() {
    frame = document.createElement('iframe');
    // Asked to open (or to sign in the user) before it came: the widget page at once.
    if (wantOpen) widgetPage = true;
    frame.src = address(widgetPage ? '' : '/launcher', wantOpen === true);
    frame.title = script.getAttribute('data-title') || 'Chat';
    frame.setAttribute('data-chat-widget', id);
    // Hidden until the widget (or its launcher) says on which side it sits.
    frame.style.cssText =
      'position:fixed;bottom:16px;right:16px;border:0;z-index:2147483000;background:transparent;color-scheme:normal;visibility:hidden;width:72px;height:72px';
    window.addEventListener('message', onMessage);
    // Rotated or resized across 640 px, the open widget changes its layout.
    window.addEventListener('resize', place);
    // A single-page app navigates in its history (and its fragment) without a new page: the frame hears each address.
    ['pushState', 'replaceState'].forEach(function (name) {
      var original = history[name];
      history[name] = function () {
        navigated();
        return original.apply(this, arguments);
      };
    });
    window.addEventListener('popstate', navigated);
    window.addEventListener('hashchange', navigated);
    document.body.appendChild(frame);
  }

  var methods = {
    open: setOpen.bind(null, true),
    close: setOpen.bind(null, false),
    toggle: function () {
      setOpen(!(wantOpen === null ? isOpen : wantOpen));
    },
    identify: function (options) {
      if (!options || typeof options.token !== 'string' || !options.token) throw new TypeError('identify({ token })');
      identityToken = options.token;
      if (frame && !widgetPage) loadWidget(false);
      else if (!frame) widgetPage = true;
      else context();
    },
    setAttributes: function (values) {
      if (!values || typeof values !== 'object' || Array.isArray(values))
        throw new TypeError('setAttributes({ key: text, number, boolean or null })');
      var next = Object.assign({}, attributes);
      Object.keys(values).forEach(function (key) {
        var value = values[key];
        if (value !== null && typeof value !== 'string' && typeof value !== 'boolean' && !Number.isFinite(value))
          throw new TypeError('setAttributes: ' + key + ' is not text, a number, a boolean or null');
        next[key] = value;
      });
      attributes = next;
      context();
    },
    setLanguage: function (language) {
      if (typeof language !== 'string' || !/^[A-Za-z]{2}(-[A-Za-z0-9]{1,8})?$/.test(language))
        throw new TypeError("setLanguage('en' or 'de')");
      if (language === lang) return;
      lang = language;
      // The frame's documents are rendered in their language: the same one again, in the new one.
      if (frame) navigate(widgetPage ? '' : '/launcher', widgetPage && (wantOpen === null ? isOpen : wantOpen));
    },
    on: function (name, listener) {
      if (!own.call(listeners, name) || typeof listener !== 'function') throw new TypeError('on(event, function)');
      listeners[name].push(listener);
      // Ready once: a listener that comes later hears it at once.
      if (name === 'ready' && ready) listener();
    },
    off: function (name, listener) {
      var list = own.call(listeners, name) ? listeners[name] : [];
      for (var i = list.length - 1; i >= 0; i--) if (list[i] === listener) list.splice(i, 1);
    },
  };

  /** `Plauder(method, ...arguments)`: what the page asks; a wrong call is the page's error, in its console. */
  function api(method) {
    if (!own.call(methods, method)) throw new TypeError('Plauder: unknown method ' + method);
    return methods[method].apply(null, Array.prototype.slice.call(arguments, 1));
  }
  var queued = (typeof window.Plauder === 'function' && window.Plauder.q) || [];
  window.Plauder = api;
  for (var i = 0; i < queued.length; i++) {
    try {
      api.apply(null, queued[i]);
    } catch (error) {
      console.error(error);
    }
  }

  function whenIdle() {
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
  }
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
})();
