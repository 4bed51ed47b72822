locals {
  # Plain settings shared by the service and the function. Empty strings count as "not set" for the runtime.
  # AGENT_AUTH_TOKEN, AGENT_STATE_STORE_PASSWORD, AGENT_MCP_STATE_KEY and OPENAI_API_KEY come from Secret Manager
  # (secret.tf, memorystore.tf, state_key.tf, model.tf); PORT is set by the platform; AGENT_SHUTDOWN_GRACE_SECONDS is set on Cloud Run only
  # (cloud_run.tf).
  # Left out: A2A_PORT (the platform sets PORT), TERMINATION_GRACE_PERIOD (AGENT_SHUTDOWN_GRACE_SECONDS is set),
  # AGENT_HEADER/BODY/IDLE_TIMEOUT_SECONDS (Google's front end holds the clients' connections and applies the request
  # timeout), AGENT_LOCAL_ADAPTER (loopback only; Cloud Functions refuses it), WORK_DIR (the default, in the temporary
  # directory, is writable on both), AGENT_CLASSPATH and JAVA_OPTS (run-local only), DEFAULT_AGENT_* (the built-in
  # demo agent only), the other OTEL_* (headers may carry credentials: set them from a secret yourself).
  agent_environment = {
    AGENT_NAME                  = var.agent_name
    AGENT_VERSION               = var.agent_version
    AGENT_FRAMEWORK             = var.agent_framework
    AGENT_MAX_BODY_BYTES        = tostring(var.agent_max_body_bytes)
    AGENT_RUN_TIMEOUT_SECONDS   = tostring(var.agent_run_timeout_seconds)
    AGENT_PUBLIC_URL            = var.agent_public_url
    AGENT_FACES                 = var.agent_faces
    AGENT_HEALTH_FORMAT         = var.agent_health_format
    AGENT_AION_DAEMON           = var.agent_aion_daemon
    AGENT_STATE_STORE           = local.state_store_url
    AGENT_STATE_TTL_SECONDS     = tostring(var.agent_state_ttl_seconds)
    AGENT_MCP_SESSIONS          = var.agent_mcp.sessions
    AGENT_MCP_ALLOWED_HOSTS     = var.agent_mcp.allowed_hosts
    AGENT_MCP_DOWNSTREAM        = var.agent_mcp.downstream
    AGENT_MCP_SERVER_NAME       = var.agent_mcp.server_name
    AGENT_MCP_TITLE             = var.agent_mcp.title
    AGENT_MCP_MODEL             = var.agent_mcp.model
    AGENT_MCP_VISION            = var.agent_mcp.vision
    AGENT_MCP_CONTEXT_WINDOW    = var.agent_mcp.context_window
    AGENT_MCP_MAX_OUTPUT_TOKENS = var.agent_mcp.max_output_tokens
    STARTUP_TIMEOUT             = var.agent_startup_timeout
    LOG_LEVEL                   = var.log_level
    OTEL_EXPORTER_OTLP_ENDPOINT = var.otel_exporter_otlp_endpoint
    AGENT_MODEL_PROVIDER        = var.agent_model.provider
    AGENT_MODEL_NAME            = var.agent_model.name
    OPENAI_BASE_URL             = var.agent_model.openai_base_url
    AGENT_SYSTEM_PROMPT         = var.agent_model.system_prompt
  }
}
