# AGENT_AUTH_TOKEN comes from Secret Manager, never from a plain environment value:
# - agent_auth_token set: a secret is created here and holds it;
# - agent_auth_token_secret_id set: that existing secret is used;
# - both empty: no token, so the agent's endpoints are open (only for trials).
locals {
  # Whether a token was given is not itself secret; count may not use sensitive values.
  create_token_secret = nonsensitive(var.agent_auth_token != "")
  use_token_secret    = local.create_token_secret || var.agent_auth_token_secret_id != ""
  token_secret_id = (local.create_token_secret
    ? google_secret_manager_secret.auth_token[0].secret_id
  : var.agent_auth_token_secret_id)
}

resource "google_secret_manager_secret" "auth_token" {
  count = local.create_token_secret ? 1 : 0

  secret_id = "${var.name_prefix}-auth-token"

  replication {
    auto {}
  }

  depends_on = [google_project_service.required]
}

resource "google_secret_manager_secret_version" "auth_token" {
  count = local.create_token_secret ? 1 : 0

  secret      = google_secret_manager_secret.auth_token[0].id
  secret_data = var.agent_auth_token
}

resource "google_secret_manager_secret_iam_member" "runtime_reads_token" {
  count = local.use_token_secret ? 1 : 0

  secret_id = local.token_secret_id
  role      = "roles/secretmanager.secretAccessor"
  member    = "serviceAccount:${google_service_account.runtime.email}"
}
