import raw from '@/config/route-rules.json';
import { routeRulesSchema } from './route-rules';

// Parsed once at start-up: an invalid file fails the build and the server start, not a request.
export const routeRules = routeRulesSchema.parse(raw);
