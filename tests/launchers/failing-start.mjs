// Preloaded into npm start's server by tests/launchers/start-failures.test.ts: a promise rejected and never
// handled right after Next installed its own process listeners (which log such a failure and go on), as a
// failure while the server starts.
const on = process.on;
process.on = function (event, listener) {
  const result = on.call(this, event, listener);
  if (event === 'uncaughtException' && /node_modules[\\/]next[\\/]/.test(new Error().stack ?? '')) {
    process.on = on;
    setImmediate(() => Promise.reject(new Error('a failure while the server starts')));
  }
  return result;
};
