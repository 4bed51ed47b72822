package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The interfaces a card declares, as the A2A rules read them for each version. */
class A2aCardTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void a_1_0_card_declares_its_supported_interfaces_by_binding_and_version() throws Exception {
        List<Endpoint> endpoints = A2aCard.endpoints(JSON.readTree("""
                {"supportedInterfaces":[
                  {"url":"https://agents.example.com/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
                  {"url":"https://agents.example.com/","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}]}"""));
        assertEquals(List.of(
                new Endpoint(Version.V1_0, "JSONRPC", "https://agents.example.com/rpc", "/rpc"),
                new Endpoint(Version.V1_0, "HTTP+JSON", "https://agents.example.com/", "/")), endpoints);
    }

    @Test
    void a_0_3_card_declares_json_rpc_at_its_url_by_default_and_its_additional_interfaces() throws Exception {
        List<Endpoint> endpoints = A2aCard.endpoints(JSON.readTree("""
                {"url":"http://localhost:9000","protocolVersion":"0.3.0",
                 "additionalInterfaces":[{"url":"http://localhost:9000/rest","transport":"HTTP+JSON"}]}"""));
        assertEquals(List.of(
                new Endpoint(Version.V0_3, "JSONRPC", "http://localhost:9000", "/"),
                new Endpoint(Version.V0_3, "HTTP+JSON", "http://localhost:9000/rest", "/rest")), endpoints);
    }

    @Test
    void a_card_of_both_versions_lists_each_interface_once() throws Exception {
        List<Endpoint> endpoints = A2aCard.endpoints(JSON.readTree("""
                {"url":"http://h/","protocolVersion":"0.3.0","preferredTransport":"JSONRPC","supportedInterfaces":[
                  {"url":"http://h/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"},
                  {"url":"http://h/a2a","protocolBinding":"JSONRPC","protocolVersion":"0.3"}]}"""));
        assertEquals(List.of(
                new Endpoint(Version.V1_0, "JSONRPC", "http://h/a2a", "/a2a"),
                new Endpoint(Version.V0_3, "JSONRPC", "http://h/a2a", "/a2a")), endpoints);
    }
}
