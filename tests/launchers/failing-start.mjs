// Preloaded into npm start's server by tests/launchers/start-failures.test.ts: an unhandled rejection right
// after Next installed its own process listeners (which log such a failure and go on), as a failure while
// the server starts. Emitted at once, as Node would: a rejection left to a later tick raced the rest of
// prepare(), which could finish in the same tick (the server then answered, and the test saw no exit).
const on = process.on;
process.on = function (event, listener) {
  const result = on.call(this, event, listener);
  if (event === 'uncaughtException' && /node_modules[\\/]next[\\/]/.test(new Error().stack ?? '')) {
    process.on = on;
    const error = new Error('a failure while the server starts');
    const rejected = Promise.reject(error);
    rejected.catch(() => {});
    process.emit('unhandledRejection', error, rejected);
  }
  return result;
};
