# The Helidon server image on Cloud Run.
resource "google_cloud_run_v2_service" "agent" {
  name                = "${var.name_prefix}-server"
  location            = var.region
  ingress             = "INGRESS_TRAFFIC_ALL"
  deletion_protection = false

  template {
    service_account                  = google_service_account.runtime.email
    max_instance_request_concurrency = var.max_instance_request_concurrency
    timeout                          = "${var.request_timeout_seconds}s"

    scaling {
      min_instance_count = var.min_instance_count
      max_instance_count = var.max_instance_count
    }

    # Direct VPC egress to Memorystore's private address (memorystore.tf); other traffic goes out directly.
    dynamic "vpc_access" {
      for_each = local.use_memorystore ? [1] : []
      content {
        egress = "PRIVATE_RANGES_ONLY"
        network_interfaces {
          network    = var.network
          subnetwork = var.subnetwork
        }
      }
    }

    containers {
      image = var.image

      # Cloud Run sets PORT from this (PORT itself is reserved and may not be set here); the server reads PORT.
      ports {
        container_port = 8080
      }

      resources {
        limits = {
          cpu    = var.cpu
          memory = var.memory
        }
        cpu_idle          = true
        startup_cpu_boost = true
      }

      # Cloud Run sends SIGTERM, then SIGKILL 10 s later, and that 10 s cannot be configured.
      # The server stops taking new connections on SIGTERM and lets in-flight requests finish for
      # AGENT_SHUTDOWN_GRACE_SECONDS (8 by default): that leaves about 2 s for the JVM to exit before the kill.
      env {
        name  = "AGENT_SHUTDOWN_GRACE_SECONDS"
        value = tostring(var.shutdown_grace_seconds)
      }

      dynamic "env" {
        for_each = local.agent_environment
        content {
          name  = env.key
          value = env.value
        }
      }

      dynamic "env" {
        for_each = local.use_token_secret ? [local.token_secret_id] : []
        content {
          name = "AGENT_AUTH_TOKEN"
          value_source {
            secret_key_ref {
              secret  = env.value
              version = "latest"
            }
          }
        }
      }

      dynamic "env" {
        for_each = local.use_memorystore ? [google_secret_manager_secret.state_store_password[0].secret_id] : []
        content {
          name = "AGENT_STATE_STORE_PASSWORD"
          value_source {
            secret_key_ref {
              secret  = env.value
              version = "latest"
            }
          }
        }
      }

      dynamic "env" {
        for_each = local.use_state_key_secret ? [local.state_key_secret_id] : []
        content {
          name = "AGENT_MCP_STATE_KEY"
          value_source {
            secret_key_ref {
              secret  = env.value
              version = "latest"
            }
          }
        }
      }

      dynamic "env" {
        for_each = local.use_openai_key_secret ? [var.openai_api_key_secret_id] : []
        content {
          name = "OPENAI_API_KEY"
          value_source {
            secret_key_ref {
              secret  = env.value
              version = "latest"
            }
          }
        }
      }

      # Traffic is sent only once /health answers 200; the JVM and agent load within a few seconds.
      startup_probe {
        initial_delay_seconds = 0
        period_seconds        = 1
        timeout_seconds       = 1
        failure_threshold     = 30

        http_get {
          path = "/health"
          port = 8080
        }
      }

      liveness_probe {
        period_seconds    = 15
        timeout_seconds   = 3
        failure_threshold = 3

        http_get {
          path = "/health"
          port = 8080
        }
      }
    }
  }

  # A run must end (504 in the contract's shape) before Cloud Run cuts the request off without an answer.
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

resource "google_cloud_run_v2_service_iam_member" "public_server" {
  count = var.public ? 1 : 0

  name     = google_cloud_run_v2_service.agent.name
  location = google_cloud_run_v2_service.agent.location
  role     = "roles/run.invoker"
  member   = "allUsers"
}
