// Reads the agent card and builds the SDK's client for one mode, as an SDK user would: JSON-RPC in A2A 1.0 or 0.3,
// or the HTTP+JSON (REST) binding of A2A 1.0.
import {
  ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory,
} from '@a2a-js/sdk/client';
import { parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';

export const MODES = ['1.0', '0.3', 'rest'];

/** The binding and protocol version each mode speaks. */
export const BINDINGS = {
  '1.0': { binding: 'JSONRPC', version: '1.0' },
  '0.3': { binding: 'JSONRPC', version: '0.3' },
  rest: { binding: 'HTTP+JSON', version: '1.0' },
};

function isVersion(mode, protocolVersion) {
  return (protocolVersion ?? '') === mode || (protocolVersion ?? '').startsWith(`${mode}.`);
}

/**
 * The card through the SDK's resolver, the interfaces it names for `mode`'s binding and version, and a client on that
 * interface. In 0.3 mode the SDK's compat layer is on, so the client speaks 0.3's wire shapes (slash methods, `kind`);
 * in rest mode the client is the SDK's RestTransport, which the factory picks by the card's `HTTP+JSON` interface.
 */
export async function connect(baseUrl, mode) {
  const { binding, version } = BINDINGS[mode];
  const legacyCompat = { enabled: mode === '0.3' };
  const resolver = new DefaultAgentCardResolver({ legacyCompat });
  const card = await resolver.resolve(baseUrl);
  const interfaces = (card.supportedInterfaces ?? []).filter(
    (i) => i.protocolBinding?.toUpperCase() === binding && isVersion(version, i.protocolVersion));
  const transport = binding === 'HTTP+JSON'
    ? new RestTransportFactory()
    : new JsonRpcTransportFactory({ legacyCompat });
  const factory = new ClientFactory({ transports: [transport], cardResolver: resolver });
  // The factory prefers a 1.0 interface; a client is built from the card narrowed to the mode's interfaces.
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
