package dev.agentport.jsonrpc;

/** What a JSON-RPC method asks for, whatever its name in the request's protocol version. */
enum Operation {
    SEND,
    STREAM,
    GET,
    LIST,
    CANCEL,
    SUBSCRIBE,
    EXTENDED_CARD,
    PUSH_CONFIG
}
