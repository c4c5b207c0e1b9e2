// Types of policy.mjs.
export type PolicySources = {
  firebase: { connect: string[]; frame: string[]; script: string[]; img: string[] };
  https: boolean;
  development: boolean;
};
export function scriptHash(text: string): string;
export function policySources(source?: Record<string, string | undefined>): PolicySources;
export function documentPolicy(options: {
  scripts: string[];
  frameAncestors?: string;
  sources?: PolicySources;
}): string;
export const RESOURCE_POLICY: string;
export function inlineScriptHashes(html: string): string[];
export function prerenderedPolicy(html: string, sources?: PolicySources): string;
