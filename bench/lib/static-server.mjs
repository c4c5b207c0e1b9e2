// Child process of servers.mjs: answers every request with the bytes it is sent over IPC.
import { createServer } from 'node:http';

process.once('message', ({ body, contentType }) => {
  const bytes = Buffer.from(body, 'base64');
  const headers = { 'content-type': contentType, 'content-length': bytes.length };
  const server = createServer((request, response) => {
    response.writeHead(200, headers);
    response.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
});
