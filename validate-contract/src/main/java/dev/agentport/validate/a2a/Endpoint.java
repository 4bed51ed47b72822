package dev.agentport.validate.a2a;

/**
 * One interface a card lists.
 *
 * @param version the protocol version
 * @param binding {@code JSONRPC}, {@code HTTP+JSON}, {@code GRPC} or a custom URI
 * @param url     the interface's URL as the card gives it
 * @param path    the URL's path, which the rules send to on the server under test
 */
record Endpoint(Version version, String binding, String url, String path) {
}
