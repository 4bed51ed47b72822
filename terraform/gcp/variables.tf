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

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{2,19}$", var.name_prefix))
    error_message = "name_prefix must be 3 to 20 lower-case letters, digits and -, starting with a letter (the connector name allows no more)."
  }
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

variable "agent_mcp_state_key" {
  description = "AGENT_MCP_STATE_KEY: the secret (32 characters or more) that signs MCP requestStates; the service, the function and every instance must share it, or a 2026-07-28 retry landing on another instance is refused. When set, it is stored in Secret Manager (and in the Terraform state). Leave empty to use agent_mcp_state_key_secret_id instead."
  type        = string
  default     = ""
  sensitive   = true

  validation {
    condition     = var.agent_mcp_state_key == "" || length(var.agent_mcp_state_key) >= 32
    error_message = "agent_mcp_state_key must be empty or at least 32 characters long."
  }
}

variable "agent_mcp_state_key_secret_id" {
  description = "Id of an existing Secret Manager secret holding AGENT_MCP_STATE_KEY (its latest version is used). When both state key variables are empty, each instance draws its own key."
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

  validation {
    condition     = var.agent_max_body_bytes >= 1 && var.agent_max_body_bytes <= 33554432
    error_message = "agent_max_body_bytes must be between 1 and 33554432: Cloud Run caps HTTP/1 requests at 32 MiB."
  }
}

variable "agent_run_timeout_seconds" {
  description = "AGENT_RUN_TIMEOUT_SECONDS: longest a run may take; 0 leaves it to the request timeout."
  type        = number
  default     = 0

  validation {
    condition     = var.agent_run_timeout_seconds >= 0 && var.agent_run_timeout_seconds <= 3600
    error_message = "agent_run_timeout_seconds must be between 0 and 3600."
  }
}

variable "agent_public_url" {
  description = "AGENT_PUBLIC_URL: the URL callers use, shown in the agent card and OpenAPI servers; empty keeps them relative."
  type        = string
  default     = ""

  validation {
    condition     = var.agent_public_url == "" || can(regex("^https?://[^/?#]+", var.agent_public_url))
    error_message = "agent_public_url must be empty or an absolute http(s) URL."
  }
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

  validation {
    condition     = var.max_instance_request_concurrency >= 1 && var.max_instance_request_concurrency <= 1000
    error_message = "max_instance_request_concurrency must be between 1 and 1000."
  }
}

variable "min_instance_count" {
  description = "Instances kept warm (0 scales to zero and pays a cold start)."
  type        = number
  default     = 0

  validation {
    condition     = var.min_instance_count >= 0
    error_message = "min_instance_count must not be negative."
  }
}

variable "max_instance_count" {
  description = "Upper bound of instances, for both the service and the function."
  type        = number
  default     = 10

  validation {
    condition     = var.max_instance_count >= 1
    error_message = "max_instance_count must be at least 1."
  }
}

