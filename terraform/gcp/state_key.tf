# AGENT_MCP_STATE_KEY comes from Secret Manager, never from a plain environment value:
# - agent_mcp_state_key set: a secret is created here and holds it;
# - agent_mcp_state_key_secret_id set: that existing secret is used;
# - both empty: each instance draws its own key, so a 2026-07-28 MCP retry must reach the instance that asked.
locals {
  # Whether a key was given is not itself secret; count may not use sensitive values.
  create_state_key_secret = nonsensitive(var.agent_mcp_state_key != "")
  use_state_key_secret    = local.create_state_key_secret || var.agent_mcp_state_key_secret_id != ""
  state_key_secret_id = (local.create_state_key_secret
    ? google_secret_manager_secret.mcp_state_key[0].secret_id
  : var.agent_mcp_state_key_secret_id)
}

resource "google_secret_manager_secret" "mcp_state_key" {
  count = local.create_state_key_secret ? 1 : 0

  secret_id = "${var.name_prefix}-mcp-state-key"

  replication {
    auto {}
  }

  depends_on = [google_project_service.required]
}

resource "google_secret_manager_secret_version" "mcp_state_key" {
  count = local.create_state_key_secret ? 1 : 0

  secret      = google_secret_manager_secret.mcp_state_key[0].id
  secret_data = var.agent_mcp_state_key
}

resource "google_secret_manager_secret_iam_member" "runtime_reads_mcp_state_key" {
  count = local.use_state_key_secret ? 1 : 0

  secret_id = local.state_key_secret_id
  role      = "roles/secretmanager.secretAccessor"
  member    = "serviceAccount:${google_service_account.runtime.email}"
}
