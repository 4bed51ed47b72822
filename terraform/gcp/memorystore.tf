# The state of the service and the function: one Memorystore for Redis instance in the region, attached to var.network
# (direct peering), with AUTH on. Its auth string goes to Secret Manager and reaches both as AGENT_STATE_STORE_PASSWORD;
# AGENT_STATE_STORE holds only redis://host:port (rediss:// with in-transit encryption).
# How each reaches the instance's private address:
# - Cloud Run: Direct VPC egress (template.vpc_access.network_interfaces), no connector needed;
# - Cloud Functions (2nd gen): its API offers only a Serverless VPC Access connector (service_config.vpc_connector).
# Both send only private ranges through the network; everything else still goes out directly.
# With state_store = "memory" none of this is created, and state lives in each instance.
locals {
  use_memorystore = var.state_store == "memorystore"
  state_store_url = (local.use_memorystore
    ? "${var.redis_transit_encryption ? "rediss" : "redis"}://${google_redis_instance.state[0].host}:${google_redis_instance.state[0].port}"
  : "memory")
  network_id = "projects/${var.project}/global/networks/${var.network}"
}

resource "google_redis_instance" "state" {
  count = local.use_memorystore ? 1 : 0

  name                    = "${var.name_prefix}-state"
  region                  = var.region
  tier                    = var.redis_tier
  memory_size_gb          = var.redis_memory_size_gb
  redis_version           = var.redis_version
  authorized_network      = local.network_id
  connect_mode            = "DIRECT_PEERING"
  auth_enabled            = true
  transit_encryption_mode = var.redis_transit_encryption ? "SERVER_AUTHENTICATION" : "DISABLED"

  depends_on = [google_project_service.required]
}

resource "google_vpc_access_connector" "state" {
  count = local.use_memorystore ? 1 : 0

  name          = "${var.name_prefix}-conn"
  region        = var.region
  network       = var.network
  ip_cidr_range = var.vpc_connector_cidr
  min_instances = 2
  max_instances = 3

  depends_on = [google_project_service.required]
}

# The auth string, kept in Secret Manager (and in the Terraform state: protect it), never as a plain value.
resource "google_secret_manager_secret" "state_store_password" {
  count = local.use_memorystore ? 1 : 0

  secret_id = "${var.name_prefix}-state-store-password"

  replication {
    auto {}
  }

  depends_on = [google_project_service.required]
}

resource "google_secret_manager_secret_version" "state_store_password" {
  count = local.use_memorystore ? 1 : 0

  secret      = google_secret_manager_secret.state_store_password[0].id
  secret_data = google_redis_instance.state[0].auth_string
}

resource "google_secret_manager_secret_iam_member" "runtime_reads_state_store_password" {
  count = local.use_memorystore ? 1 : 0

  secret_id = google_secret_manager_secret.state_store_password[0].secret_id
  role      = "roles/secretmanager.secretAccessor"
  member    = "serviceAccount:${google_service_account.runtime.email}"
}
