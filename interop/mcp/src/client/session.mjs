// One MCP client session over Streamable HTTP, as the SDK's client opens it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const MODES = ['sessions', 'stateless'];

export async function open(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'agentport-mcp-interop', version: '0.1.0' });
  await client.connect(transport);
  return { client, transport };
}

/** A raw POST of one JSON-RPC request, with the headers a client sends after initialize. */
export async function post(url, headers, body) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}
