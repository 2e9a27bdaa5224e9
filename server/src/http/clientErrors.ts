import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { TEXTS, type ErrorBody } from '@hiraku/shared';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line or headers over the
 * 16 KB limit, a malformed request): answered like every other error, as JSON with a Japanese message,
 * instead of Node's bare status line. A client that already hung up gets nothing.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, body]: [number, string, ErrorBody] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', { error: 'payload_too_large', message: TEXTS.common.payloadTooLarge }]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', { error: 'validation_error', message: TEXTS.common.requestTimeout }]
          : [400, 'Bad Request', { error: 'validation_error', message: TEXTS.common.invalidInput }];
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}
