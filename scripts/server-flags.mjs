// The V8 flags of the server that npm start runs (scripts/start.mjs), chosen for the memory budgets of
// npm run bench (chat, conversations and landing under load; bench/README.md has each measurement).
//
// The young generation stays at 16 MB semi-spaces, V8's default under Node 20 and 22: Node 24's V8 sizes
// it from the machine's memory (64 MB semi-spaces on a 24 GB host), about 100 MB more RSS under every load;
// 32 MB once bought chat p99 95 → 61 ms, but cost about 50 MB of RSS.
// The old generation may grow to 1.5 times what the last full collection kept, not V8's up to 4 times:
// under the conversations' load it grew to 160–250 MB around 60–70 MB of live objects, which took the
// server's RSS to 399 and 482 MB (budget 400); with 1.5 it stays near 105 MB, at more frequent collections.
// PGlite's WebAssembly (9 MB) is compiled by TurboFan alone, not first by V8's baseline compiler (Liftoff)
// and then again for its hot functions: the same req/s on the database's routes, 45–60 MB less RSS.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50', '--no-liftoff'];
