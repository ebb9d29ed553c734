import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../server/http/dispatch';
import { createNodeHandler } from '../../server/http/node-adapter';
import { createLogger } from '../../server/observability/logger';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise<void>((resolve) => s.close(() => resolve()));
});

/** A server whose dispatcher answers `capture_post` 200 once `release()` is called; its request log lines. */
const serverWithSlowDispatch = async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()),
  });
  let release!: () => void;
  const dispatched = new Promise<void>((resolve) => (release = resolve));
  const dispatch = async (): Promise<HttpResponse> => {
    await dispatched;
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '{}', operationId: 'capture_post' };
  };
  const server = http.createServer(
    createNodeHandler(dispatch, () => 'http://127.0.0.1', { logger: createLogger('info', sink), logRequests: true }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, lines, release };
};

describe('the request log line of a client that hung up', () => {
  it('names the operation and the status it was answered with, once the dispatch has ended', async () => {
    const { port, lines, release } = await serverWithSlowDispatch();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.end(
      'POST /v1/transactions/T1/capture HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
    );
    socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]); // not yet: the operation is still running
    release();
    await expect.poll(() => lines.filter((l) => l.msg === 'request')).toHaveLength(1);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      method: 'POST',
      route: 'capture_post',
      status: 200,
      aborted: true,
    });
  });
});
