// Types of server-flags.mjs.
export const SERVER_NODE_FLAGS: string[];
