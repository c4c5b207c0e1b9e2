// Limits the dashboard's forms show as well: apart from the zod schemas, whose construction in a browser
// tries `new Function` (zod's JIT probe) and so reports an eval violation under the strict policy.
export const WORKSPACE_NAME_MAX = 60;
