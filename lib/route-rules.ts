import { z } from 'zod';
import { defaultLocale } from './i18n/routing';
import { splitLocale } from './i18n/paths';

const segment = /^[A-Za-z0-9._~-]+$/;
const param = /^:([A-Za-z][A-Za-z0-9_]*)(\*)?$/;

const sourceSchema = z
  .string()
  .regex(/^\/(?!\/)/, 'must be a path starting with a single /')
  // The landing pages bypass the proxy (lib/i18n/landing-routes.ts), so a rule for them would never run.
  .refine(
    (source) => !['/', '/de'].includes(source.replace(/\/+$/, '') || '/'),
    'the landing pages cannot be redirected',
  )
  .refine((source) => {
    const parts = source.split('/').filter(Boolean);
    return parts.every(
      (part, i) => segment.test(part) || (param.test(part) && (!part.endsWith('*') || i === parts.length - 1)),
    );
  }, 'segments must be plain, :name, or a trailing :name*');

const destinationSchema = z.union([
  z.string().regex(/^\/(?![/\\])/, 'internal targets start with a single /'),
  z.url({ protocol: /^https?$/ }),
]);

export const routeRuleSchema = z.object({
  source: sourceSchema,
  destination: destinationSchema,
  permanent: z.boolean().default(false),
});

export const routeRulesSchema = z.array(routeRuleSchema).superRefine((rules, ctx) => {
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.source))
      ctx.addIssue({ code: 'custom', path: [i, 'source'], message: `duplicate source ${rule.source}` });
    seen.add(rule.source);
  });
});

export type RouteRule = z.infer<typeof routeRuleSchema>;

export type RouteRedirect = {
  /** An absolute URL for external targets, a path (with the locale prefix) for internal ones. */
  location: string;
  status: 307 | 308;
  external: boolean;
};

function matchSource(source: string, path: string): Record<string, string> | null {
  const want = source.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const p = param.exec(want[i]);
    if (p?.[2]) {
      params[p[1]] = have.slice(i).join('/');
      return params;
    }
    if (i >= have.length) return null;
    if (p) params[p[1]] = have[i];
    else if (want[i] !== have[i]) return null;
  }
  return have.length === want.length ? params : null;
}

function fill(destination: string, params: Record<string, string>): string {
  return destination.replace(/:([A-Za-z][A-Za-z0-9_]*)\*?/g, (whole, name: string) =>
    name in params ? params[name] : whole,
  );
}

/** Finds the first rule whose source matches `pathname` (with or without a locale prefix). */
export function matchRouteRule(rules: readonly RouteRule[], pathname: string, search = ''): RouteRedirect | null {
  const { locale, path } = splitLocale(pathname);
  for (const rule of rules) {
    const params = matchSource(rule.source, path);
    if (!params) continue;
    const status = rule.permanent ? 308 : 307;
    if (!rule.destination.startsWith('/')) {
      return { location: fill(rule.destination, params), status, external: true };
    }
    // An empty trailing wildcard (`/old/:path*` → `/new/:path*` for `/old`) leaves no slash behind.
    let target = fill(rule.destination, params)
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/(?=$|[?#])/, '$1');
    if (locale !== defaultLocale)
      target = `/${locale}${target === '/' || target.startsWith('/#') ? target.slice(1) : target}`;
    if (search && !target.includes('?')) {
      const hash = target.indexOf('#');
      target = hash === -1 ? target + search : target.slice(0, hash) + search + target.slice(hash);
    }
    return { location: target, status, external: false };
  }
  return null;
}