variable "request_timeout_seconds" {
  description = "Longest a request may take on Cloud Run and on the function, streams included (up to 3600)."
  type        = number
  default     = 300

  validation {
    condition     = var.request_timeout_seconds >= 1 && var.request_timeout_seconds <= 3600
    error_message = "request_timeout_seconds must be between 1 and 3600."
  }
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

variable "state_store" {
  description = "Where state lives (AGENT_STATE_STORE): memorystore creates a Memorystore for Redis instance the service and the function share, so any instance continues any conversation; memory keeps state per instance, lost when it stops, and creates no instance, connector or secret."
  type        = string
  default     = "memorystore"

  validation {
    condition     = contains(["memorystore", "memory"], var.state_store)
    error_message = "state_store must be memorystore or memory."
  }
}

variable "redis_tier" {
  description = "Memorystore tier: BASIC (one node, no replica) or STANDARD_HA (a replica in another zone, automatic failover)."
  type        = string
  default     = "BASIC"

  validation {
    condition     = contains(["BASIC", "STANDARD_HA"], var.redis_tier)
    error_message = "redis_tier must be BASIC or STANDARD_HA."
  }
}

variable "redis_memory_size_gb" {
  description = "Memorystore capacity in GiB (1 to 300)."
  type        = number
  default     = 1

  validation {
    condition     = var.redis_memory_size_gb >= 1 && var.redis_memory_size_gb <= 300
    error_message = "redis_memory_size_gb must be between 1 and 300."
  }
}

variable "redis_version" {
  description = "Memorystore's Redis version, e.g. REDIS_7_2."
  type        = string
  default     = "REDIS_7_2"

  validation {
    condition     = can(regex("^REDIS_[0-9]+(_[0-9]+)?$", var.redis_version))
    error_message = "redis_version must look like REDIS_7_2."
  }
}

variable "redis_transit_encryption" {
  description = "Encrypt traffic to Memorystore (TLS, rediss://, port 6378). The instance's certificate is signed by its own CA (output redis_server_ca_certs), which the client must trust."
  type        = bool
  default     = false
}

variable "network" {
  description = "VPC network Memorystore is attached to and the service and the function reach it through."
  type        = string
  default     = "default"
}

variable "subnetwork" {
  description = "Subnetwork, in region, Cloud Run's Direct VPC egress takes its addresses from (the default network has one named default in every region)."
  type        = string
  default     = "default"
}

variable "vpc_connector_cidr" {
  description = "Unused /28 range of the network for the Serverless VPC Access connector the Cloud Function reaches Memorystore through."
  type        = string
  default     = "10.8.0.0/28"

  validation {
    condition     = can(cidrhost(var.vpc_connector_cidr, 0)) && endswith(var.vpc_connector_cidr, "/28")
    error_message = "vpc_connector_cidr must be a /28 range such as 10.8.0.0/28."
  }
}

variable "agent_state_ttl_seconds" {
  description = "AGENT_STATE_TTL_SECONDS: how long state is kept after its last change (7 days by default; at most 366 days)."
  type        = number
  default     = 604800

  validation {
    condition     = var.agent_state_ttl_seconds >= 1 && var.agent_state_ttl_seconds <= 31622400
    error_message = "agent_state_ttl_seconds must be between 1 and 31622400 (366 days)."
  }
}

variable "agent_faces" {
  description = "AGENT_FACES: the contracts to serve as a comma list, e.g. agentbreeder,mcp; empty serves the default faces."
  type        = string
  default     = ""

  validation {
    condition     = can(regex("^[A-Za-z0-9, -]*$", var.agent_faces))
    error_message = "agent_faces must be a comma list of face names."
  }
}

variable "agent_health_format" {
  description = "AGENT_HEALTH_FORMAT: the form /health takes, agentbreeder or daedalus; empty takes the first enabled of the two."
  type        = string
  default     = ""

  validation {
    condition     = contains(["", "agentbreeder", "daedalus"], var.agent_health_format)
    error_message = "agent_health_format must be empty, agentbreeder or daedalus."
  }
}

variable "agent_aion_daemon" {
  description = "AGENT_AION_DAEMON: the Aion daemon extension of the A2A face, off, optional or required."
  type        = string
  default     = "off"

  validation {
    condition     = contains(["off", "optional", "required"], var.agent_aion_daemon)
    error_message = "agent_aion_daemon must be off, optional or required."
  }
}

variable "agent_mcp" {
  description = "The MCP face's settings (AGENT_MCP_*): sessions (stateless or store), allowed_hosts, downstream (name=url pairs), server_name, title, and the model capabilities (model, vision, context_window, max_output_tokens). Empty values leave a setting unset."
  type = object({
    sessions          = optional(string, "stateless")
    allowed_hosts     = optional(string, "")
    downstream        = optional(string, "")
    server_name       = optional(string, "")
    title             = optional(string, "")
    model             = optional(string, "")
    vision            = optional(string, "")
    context_window    = optional(string, "")
    max_output_tokens = optional(string, "")
  })
  default = {}

  validation {
    condition     = contains(["stateless", "store"], var.agent_mcp.sessions)
    error_message = "agent_mcp.sessions must be stateless or store."
  }
  validation {
    condition     = var.agent_mcp.server_name == "" || can(regex("^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$", var.agent_mcp.server_name))
    error_message = "agent_mcp.server_name must be a reverse-DNS name with one slash, e.g. com.example/research-agent."
  }
  validation {
    condition     = contains(["", "true", "false"], var.agent_mcp.vision)
    error_message = "agent_mcp.vision must be empty, true or false."
  }
  validation {
    condition     = alltrue([for n in [var.agent_mcp.context_window, var.agent_mcp.max_output_tokens] : can(regex("^$|^[1-9][0-9]{0,8}$", n))])
    error_message = "agent_mcp.context_window and agent_mcp.max_output_tokens must be empty or positive whole numbers."
  }
}

variable "agent_startup_timeout" {
  description = "STARTUP_TIMEOUT: the longest the agent may take to load before it is reported failed, a duration such as 60s or 1m30s."
  type        = string
  default     = "60s"

  validation {
    condition     = can(regex("^([0-9]+(\\.[0-9]+)?(ns|us|ms|s|m|h))+$", var.agent_startup_timeout))
    error_message = "agent_startup_timeout must be a duration such as 60s or 1m30s."
  }
}

variable "log_level" {
  description = "LOG_LEVEL of the JSON log lines: TRACE, DEBUG, INFO, WARN, ERROR or OFF."
  type        = string
  default     = "INFO"

  validation {
    condition     = contains(["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF"], var.log_level)
    error_message = "log_level must be TRACE, DEBUG, INFO, WARN, ERROR or OFF."
  }
}

variable "otel_exporter_otlp_endpoint" {
  description = "OTEL_EXPORTER_OTLP_ENDPOINT: where traces are sent over OTLP/HTTP; empty sends none."
  type        = string
  default     = ""

  validation {
    condition     = var.otel_exporter_otlp_endpoint == "" || can(regex("^https?://", var.otel_exporter_otlp_endpoint))
    error_message = "otel_exporter_otlp_endpoint must be empty or an http(s) URL."
  }
}

variable "agent_model" {
  description = "The built-in model agent: provider (AGENT_MODEL_PROVIDER, e.g. openai; empty serves the default or your agent and leaves the rest unused), name (AGENT_MODEL_NAME, e.g. gpt-4o-mini), openai_base_url (OPENAI_BASE_URL, any OpenAI-compatible API; empty calls the official one), system_prompt (AGENT_SYSTEM_PROMPT). The key comes from openai_api_key_secret_arn_id."
  type = object({
    provider        = optional(string, "")
    name            = optional(string, "")
    openai_base_url = optional(string, "")
    system_prompt   = optional(string, "")
  })
  default = {}

  validation {
    condition     = var.agent_model.openai_base_url == "" || can(regex("^https?://", var.agent_model.openai_base_url))
    error_message = "agent_model.openai_base_url must be empty or an http(s) URL."
  }
}

variable "openai_api_key_secret_id" {
  description = "Id of an existing Secret Manager secret holding OPENAI_API_KEY (its latest version is read at start); the runtime service account is granted secretAccessor on it. Empty sets no key."
  type        = string
  default     = ""
}
