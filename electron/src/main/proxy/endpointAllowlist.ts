import type { z } from 'zod';
import type { HostMethod } from '@hiraku/shared';

/** One endpoint the API declares: `:name` in the path stands for exactly one non-empty segment. */
export interface DeclaredEndpoint {
  method: HostMethod;
  path: string;
  /** The body's shape, when the declaration gives one; a body that does not fit is refused. */
  body?: z.ZodType;
}

/** The main process asks only this; where the declarations come from is the caller's business. */
export interface EndpointAllowlist {
  find(method: HostMethod, path: string): DeclaredEndpoint | undefined;
}

function segments(path: string): string[] {
  return path.replace(/\/+$/, '').split('/').filter(Boolean);
}

function matches(pattern: string[], actual: string[]): boolean {
  if (pattern.length !== actual.length) return false;
  return pattern.every((part, index) => {
    const value = actual[index] ?? '';
    return part.startsWith(':') ? value.length > 0 : part === value;
  });
}

export function allowlistFrom(endpoints: readonly DeclaredEndpoint[]): EndpointAllowlist {
  const compiled = endpoints.map((endpoint) => ({ endpoint, pattern: segments(endpoint.path) }));
  return {
    find(method, path) {
      const actual = segments(path);
      return compiled.find((entry) => entry.endpoint.method === method && matches(entry.pattern, actual))?.endpoint;
    },
  };
}
