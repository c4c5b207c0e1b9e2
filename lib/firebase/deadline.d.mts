// Types of deadline.mjs.
import type { Agent } from 'node:http';

export const IDENTITY_DEADLINE_MS: number;
export const DEADLINE_CODE: string;
export function deadlineAgent(protocol: 'http:' | 'https:', ms?: number): Agent;
export function withinDeadline<T>(work: Promise<T>, ms?: number): Promise<T>;
