import type { Transport } from './transport';

/**
 * On a page whose first screen the server rendered, the answers the server read for it came in the page
 * (FIRST_ANSWERS_ID): the app's first GET of each of those addresses is answered from them, once, instead
 * of asking the API again for what the page already shows. Every other request, and a second ask of the
 * same address (a later check of the session, a list refreshed), goes to `next`. Used under the API
 * client (apiClient.ts), which still adds the anti-forgery header and refreshes a session as ever.
 */
export function firstAnswersTransport(answers: Readonly<Record<string, unknown>>, next: Transport): Transport {
  const waiting = new Map(Object.entries(answers));
  return (request) => {
    if (request.method === 'GET') {
      const url = new URL(request.url, 'http://page.invalid');
      const address = url.pathname + url.search;
      if (waiting.has(address)) {
        const body = waiting.get(address);
        waiting.delete(address);
        return Promise.resolve({ status: 200, body });
      }
    }
    return next(request);
  };
}
