// An answer to every HTTP method, for server/server.mjs: Next answers 500 (and logs a stack) for TRACE
// and the like, and for most methods on its files, and a bare 405 for a method a handler does not
// export. Pages and files take GET, HEAD and OPTIONS; the JSON API takes what its handlers export (Next
// answers OPTIONS with their Allow list) and 405 for anything else, in the caller's language with the
// Allow header. A method Node does not know at all is answered 501 by the server itself.
const API_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']);
const READ_ONLY = 'GET, HEAD, OPTIONS';

/** `origin`: where the server answers itself; `refuseMethod`: the app's translated 405 (lib/api/node.ts). */
export function methodPolicy({ origin, refuseMethod }) {
  /** What the JSON API's handler at `path` takes: Next answers OPTIONS for it. */
  const refuseApiMethod = (req, res, path) =>
    fetch(origin + path, { method: 'OPTIONS' })
      .then((response) => response.headers.get('allow') ?? READ_ONLY)
      .catch(() => READ_ONLY)
      .then((allow) => refuseMethod(req, res, allow));

  return {
    /** Whether Next may have the request; else it is answered here (405, or 204 for OPTIONS). */
    admit(req, res) {
      const { method } = req;
      if (method === 'GET' || method === 'HEAD') return true;
      const path = req.url.split('?')[0];
      if (path.startsWith('/api/') && API_METHODS.has(method)) return true;
      if (path.startsWith('/api/')) void refuseApiMethod(req, res, path);
      else if (method === 'OPTIONS') res.writeHead(204, { Allow: READ_ONLY }).end();
      else void refuseMethod(req, res, READ_ONLY);
      return false;
    },
    /** Gives Next's bare 405 of a JSON API handler its Allow header and body (outside the compression). */
    completeRefusal(req, res) {
      if (req.method === 'OPTIONS' || !req.url.startsWith('/api/')) return;
      const end = res.end;
      res.end = function refusalEnd(...args) {
        if (res.statusCode !== 405 || res.headersSent || res.hasHeader('allow')) return end.apply(this, args);
        res.end = end;
        void refuseApiMethod(req, res, req.url.split('?')[0]);
        return this;
      };
    },
  };
}
