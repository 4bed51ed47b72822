variable "region" {
  description = "AWS region to deploy into."
  type        = string
  default     = "us-east-1"
}

variable "name_prefix" {
  description = "Prefix of every resource name (functions, role, API)."
  type        = string
  default     = "agentport"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,30}$", var.name_prefix))
    error_message = "name_prefix must be lower-case letters, digits and -, starting with a letter, at most 31 characters."
  }
}

variable "agent_auth_token" {
  description = "Bearer token the protected endpoints require (AGENT_AUTH_TOKEN). Empty disables auth: only for trials."
  type        = string
  default     = ""
  sensitive   = true
}

variable "agent_mcp_state_key" {
  description = "AGENT_MCP_STATE_KEY: the secret (32 characters or more) that signs MCP requestStates. Set it: both functions and every instance must share it, or a 2026-07-28 retry landing on another instance is refused. Empty draws one per instance."
  type        = string
  default     = ""
  sensitive   = true

  validation {
    condition     = var.agent_mcp_state_key == "" || length(var.agent_mcp_state_key) >= 32
    error_message = "agent_mcp_state_key must be empty or at least 32 characters long."
  }
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

  validation {
    condition     = var.agent_max_body_bytes >= 1 && var.agent_max_body_bytes <= 6291456
    error_message = "agent_max_body_bytes must be between 1 and 6291456: Lambda caps payloads at 6 MB."
  }
}

variable "agent_run_timeout_seconds" {
  description = "AGENT_RUN_TIMEOUT_SECONDS: longest a run may take; 0 leaves it to the function timeout."
  type        = number
  default     = 0

  validation {
    condition     = var.agent_run_timeout_seconds >= 0 && var.agent_run_timeout_seconds <= 900
    error_message = "agent_run_timeout_seconds must be between 0 and 900, the longest a Lambda function runs."
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

variable "memory_size" {
  description = "Memory of both functions in MB (CPU grows with it; 1024 or more keeps JVM cold starts short)."
  type        = number
  default     = 1024

  validation {
    condition     = var.memory_size >= 128 && var.memory_size <= 10240
    error_message = "memory_size must be between 128 and 10240 MB."
  }
}

variable "timeout" {
  description = "Timeout of the managed-runtime function in seconds. API Gateway HTTP APIs give up after 30 s anyway."
  type        = number
  default     = 30

  validation {
    condition     = var.timeout >= 1 && var.timeout <= 900
    error_message = "timeout must be between 1 and 900 seconds."
  }
}

variable "streaming_timeout" {
  description = "Timeout of the streaming function in seconds (Function URLs allow up to 900)."
  type        = number
  default     = 300

  validation {
    condition     = var.streaming_timeout >= 1 && var.streaming_timeout <= 900
    error_message = "streaming_timeout must be between 1 and 900 seconds."
  }
}

variable "api_runtime" {
  description = "Runtime of the HTTP API's function. java21: the managed runtime with SnapStart (lambda_zip, any architecture). provided.al2023: the same buffered handler run by the AWS runtime interface client from streaming_zip, on its bundled JRE and AOT cache; no SnapStart (the managed runtime's only), but a cold start about half the managed one's without it (docs/bench-lambda-coldstart.md), x86_64 only, and a JRE you update by rebuilding."
  type        = string
  default     = "java21"

  validation {
    condition     = contains(["java21", "provided.al2023"], var.api_runtime)
    error_message = "api_runtime must be java21 or provided.al2023."
  }
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

variable "state_store" {
  description = "Where state lives (AGENT_STATE_STORE): dynamodb creates one table both functions share, so any instance continues any conversation; memory keeps state per function instance, lost when it is recycled, and creates no table."
  type        = string
  default     = "dynamodb"

  validation {
    condition     = contains(["dynamodb", "memory"], var.state_store)
    error_message = "state_store must be dynamodb or memory."
  }
}

variable "state_table_name" {
  description = "Name of the DynamoDB state table; empty gives <name_prefix>-state."
  type        = string
  default     = ""

  validation {
    condition     = var.state_table_name == "" || can(regex("^[A-Za-z0-9_.-]{3,255}$", var.state_table_name))
    error_message = "state_table_name must be 3 to 255 letters, digits, _, . or -."
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
  description = "The built-in model agent: provider (AGENT_MODEL_PROVIDER, e.g. openai; empty serves the default or your agent and leaves the rest unused), name (AGENT_MODEL_NAME, e.g. gpt-4o-mini), openai_base_url (OPENAI_BASE_URL, any OpenAI-compatible API; empty calls the official one), system_prompt (AGENT_SYSTEM_PROMPT). The key comes from openai_api_key_secret_arn."
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

variable "openai_api_key_secret_arn" {
  description = "ARN of a Secrets Manager secret whose plain-text value is OPENAI_API_KEY, read at apply (whoever applies needs secretsmanager:GetSecretValue on it; the functions need nothing). Empty sets no key."
  type        = string
  default     = ""

  validation {
    condition     = var.openai_api_key_secret_arn == "" || can(regex("^arn:aws[a-z-]*:secretsmanager:", var.openai_api_key_secret_arn))
    error_message = "openai_api_key_secret_arn must be empty or a Secrets Manager secret ARN."
  }
}

variable "agentcore_image_uri" {
  description = "ECR URI of the server's image (built with Jib for linux/arm64, e.g. ACCOUNT.dkr.ecr.REGION.amazonaws.com/agentport:TAG) to run on AWS Bedrock AgentCore Runtime. Empty deploys no runtime."
  type        = string
  default     = ""
}

variable "agentcore_protocol" {
  description = "The AgentCore runtime's server protocol: HTTP (/invocations and /ping on 8080), MCP (/mcp on 8000) or A2A (JSON-RPC on / at 9000). PORT is set to match."
  type        = string
  default     = "HTTP"

  validation {
    condition     = contains(["HTTP", "MCP", "A2A"], var.agentcore_protocol)
    error_message = "agentcore_protocol must be HTTP, MCP or A2A."
  }
}
