# The Cloud Functions (2nd gen) variant, deployed from the prebuilt jar: the source archive holds only
# agentport-gcf.jar, and the Java buildpack runs it with the Functions Framework.
data "archive_file" "gcf_source" {
  type        = "zip"
  source_file = var.gcf_jar
  output_path = "${path.module}/build/agentport-gcf-source.zip"
}

resource "google_storage_bucket" "gcf_source" {
  name                        = "${var.project}-${var.name_prefix}-gcf-source"
  location                    = var.region
  uniform_bucket_level_access = true
  force_destroy               = true

  depends_on = [google_project_service.required]
}

# Named after the archive's hash, so a new jar means a new object and a new deployment.
resource "google_storage_bucket_object" "gcf_source" {
  name   = "agentport-gcf-${data.archive_file.gcf_source.output_md5}.zip"
  bucket = google_storage_bucket.gcf_source.name
  source = data.archive_file.gcf_source.output_path
}

resource "google_cloudfunctions2_function" "agent" {
  name     = "${var.name_prefix}-function"
  location = var.region

  build_config {
    runtime     = "java21"
    entry_point = "dev.agentport.gcf.AgentPortFunction"

    source {
      storage_source {
        bucket = google_storage_bucket.gcf_source.name
        object = google_storage_bucket_object.gcf_source.name
      }
    }
  }

  service_config {
    available_memory                 = var.memory
    available_cpu                    = var.cpu
    timeout_seconds                  = var.request_timeout_seconds
    min_instance_count               = var.min_instance_count
    max_instance_count               = var.max_instance_count
    max_instance_request_concurrency = var.max_instance_request_concurrency
    ingress_settings                 = "ALLOW_ALL"
    all_traffic_on_latest_revision   = true
    service_account_email            = google_service_account.runtime.email
    environment_variables            = local.agent_environment
    # Cloud Functions' API has no Direct VPC egress: a Serverless VPC Access connector reaches Memorystore.
    vpc_connector                 = local.use_memorystore ? google_vpc_access_connector.state[0].id : null
    vpc_connector_egress_settings = local.use_memorystore ? "PRIVATE_RANGES_ONLY" : null

    dynamic "secret_environment_variables" {
      for_each = local.use_token_secret ? [local.token_secret_id] : []
      content {
        key        = "AGENT_AUTH_TOKEN"
        project_id = var.project
        secret     = secret_environment_variables.value
        version    = "latest"
      }
    }

    dynamic "secret_environment_variables" {
      for_each = local.use_memorystore ? [google_secret_manager_secret.state_store_password[0].secret_id] : []
      content {
        key        = "AGENT_STATE_STORE_PASSWORD"
        project_id = var.project
        secret     = secret_environment_variables.value
        version    = "latest"
      }
    }

    dynamic "secret_environment_variables" {
      for_each = local.use_state_key_secret ? [local.state_key_secret_id] : []
      content {
        key        = "AGENT_MCP_STATE_KEY"
        project_id = var.project
        secret     = secret_environment_variables.value
        version    = "latest"
      }
    }

    dynamic "secret_environment_variables" {
      for_each = local.use_openai_key_secret ? [var.openai_api_key_secret_id] : []
      content {
        key        = "OPENAI_API_KEY"
        project_id = var.project
        secret     = secret_environment_variables.value
        version    = "latest"
      }
    }
  }

  lifecycle {
    precondition {
      condition     = var.agent_run_timeout_seconds == 0 || var.agent_run_timeout_seconds < var.request_timeout_seconds
      error_message = "agent_run_timeout_seconds must be 0 or shorter than request_timeout_seconds."
    }
  }

  depends_on = [
    google_project_service.required,
    google_secret_manager_secret_iam_member.runtime_reads_token,
    google_secret_manager_secret_version.auth_token,
    google_secret_manager_secret_iam_member.runtime_reads_state_store_password,
    google_secret_manager_secret_version.state_store_password,
    google_secret_manager_secret_iam_member.runtime_reads_mcp_state_key,
    google_secret_manager_secret_version.mcp_state_key,
    google_secret_manager_secret_iam_member.runtime_reads_openai_api_key,
  ]
}

# A 2nd-gen function is served by a Cloud Run service; callers need roles/run.invoker on it.
resource "google_cloud_run_v2_service_iam_member" "public_function" {
  count = var.public ? 1 : 0

  name     = google_cloudfunctions2_function.agent.service_config[0].service
  location = var.region
  role     = "roles/run.invoker"
  member   = "allUsers"
}
