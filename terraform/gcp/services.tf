# APIs the deployment needs. They stay on when the deployment is destroyed, since other things may use them.
locals {
  required_apis = [
    "run.googleapis.com",
    "cloudfunctions.googleapis.com",
    "cloudbuild.googleapis.com",
    "artifactregistry.googleapis.com",
    "secretmanager.googleapis.com",
    "iam.googleapis.com",
    "storage.googleapis.com",
  ]
  # Memorystore, the connector, and the network they use; only with state_store = "memorystore".
  state_apis = ["redis.googleapis.com", "vpcaccess.googleapis.com", "compute.googleapis.com"]
}

resource "google_project_service" "required" {
  for_each = toset(concat(local.required_apis, var.state_store == "memorystore" ? local.state_apis : []))

  service            = each.value
  disable_on_destroy = false
}

# The identity the service and the function run as: it may read the token, state store and MCP state key secrets and
# nothing else.
resource "google_service_account" "runtime" {
  account_id   = "${var.name_prefix}-runtime"
  display_name = "AgentPort runtime (Cloud Run service and Cloud Function)"

  depends_on = [google_project_service.required]
}
