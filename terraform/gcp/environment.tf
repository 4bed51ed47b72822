locals {
  # Plain settings shared by the service and the function. Empty strings count as "not set" for the runtime.
  # AGENT_AUTH_TOKEN comes from Secret Manager (secret.tf); PORT is set by the platform.
  agent_environment = {
    AGENT_NAME                = var.agent_name
    AGENT_VERSION             = var.agent_version
    AGENT_FRAMEWORK           = var.agent_framework
    AGENT_MAX_BODY_BYTES      = tostring(var.agent_max_body_bytes)
    AGENT_RUN_TIMEOUT_SECONDS = tostring(var.agent_run_timeout_seconds)
    AGENT_PUBLIC_URL          = var.agent_public_url
  }
}
