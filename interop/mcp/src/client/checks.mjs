// The calls a Pallas-style host makes, in order, through the official MCP TypeScript SDK client. They share one
// client session; the last check ends it.
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { expect, onlyText, within } from './expect.mjs';
import { post } from './session.mjs';

const MESSAGE = 'hello from the MCP interop check';

export const CHECKS = [
  {
    name: 'initialize negotiates a protocol version and names the server',
    async run({ mode, session: { client, transport } }) {
      const version = transport.protocolVersion;
      expect(SUPPORTED_PROTOCOL_VERSIONS.includes(version),
        () => `negotiated version ${version} is not one the SDK supports (${SUPPORTED_PROTOCOL_VERSIONS})`);
      expect(version === LATEST_PROTOCOL_VERSION,
        () => `the server chose ${version}, not the client's ${LATEST_PROTOCOL_VERSION}`);
      const server = client.getServerVersion();
      expect(server?.name && server?.version, () => `serverInfo lacks name or version: ${JSON.stringify(server)}`);
      expect(client.getServerCapabilities()?.tools !== undefined, 'the server does not declare the tools capability');
      if (mode === 'sessions') {
        expect(typeof transport.sessionId === 'string' && transport.sessionId.length > 0,
          'no Mcp-Session-Id came with the initialize answer');
      } else {
        expect(transport.sessionId === undefined,
          () => `a stateless server issued the session id ${transport.sessionId}`);
      }
    },
  },
  {
    name: 'tools/list names send_message and get_health',
    async run({ session: { client } }) {
      const { tools } = await client.listTools();
      const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
      expect(byName.send_message, () => `no send_message tool in ${JSON.stringify(tools)}`);
      expect(byName.get_health, () => `no get_health tool in ${JSON.stringify(tools)}`);
      expect(byName.send_message.inputSchema?.required?.includes('message'),
        () => `send_message does not require message: ${JSON.stringify(byName.send_message.inputSchema)}`);
      expect(byName.get_health.inputSchema?.type === 'object',
        () => `get_health's inputSchema is not an object schema: ${JSON.stringify(byName.get_health.inputSchema)}`);
    },
  },
  {
    name: 'send_message with a progress token streams rising progress, then one text block',
    async run({ session: { client } }) {
      const notifications = [];
      const result = await within(60_000, 'send_message', () => client.callTool(
        { name: 'send_message', arguments: { message: MESSAGE } },
        undefined,
        { onprogress: (progress) => notifications.push(progress) },
      ));
      const text = onlyText(result, 'send_message');
      expect(text.includes(MESSAGE), () => `the reply does not carry the message: ${text}`);
      expect(notifications.length > 0, 'no notifications/progress arrived for the progress token');
      notifications.forEach((notification, index) => {
        expect(index === 0 || notification.progress > notifications[index - 1].progress,
          () => `progress did not rise: ${JSON.stringify(notifications)}`);
      });
      expect(notifications.some((notification) => typeof notification.message === 'string'),
        () => `no progress notification carried a message: ${JSON.stringify(notifications)}`);
    },
  },
  {
    name: 'get_health answers ok with a timestamp within a second',
    async run({ session: { client } }) {
      const started = Date.now();
      const result = await within(1_000, 'get_health', () => client.callTool({ name: 'get_health', arguments: {} }));
      const health = JSON.parse(onlyText(result, 'get_health'));
      expect(health.status === 'ok', () => `status is not ok: ${JSON.stringify(health)}`);
      expect(!Number.isNaN(Date.parse(health.timestamp)), () => `no timestamp: ${JSON.stringify(health)}`);
      expect(Date.now() - started < 1_000, 'get_health took a second or more');
    },
  },
  {
    name: 'ending the session',
    async run({ url, mode, session: { client, transport } }) {
      const sessionId = transport.sessionId;
      await transport.terminateSession();
      await client.close();
      const headers = { 'mcp-protocol-version': transport.protocolVersion ?? LATEST_PROTOCOL_VERSION };
      const listTools = { jsonrpc: '2.0', id: 'after-end', method: 'tools/list', params: {} };
      if (mode === 'sessions') {
        const after = await post(url, { ...headers, 'mcp-session-id': sessionId }, listTools);
        expect(after.status === 404, () => `a request in the ended session got ${after.status}, not 404`);
      } else {
        // A platform in front of a stateless server may send its own session id; the server must not reject it.
        const after = await post(url, { ...headers, 'mcp-session-id': 'platform-session-1' }, listTools);
        expect(after.status === 200, () => `a stateless request with a platform's session id got ${after.status}`);
      }
    },
  },
];
