#!/usr/bin/env node
// A stand-in WebSocket server for the WebSocket playground's tests: it sends back every
// message it receives, prefixed with `echo: `. The example site's AsyncAPI document
// (example-site/api-reference/events.yaml) declares it as its `local` server.
import { WebSocketServer } from 'ws';

const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
const server = new WebSocketServer({ port, host: '127.0.0.1' });
server.on('connection', (socket) => socket.on('message', (data, binary) => socket.send(binary ? data : `echo: ${data}`, { binary })));
