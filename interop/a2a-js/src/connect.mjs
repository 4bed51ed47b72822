// Reads the agent card and builds the SDK's JSON-RPC client for one protocol version, as an SDK user would.
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';

export const MODES = ['1.0', '0.3'];

function isVersion(mode, protocolVersion) {
  return (protocolVersion ?? '') === mode || (protocolVersion ?? '').startsWith(`${mode}.`);
}

/**
 * The card through the SDK's resolver, the JSON-RPC interfaces it names for `mode`, and a client on that interface.
 * In 0.3 mode the SDK's compat layer is on, so the client speaks 0.3's wire shapes (slash methods, `kind`).
 */
export async function connect(baseUrl, mode) {
  const legacyCompat = { enabled: mode === '0.3' };
  const resolver = new DefaultAgentCardResolver({ legacyCompat });
  const card = await resolver.resolve(baseUrl);
  const interfaces = (card.supportedInterfaces ?? []).filter(
    (i) => i.protocolBinding?.toUpperCase() === 'JSONRPC' && isVersion(mode, i.protocolVersion));
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ legacyCompat })],
    cardResolver: resolver,
  });
  // The factory prefers a 1.0 interface; a 0.3 client is built from the card narrowed to the 0.3 interfaces.
  const client = interfaces.length === 0
    ? undefined
    : await factory.createFromAgentCard({ ...card, supportedInterfaces: interfaces });
  return { card, interfaces, client };
}

/**
 * A client built the way a client that knows only 0.3 reads the card: its top-level `url`, `preferredTransport` and
 * `protocolVersion`, ignoring 1.0's `supportedInterfaces`.
 */
export async function legacyClient(baseUrl) {
  const response = await fetch(new URL('/.well-known/agent-card.json', baseUrl));
  if (!response.ok) {
    throw new Error(`GET /.well-known/agent-card.json answered ${response.status}`);
  }
  const { supportedInterfaces, ...legacyFields } = await response.json();
  const card = parseLegacyAgentCard(legacyFields);
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ legacyCompat: { enabled: true } })] });
  return { card, client: await factory.createFromAgentCard(card) };
}
