// The bare fixture has no startup work. This file exists only so that Turbopack, whose root is the
// repository's (next and react resolve from there), does not take the app's instrumentation.ts instead.
export function register() {}
