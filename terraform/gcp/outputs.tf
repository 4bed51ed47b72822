output "cloud_run_url" {
  description = "URL of the Helidon server on Cloud Run."
  value       = google_cloud_run_v2_service.agent.uri
}

output "function_url" {
  description = "URL of the Cloud Function (2nd gen)."
  value       = google_cloudfunctions2_function.agent.url
}

output "runtime_service_account" {
  description = "Service account both run as."
  value       = google_service_account.runtime.email
}

output "redis_host" {
  description = "Private address of the Memorystore instance (null with state_store = \"memory\")."
  value       = local.use_memorystore ? google_redis_instance.state[0].host : null
}

output "redis_server_ca_certs" {
  description = "With redis_transit_encryption: the CA certificates (PEM) the instance's TLS certificate is signed by."
  value       = local.use_memorystore && var.redis_transit_encryption ? google_redis_instance.state[0].server_ca_certs[*].cert : null
}
