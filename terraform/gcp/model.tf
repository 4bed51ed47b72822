# OPENAI_API_KEY comes from an existing Secret Manager secret, never from a plain value: the service and the function
# read its latest version at start (secret_key_ref, secret_environment_variables), and the runtime service account is
# given secretAccessor on that one secret. Empty openai_api_key_secret_id sets no key.
locals {
  use_openai_key_secret = var.openai_api_key_secret_id != ""
}

resource "google_secret_manager_secret_iam_member" "runtime_reads_openai_api_key" {
  count = local.use_openai_key_secret ? 1 : 0

  secret_id = var.openai_api_key_secret_id
  role      = "roles/secretmanager.secretAccessor"
  member    = "serviceAccount:${google_service_account.runtime.email}"
}
