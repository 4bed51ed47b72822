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
