variable "region" {
  description = "AWS region to deploy into."
  type        = string
  default     = "us-east-1"
}

variable "name_prefix" {
  description = "Prefix of every resource name (functions, role, API)."
  type        = string
  default     = "agentport"
}

variable "agent_auth_token" {
  description = "Bearer token the protected endpoints require (AGENT_AUTH_TOKEN). Empty disables auth: only for trials."
  type        = string
  default     = ""
  sensitive   = true
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
  description = "AGENT_MAX_BODY_BYTES: largest request body accepted; larger gets 413. Lambda itself caps payloads at 6 MB."
  type        = number
  default     = 1048576
}

variable "agent_run_timeout_seconds" {
  description = "AGENT_RUN_TIMEOUT_SECONDS: longest a run may take; 0 leaves it to the function timeout."
  type        = number
  default     = 0
}

variable "agent_public_url" {
  description = "AGENT_PUBLIC_URL: the URL callers use, shown in the agent card and OpenAPI servers; empty keeps them relative."
  type        = string
  default     = ""
}

variable "memory_size" {
  description = "Memory of both functions in MB (CPU grows with it; 1024 or more keeps JVM cold starts short)."
  type        = number
  default     = 1024
}

variable "timeout" {
  description = "Timeout of the managed-runtime function in seconds. API Gateway HTTP APIs give up after 30 s anyway."
  type        = number
  default     = 30
}

variable "streaming_timeout" {
  description = "Timeout of the streaming function in seconds (Function URLs allow up to 900)."
  type        = number
  default     = 300
}

variable "architecture" {
  description = "Instruction set of the managed-runtime function: x86_64 or arm64 (its zip is pure Java). The streaming function stays on x86_64, the architecture of the JRE its zip carries."
  type        = string
  default     = "x86_64"

  validation {
    condition     = contains(["x86_64", "arm64"], var.architecture)
    error_message = "architecture must be x86_64 or arm64."
  }
}

variable "lambda_zip" {
  description = "The managed-runtime (java21) package built by ./mvnw package. Relative paths are taken from this directory."
  type        = string
  default     = "../../adapter-lambda/target/agentport-lambda.zip"
}

variable "streaming_zip" {
  description = "The response-streaming custom-runtime (provided.al2023) package built by ./mvnw package."
  type        = string
  default     = "../../adapter-lambda/target/agentport-lambda-streaming.zip"
}
