#!/usr/bin/env node
// A stand-in API for the playground's tests: it answers every request with what it
// received, allows any origin (CORS), and keeps the requests it received, which
// `GET /__received` lists, so a test can check what a page actually sent.
import { createServer } from 'node:http';

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const received = [];

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': '*',
  'Access-Control-Expose-Headers': '*',
};

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    if (url.pathname === '/__received') return response.writeHead(200, { 'Content-Type': 'application/json', ...cors }).end(JSON.stringify(received));
    const entry = { method: request.method, path: url.pathname, query: url.search, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    received.push(entry);
    if (received.length > 200) received.shift();
    response.writeHead(201, { 'Content-Type': 'application/json', 'X-Echo': 'yes', ...cors }).end(JSON.stringify({ echoed: { method: entry.method, path: entry.path } }));
  });
}).listen(port, '127.0.0.1');
