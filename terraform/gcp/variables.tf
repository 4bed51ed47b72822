variable "project" {
  description = "Google Cloud project id to deploy into."
  type        = string
}

variable "region" {
  description = "Region of the Cloud Run service, the function and the source bucket."
  type        = string
  default     = "europe-west1"
}

variable "name_prefix" {
  description = "Prefix of every resource name (service, function, bucket, secret, service account)."
  type        = string
  default     = "agentport"
}

variable "image" {
  description = "Container image of the Helidon server for Cloud Run, e.g. REGION-docker.pkg.dev/PROJECT/REPO/agentport:TAG (built with Jib or the Dockerfile)."
  type        = string
}

variable "agent_auth_token" {
  description = "Bearer token the protected endpoints require. When set, it is stored in Secret Manager (and in the Terraform state). Leave empty to use agent_auth_token_secret_id instead."
  type        = string
  default     = ""
  sensitive   = true
}

variable "agent_auth_token_secret_id" {
  description = "Id of an existing Secret Manager secret holding the token (its latest version is used). When both token variables are empty, auth is off."
  type        = string
  default     = ""
}

variable "agent_name" {
  description = "AGENT_NAME: overrides the agent's own name; empty keeps it."
  type        = string
  default     = ""
}

variable "agent_version" {
  description = "AGENT_VERSION: overrides the agent's own version; empty keeps it."
  type        = string
  default     = ""
}

variable "agent_framework" {
  description = "AGENT_FRAMEWORK: framework hint shown by /health and the agent card; empty leaves it out."
  type        = string
  default     = ""
}

variable "agent_max_body_bytes" {
  description = "AGENT_MAX_BODY_BYTES: largest request body accepted; larger gets 413."
  type        = number
  default     = 1048576
}

variable "agent_run_timeout_seconds" {
  description = "AGENT_RUN_TIMEOUT_SECONDS: longest a run may take; 0 leaves it to the request timeout."
  type        = number
  default     = 0
}

variable "agent_public_url" {
  description = "AGENT_PUBLIC_URL: the URL callers use, shown in the agent card and OpenAPI servers; empty keeps them relative."
  type        = string
  default     = ""
}

variable "public" {
  description = "Let anyone on the internet call the service and the function (roles/run.invoker for allUsers). Set a token when you do."
  type        = bool
  default     = false
}

variable "cpu" {
  description = "CPU limit of each Cloud Run instance."
  type        = string
  default     = "1"
}

variable "memory" {
  description = "Memory limit of each Cloud Run instance and of the function."
  type        = string
  default     = "1Gi"
}

variable "max_instance_request_concurrency" {
  description = "Requests one Cloud Run instance serves at once (the server uses virtual threads, so this can be high)."
  type        = number
  default     = 80
}

variable "min_instance_count" {
  description = "Instances kept warm (0 scales to zero and pays a cold start)."
  type        = number
  default     = 0
}

variable "max_instance_count" {
  description = "Upper bound of instances, for both the service and the function."
  type        = number
  default     = 10
}

variable "request_timeout_seconds" {
  description = "Longest a request may take on Cloud Run and on the function, streams included (up to 3600)."
  type        = number
  default     = 300
}

variable "gcf_jar" {
  description = "The Cloud Functions jar built by ./mvnw package. Relative paths are taken from this directory."
  type        = string
  default     = "../../adapter-gcf/target/agentport-gcf.jar"
}

variable "shutdown_grace_seconds" {
  description = "AGENT_SHUTDOWN_GRACE_SECONDS for Cloud Run: how long in-flight requests may finish after SIGTERM. Must stay under Cloud Run's 10 s."
  type        = number
  default     = 8

  validation {
    condition     = var.shutdown_grace_seconds >= 0 && var.shutdown_grace_seconds <= 9
    error_message = "Cloud Run kills the container 10 s after SIGTERM: keep shutdown_grace_seconds between 0 and 9."
  }
}
